import type { Queryable } from '../db/db';
import type { AlertEvent, AlertKind } from './alert-kinds';
import { queueIncidentDeliveries } from './alert-deliveries';

/** An incident as the back office lists it. */
export interface IncidentRow {
  readonly id: number;
  readonly alert_kind: AlertKind;
  readonly subject: string;
  readonly title: string;
  readonly facts: Record<string, unknown>;
  readonly opened_at: string;
  readonly resolved_at: string | null;
  /** Deliveries queued for it, and those sent (e-mails counted sent once the SMTP server took them). */
  readonly deliveries: number;
  readonly delivered: number;
  readonly failed: number;
}

const openKey = (kind: AlertKind, subject: string) => `${kind}:${subject}`;

/**
 * Opens an incident of a condition (a game failing, a report with rows, a ticket waiting) unless one is
 * open already for the same kind and subject, in the caller's transaction; a new incident queues one
 * delivery to each active channel of every operator subscribed to its kind, in the same transaction.
 * The unique open key makes this true across instances: whoever commits second opens nothing.
 * Resolves to the new incident's id, or null when one was open already.
 */
export async function openIncident(tx: Queryable, event: AlertEvent): Promise<number | null> {
  return insertIncident(tx, event, false);
}

/** A one-off event (a rollback, a published price change): it alerts once, ever, for its subject. */
export async function recordOneOffIncident(tx: Queryable, event: AlertEvent): Promise<number | null> {
  return insertIncident(tx, event, true);
}

async function insertIncident(tx: Queryable, event: AlertEvent, oneOff: boolean): Promise<number | null> {
  const rows = await tx.query<{ id: string }>(
    `INSERT INTO alert_incidents (alert_kind, subject, open_key, title, facts, resolved_at)
     VALUES ($1, $2, $3, $4, $5::jsonb, CASE WHEN $6::boolean THEN clock_timestamp() END)
     ON CONFLICT (open_key) DO NOTHING RETURNING id`,
    [event.kind, event.subject, openKey(event.kind, event.subject), event.title.slice(0, 300), JSON.stringify(event.facts ?? {}), oneOff],
  );
  const id = rows[0] ? Number(rows[0].id) : null;
  if (id !== null) await queueIncidentDeliveries(tx, id, event);
  return id;
}

/** The condition is over: the incident is resolved, and the next one of the same subject alerts again. */
export async function resolveIncident(tx: Queryable, kind: AlertKind, subject: string): Promise<boolean> {
  const rows = await tx.query(
    `UPDATE alert_incidents SET resolved_at = clock_timestamp(), open_key = NULL
      WHERE open_key = $1 AND resolved_at IS NULL RETURNING id`,
    [openKey(kind, subject)],
  );
  return rows.length > 0;
}

/** The subjects of a kind with an incident open now. */
export async function openSubjects(db: Queryable, kind: AlertKind): Promise<string[]> {
  const rows = await db.query<{ subject: string }>(`SELECT subject FROM alert_incidents WHERE alert_kind = $1 AND resolved_at IS NULL`, [kind]);
  return rows.map((row) => row.subject);
}

/** The newest incidents first, with how far their deliveries got. */
export async function listIncidents(db: Queryable, limit: number): Promise<IncidentRow[]> {
  return db.query<IncidentRow>(
    `SELECT i.id::int, i.alert_kind, i.subject, i.title, i.facts, i.opened_at::text, i.resolved_at::text,
            count(d.id)::int AS deliveries,
            count(d.id) FILTER (WHERE d.sent_at IS NOT NULL OR m.sent_at IS NOT NULL)::int AS delivered,
            count(d.id) FILTER (WHERE d.failed_at IS NOT NULL OR m.failed_at IS NOT NULL)::int AS failed
       FROM alert_incidents i
       LEFT JOIN alert_deliveries d ON d.incident_id = i.id
       LEFT JOIN mail_outbox m ON m.mail_key = d.mail_key
      GROUP BY i.id ORDER BY i.id DESC LIMIT $1`,
    [limit],
  );
}

/** Incidents opened since the operator last looked at the Alerts page (a new operator: since they were added). */
export async function unseenCount(db: Queryable, operatorId: number): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM alert_incidents
      WHERE id > coalesce((SELECT seen_through FROM alert_seen WHERE operator_id = $1), 0)
        AND opened_at >= (SELECT created_at FROM operators WHERE id = $1)`,
    [operatorId],
  );
  return row?.n ?? 0;
}

/** The operator has seen every incident up to the newest (never backwards). */
export async function markSeen(db: Queryable, operatorId: number): Promise<void> {
  await db.query(
    `INSERT INTO alert_seen AS seen (operator_id, seen_through)
     VALUES ($1, coalesce((SELECT max(id) FROM alert_incidents), 0))
     ON CONFLICT (operator_id) DO UPDATE SET seen_through = greatest(seen.seen_through, EXCLUDED.seen_through)`,
    [operatorId],
  );
}
