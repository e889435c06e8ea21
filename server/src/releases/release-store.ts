import { createHash } from 'node:crypto';
import type { Db, Queryable } from '../db/db';
import { isSafeVersion, type ReleasableApp } from './apps';
import { isBuildFilePath, MANIFEST_FILE, parseManifest, type BuildFile } from './build-files';
import type { FederationManifest } from './contract-check';

export class ReleaseExistsError extends Error {
  constructor(app: ReleasableApp, version: string) {
    super(`${app} ${version} is already released: a version is released once and never overwritten.`);
    this.name = 'ReleaseExistsError';
  }
}

/** A stored file: its bytes and their SHA-256 (hex). */
export interface StoredFile {
  readonly content: Buffer;
  readonly sha256: string;
}

/** Every file of one release by its path: SHA-256 and size (empty when the release has no files). */
export type ReleaseIndex = ReadonlyMap<string, { readonly sha256: string; readonly size: number }>;

/**
 * The files of every release, for every instance to serve. A version's files are written once,
 * all together, and never change.
 */
export interface ReleaseStore {
  exists(app: ReleasableApp, version: string): Promise<boolean>;
  /**
   * Writes a release's files in `tx` (the transaction that records the release) or in one
   * transaction of its own; refuses a version whose files were written before.
   */
  put(app: ReleasableApp, version: string, files: readonly BuildFile[], tx?: Queryable): Promise<void>;
  readManifest(app: ReleasableApp, version: string): Promise<FederationManifest | null>;
  read(app: ReleasableApp, version: string, path: string): Promise<StoredFile | null>;
  index(app: ReleasableApp, version: string): Promise<ReleaseIndex>;
  /** Every version of an app that has files, oldest first. */
  versions(app: ReleasableApp): Promise<string[]>;
}

// Rows per INSERT: a remote's release is a few hundred files, .br and .gz included.
const ROWS_PER_INSERT = 100;

// pg reads bytea as a Buffer, PGlite as a Uint8Array.
const bufferOf = (bytes: Uint8Array) => (Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));

const sha256Of = (content: Buffer) => createHash('sha256').update(content).digest('hex');

/** Release files in the store's database (table `release_files`), PGlite or PostgreSQL alike. */
export class DbReleaseStore implements ReleaseStore {
  constructor(private readonly db: Db) {}

  async exists(app: ReleasableApp, version: string): Promise<boolean> {
    if (!isSafeVersion(version)) return false;
    const rows = await this.db.query('SELECT 1 FROM release_files WHERE app = $1 AND version = $2 AND path = $3', [app, version, MANIFEST_FILE]);
    return rows.length === 1;
  }

  async put(app: ReleasableApp, version: string, files: readonly BuildFile[], tx?: Queryable): Promise<void> {
    if (!isSafeVersion(version)) throw new Error(`"${version}" is not a valid version`);
    const wrong = files.find((file) => !isBuildFilePath(file.path));
    if (wrong) throw new Error(`${app} ${version}: "${wrong.path}" is not a path inside a build`);
    if (!files.some((file) => file.path === MANIFEST_FILE)) throw new Error(`${app} ${version} has no ${MANIFEST_FILE}`);
    if (tx) return writeFiles(tx, app, version, files);
    return this.db.transaction((own) => writeFiles(own, app, version, files));
  }

  async readManifest(app: ReleasableApp, version: string): Promise<FederationManifest | null> {
    const file = await this.read(app, version, MANIFEST_FILE);
    return file ? parseManifest(file.content) : null;
  }

  async read(app: ReleasableApp, version: string, path: string): Promise<StoredFile | null> {
    const [row] = await this.db.query<{ content: Uint8Array; sha256: string }>(
      'SELECT content, sha256 FROM release_files WHERE app = $1 AND version = $2 AND path = $3',
      [app, version, path],
    );
    return row ? { content: bufferOf(row.content), sha256: row.sha256 } : null;
  }

  async index(app: ReleasableApp, version: string): Promise<ReleaseIndex> {
    const rows = await this.db.query<{ path: string; sha256: string; size: number }>(
      'SELECT path, sha256, size FROM release_files WHERE app = $1 AND version = $2',
      [app, version],
    );
    return new Map(rows.map((row) => [row.path, { sha256: row.sha256, size: row.size }]));
  }

  async versions(app: ReleasableApp): Promise<string[]> {
    const rows = await this.db.query<{ version: string }>(
      'SELECT version FROM release_files WHERE app = $1 GROUP BY version ORDER BY min(stored_at), version',
      [app],
    );
    return rows.map((row) => row.version);
  }
}

async function writeFiles(tx: Queryable, app: ReleasableApp, version: string, files: readonly BuildFile[]): Promise<void> {
  const [written] = await tx.query('SELECT 1 FROM release_files WHERE app = $1 AND version = $2 LIMIT 1', [app, version]);
  if (written) throw new ReleaseExistsError(app, version);
  for (let start = 0; start < files.length; start += ROWS_PER_INSERT) {
    const chunk = files.slice(start, start + ROWS_PER_INSERT);
    const values = chunk.map((_, i) => `($1, $2, $${4 * i + 3}, $${4 * i + 4}, $${4 * i + 5}, $${4 * i + 6})`);
    await tx.query(
      `INSERT INTO release_files (app, version, path, content, sha256, size) VALUES ${values.join(', ')}`,
      [app, version, ...chunk.flatMap((file) => [file.path, file.content, sha256Of(file.content), file.content.length])],
    );
  }
}
