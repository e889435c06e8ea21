import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RUN_FOLDER } from '../test/support/run-templates';

/**
 * Before the `node` and `web` projects: one folder for the run, where the templates their files start
 * from are made once (shared/test/support/run-templates.ts). Workers start after this, with this
 * environment; both projects name this set-up, the second finds the folder made.
 */
export default function runFolderSetup(): void {
  if (process.env[RUN_FOLDER]) return;
  process.env[RUN_FOLDER] = fs.mkdtempSync(path.join(os.tmpdir(), 'topup-test-run-'));
}
