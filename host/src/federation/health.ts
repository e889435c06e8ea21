import type { RemoteId } from '@topup/shared/contracts';

/** What became of a remote's page: it rendered, or it failed (to load its code, or to render). */
export type LoadNote = readonly [remote: RemoteId, what: 'rendered' | 'failed', error: unknown, at: number];

/** This page load's notes, sent by health-beacon.ts, loaded once the page has settled (bootstrap.tsx). */
export const loadNotes: LoadNote[] = [];

export function noteLoad(remote: RemoteId, what: LoadNote[1], error?: unknown): void {
  loadNotes.push([remote, what, error, performance.now()]);
}
