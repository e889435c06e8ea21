import type { Db, Queryable } from '../db/db';
import type { ActivationRecord, CanaryRecord, ReleasableApp, ReleaseRecord, RollbackFigures, RolledBackRecord } from '@topup/shared/types';

export type { ActivationRecord, CanaryRecord, ReleaseRecord, RolledBackRecord } from '@topup/shared/types';

/** What an app serves: one version for everyone, or a canary for a share of browsers beside it. */
export interface LiveState {
  readonly version: string;
  readonly activatedAt: string;
  readonly canary: CanaryRecord | null;
}

export interface Change {
  readonly actor: string;
  readonly reason: string;
  readonly forced?: boolean;
  /** Records the change elsewhere (the audit log) in the same transaction. */
  readonly audit?: RegistryAudit;
  /** What an automatic rollback acted on, kept with it in the history. */
  readonly figures?: RollbackFigures;
}

/** Writes what an activation changed into the audit log, inside the activation's transaction. */
export type RegistryAudit = (tx: Queryable, record: ActivationRecord) => Promise<void>;

/** Writes a recorded release into the audit log, inside the transaction that records it. */
export type ReleaseAudit = (tx: Queryable, release: Omit<ReleaseRecord, 'released_at'>) => Promise<void>;

/** The registry's rows: releases, the live version of each app, and the history of changes. */
export class RegistryRepo {
  constructor(private readonly db: Db) {}

  async liveVersions(): Promise<Partial<Record<ReleasableApp, string>>> {
    const rows = await this.db.query<{ app: ReleasableApp; version: string }>('SELECT app, version FROM live_versions');
    return Object.fromEntries(rows.map((r) => [r.app, r.version]));
  }

  /** Every app's live version and canary, if any. */
  async liveStates(): Promise<Partial<Record<ReleasableApp, LiveState>>> {
    const rows = await this.db.query<{ app: ReleasableApp; version: string; activated_at: string; canary_version: string | null; canary_share: number; canary_since: string | null }>(
      'SELECT app, version, activated_at::text, canary_version, canary_share, canary_since::text FROM live_versions',
    );
    return Object.fromEntries(
      rows.map((r) => [
        r.app,
        { version: r.version, activatedAt: r.activated_at, canary: r.canary_version ? { version: r.canary_version, share: r.canary_share, since: r.canary_since ?? r.activated_at } : null },
      ]),
    );
  }

  async findRelease(app: ReleasableApp, version: string): Promise<ReleaseRecord | null> {
    const rows = await this.db.query<ReleaseRecord>(
      `SELECT app, version, released_at::text, released_by, contract_ok, contract_problems, forced
         FROM releases WHERE app = $1 AND version = $2`,
      [app, version],
    );
    return rows[0] ?? null;
  }

  async releases(app?: ReleasableApp): Promise<ReleaseRecord[]> {
    return this.db.query<ReleaseRecord>(
      `SELECT app, version, released_at::text, released_by, contract_ok, contract_problems, forced
         FROM releases WHERE ($1::text IS NULL OR app = $1) ORDER BY released_at, version`,
      [app ?? null],
    );
  }

  async history(app?: ReleasableApp, limit = 50): Promise<ActivationRecord[]> {
    return this.db.query<ActivationRecord>(
      `SELECT id::int, app, from_version, to_version, kind, actor, reason, forced, activated_at::text, share, figures
         FROM release_activations WHERE ($1::text IS NULL OR app = $1) ORDER BY id DESC LIMIT $2`,
      [app ?? null, limit],
    );
  }

