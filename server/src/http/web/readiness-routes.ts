import type { FastifyInstance } from 'fastify';
import type { CatalogueCache } from '../../catalogue/catalogue-cache';
import type { Db } from '../../db/db';
import { readMigrations } from '../../db/migrate';

declare module 'fastify' {
  interface FastifyInstance {
    /** Stopping (decorated by buildApp, set by the process on SIGTERM): readiness fails so that the balancer sends nothing new, while requests under way finish. */
    draining: boolean;
  }
}

export interface ReadinessOptions {
  readonly instance: string;
  /** Absent when the server only hosts pages. */
  readonly db?: Db;
  readonly catalogue?: CatalogueCache;
}

/** How long the readiness probe waits for the database: less than the balancer gives the whole check (deploy/haproxy.cfg, its interval). */
const PROBE_TIMEOUT_MS = 1_000;

/** The probe waited past its time: the database may be gone, or only every pooled connection busy. */
class ProbeLate extends Error {}

function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new ProbeLate(`no answer in ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * `GET /healthz`: liveness — the process answers (a balancer or supervisor that gets nothing restarts it).
 * `GET /readyz`: readiness — it can serve: not stopping, the database answers, its migrations are all
 * applied and the catalogue is loaded; 503 otherwise, with what is missing. The balancer sends players
 * only to ready instances (deploy/haproxy.cfg). `listening` says whether catalogue revisions are announced
 * to this instance (null on the embedded database, which needs none); it does not decide readiness, as the
 * revision row is also checked on reads while the announcements reconnect.
 */
export async function readinessRoutes(app: FastifyInstance, options: ReadinessOptions): Promise<void> {
  const latest = Math.max(0, ...readMigrations().map((migration) => migration.version));
  let migrated = false;

  app.get('/healthz', async () => ({ ok: true, instance: options.instance }));

  app.get('/readyz', async (_request, reply) => {
    const { db, catalogue } = options;
    let database: 'ok' | 'busy' | 'unreachable' | 'none' = 'none';
    let migrations: 'ok' | 'behind' | 'none' = 'none';
    let catalogueState: 'loaded' | 'not loaded' | 'none' = 'none';
    if (db) {
      try {
        if (!migrated) {
          const rows = await within(PROBE_TIMEOUT_MS, db.query<{ version: number | null }>('SELECT max(version)::int AS version FROM schema_migrations'));
          migrated = (rows[0]?.version ?? 0) >= latest;
        } else {
          await within(PROBE_TIMEOUT_MS, db.query('SELECT 1'));
        }
        database = 'ok';
        migrations = migrated ? 'ok' : 'behind';
      } catch (error) {
        // Late behind a pool that players' requests keep busy (a sale), while the catalogue's own
        // connection to the same database is alive: busy, still ready. Taken out of rotation for that,
        // every instance would be at once, and the balancer would answer 503 to everyone.
        database = error instanceof ProbeLate && catalogue?.isListening() === true ? 'busy' : 'unreachable';
        migrations = migrated ? 'ok' : 'behind';
      }
    }
    if (catalogue) {
      if (!catalogue.peek() && database === 'ok') await within(PROBE_TIMEOUT_MS, catalogue.get()).catch(() => undefined);
      catalogueState = catalogue.peek() ? 'loaded' : 'not loaded';
    }
    const ready = !app.draining && database !== 'unreachable' && migrations !== 'behind' && catalogueState !== 'not loaded';
    return reply
      .code(ready ? 200 : 503)
      .header('Cache-Control', 'no-store')
      .send({ ready, instance: options.instance, draining: app.draining, database, migrations, catalogue: catalogueState, listening: catalogue?.isListening() ?? null });
  });
}
