import type { Queryable } from '../../db/db';

/**
 * How the sandbox game fails on purpose, for demos, drills and `npm run chaos`: `down` answers every
 * contract call 503 at once; `hang` answers after `delayMs` (null: never — the store's time limits must
 * end the call); `slow` answers every call `delayMs` late. Kept in the database (sandbox_switches) so that
 * every instance's sandbox game fails alike.
 */
export type GameOutage = { readonly mode: 'off' } | { readonly mode: 'down' } | { readonly mode: 'hang'; readonly delayMs: number | null } | { readonly mode: 'slow'; readonly delayMs: number };

const SWITCHES = { down: 'game_down', hang: 'game_hang', slow: 'game_slow' } as const;

/** Sets the outage (one at a time: setting one ends the others). `remaining` holds the delay, -1 for "never". */
export async function setGameOutage(db: Queryable, outage: GameOutage): Promise<void> {
  await db.query('DELETE FROM sandbox_switches WHERE name = ANY($1::text[])', [Object.values(SWITCHES)]);
  if (outage.mode === 'off') return;
  const remaining = outage.mode === 'down' ? 0 : (outage.delayMs ?? -1);
  await db.query('INSERT INTO sandbox_switches (name, remaining) VALUES ($1, $2)', [SWITCHES[outage.mode], remaining]);
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
