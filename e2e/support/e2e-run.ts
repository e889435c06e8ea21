/** The environment variable that hands the global set-up's stores and Chromium to the test files. */
export const E2E_RUN = 'TOPUP_E2E_RUN';

export interface E2eRun {
  /** A stopped store's data folder, migrated, with the demo catalogue: copied for each store of the suite. */
  readonly template: string;
  /** The Chromium every test file connects to. */
  readonly browserEndpoint: string;
  /** One store per jest worker (worker n uses the n-th), with the browser tests' settings (FAST_DELIVERY). */
  readonly stores: ReadonlyArray<{ readonly url: string; readonly port: number; readonly dataDir: string; readonly log: string }>;
}

export function e2eRun(): E2eRun {
  const value = process.env[E2E_RUN];
  if (!value) throw new Error(`${E2E_RUN} is not set: run the browser tests through jest's e2e project (its globalSetup starts the stores and Chromium).`);
  return JSON.parse(value) as E2eRun;
}
