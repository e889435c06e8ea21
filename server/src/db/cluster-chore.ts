import { DEFAULT_INSTANCE_NAME } from './instance-name';
import { ifLockFree } from './advisory-lock';
import type { Db, Queryable } from './db';

/** This instance, as chore_runs names it (as /healthz does without INSTANCE_NAME). */
const INSTANCE = DEFAULT_INSTANCE_NAME;

/**
 * Runs a chore the whole cluster needs once per period of `everyMs`, not once per instance: under a
 * lock named for it (an instance finding it taken skips the tick at once), and only when no instance
 * ran it in this period yet, by the database's clock (table chore_runs). On PostgreSQL `work` runs in
 * the lock's transaction, and an error rolls the period back so that the next tick tries again; on
 * PGlite (one process, ifLockFree) it runs on the database itself. Resolves to whether it ran here.
 */
export function runClusterChore(db: Db, chore: string, everyMs: number, work: (tx: Queryable) => Promise<void>): Promise<boolean> {
  let ran = false;
  return ifLockFree(db, `chore:${chore}`, async (tx) => {
    const period = await tx.query(
      `INSERT INTO chore_runs AS run (chore, ran_at, ran_by) VALUES ($1, clock_timestamp(), $3)
       ON CONFLICT (chore) DO UPDATE SET ran_at = EXCLUDED.ran_at, ran_by = EXCLUDED.ran_by
        WHERE floor(extract(epoch FROM run.ran_at)::float8 * 1000 / $2::float8) < floor(extract(epoch FROM EXCLUDED.ran_at)::float8 * 1000 / $2::float8)
       RETURNING run.chore`,
      [chore, Math.max(1, everyMs), INSTANCE],
    );
    if (period.length === 0) return;
    await work(tx);
    ran = true;
  }).then(() => ran);
}

