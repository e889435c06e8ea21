import type { Db, Queryable } from '../db/db';
import type { HealthFigures, HealthMinute } from '@topup/shared/types';
import type { ReleasableApp } from './apps';

/** What became of one remote's page on one page load, as the host reports it. */
export type LoadOutcome = 'rendered' | 'manifest' | 'chunk' | 'render';

export interface LoadReport {
  readonly app: ReleasableApp;
  readonly version: string;
  readonly outcome: LoadOutcome;
  /** Time from the page load to the remote's first render, for a rendered page. */
  readonly ms?: number;
}


/**
 * Adds reports to their versions' minutes (table `release_health`): one row per app, version and
 * minute, whatever the number of page loads, so storage grows with time and versions, not traffic.
 */
export async function recordLoads(db: Queryable, reports: readonly LoadReport[], at: Date = new Date()): Promise<void> {
  if (reports.length === 0) return;
  const rows = reports.map((report) => ({
    app: report.app,
    version: report.version,
    rendered: report.outcome === 'rendered' ? 1 : 0,
    manifest_failed: report.outcome === 'manifest' ? 1 : 0,
    chunk_failed: report.outcome === 'chunk' ? 1 : 0,
    render_failed: report.outcome === 'render' ? 1 : 0,
    render_ms: report.outcome === 'rendered' ? Math.max(0, Math.round(report.ms ?? 0)) : 0,
  }));
  await db.query(
    `INSERT INTO release_health AS h (app, version, minute, rendered, manifest_failed, chunk_failed, render_failed, render_ms_sum)
     SELECT r.app, r.version, date_trunc('minute', $2::timestamptz), sum(r.rendered), sum(r.manifest_failed), sum(r.chunk_failed), sum(r.render_failed), sum(r.render_ms)
       FROM jsonb_to_recordset($1::jsonb) AS r(app text, version text, rendered int, manifest_failed int, chunk_failed int, render_failed int, render_ms bigint)
       -- Only versions the registry knows: a made-up version leaves nothing behind.
       WHERE EXISTS (SELECT 1 FROM releases WHERE releases.app = r.app AND releases.version = r.version)
      GROUP BY r.app, r.version
     ON CONFLICT (app, version, minute) DO UPDATE SET
       rendered = h.rendered + EXCLUDED.rendered, manifest_failed = h.manifest_failed + EXCLUDED.manifest_failed,
       chunk_failed = h.chunk_failed + EXCLUDED.chunk_failed, render_failed = h.render_failed + EXCLUDED.render_failed,
       render_ms_sum = h.render_ms_sum + EXCLUDED.render_ms_sum`,
    [JSON.stringify(rows), at.toISOString()],
  );
}

/** One page load's reports, with who sent them: what `countLoads` needs to count each load once. */
export interface CountedBeacon {
  /** The load token's id: each app of a page load counts once. */
  readonly tokenId: string;
  /** The sender's network (load-tokens.ts `networkOf`). */
  readonly network: string;
  readonly reports: readonly LoadReport[];
}

export interface LoadCaps {
  /** Loads of one version that one network may add in `windowMinutes` (`HEALTH_LOADS_PER_NETWORK`). */
  readonly perNetwork: number;
  readonly windowMinutes: number;
}

/**
 * Counts a page load's reports once each: an app whose report of this load was counted before (a
 * replayed token) counts nothing, nor does one past its network's cap for that version in the window,
 * nor a version the registry never recorded. Resolves to the reports that were counted.
 */
