import type { ReportPayload } from '../../types';
import { callPayCentre } from './call-pay-centre';

/** `report`: a page view (1), tab change (2) or purchase intent (3). Failures are ignored (spec §8). */
export async function sendPayCentreReport(payload: ReportPayload): Promise<void> {
  try {
    await callPayCentre<unknown>('report', { ...payload });
  } catch {
    /* reporting never gets in the player's way */
  }
}
