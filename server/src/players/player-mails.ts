import type { Db, Queryable } from '../db/db';
import type { GameGateway, MailItem, MailKind } from '../game/game-gateway';
import { claimSend, type ClaimedJob, describeError, finishJob, inJobTransaction, LeaseLost, nextAttemptAt, postponeJob, queuePlayerMail, RENEWALS_PER_LEASE, withTimeout, type WorkerLog } from '../fulfilment';

/**
 * The mails the store sends a character that are no order's (table player_mails): an ownership code,
 * a daily gift. Each is written with its outbox job in the caller's transaction and sent by the
 * delivery worker through the game-server contract under its key, so it reaches the game once
 * however many instances run and however often an attempt is repeated.
 */
export interface PlayerMail {
  readonly key: string;
  readonly kind: Exclude<MailKind, 'purchase'>;
  readonly gameId: number;
  readonly serverId: string;
  readonly roleId: string;
  readonly title: string;
  readonly body: string;
  readonly items: readonly MailItem[];
}

/** Writes the mail and queues it in the delivery outbox, in the caller's transaction. */
export async function queuePlayerMailIn(tx: Queryable, mail: PlayerMail): Promise<void> {
  await tx.query(
    `INSERT INTO player_mails (mail_key, kind, game_id, server_id, role_id, title, body, items)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb)`,
    [mail.key, mail.kind, mail.gameId, mail.serverId, mail.roleId, mail.title, mail.body, JSON.stringify(mail.items)],
  );
  await queuePlayerMail(tx, mail.key);
}

/**
 * Writes a copy of a mail (its words and items) under a new key and queues it, in the caller's
 * transaction: the support desk's "Send again". False when there is no mail under `fromKey`.
 */
export async function copyPlayerMailIn(tx: Queryable, fromKey: string, newKey: string): Promise<boolean> {
  const copied = await tx.query(
    `INSERT INTO player_mails (mail_key, kind, game_id, server_id, role_id, title, body, items)
     SELECT $2, kind, game_id, server_id, role_id, title, body, items FROM player_mails WHERE mail_key = $1 RETURNING mail_key`,
    [fromKey, newKey],
  );
  if (copied.length === 0) return false;
  await queuePlayerMail(tx, newKey);
  return true;
}

/** What the job handler needs: the delivery worker's context has all of it. */
export interface PlayerMailContext {
  readonly db: Db;
  readonly games: GameGateway;
  readonly settings: { readonly backoffMs: readonly number[]; readonly giveUpAfterMs: number; readonly callTimeoutMs: number; readonly leaseMs: number };
  readonly log: WorkerLog;
}

/** A code is of no use after its ten minutes: its mail is not tried longer than that. */
const CODE_MAIL_GIVE_UP_MS = 10 * 60_000;

interface StoredMail {
  kind: PlayerMail['kind'];
  game_id: number;
  server_id: string;
  role_id: string;
  title: string;
  body: string;
  items: MailItem[];
  sent_at: Date | null;
  failed_at: Date | null;
}

/** One attempt at a player mail (outbox job 'player_mail'): sent once per key, retried on the delivery backoff. */
export async function sendPlayerMail(job: ClaimedJob, context: PlayerMailContext): Promise<void> {
  const { db, games, settings, log } = context;
  try {
    const [mail] = await db.query<StoredMail>(
      'SELECT kind, game_id, server_id, role_id, title, body, items, sent_at, failed_at FROM player_mails WHERE mail_key = $1',
      [job.order_id],
    );
    if (!mail || mail.sent_at || mail.failed_at) {
      await finishJob(db, job);
      return;
    }
    // As an order's mail: only while the job is still this attempt's, its lease outlasting the call (decision 298).
    if (!(await claimSend(db, job, settings.callTimeoutMs + settings.leaseMs / RENEWALS_PER_LEASE))) throw new LeaseLost(job);
    try {
      const sent = await withTimeout(
        games.sendMail({ key: job.order_id, kind: mail.kind, gameId: mail.game_id, serverId: mail.server_id, roleId: mail.role_id, title: mail.title, body: mail.body, items: mail.items }),
        settings.callTimeoutMs,
        'sending a player mail',
      );
      await inJobTransaction(db, job, async (tx) => {
        // A code is not kept once the game has it: the database never holds a working code for long.
        await tx.query(`UPDATE player_mails SET sent_at = $2, game_mail_id = $3, body = CASE WHEN kind = 'ownership_code' THEN '' ELSE body END WHERE mail_key = $1`, [job.order_id, sent.sentAt, sent.mailId]);
        await finishJob(tx, job);
      });
    } catch (error) {
      if (error instanceof LeaseLost) throw error;
      const reason = describeError(error);
      const giveUpAfter = mail.kind === 'ownership_code' ? Math.min(CODE_MAIL_GIVE_UP_MS, settings.giveUpAfterMs) : settings.giveUpAfterMs;
      const next = nextAttemptAt(settings.backoffMs, job.attempts, job.first_attempt_at, new Date(), giveUpAfter);
      await inJobTransaction(db, job, async (tx) => {
        if (next) {
          await postponeJob(tx, job, next, reason);
          return;
        }
        await tx.query('UPDATE player_mails SET failed_at = now(), last_error = $2 WHERE mail_key = $1', [job.order_id, reason.slice(0, 500)]);
        await finishJob(tx, job);
      });
      log[next ? 'warn' : 'error']({ mailKey: job.order_id, kind: mail.kind, attempt: job.attempts, reason }, next ? 'player mail not sent; will retry' : 'player mail not sent; giving up');
    }
  } catch (error) {
    if (error instanceof LeaseLost) log.warn({ mailKey: job.order_id, attempt: job.attempts }, error.message);
    else log.error({ err: error, mailKey: job.order_id, attempt: job.attempts }, 'player mail attempt could not be recorded');
  }
}

/** A character's player mails, newest first (the support desk's view). */
export function playerMailsOf(db: Queryable, character: { gameId: number; serverId: string; roleId: string }, limit = 50) {
  return db.query<{ mail_key: string; kind: string; title: string; items: MailItem[]; created_at: Date; sent_at: Date | null; failed_at: Date | null }>(
    `SELECT mail_key, kind, title, items, created_at, sent_at, failed_at FROM player_mails
      WHERE game_id = $1 AND server_id = $2 AND role_id = $3 ORDER BY created_at DESC LIMIT $4`,
    [character.gameId, character.serverId, character.roleId, limit],
  );
}
