import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '@topup/shared/free-port';
import { processSettings } from '../settings/environment';

/**
 * A PostgreSQL and a Redis of the chaos run's own, started from the installed programs on free
 * ports in a temporary folder and removed with it: the run restarts and kills them, so it never
 * touches a server anyone else uses.
 */

const run = promisify(execFile);

/** Where initdb and pg_ctl are: PG_BIN, else the newest /usr/lib/postgresql/<n>/bin, else pg_config's. */
export function postgresBinDir(pgBin: string | undefined = processSettings().PG_BIN): string | null {
  const has = (dir: string) => fs.existsSync(path.join(dir, 'initdb')) && fs.existsSync(path.join(dir, 'pg_ctl'));
  if (pgBin) return has(pgBin) ? pgBin : null;
  const debian = '/usr/lib/postgresql';
  if (fs.existsSync(debian)) {
    const versions = fs.readdirSync(debian).filter((name) => /^\d+$/.test(name)).sort((a, b) => Number(b) - Number(a));
    for (const version of versions) if (has(path.join(debian, version, 'bin'))) return path.join(debian, version, 'bin');
  }
  const config = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
  const dir = config.status === 0 ? config.stdout.trim() : '';
  return dir && has(dir) ? dir : null;
}

export const redisServerInstalled = (): boolean => spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;

/**
 * PostgreSQL refuses to run as root. Run as root, every PostgreSQL program runs as the `postgres`
 * user (runuser) on a folder that user owns; run as anyone else, as that user.
 */
const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;
const POSTGRES_USER = 'postgres';

function asPostgres(bin: string, args: readonly string[]): [string, string[]] {
  return isRoot() ? ['runuser', ['-u', POSTGRES_USER, '--', bin, ...args]] : [bin, [...args]];
}

export interface OwnPostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  readonly url: string;
  readonly port: number;
  readonly dataDir: string;
  /** `pg_ctl restart -m fast`: every connection is cut, the server is back when it resolves. */
  restart(): Promise<void>;
  /** The server's log so far (its last part). */
  log(): string;
  /** Stops it at once and removes its folder; safe to call twice, and from an exit handler (synchronous). */
  removeNow(): void;
}

export async function startOwnPostgres(binDir: string): Promise<OwnPostgres> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'topup-chaos-pg-'));
  const dataDir = path.join(root, 'data');
  const logFile = path.join(root, 'postgres.log');
  const port = await freePort();
  if (isRoot()) {
    const owner = spawnSync('id', ['-u', POSTGRES_USER], { encoding: 'utf8' });
    const group = spawnSync('id', ['-g', POSTGRES_USER], { encoding: 'utf8' });
    if (owner.status !== 0) throw new Error(`Running as root, PostgreSQL needs the "${POSTGRES_USER}" user to run as: there is none.`);
    fs.chownSync(root, Number(owner.stdout.trim()), Number(group.stdout.trim()));
  }
  const pgCtl = path.join(binDir, 'pg_ctl');
  let removed = false;
  const removeNow = () => {
    if (removed) return;
    removed = true;
    const [command, args] = asPostgres(pgCtl, ['-D', dataDir, 'stop', '-m', 'immediate', '-w']);
    if (fs.existsSync(path.join(dataDir, 'postmaster.pid'))) spawnSync(command, args, { stdio: 'ignore', timeout: 20_000 });
    fs.rmSync(root, { recursive: true, force: true });
  };
  try {
    const [initCommand, initArgs] = asPostgres(path.join(binDir, 'initdb'), ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
    await run(initCommand, initArgs);
    // Loopback only, its socket in its own folder; fsync off: the run restarts it cleanly (-m fast), it never crashes it.
    const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${root} -c fsync=off -c max_connections=200`;
    const [command, args] = asPostgres(pgCtl, ['-D', dataDir, '-l', logFile, '-o', options, '-w', '-t', '60', 'start']);
    await run(command, args);
  } catch (error) {
    removeNow();
    throw error;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    dataDir,
    async restart() {
      const [command, args] = asPostgres(pgCtl, ['-D', dataDir, '-l', logFile, '-m', 'fast', '-w', '-t', '60', 'restart']);
      await run(command, args);
    },
    log: () => {
      try {
        return fs.readFileSync(logFile, 'utf8').slice(-8_192);
      } catch {
        return '';
      }
    },
    removeNow,
  };
}

/** Whether a Redis answers PING at 127.0.0.1:port within a second. */
function redisPong(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const done = (answer: boolean) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (chunk: Buffer) => done(chunk.toString().startsWith('+PONG')));
  });
}

export interface OwnRedis {
  readonly url: string;
  readonly port: number;
  /** SIGKILL: every counter it held is gone, as after a crash. */
  kill(): Promise<void>;
  /** Starts it again on its port (empty), once it is down. */
  start(): Promise<void>;
  isRunning(): boolean;
  removeNow(): void;
}

/** `redis-server --port N --save ''`: in memory only, on loopback. */
export async function startOwnRedis(): Promise<OwnRedis> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const start = async () => {
    const started = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    child = started;
    const until = Date.now() + 15_000;
    while (!(await redisPong(port))) {
      if (started.exitCode !== null) throw new Error(`redis-server on port ${port} exited (${started.exitCode})`);
      if (Date.now() > until) throw new Error(`redis-server on port ${port} did not answer in time`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const isRunning = () => child !== null && child.exitCode === null && child.signalCode === null;
  const kill = async () => {
    const current = child;
    if (!current || !isRunning()) return;
    const exited = new Promise((resolve) => current.once('exit', resolve));
    current.kill('SIGKILL');
    await exited;
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, port, kill, start, isRunning, removeNow: () => void (isRunning() && child?.kill('SIGKILL')) };
}
