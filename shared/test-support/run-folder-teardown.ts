import fs from 'node:fs';
import { RUN_FOLDER } from '../test/support/run-templates';

/** After the run: its templates go (run-folder-setup.ts). */
export default function runFolderTeardown(): void {
  const folder = process.env[RUN_FOLDER];
  if (folder) fs.rmSync(folder, { recursive: true, force: true });
}
