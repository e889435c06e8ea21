import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServerScript as startServer, type ServerScript } from './support/store-process';

jest.setTimeout(120_000);

async function waitFor(started: ServerScript, text: RegExp, ms = 60_000): Promise<void> {
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
      expect(first.output()).toContain('Loaded the demo catalogue.');
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
