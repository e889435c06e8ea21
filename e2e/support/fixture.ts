import fs from 'node:fs';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from 'playwright-core';
import { newDataDir, startStore, type StoreServer } from '../../shared/test/support/store-server';
import { e2eRun } from './e2e-run';

/**
 * The browser suite's fixture. Each test file calls `useE2e()` once, at its top: it gets the store and
 * the Chromium of its jest worker (started once by global-setup.ts), and every context a test opens is
 * closed after that test. A file that writes data others read (orders, operators, releases) or needs
 * other settings asks for `ownStore`: a store of its own, started from the suite's migrated template,
 * stopped after the file.
 */

export interface E2eStore {
  /** http://127.0.0.1:<port> */
  readonly url: string;
  readonly port: number;
  /** Its PGlite folder (ops commands take it as DATA_DIR). */
  readonly dataDir: string;
  /** What it printed so far, for failure messages. */
  output(): string;
}

export interface E2eBrowser {
  /** A new context (cookies, storage, viewport of its own), closed after the test, or after the file when opened outside a test. */
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
}

export interface OwnStore {
  /** Settings on top of the defaults (FAST_DELIVERY is the shared store's; pass it when wanted). */
  readonly env?: Record<string, string>;
  /** Runs on the data folder before the store starts (operators added with the ops command). */
  readonly prepare?: (dataDir: string) => void | Promise<void>;
  /** Start from an empty folder (migrations and demo data as a first start does) instead of the template. */
  readonly fresh?: boolean;
}

export interface E2eFixture {
  readonly server: E2eStore;
  readonly browser: E2eBrowser;
}

/** Worker n (JEST_WORKER_ID, 1 in band) uses the n-th store of the run. */
function workerStore(): E2eStore {
  const { stores } = e2eRun();
  const index = (Number(process.env.JEST_WORKER_ID ?? '1') - 1) % stores.length;
  const store = stores[index];
  if (!store) throw new Error('the browser suite has no store for this worker');
  return { url: store.url, port: store.port, dataDir: store.dataDir, output: () => (fs.existsSync(store.log) ? fs.readFileSync(store.log, 'utf8') : '') };
}

async function startOwnStore(own: OwnStore): Promise<StoreServer> {
  const dataDir = newDataDir('topup-e2e-own-');
  if (!own.fresh) fs.cpSync(e2eRun().template, dataDir, { recursive: true });
  await own.prepare?.(dataDir);
  return startStore({ dataDir, env: own.env ?? {} });
}

export function useE2e(options: { readonly ownStore?: OwnStore } = {}): E2eFixture {
  let store: E2eStore | undefined;
  let own: StoreServer | undefined;
  let connected: Browser | undefined;
  let inTest = false;
  const fileContexts: BrowserContext[] = [];
  const testContexts: BrowserContext[] = [];

  beforeAll(async () => {
    const [browser, started] = await Promise.all([chromium.connect(e2eRun().browserEndpoint), options.ownStore ? startOwnStore(options.ownStore) : undefined]);
    connected = browser;
    own = started;
    store = own ?? workerStore();
    const health = await fetch(`${store.url}/healthz`).catch((error: Error) => error);
    if (health instanceof Error || !health.ok) throw new Error(`the store at ${store.url} does not serve:\n${store.output()}`);
  });
  beforeEach(() => {
    inTest = true;
  });
  afterEach(async () => {
    inTest = false;
    await Promise.all(testContexts.splice(0).map((context) => context.close()));
  });
  afterAll(async () => {
    // A store that stopped serving during the file explains the failures above it.
    if (store && !(await fetch(`${store.url}/healthz`).then((answer) => answer.ok, () => false))) {
      console.error(`the store at ${store.url} stopped serving:\n${store.output()}`);
    }
    await Promise.all(fileContexts.splice(0).map((context) => context.close()));
    await connected?.close();
    if (own) {
      const stopped = own;
      await stopped.stop();
      fs.rmSync(stopped.dataDir, { recursive: true, force: true });
    }
  });

  const current = (): E2eStore => {
    if (!store) throw new Error('the store is not started yet: use it in a test or a hook, after useE2e()');
    return store;
  };
  const server: E2eStore = {
    get url() {
      return current().url;
    },
    get port() {
      return current().port;
    },
    get dataDir() {
      return current().dataDir;
    },
    output: () => current().output(),
  };
  const browser: E2eBrowser = {
    async newContext(contextOptions) {
      if (!connected) throw new Error('Chromium is not connected yet: use it in a test or a hook, after useE2e()');
      const context = await connected.newContext(contextOptions);
      (inTest ? testContexts : fileContexts).push(context);
      return context;
    },
  };
  return { server, browser };
}
