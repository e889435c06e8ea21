import { spawn, type ChildProcess } from 'node:child_process';
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
