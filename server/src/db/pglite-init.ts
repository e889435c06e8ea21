import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { childEnvironment } from '../settings/environment';

/**
 * Creates a new PGlite data directory in a short-lived child process. PostgreSQL's initdb
 * grows PGlite's WebAssembly memory to about 800 MB, and WebAssembly memory never shrinks:
 * done in the server's own process, that peak would stay with the server for its whole life.
 */
export function initDataDirApart(dataDir: string): void {
  if (fs.existsSync(path.join(dataDir, 'PG_VERSION'))) return;
  const pglite = require.resolve('@electric-sql/pglite');
  const script = `require(${JSON.stringify(pglite)}).PGlite.create({ dataDir: ${JSON.stringify(dataDir)} }).then((db) => db.close())`;
  execFileSync(process.execPath, ['-e', script], { stdio: ['ignore', 'ignore', 'inherit'], env: childEnvironment({ NODE_OPTIONS: '' }) });
}
