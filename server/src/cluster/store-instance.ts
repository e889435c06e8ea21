import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { childEnvironment } from '../settings/environment';

/** server/: where `src/main.ts` is, and tsx with it. */
const SERVER_DIR = path.resolve(__dirname, '..', '..');

/** Output kept per instance for an error message: the last lines, not a log. */
const KEPT_OUTPUT = 64 * 1024;

export interface InstanceOptions {
  /** The port it listens on, on 127.0.0.1. */
  readonly port: number;
  /** Its INSTANCE_NAME, said by `GET /healthz`; the host and process id when absent. */
  readonly name?: string;
  /** Settings on top of this process's environment. */
  readonly env?: Readonly<Record<string, string>>;
  /** Each line it prints, as it prints it. */
  readonly onLine?: (line: string) => void;
  /** How long it may take to start (migrations, the demo's first load). */
  readonly startTimeoutMs?: number;
}

export interface StoreInstance {
  readonly name: string;
  readonly port: number;
  /** http://127.0.0.1:<port>, straight to this instance. */
  readonly url: string;
  readonly child: ChildProcess;
  /** Its exit: the signal that ended it, or its exit code. */
  readonly exited: Promise<NodeJS.Signals | number | null>;
  /** The last of what it printed. */
  output(): string;
  isRunning(): boolean;
  kill(signal: NodeJS.Signals): Promise<NodeJS.Signals | number | null>;
}

/** Where the kernel picks the local ports of outgoing connections and of `listen(0)`. */
function ephemeralRange(): [number, number] {
  try {
    const [low, high] = fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    if (low && high && low < high) return [low, high];
  } catch {
    // not Linux: the IANA range
  }
  return [49152, 65535];
}

function listensOn(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/**
 * A port nothing listens on at the moment, on 127.0.0.1, for a process started a few seconds later.
 * Chosen at random below the ephemeral range: a port from `listen(0)` lies in that range, where any
 * outgoing connection (of this or another process) may take it before the store binds it.
 */
export async function freePort(): Promise<number> {
  const [ephemeralLow] = ephemeralRange();
  const [low, high] = [Math.max(1024, ephemeralLow - 10_000), ephemeralLow];
  for (let attempt = 0; attempt < 50 && high > low; attempt += 1) {
    const port = low + Math.floor(Math.random() * (high - low));
    if (await listensOn(port)) return port;
  }
  throw new Error(`no free port found in ${low}-${high - 1}`);
}

/**
 * Starts the store (`server/src/main.ts`, as `npm start` runs it) in a process of its own on
 * 127.0.0.1:`port`, and waits until it serves. tsx is a loader inside that very process, so a
 * signal to it (a SIGKILL too) reaches the server itself, not a wrapper.
 */
export async function startInstance(options: InstanceOptions): Promise<StoreInstance> {
  const { port } = options;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: childEnvironment({
      HOST: '127.0.0.1',
      PORT: String(port),
      NODE_OPTIONS: '',
      ...(options.name ? { INSTANCE_NAME: options.name } : {}),
      ...options.env,
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let started = false;
  const take = (stream: NodeJS.ReadableStream | null) => {
    let partial = '';
    stream?.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      output = (output + text).slice(-KEPT_OUTPUT);
      if (!started && /TopUp Store is running at /.test(output)) started = true;
      if (!options.onLine) return;
      const lines = (partial + text).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) options.onLine(line);
    });
  };
  take(child.stdout);
  take(child.stderr);
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) => child.on('exit', (code, signal) => resolve(signal ?? code)));
  const isRunning = () => child.exitCode === null && child.signalCode === null;
  const kill = (signal: NodeJS.Signals) => {
    if (isRunning()) child.kill(signal);
    return exited;
  };
  const name = options.name ?? `pid ${child.pid}`;
  const until = Date.now() + (options.startTimeoutMs ?? 90_000);
  while (!started) {
    if (!isRunning()) throw new Error(`${name} exited while starting:\n${output}`);
    if (Date.now() > until) {
      await kill('SIGKILL');
      throw new Error(`${name} did not start in time:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { name, port, url: `http://127.0.0.1:${port}`, child, exited, output: () => output, isRunning, kill };
}
