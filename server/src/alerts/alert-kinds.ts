/**
 * What an operator may subscribe to, and what one incident of each is (docs/back-office.md, "Alerts"):
 * - delivery_failures: a game's deliveries failing above the threshold; open until its rate falls back;
 * - auto_rollback: one automatic rollback of a release (one-off);
 * - reconcile_finding: a report of the reconciliation with rows; open until the report is empty again;
 * - ticket: a ticket new or reopened; open until it is answered or closed;
 * - price_change: one published catalogue revision that changed a price by more than 50 % (one-off);
 * - experiment_stopped: one variant of an offer experiment its guardrail stopped (one-off, decision 308).
 */
export const ALERT_KINDS = ['delivery_failures', 'auto_rollback', 'reconcile_finding', 'ticket', 'price_change', 'experiment_stopped'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

export function isAlertKind(value: unknown): value is AlertKind {
  return typeof value === 'string' && (ALERT_KINDS as readonly string[]).includes(value);
}

/** How an incident is told: a one-line title and the facts, plain JSON. */
export interface AlertEvent {
  readonly kind: AlertKind;
  /** What the incident is about within its kind: a game id, an app and activation, a report, a ticket, a revision. */
  readonly subject: string;
  readonly title: string;
  readonly facts?: Readonly<Record<string, unknown>>;
}
