import type { Db, Queryable } from '../../db/db';
import type { GameGateway, InGameMail, SentMail } from '../../game/game-gateway';

const SWITCH = 'fail_mail';

/** The failure a switched sandbox mailbox answers with, as a game server that is down would. */
export class SandboxMailFailure extends Error {
  override readonly name = 'SandboxMailFailure';
  constructor() {
    super('the sandbox game refused the mail (failure switch)');
  }
}

/**
 * The sandbox's switches (table sandbox_switches, owned here): a named count that drills use up one
 * at a time. 'fail_mail' is the game's (below); 'lose_webhook_ack' the payment provider's
 * (sandbox/payments/webhook-ack-losses.ts).
 */
export async function setSandboxSwitch(db: Queryable, name: string, count: number): Promise<void> {
  await db.query(
    `INSERT INTO sandbox_switches (name, remaining) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET remaining = EXCLUDED.remaining`,
    [name, count],
  );
}

export async function sandboxSwitchLeft(db: Queryable, name: string): Promise<number> {
  const rows = await db.query<{ remaining: number }>('SELECT remaining FROM sandbox_switches WHERE name = $1', [name]);
  return rows[0]?.remaining ?? 0;
}

/** Uses one up when the switch holds a count (-1: always, never used up); true when it did hold one. */
export async function takeSandboxSwitch(db: Queryable, name: string): Promise<boolean> {
  const taken = await db.query(
    `UPDATE sandbox_switches SET remaining = CASE WHEN remaining > 0 THEN remaining - 1 ELSE remaining END
      WHERE name = $1 AND remaining <> 0 RETURNING remaining`,
    [name],
  );
  return taken.length > 0;
}

/** Makes the next `count` mails fail; -1 fails every mail until switched off with 0. */
export const setMailFailures = (db: Queryable, count: number): Promise<void> => setSandboxSwitch(db, SWITCH, count);

export const mailFailuresLeft = (db: Queryable): Promise<number> => sandboxSwitchLeft(db, SWITCH);

/**
 * The sandbox game with its failure switch: while the switch holds failures, each mail uses one up
 * and fails before anything reaches the mailbox. Kept in the database so that every server process
 * of a PostgreSQL deployment sees the same switch.
 */
export class SwitchableSandboxGame implements GameGateway {
  constructor(
    private readonly game: GameGateway,
    private readonly db: Db,
  ) {}

  lookupRole(...args: Parameters<GameGateway['lookupRole']>) {
    return this.game.lookupRole(...args);
  }

  rolesOfAccount(...args: Parameters<GameGateway['rolesOfAccount']>) {
    return this.game.rolesOfAccount(...args);
  }

  async sendMail(mail: InGameMail): Promise<SentMail> {
    if (await takeSandboxSwitch(this.db, SWITCH)) throw new SandboxMailFailure();
    return this.game.sendMail(mail);
  }
}
