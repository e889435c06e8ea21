import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/db';
import type { Character, Language } from './character';
import { createLink, type LinkedCharacter } from './character-links';
import { ownershipMail } from './ownership-mail';
import { queuePlayerMailIn } from './player-mails';

/** A code's life, its digits and how many times it may be typed (docs/api.md, "Linked characters"). */
export const CODE_LIFE_MS = 10 * 60_000;
export const CODE_TRIES = 5;
const CODE_DIGITS = 6;

/** The code's HMAC: a code is never stored as typed, and a copy of the table proves nothing. */
function codeHash(secret: string, character: Character, code: string): string {
  return createHmac('sha256', secret).update(`ownership-code|${character.gameId}|${character.serverId}|${character.roleId}|${code}`).digest('hex');
}

/**
 * Makes a new code for the character (replacing any earlier one: only the latest works) and queues
 * its in-game mail in the same transaction. Returns the mail's key.
 */
export async function sendOwnershipCode(db: Db, secret: string, character: Character & { readonly area: string; readonly roleName: string }, language: Language): Promise<string> {
  const code = String(randomInt(0, 10 ** CODE_DIGITS)).padStart(CODE_DIGITS, '0');
  const key = `own-${randomBytes(12).toString('base64url')}`;
  const mail = ownershipMail(code, language);
  await db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO ownership_codes (game_id, server_id, role_id, code_hash, tries_left, expires_at, mail_key, area, role_name)
       VALUES ($1, $2, $3, $4, $5, clock_timestamp() + $6 * interval '1 millisecond', $7, $8, $9)
       ON CONFLICT (game_id, server_id, role_id) DO UPDATE
         SET code_hash = EXCLUDED.code_hash, tries_left = EXCLUDED.tries_left, expires_at = EXCLUDED.expires_at,
             mail_key = EXCLUDED.mail_key, area = EXCLUDED.area, role_name = EXCLUDED.role_name, created_at = clock_timestamp()`,
      [character.gameId, character.serverId, character.roleId, codeHash(secret, character, code), CODE_TRIES, CODE_LIFE_MS, key, character.area, character.roleName.slice(0, 64)],
    );
    const { gameId, serverId, roleId } = character;
    await queuePlayerMailIn(tx, { key, kind: 'ownership_code', gameId, serverId, roleId, title: mail.title, body: mail.body, items: [] });
  });
  return key;
}

export type CodeRefusal = 'no_code' | 'wrong_code' | 'expired' | 'too_many_tries';

export type CodeOutcome = { readonly linked: LinkedCharacter } | { readonly refused: CodeRefusal; readonly triesLeft?: number };

/**
 * Checks a typed code. The character's code row is locked for the check, so two tries at once count
 * as two. Right: the code is spent and a link made in the same transaction. Wrong: one try fewer; the
 * fifth wrong try spends the code. Expired and spent codes are refused whatever is typed.
 */
export async function confirmOwnershipCode(
  db: Db,
  secret: string,
  character: Character & { readonly area: string },
  code: string,
  linkLifeMs: number,
  /** The links the browser's cookie holds: the new link joins their browser (decision 311). */
  heldLinkIds: readonly string[] = [],
): Promise<CodeOutcome> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{ code_hash: string; tries_left: number; expired: boolean; role_name: string }>(
      `SELECT code_hash, tries_left, role_name, expires_at <= clock_timestamp() AS expired FROM ownership_codes
        WHERE game_id = $1 AND server_id = $2 AND role_id = $3 FOR UPDATE`,
      [character.gameId, character.serverId, character.roleId],
    );
    if (!row) return { refused: 'no_code' };
    if (row.expired) return { refused: 'expired' };
    if (row.tries_left <= 0) return { refused: 'too_many_tries' };
    const typed = Buffer.from(codeHash(secret, character, code), 'hex');
    if (!timingSafeEqual(typed, Buffer.from(row.code_hash, 'hex'))) {
      const triesLeft = row.tries_left - 1;
      await tx.query('UPDATE ownership_codes SET tries_left = $4 WHERE game_id = $1 AND server_id = $2 AND role_id = $3', [character.gameId, character.serverId, character.roleId, triesLeft]);
      return triesLeft === 0 ? { refused: 'too_many_tries', triesLeft } : { refused: 'wrong_code', triesLeft };
    }
    await tx.query('DELETE FROM ownership_codes WHERE game_id = $1 AND server_id = $2 AND role_id = $3', [character.gameId, character.serverId, character.roleId]);
    return { linked: await createLink(tx, { ...character, roleName: row.role_name }, linkLifeMs, heldLinkIds) };
  });
}
