import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

jest.setTimeout(120_000);

const SERVER_DIR = path.resolve(__dirname, '..');
const TSX = path.resolve(SERVER_DIR, '..', 'node_modules', '.bin', 'tsx');

interface Started {
  readonly output: () => string;
  readonly exited: Promise<number | null>;
  stop(): void;
}

/** Starts `server/src/<script>` as a real process, the way `npm start` and `npm run seed` do. */
function startServer(env: Record<string, string>, script = 'src/main.ts'): Started {
  const child = spawn(TSX, [script], {
    cwd: SERVER_DIR,
    env: { ...process.env, LOG: 'off', HOST: '127.0.0.1', PORT: '0', NODE_OPTIONS: '', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { output: () => output, exited, stop: () => child.kill('SIGTERM') };
}

async function waitFor(started: Started, text: RegExp, ms = 60_000): Promise<void> {
  const until = Date.now() + ms;
  while (!text.test(started.output())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${text}; output:\n${started.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the server process', () => {
  it('migrates and loads the demo on first start, refuses a second process on the same PGlite directory, and seeds once stopped', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'topup-data-'));
    const first = startServer({ DATA_DIR: dataDir });
    try {
      await waitFor(first, /TopUp Store is running at/);
      expect(first.output()).toContain('Loaded the demo catalogue (first start).');
      const second = startServer({ DATA_DIR: dataDir });
      expect(await second.exited).toBe(1);
      expect(second.output()).toMatch(/data directory .* is already in use by another TopUp Store process \(pid \d+\)/);
      // `npm run seed` is a second process too.
      const seed = startServer({ DATA_DIR: dataDir }, 'src/cli/seed.ts');
      expect(await seed.exited).toBe(1);
      expect(seed.output()).toMatch(/already in use/);
    } finally {
      first.stop();
      await first.exited;
    }
    const seed = startServer({ DATA_DIR: dataDir }, 'src/cli/seed.ts');
    expect(await seed.exited).toBe(0);
    expect(seed.output()).toContain(`Demo catalogue seeded into PGlite in ${dataDir}.`);
    // Stopped cleanly, the directory is free again and the demo is not loaded twice.
    const again = startServer({ DATA_DIR: dataDir });
    try {
      await waitFor(again, /TopUp Store is running at/);
      expect(again.output()).not.toContain('Loaded the demo catalogue');
    } finally {
      again.stop();
      await again.exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
