import { randomBytes } from 'node:crypto';
import { Blob } from 'node:buffer';
import fs from 'node:fs';
import { runTemplate } from '../../../shared/test/support/run-templates';
import type { Db } from '../../src/db/db';
import { migrate } from '../../src/db/migrate';
import { dumpPgliteDb, openPgliteDb, openPgliteDbFrom } from '../../src/db/pglite-db';
import { openPostgresDb } from '../../src/db/postgres-db';

export interface TestDbTarget {
  readonly name: 'PGlite' | 'PostgreSQL';
  /** A fresh, migrated, empty database of this kind. */
  open(): Promise<Db>;
  /** A fresh database of this kind with no migration applied (a migration's own test). */
  openUnmigrated(): Promise<Db>;
}

const postgresUrl = process.env.TEST_DATABASE_URL || '';
let warned = false;

function warnOnce(): void {
  if (warned || postgresUrl) return;
  warned = true;
  console.warn(
    [
      '',
      '!!! TEST_DATABASE_URL is not set: the database suite ran on PGlite ONLY, NOT on PostgreSQL. !!!',
      '!!! Set TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test to run it on both.        !!!',
      '',
    ].join('\n'),
  );
}

/** PostgreSQL runs get a schema of their own (search_path), dropped on close, so parallel files never meet. */
async function openIsolatedPostgres(): Promise<Db> {
  const schema = `test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = await openPostgresDb({ connectionString: postgresUrl, maxConnections: 1 });
  await admin.exec(`CREATE SCHEMA ${schema}`);
  const db = await openPostgresDb({ connectionString: postgresUrl, schema, maxConnections: 5 });
  return {
    ...db,
    async close() {
      await db.close();
      await admin.exec(`DROP SCHEMA ${schema} CASCADE`);
      await admin.close();
    },
  };
}

/**
 * An embedded database's whole data directory, made once per run: PostgreSQL's initdb (several seconds
 * of WebAssembly) and, for `migrated`, every migration. Each fresh PGlite database of a test starts
 * from a copy of it, the same database as one made the long way.
 */
const pgliteTemplates = new Map<'initialized' | 'migrated', Promise<Blob>>();

function pgliteTemplate(kind: 'initialized' | 'migrated'): Promise<Blob> {
  let template = pgliteTemplates.get(kind);
  if (!template) {
    template = runTemplate(`pglite-${kind}.tar`, async (into) => {
      const db = await openPgliteDb();
      try {
        if (kind === 'migrated') await migrate(db);
        fs.writeFileSync(into, Buffer.from(await (await dumpPgliteDb(db)).arrayBuffer()));
      } finally {
        await db.close();
      }
    }).then((file) => new Blob([fs.readFileSync(file)]));
    pgliteTemplates.set(kind, template);
  }
  return template;
}

/** The databases the suite runs against: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export function testDbTargets(): TestDbTarget[] {
  warnOnce();
  const targets: TestDbTarget[] = [
    {
      name: 'PGlite',
      open: async () => openPgliteDbFrom(await pgliteTemplate('migrated')),
      openUnmigrated: async () => openPgliteDbFrom(await pgliteTemplate('initialized')),
    },
  ];
  if (postgresUrl) {
    targets.push({
      name: 'PostgreSQL',
      async open() {
        const db = await openIsolatedPostgres();
        await migrate(db);
        return db;
      },
      openUnmigrated: openIsolatedPostgres,
    });
  }
  return targets;
}

/**
 * The same database as another instance sees it: on PostgreSQL a pool of its own on the same schema;
 * PGlite is one process, so it is the same handle.
 */
export async function secondInstance(target: TestDbTarget, db: Db): Promise<{ db: Db; close(): Promise<void> }> {
  if (target.name === 'PGlite') return { db, close: async () => undefined };
  const [{ schema }] = (await db.query<{ schema: string }>('SELECT current_schema() AS schema')) as [{ schema: string }];
  const other = await openPostgresDb({ connectionString: postgresUrl, schema, maxConnections: 5 });
  return { db: other, close: () => other.close() };
}
