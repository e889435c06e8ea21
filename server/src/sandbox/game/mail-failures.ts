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

/** Makes the next `count` mails fail; -1 fails every mail until switched off with 0. */
export async function setMailFailures(db: Queryable, count: number): Promise<void> {
  await db.query(
    `INSERT INTO sandbox_switches (name, remaining) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET remaining = EXCLUDED.remaining`,
    [SWITCH, count],
  );
}

export async function mailFailuresLeft(db: Queryable): Promise<number> {
  const rows = await db.query<{ remaining: number }>('SELECT remaining FROM sandbox_switches WHERE name = $1', [SWITCH]);
  return rows[0]?.remaining ?? 0;
}

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
    const failing = await this.db.query(
      `UPDATE sandbox_switches SET remaining = CASE WHEN remaining > 0 THEN remaining - 1 ELSE remaining END
        WHERE name = $1 AND remaining <> 0 RETURNING remaining`,
      [SWITCH],
    );
    if (failing.length > 0) throw new SandboxMailFailure();
    return this.game.sendMail(mail);
  }
}
