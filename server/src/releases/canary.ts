import { randomInt } from 'node:crypto';
import type { LiveState } from './registry-repo';

/**
 * A browser's place in every canary split: a whole number from 0 to 9,999 drawn once and kept in a
 * first-party cookie, so a player keeps the version it got across page loads, and raising a canary's
 * share only adds browsers to it (bucket < share × 100 gets the canary).
 */
export const BUCKET_COOKIE = 'topup_bucket';
export const BUCKETS = 10_000;

/** The bucket a request's cookies carry, or null when none (or not one of ours). */
export function bucketOf(cookieHeader: string | undefined): number | null {
  const match = /(?:^|;\s*)topup_bucket=(\d{1,4})(?:;|$)/.exec(cookieHeader ?? '');
  if (!match) return null;
  const bucket = Number(match[1]);
  return bucket < BUCKETS ? bucket : null;
}

export function newBucket(): number {
  return randomInt(BUCKETS);
}

/** The cookie that keeps a browser's bucket for a year; nothing about the player is in it. */
export function bucketCookie(bucket: number, secure: boolean): string {
  return `${BUCKET_COOKIE}=${bucket}; Path=/; Max-Age=31536000; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** Whether a bucket falls in a share of browsers (per cent). */
export function inShare(bucket: number, share: number): boolean {
  return bucket < share * (BUCKETS / 100);
}

/** The version a browser in `bucket` gets of an app: its canary when the bucket falls in the canary's share. */
export function versionFor(state: LiveState, bucket: number | null): string {
  return state.canary && bucket !== null && inShare(bucket, state.canary.share) ? state.canary.version : state.version;
}
