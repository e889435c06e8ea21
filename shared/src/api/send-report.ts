import type { ReportPayload } from '@topup/shared/types';
import { callAction } from './family-a-client';

/** `report`: records a page load (1), tab change (2), purchase intent (3) or confirmed character (4). Failures are ignored (spec §8). */
export async function sendReport(payload: ReportPayload): Promise<void> {
  try {
    await callAction<unknown>('report', { ...payload });
  } catch {
    /* reporting never gets in the player's way */
  }
}
