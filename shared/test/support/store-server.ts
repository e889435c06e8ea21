import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');

export interface StoreServer {
  readonly url: string;
  output(): string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function healthy(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const request = http.get(`${url}/healthz`, (response) => {
      response.resume();
      resolve(response.statusCode === 200);
    });
    request.on('error', () => resolve(false));
  });
}

/**
 * The real store server (`server/src/main.ts`) on a free port with its own PGlite folder and the
 * demo catalogue. jsdom has no `fetch`, so health is polled with node:http.
 */
export async function startStoreServer(env: Record<string, string> = {}): Promise<StoreServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'topup-web-test-'));
  let log = '';
  const child: ChildProcess = spawn(process.execPath, [path.join(REPO_ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'server/src/main.ts'], {
    cwd: REPO_ROOT,
    env: { ...process.env, NODE_OPTIONS: '', HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, LOG: 'off', ROLE_LOOKUPS_PER_MINUTE: '10000', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (log += chunk));
  child.stderr?.on('data', (chunk) => (log += chunk));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  while (!(await healthy(url))) {
    if (child.exitCode !== null) throw new Error(`store server exited with ${child.exitCode}:\n${log}`);
    if (Date.now() > deadline) throw new Error(`store server did not start:\n${log}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    output: () => log,
    stop: () =>
      new Promise<void>((resolve) => {
        const done = () => {
          fs.rmSync(dataDir, { recursive: true, force: true });
          resolve();
        };
        if (child.exitCode !== null) return done();
        child.once('exit', done);
        child.kill('SIGTERM');
      }),
  };
}
