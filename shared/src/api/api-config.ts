import { DEFAULT_APP_KEY } from '@topup/shared/sign';

export interface ApiSettings {
  /** Where `/api/<action>` lives; the page's own origin by default. */
  baseURL: string;
  /** The signing key of spec §7 (an integrity check; it ships in the browser by design). */
  appKey: string;
  /** A call that takes longer fails with the localized timeout message. */
  timeoutMs: number;
  /** The transport, `fetch`-shaped: the page's own `fetch` when absent; tests outside a browser give one. */
  fetch?: typeof fetch;
}

export const DEFAULT_API_TIMEOUT_MS = 15_000;

/** Read on every request, so a change applies to the clients already created. */
export const apiSettings: ApiSettings = {
  baseURL: '/api',
  appKey: DEFAULT_APP_KEY,
  timeoutMs: DEFAULT_API_TIMEOUT_MS,
};

export function configureApi(patch: Partial<ApiSettings>): void {
  Object.assign(apiSettings, patch);
}
