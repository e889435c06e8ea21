import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * What many test files start from — a migrated embedded database, a stopped store's seeded data
 * folder — made once per jest run instead of once per test: by the first file that needs it, in the
 * run's folder (its path in this variable, set by shared/test-support/run-folder-setup.ts before the
 * workers start); a file of the other worker that needs it meanwhile waits for that one.
 */
export const RUN_FOLDER = 'TOPUP_TEST_RUN_FOLDER';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

let ownFolder: string | null = null;

/** The run's folder; outside a jest run with the set-up, one of this process's own, removed at its exit. */
function runFolder(): string {
  const given = process.env[RUN_FOLDER];
  if (given) return given;
  if (!ownFolder) {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'topup-test-run-'));
    process.once('exit', () => fs.rmSync(folder, { recursive: true, force: true }));
    ownFolder = folder;
  }
  return ownFolder;
}

/**
 * The path of the run's template `name` (a file or a folder), made by `make(into)` if no file of this
 * run has made it yet. `make` writes `into` (a path that does not exist yet); it is renamed to its
 * place only once complete, so a template is never seen half made.
 */
export async function runTemplate(name: string, make: (into: string) => Promise<void>): Promise<string> {
  const folder = runFolder();
  const done = path.join(folder, name);
  const making = `${done}.making`;
  for (;;) {
    if (fs.existsSync(done)) return done;
    let mine = false;
    try {
      fs.mkdirSync(making);
      mine = true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    if (mine) {
      fs.writeFileSync(path.join(making, 'pid'), String(process.pid));
      const into = path.join(making, 'result');
      try {
        await make(into);
        fs.renameSync(into, done);
        return done;
      } finally {
        fs.rmSync(making, { recursive: true, force: true });
      }
    }
    // Another process makes it: wait, unless that process is gone (then take over).
    let pid = 0;
    try {
      pid = Number(fs.readFileSync(path.join(making, 'pid'), 'utf8')) || 0;
    } catch {
      // not written yet, or done meanwhile
    }
    if (pid && !alive(pid)) fs.rmSync(making, { recursive: true, force: true });
    else await sleep(100);
  }
}
