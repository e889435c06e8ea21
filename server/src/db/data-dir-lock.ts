import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const LOCK_FILE_NAME = 'topup-store.lock';

/** How often the holder confirms its lock (the file's modification time). */
export const LOCK_REFRESH_MS = 10_000;
/** Another host's lock not confirmed for this long is abandoned: taken over in development, refused in production. */
export const LOCK_ABANDONED_AFTER_MS = 60_000;

/** Who holds a data directory: a process of a host (a machine, or a container with a host name of its own). */
export interface LockHolder {
  readonly pid: number;
  readonly host: string;
}

export interface DataDirLockOptions {
  /** NODE_ENV=production: a lock of another host is refused however old it is. */
  readonly production?: boolean;
}

export interface DataDirLock {
  release(): void;
}

const SEVERAL_INSTANCES = 'The embedded database (PGlite) runs as one instance; to run several, set DATABASE_URL to a PostgreSQL database they share.';

export class DataDirInUseError extends Error {
  /** `advice`: what to do about it; `elsewhere`: the holder runs on another host. */
  constructor(
    dataDir: string,
    readonly holder: LockHolder,
    advice = 'Otherwise stop that process, or set DATA_DIR to another directory.',
    elsewhere = false,
  ) {
    super(
      `The data directory ${dataDir} is already in use by another TopUp Store process (pid ${holder.pid}` +
        (elsewhere ? ` on host ${holder.host}, another machine or container sharing this directory` : '') +
        `). ${SEVERAL_INSTANCES} ${advice}`,
    );
    this.name = 'DataDirInUseError';
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const thisProcess = (): LockHolder => ({ pid: process.pid, host: os.hostname() });

/** The lock file's holder; a file holding a pid alone (written before hosts were recorded) is this host's. null: unreadable. */
function readLockHolder(text: string): LockHolder | null {
  if (/^\s*\d+\s*$/.test(text)) return { pid: Number.parseInt(text, 10), host: os.hostname() };
  try {
    const holder = JSON.parse(text) as Partial<LockHolder>;
    if (Number.isInteger(holder.pid) && (holder.pid ?? 0) > 0 && typeof holder.host === 'string' && holder.host) {
      return { pid: holder.pid!, host: holder.host };
    }
  } catch {
    // unreadable: left by a process that died while writing it
  }
  return null;
}

/**
 * Whether a lock may be taken over, or the reason it may not (thrown). On this host a process id
 * says whether the holder runs. Another host's process (a container on a volume both mount) cannot
 * be asked: its lock stands while it is confirmed; in development a lock nobody confirmed for
 * LOCK_ABANDONED_AFTER_MS is taken over, in production never.
 */
function checkHolder(dataDir: string, file: string, holder: LockHolder | null, options: DataDirLockOptions): void {
  if (!holder) return;
  const me = thisProcess();
  if (holder.host === me.host) {
    if (holder.pid !== me.pid && isRunning(holder.pid)) throw new DataDirInUseError(dataDir, holder);
    return;
  }
  const silentMs = Date.now() - fs.statSync(file).mtimeMs;
  if (options.production) {
    throw new DataDirInUseError(dataDir, holder, `A production store never takes over another host's lock: if that instance is gone for good, delete ${file} and start again.`, true);
  }
  if (silentMs < LOCK_ABANDONED_AFTER_MS) {
    const ago = Math.max(0, Math.round(silentMs / 1000));
    throw new DataDirInUseError(dataDir, holder, `It confirmed the lock ${ago} s ago; in development a lock unconfirmed for ${LOCK_ABANDONED_AFTER_MS / 1000} s is taken over.`, true);
  }
  console.warn(`Taking over the lock of ${dataDir} left by pid ${holder.pid} on host ${holder.host}, unconfirmed for ${Math.round(silentMs / 1000)} s.`);
}

/**
 * Claims a PGlite data directory for this process. The lock file names the process and its host and
 * is confirmed every LOCK_REFRESH_MS. A lock left by a process of this host that is gone is taken
 * over; a live one, or another host's, is refused with a message pointing to PostgreSQL.
 */
export function lockDataDir(dataDir: string, options: DataDirLockOptions = {}): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE_NAME);
  const mine = JSON.stringify(thisProcess());
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      fs.writeFileSync(file, mine, { flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      checkHolder(dataDir, file, readLockHolder(fs.readFileSync(file, 'utf8')), options);
      fs.rmSync(file, { force: true });
      continue;
    }
    const ours = () => {
      try {
        return fs.readFileSync(file, 'utf8') === mine;
      } catch {
        return false;
      }
    };
    const refresh = setInterval(() => {
      if (!ours()) return;
      const now = new Date();
      try {
        fs.utimesSync(file, now, now);
      } catch {
        // gone meanwhile: nothing to confirm
      }
    }, LOCK_REFRESH_MS);
    refresh.unref();
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      clearInterval(refresh);
      process.removeListener('exit', release);
      if (ours()) fs.rmSync(file, { force: true });
    };
    process.once('exit', release);
    return { release };
  }
  throw new Error(`Could not lock the data directory ${dataDir}`);
}
