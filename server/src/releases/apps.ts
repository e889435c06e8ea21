import { REMOTE_IDS } from '@topup/shared/contracts';
import type { ReleasableApp } from '@topup/shared/types';

export type { ReleasableApp } from '@topup/shared/types';
export const RELEASABLE_APPS: readonly ReleasableApp[] = ['host', ...REMOTE_IDS];

export function isReleasableApp(value: unknown): value is ReleasableApp {
  return typeof value === 'string' && (RELEASABLE_APPS as readonly string[]).includes(value);
}

/** Versions become folder names and URL segments: keep them to a safe alphabet. */
export const VERSION_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

export function isSafeVersion(value: unknown): value is string {
  return typeof value === 'string' && VERSION_PATTERN.test(value);
}
