import type { ReportPayload } from '@topup/shared/types';
import { callAction } from './family-a-client';
import { reportSession } from './report-session';

/** `report`: a page load (1), tab change (2), purchase intent (3) or confirmed character (4), with the tab's session. Failures are ignored (spec §8). */
export async function sendReport(payload: ReportPayload): Promise<void> {
  try {
    await callAction<unknown>('report', { ...payload, session_id: reportSession() });
  } catch {
    /* reporting never gets in the player's way */
  }
}
