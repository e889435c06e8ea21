import type { FastifyInstance } from 'fastify';
import { sign } from '@topup/shared/sign';
import { buildApp, type AppOptions } from '../../src/http/app';
import { CatalogueCache } from '../../src/catalogue/catalogue-cache';
import { loadConfig, type ServerConfig } from '../../src/config';
import type { LimitSettings } from '../../src/http/api/limit-settings';
import type { Db } from '../../src/db/db';
import { RunningExperiments } from '../../src/experiments';
import { seedDemo } from '../../src/sandbox/seed/seed-demo';
import type { TestDbTarget } from './test-db';

export const TEST_APP_KEY = 'topup-dev-key';

/** Request limits out of the way of tests that poll or place many orders; the limits' own tests set theirs. */
export const GENEROUS_LIMITS: LimitSettings = {
  placeOrder: { perAddress: 10_000, perKey: 10_000 },
  followOrder: { perAddress: 10_000, perKey: 10_000 },
  checkCode: { perAddress: 10_000, perKey: 10_000 },
  supportTicket: { perAddress: 10_000, perKey: 10_000 },
  ticketLookup: { perAddress: 10_000, perKey: 10_000 },
  ownershipCode: { perAddress: 10_000, perKey: 10_000 },
  ownershipConfirm: { perAddress: 10_000, perKey: 10_000 },
};

export interface TestStore {
  readonly app: FastifyInstance;
  readonly db: Db;
  /** The store's in-memory catalogue, for writes through updateCatalogue. */
  readonly catalogue: CatalogueCache;
  /** The running offer experiments the store holds: a test that starts or stops one reloads them. */
  readonly experiments: RunningExperiments;
  close(): Promise<void>;
}

/** A store on a fresh database of the target kind, seeded with the demo catalogue. */
export async function openTestStore(
  target: TestDbTarget,
  overrides: Partial<ServerConfig> = {},
  /** Other parts of the app: order settings, request limits, a game gateway. */
  parts: Pick<AppOptions, 'orders' | 'games' | 'limits' | 'mailTransport' | 'mailSink' | 'releaseHealth' | 'clock' | 'upkeepEveryMs'> = {},
): Promise<TestStore> {
  const db = await target.open();
  await seedDemo(db);
  // The sandbox game listens on any free port: test files run side by side.
  const config = { ...loadConfig({}), roleLookupsPerMinute: 10_000, sandboxGamePort: 0, ...overrides };
  const catalogue = new CatalogueCache(db);
  // Never reloaded in the background during a test: a test that starts or stops an experiment says so.
  const experiments = new RunningExperiments(db, { refreshMs: 3_600_000 });
  const app = await buildApp({ config, db, catalogue, limits: GENEROUS_LIMITS, experiments, ...parts });
  await app.ready();
  return {
    app,
    db,
    catalogue,
    experiments,
    async close() {
      await app.close();
      await db.close();
    },
  };
}

export interface Answer<T = unknown> {
  readonly status: number;
  readonly ret: number;
  readonly data: T;
  readonly msg: string;
}

/** Signs the payload as a page does and posts it as JSON (or as a form). */
export async function call<T = unknown>(
  app: FastifyInstance,
  action: string,
  payload: Record<string, string | number>,
  options: { form?: boolean; headers?: Record<string, string>; unsigned?: boolean; remoteAddress?: string } = {},
): Promise<Answer<T>> {
  const body = options.unsigned ? payload : { ...payload, sign: sign(payload, TEST_APP_KEY) };
  const response = await app.inject({
    method: 'POST',
    url: `/api/${action}`,
    headers: {
      'content-type': options.form ? 'application/x-www-form-urlencoded' : 'application/json',
      ...options.headers,
    },
    payload: options.form
      ? new URLSearchParams(Object.entries(body).map(([k, v]): [string, string] => [k, String(v)])).toString()
      : JSON.stringify(body),
    remoteAddress: options.remoteAddress,
  });
  const parsed = response.json() as { ret: number; data: T; msg: string };
  return { status: response.statusCode, ...parsed };
}