export async function countLoads(db: Db, beacon: CountedBeacon, caps: LoadCaps, at: Date = new Date()): Promise<LoadReport[]> {
  return db.transaction(async (tx) => {
    const counted: LoadReport[] = [];
    for (const report of beacon.reports) {
      // Two beacons of one network for one version wait for each other, so the cap holds.
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`release-health ${report.app} ${report.version} ${beacon.network}`]);
      const rows = await tx.query(
        `INSERT INTO release_health_loads (token_id, app, version, network, counted_at)
         SELECT $1, $2, $3, $4, $7::timestamptz
          WHERE EXISTS (SELECT 1 FROM releases WHERE app = $2 AND version = $3)
            AND (SELECT count(*) FROM release_health_loads
                  WHERE app = $2 AND version = $3 AND network = $4 AND counted_at > $7::timestamptz - make_interval(mins => $5)) < $6
         ON CONFLICT (token_id, app) DO NOTHING RETURNING 1`,
        [beacon.tokenId, report.app, report.version, beacon.network, caps.windowMinutes, caps.perNetwork, at.toISOString()],
      );
      if (rows.length > 0) counted.push(report);
    }
    await recordLoads(tx, counted, at);
    return counted;
  });
}

/** Forgets counted loads older than `minutes` (their tokens expired, their window passed). */
export async function dropCountedLoads(db: Queryable, minutes: number): Promise<number> {
  const rows = await db.query('DELETE FROM release_health_loads WHERE counted_at < now() - make_interval(mins => $1) RETURNING 1', [minutes]);
  return rows.length;
}

/** A version's page loads and failures since a moment (and until one, when given). */
export async function healthSince(db: Queryable, app: ReleasableApp, version: string, since: string, until?: string): Promise<HealthFigures> {
  const [row] = await db.query<{ loads: number; failures: number }>(
    `SELECT coalesce(sum(rendered + manifest_failed + chunk_failed + render_failed), 0)::int AS loads,
            coalesce(sum(manifest_failed + chunk_failed + render_failed), 0)::int AS failures
       FROM release_health WHERE app = $1 AND version = $2 AND minute >= date_trunc('minute', $3::timestamptz)
        AND ($4::timestamptz IS NULL OR minute <= $4::timestamptz)`,
    [app, version, since, until ?? null],
  );
  return { loads: row?.loads ?? 0, failures: row?.failures ?? 0 };
}

/** An app's minutes over the last `hours`, every version, oldest first: what the release console charts. */
export async function healthMinutes(db: Queryable, app: ReleasableApp, hours: number): Promise<HealthMinute[]> {
  return db.query<HealthMinute>(
    `SELECT version, minute::text, rendered, manifest_failed, chunk_failed, render_failed,
            CASE WHEN rendered > 0 THEN round(render_ms_sum::numeric / rendered)::int END AS render_ms
       FROM release_health WHERE app = $1 AND minute >= now() - make_interval(hours => $2)
      ORDER BY minute, version`,
    [app, hours],
  );
}

/** Drops minutes older than the kept days; resolves to how many went. */
export async function dropOldHealth(db: Queryable, keepDays: number): Promise<number> {
  const rows = await db.query('DELETE FROM release_health WHERE minute < now() - make_interval(days => $1) RETURNING 1', [keepDays]);
  return rows.length;
}

/** Whether the store may roll an app back by itself (on unless an operator switched it off). */
export async function autoRollbackOn(db: Queryable, app: ReleasableApp): Promise<boolean> {
  const [row] = await db.query<{ auto_rollback: boolean }>('SELECT auto_rollback FROM release_policies WHERE app = $1', [app]);
  return row?.auto_rollback ?? true;
}

export async function setAutoRollback(db: Queryable, app: ReleasableApp, on: boolean, actor: string): Promise<void> {
  await db.query(
    `INSERT INTO release_policies (app, auto_rollback, changed_by) VALUES ($1, $2, $3)
     ON CONFLICT (app) DO UPDATE SET auto_rollback = EXCLUDED.auto_rollback, changed_by = EXCLUDED.changed_by, changed_at = now()`,
    [app, on, actor],
  );
}

/** Every app's switch, for the console. */
export async function autoRollbackSwitches(db: Queryable): Promise<Partial<Record<ReleasableApp, boolean>>> {
  const rows = await db.query<{ app: ReleasableApp; auto_rollback: boolean }>('SELECT app, auto_rollback FROM release_policies');
  return Object.fromEntries(rows.map((row) => [row.app, row.auto_rollback]));
}
