import type { Queryable } from '../db/db';
import { deliveryOutcomesByGame } from '../orders';
import { openIncident, openSubjects, resolveIncident } from './incidents';

/** When a game's deliveries are failing (ALERT_DELIVERY_* settings). */
export interface DeliveryAlertSettings {
  /** The minutes looked at. */
  readonly windowMs: number;
  /** Failed attempts / all attempts, in per cent, at or above which an incident opens. */
  readonly failurePercent: number;
  /** Fewer failed attempts than this in the window never open one (one unlucky order is not an incident). */
  readonly minFailures: number;
}

export const DEFAULT_DELIVERY_ALERTS: DeliveryAlertSettings = { windowMs: 15 * 60_000, failurePercent: 20, minFailures: 5 };

/**
 * One look at every game's deliveries: a game failing at or above the threshold opens an incident
 * (one alert), which stays open while it keeps failing, and is resolved once its rate falls below half
 * the threshold, or its failures below the minimum (the window moved past them). Run by one instance
 * at a time (a cluster chore); were two to run it, the incident's open key would still alert once.
 */
export async function watchDeliveries(tx: Queryable, settings: DeliveryAlertSettings): Promise<{ opened: number[]; resolved: number[] }> {
  const outcomes = await deliveryOutcomesByGame(tx, settings.windowMs);
  const open = new Set(await openSubjects(tx, 'delivery_failures'));
  const opened: number[] = [];
  const resolved: number[] = [];
  const seen = new Set<string>();
  for (const game of outcomes) {
    const subject = String(game.game_id);
    seen.add(subject);
    const total = game.failures + game.delivered;
    const percent = total > 0 ? (game.failures * 100) / total : 0;
    if (game.failures >= settings.minFailures && percent >= settings.failurePercent) {
      if (open.has(subject)) continue;
      const minutes = Math.round(settings.windowMs / 60_000);
      const id = await openIncident(tx, {
        kind: 'delivery_failures',
        subject,
        title: `game ${game.game_id}: ${game.failures} of ${total} delivery attempts failed in the last ${minutes} min (${percent.toFixed(0)} %)`,
        facts: { game_id: game.game_id, failed_attempts: game.failures, delivered: game.delivered, failure_percent: Math.round(percent), threshold_percent: settings.failurePercent, window_minutes: minutes, last_answer: game.last_error },
      });
      if (id !== null) opened.push(game.game_id);
    } else if (open.has(subject) && (game.failures < settings.minFailures || percent < settings.failurePercent / 2)) {
      if (await resolveIncident(tx, 'delivery_failures', subject)) resolved.push(game.game_id);
    }
  }
  // A game with no attempt left in the window has recovered too.
  for (const subject of open) {
    if (!seen.has(subject) && (await resolveIncident(tx, 'delivery_failures', subject))) resolved.push(Number(subject));
  }
  return { opened, resolved };
}
