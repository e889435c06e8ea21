import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumOptions } from './browser';
import { FAST_DELIVERY } from './orders';
import { newDataDir, startStore, type StoreServer } from '../../shared/test/support/store-server';
import { E2E_RUN, type E2eRun } from './e2e-run';

interface Started {
  readonly stores: StoreServer[];
  readonly browser: Awaited<ReturnType<typeof chromium.launchServer>>;
  readonly folder: string;
}

/** What the teardown stops: kept on this process's global, where jest runs both. */
const STARTED = Symbol.for('topup.e2e.started');

/**
 * Before the browser suite: a migrated data folder with the demo catalogue (the template every store
 * of the suite starts from), one store per jest worker on a copy of it, and one Chromium that every
 * test file connects to (a new context per test).
 */
export default async function globalSetup(globalConfig: { maxWorkers: number }): Promise<void> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'topup-e2e-run-'));
  const template = path.join(folder, 'template');
  const browser = chromium.launchServer(chromiumOptions());
  // The template: a store's first start migrates and seeds; stopped, its folder is copied per store.
  const first = await startStore({ dataDir: template, env: FAST_DELIVERY });
  await first.stop();
  const workers = Math.max(1, globalConfig.maxWorkers);
  const stores = await Promise.all(
    Array.from({ length: workers }, (_, index) => startStore({ dataDir: newDataDir(`topup-e2e-worker${index + 1}-`), copyOf: template, env: FAST_DELIVERY })),
  );
  const logs = stores.map((store, index) => {
    const log = path.join(folder, `store-${index + 1}.log`);
    const write = () => fs.writeFileSync(log, store.output());
    store.child.stdout?.on('data', write);
    store.child.stderr?.on('data', write);
    write();
    return log;
  });
  const run: E2eRun = {
    template,
    browserEndpoint: (await browser).wsEndpoint(),
    stores: stores.map((store, index) => ({ url: store.url, port: store.port, dataDir: store.dataDir, log: logs[index] as string })),
  };
  // Workers start after this, with this environment.
  process.env[E2E_RUN] = JSON.stringify(run);
  (globalThis as Record<symbol, Started>)[STARTED] = { stores, browser: await browser, folder };
}

export async function stopStarted(): Promise<void> {
  const started = (globalThis as Record<symbol, Started | undefined>)[STARTED];
  if (!started) return;
  await Promise.all([started.browser.close(), ...started.stores.map((store) => store.stop())]);
  for (const store of started.stores) fs.rmSync(store.dataDir, { recursive: true, force: true });
  fs.rmSync(started.folder, { recursive: true, force: true });
}
