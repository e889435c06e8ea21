import type { Db, Listening, Queryable } from '../../db/db';

/**
 * How the sandbox game fails on purpose, for demos, drills and `npm run chaos`: `down` answers every
 * contract call 503 at once; `hang` answers after `delayMs` (null: never — the store's time limits must
 * end the call); `slow` answers every call `delayMs` late. Kept in the database (sandbox_switches) so that
 * every instance's sandbox game fails alike.
 */
export type GameOutage = { readonly mode: 'off' } | { readonly mode: 'down' } | { readonly mode: 'hang'; readonly delayMs: number | null } | { readonly mode: 'slow'; readonly delayMs: number };

const SWITCHES = { down: 'game_down', hang: 'game_hang', slow: 'game_slow' } as const;

/** The channel a change of the switch is announced on (payload `<schema>:game_outage`), for every instance's cache. */
export const SANDBOX_SWITCH_CHANNEL = 'topup_sandbox_switches';

/** The watchers of each database in this process: a change made here is seen here at once. */
const watchers = new WeakMap<Db, Set<GameOutageWatch>>();

/**
 * Sets the outage (one at a time: setting one ends the others), in one transaction that announces the
 * change to every instance. `remaining` holds the delay, -1 for "never".
 */
export async function setGameOutage(db: Db, outage: GameOutage): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('DELETE FROM sandbox_switches WHERE name = ANY($1::text[])', [Object.values(SWITCHES)]);
    if (outage.mode !== 'off') {
      const remaining = outage.mode === 'down' ? 0 : (outage.delayMs ?? -1);
      await tx.query('INSERT INTO sandbox_switches (name, remaining) VALUES ($1, $2)', [SWITCHES[outage.mode], remaining]);
    }
    await tx.query(`SELECT pg_notify($1, current_schema() || ':game_outage')`, [SANDBOX_SWITCH_CHANNEL]);
  });
  for (const watch of watchers.get(db) ?? []) watch.forget();
}

/**
 * The switch as the sandbox game reads it on every call: from memory, read again from the database
 * after every change. On PostgreSQL a change made by any instance reaches this one by NOTIFY; while
 * the listening connection is lost (and until it listens again) every read goes to the database, so
 * that a change is never missed. On PGlite only this process writes the switch (setGameOutage), which
 * tells the watchers itself.
 */
export class GameOutageWatch {
  private known: GameOutage | null = null;
  /** Bumped by every change heard: a read that began before it is not kept. */
  private generation = 0;
  private listening: Listening | null = null;

  private constructor(private readonly db: Db) {}

  static async start(db: Db): Promise<GameOutageWatch> {
    const watch = new GameOutageWatch(db);
    const own = watchers.get(db) ?? new Set<GameOutageWatch>();
    watchers.set(db, own);
    own.add(watch);
    if (db.kind === 'postgres' && db.listen) {
      watch.listening = await db.listen(SANDBOX_SWITCH_CHANNEL, {
        onNotify: () => watch.forget(),
        onLost: () => watch.forget(),
        onBack: () => watch.forget(),
      });
    }
    return watch;
  }

  /** Whether the switch is read from memory now (a change would be heard). */
  get cached(): boolean {
    return this.known !== null && this.trusted();
  }

  async read(): Promise<GameOutage> {
    if (this.known && this.trusted()) return this.known;
    const generation = this.generation;
    const outage = await gameOutage(this.db);
    if (generation === this.generation && this.trusted()) this.known = outage;
    return outage;
  }

  /** A change happened (or may have been missed): the next read goes to the database. */
  forget(): void {
    this.generation += 1;
    this.known = null;
  }

  async stop(): Promise<void> {
    watchers.get(this.db)?.delete(this);
    this.forget();
    await this.listening?.stop();
  }

  private trusted(): boolean {
    return this.db.kind === 'pglite' || this.listening?.active === true;
  }
}

export async function gameOutage(db: Queryable): Promise<GameOutage> {
  const rows = await db.query<{ name: string; remaining: number }>('SELECT name, remaining FROM sandbox_switches WHERE name = ANY($1::text[])', [Object.values(SWITCHES)]);
  const row = rows[0];
  if (!row) return { mode: 'off' };
  if (row.name === SWITCHES.down) return { mode: 'down' };
  if (row.name === SWITCHES.hang) return { mode: 'hang', delayMs: row.remaining < 0 ? null : row.remaining };
  return { mode: 'slow', delayMs: Math.max(0, row.remaining) };
}

/** The longest delay the switch takes: ten minutes (a hang for ever is `hang` without a delay). */
export const MAX_OUTAGE_DELAY_MS = 600_000;

/** `{ mode, delay_ms }` as sent to the switch, or a sentence saying what is wrong. */
export function outageFrom(body: Record<string, unknown>): GameOutage | string {
  const mode = body.mode;
  const delay = body.delay_ms;
  const delayMs = delay === undefined || delay === null || delay === '' ? null : typeof delay === 'number' ? delay : typeof delay === 'string' && /^\d{1,9}$/.test(delay) ? Number(delay) : NaN;
  if (delayMs !== null && (!Number.isInteger(delayMs) || delayMs < 0 || delayMs > MAX_OUTAGE_DELAY_MS)) return `delay_ms: a whole number of milliseconds up to ${MAX_OUTAGE_DELAY_MS}`;
  if (mode === 'off' || mode === 'down') return { mode };
  if (mode === 'hang') return { mode, delayMs };
  if (mode === 'slow') return delayMs === null ? 'delay_ms is required with slow' : { mode, delayMs };
  return 'mode: off, down, hang or slow';
}