  /**
   * Records a release with its files (`storeFiles`, the release store's write) and, through `audit`,
   * its audit row, all in one transaction: a release is recorded complete or not at all. False when
   * that version was recorded before.
   */
  async recordRelease(release: Omit<ReleaseRecord, 'released_at'>, storeFiles: (tx: Queryable) => Promise<void>, audit?: ReleaseAudit): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const rows = await tx.query(
        `INSERT INTO releases (app, version, released_by, contract_ok, contract_problems, forced)
         VALUES ($1, $2, $3, $4, $5::jsonb, $6) ON CONFLICT DO NOTHING RETURNING version`,
        [release.app, release.version, release.released_by, release.contract_ok, JSON.stringify(release.contract_problems), release.forced],
      );
      if (rows.length !== 1) return false;
      await storeFiles(tx);
      await audit?.(tx, release);
      return true;
    });
  }

  /** Makes `version` live for everyone (a canary ends) and records who did it and why, in one transaction. */
  async setLive(app: ReleasableApp, version: string, kind: 'activate' | 'rollback' | 'auto-rollback', change: Change): Promise<ActivationRecord> {
    return this.db.transaction(async (tx) => {
      const from = await currentLive(tx, app, true);
      await tx.query(
        `INSERT INTO live_versions (app, version, activated_at) VALUES ($1, $2, now())
         ON CONFLICT (app) DO UPDATE SET version = EXCLUDED.version, activated_at = EXCLUDED.activated_at,
           canary_version = NULL, canary_share = 0, canary_since = NULL`,
        [app, version],
      );
      return recordChange(tx, app, from, version, kind, null, change);
    });
  }

  /**
   * Makes `version` live for `share` % of browsers beside the version everyone else keeps (or ends the
   * canary: `version` null, recorded as a rollback to the live version).
   */
  async setCanary(app: ReleasableApp, version: string | null, share: number, kind: 'canary' | 'rollback' | 'auto-rollback', change: Change): Promise<ActivationRecord> {
    return this.db.transaction(async (tx) => {
      const [live] = await tx.query<{ version: string; canary_version: string | null }>('SELECT version, canary_version FROM live_versions WHERE app = $1 FOR UPDATE', [app]);
      if (!live) throw new Error(`${app} has no live version to try a canary beside`);
      await tx.query(
        `UPDATE live_versions SET canary_version = $2, canary_share = $3,
           canary_since = CASE WHEN $2::text IS NULL THEN NULL WHEN canary_version IS DISTINCT FROM $2::text THEN now() ELSE canary_since END
         WHERE app = $1`,
        [app, version, version ? share : 0],
      );
      const from = live.canary_version ?? live.version;
      return recordChange(tx, app, from, version ?? live.version, kind, version ? share : null, change);
    });
  }

  /**
   * Every version taken off players by a rollback and not live (nor tried as a canary) since: for each
   * version, the latest change that names it took it away. `wasRolledBack` asks the same of one version.
   */
  async rolledBack(app?: ReleasableApp, version?: string): Promise<RolledBackRecord[]> {
    return this.db.query<RolledBackRecord>(
      `WITH naming AS (
         SELECT a.app, v.version, a.kind, a.from_version, a.to_version, a.actor, a.reason, a.activated_at, a.figures,
                row_number() OVER (PARTITION BY a.app, v.version ORDER BY a.id DESC) AS latest
           FROM release_activations a, LATERAL (VALUES (a.from_version), (a.to_version)) AS v(version)
          WHERE v.version IS NOT NULL AND ($1::text IS NULL OR a.app = $1) AND ($2::text IS NULL OR v.version = $2)
       )
       SELECT app, version, kind, actor, reason, activated_at::text AS at, to_version, figures
         FROM naming
        WHERE latest = 1 AND kind IN ('rollback', 'auto-rollback') AND from_version = version AND to_version <> version
        ORDER BY activated_at DESC`,
      [app ?? null, version ?? null],
    );
  }

  /**
   * Whether a version was taken off players by a rollback (by an operator or the store) and not made
   * live again since: the latest change that names it took it away.
   */
  async wasRolledBack(app: ReleasableApp, version: string): Promise<boolean> {
    const [last] = await this.db.query<{ kind: ActivationRecord['kind']; from_version: string | null; to_version: string }>(
      `SELECT kind, from_version, to_version FROM release_activations
        WHERE app = $1 AND (from_version = $2 OR to_version = $2) ORDER BY id DESC LIMIT 1`,
      [app, version],
    );
    return Boolean(last && (last.kind === 'rollback' || last.kind === 'auto-rollback') && last.from_version === version && last.to_version !== version);
  }

  /**
   * The version that was live before the current one was activated: rollbacks walk back the
   * activations like a stack (v1 → v2 → v3, rollback → v2, rollback → v1).
   */
  async previousLive(app: ReleasableApp): Promise<{ current: string | null; previous: string | null }> {
    const current = await currentLive(this.db, app, false);
    if (!current) return { current: null, previous: null };
    const rows = await this.db.query<{ from_version: string | null }>(
      `SELECT from_version FROM release_activations
        WHERE app = $1 AND to_version = $2 AND kind = 'activate' ORDER BY id DESC LIMIT 1`,
      [app, current],
    );
    return { current, previous: rows[0]?.from_version ?? null };
  }
}

async function currentLive(q: Queryable, app: ReleasableApp, lock: boolean): Promise<string | null> {
  const rows = await q.query<{ version: string }>(
    `SELECT version FROM live_versions WHERE app = $1${lock ? ' FOR UPDATE' : ''}`,
    [app],
  );
  return rows[0]?.version ?? null;
}

async function recordChange(
  tx: Queryable,
  app: ReleasableApp,
  from: string | null,
  to: string,
  kind: ActivationRecord['kind'],
  share: number | null,
  change: Change,
): Promise<ActivationRecord> {
  const [row] = await tx.query<ActivationRecord>(
    `INSERT INTO release_activations (app, from_version, to_version, kind, actor, reason, forced, share, figures)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb)
     RETURNING id::int, app, from_version, to_version, kind, actor, reason, forced, activated_at::text, share, figures`,
    [app, from, to, kind, change.actor, change.reason, change.forced ?? false, share, change.figures ? JSON.stringify(change.figures) : null],
  );
  await change.audit?.(tx, row as ActivationRecord);
  return row as ActivationRecord;
}
