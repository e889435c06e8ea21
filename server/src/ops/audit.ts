import type { OpsAuditRow } from '@topup/shared/types';
import type { Queryable } from '../db/db';
import type { CatalogueCheckOptions, ImportOutcome, ImportRecord } from '../catalogue/catalogue-file';
import { recordOneOffIncident } from '../alerts';
import type { RegistryAudit, ReleaseAudit } from '../releases/registry-repo';
import type { RecordStop } from '../experiments';

/** Who did something through the back office: an operator, or automation with the OPS_TOKEN. */
export interface Actor {
  /** What the log shows: the operator's e-mail, or "service:<name>". */
  readonly name: string;
  readonly operatorId: number | null;
  readonly address: string;
}

/**
 * Every action the store writes into the audit log. `writeAudit` takes nothing else, so a new action
 * is added here first, and the back office's test of its labels (remote-ops/test/audit-labels.test.ts)
 * then asks for its words in every language the console speaks.
 */
export const AUDIT_ACTIONS = [
  'order.resend_mail',
  'order.retry_delivery',
  'order.refund',
  'order.mark_disputed',
  'operator.add',
  'operator.change',
  'operator.reset_password',
  'operator.two_factor_cleared',
  'session.sign_in',
  'session.sign_in_refused',
  'session.locked',
  'session.sign_out_everywhere',
  'ticket.answer',
  'ticket.status',
  'release.record',
  'release.activate',
  'release.reactivate',
  'release.rollback',
  'release.policy',
  'catalogue.import',
  'catalogue.revert',
  'catalogue.image_upload',
  'catalogue.draft',
  'catalogue.draft_drop',
  'catalogue.draft_discard',
  'catalogue.game_server',
  'order.partial_refund',
  'order.note',
  'ticket.assign',
  'ticket.link',
  'ticket.note',
  'session.password_accepted',
  'session.second_factor_refused',
  'account.password_changed',
  'account.password_change_refused',
  'account.reset_asked',
  'account.reset_refused',
  'account.reset_used',
  'account.two_factor_enrolled',
  'account.two_factor_removed',
  'account.recovery_codes_renewed',
  'account.recovery_code_used',
  'account.session_revoked',
  'alerts.subscriptions',
  'alerts.channel_add',
  'alerts.channel_remove',
  'alerts.channel_test',
  // Returning players (decisions 304, 305): the desk ends a character's link, corrects its points,
  // mails a gift again.
  'player.end_link',
  'player.correct_points',
  'player.resend_gift',
  'experiment.variant_stopped',
  // Offer experiments in the back office (decision 310): started and stopped by an operator.
  'experiment.create',
  'experiment.stop',
  'experiment.stop_variant',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export interface AuditEntry {
  readonly action: AuditAction;
  readonly targetType: string;
  readonly targetId: string;
  readonly before?: unknown;
  readonly after?: unknown;
  readonly reason?: string;
  /** The same request sent twice (a double click, a retried call) is done and recorded once. */
  readonly requestKey?: string | null;
}

export type AuditRow = OpsAuditRow;

/**
 * Writes one row of the audit log, in the caller's transaction (the change and its record commit
 * together). Returns false when a row with this request key exists: the action was done before.
 */
export async function writeAudit(tx: Queryable, actor: Actor, entry: AuditEntry): Promise<boolean> {
  const rows = await tx.query(
    `INSERT INTO audit_log (actor, operator_id, action, target_type, target_id, before, after, reason, address, request_key)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8, $9, $10)
     ON CONFLICT (request_key) WHERE request_key IS NOT NULL DO NOTHING RETURNING id`,
    [
      actor.name,
      actor.operatorId,
      entry.action,
      entry.targetType,
      entry.targetId,
      entry.before === undefined ? null : JSON.stringify(entry.before),
      entry.after === undefined ? null : JSON.stringify(entry.after),
      entry.reason ?? '',
      actor.address,
      entry.requestKey ?? null,
    ],
  );
  return rows.length === 1;
}

/** Has this request been done already? (An action looks before it acts, and writeAudit settles races.) */
export async function auditedRequest(db: Queryable, requestKey: string): Promise<AuditRow | null> {
  const rows = await db.query<AuditRow>(`SELECT ${COLUMNS} FROM audit_log WHERE request_key = $1`, [requestKey]);
  return rows[0] ?? null;
}

const COLUMNS = `id::int, at::text, actor, action, target_type, target_id, before, after, reason, address`;

export interface AuditFilter {
  readonly actor?: string;
  readonly action?: string;
  readonly targetType?: string;
  readonly targetId?: string;
  readonly from?: string;
  readonly to?: string;
  /** Rows older than this id (keyset paging, newest first). */
  readonly before?: number;
  readonly limit: number;
}

/** The log, newest first, filtered; `next` pages on. */
export async function readAudit(db: Queryable, filter: AuditFilter): Promise<{ rows: AuditRow[]; next: number | null }> {
  const rows = await db.query<AuditRow>(
    `SELECT ${COLUMNS} FROM audit_log
      WHERE ($1::text IS NULL OR actor ILIKE '%' || $1 || '%')
        AND ($2::text IS NULL OR action = $2)
        AND ($3::text IS NULL OR target_type = $3)
        AND ($4::text IS NULL OR target_id = $4)
        AND ($5::timestamptz IS NULL OR at >= $5)
        AND ($6::timestamptz IS NULL OR at < $6)
        AND ($7::bigint IS NULL OR id < $7)
      ORDER BY id DESC LIMIT $8`,
    [filter.actor || null, filter.action || null, filter.targetType || null, filter.targetId || null, filter.from || null, filter.to || null, filter.before ?? null, filter.limit + 1],
  );
  const more = rows.length > filter.limit;
  const page = more ? rows.slice(0, filter.limit) : rows;
  return { rows: page, next: more ? (page[page.length - 1]?.id ?? null) : null };
}

/** What a release change writes into the audit log, inside the registry's transaction. */
export function auditRegistry(actor: Actor, action: AuditAction, reason: string): RegistryAudit {
  return async (tx, record) => {
    await writeAudit(tx, actor, {
      action,
      targetType: 'app',
      targetId: record.app,
      before: { version: record.from_version },
      after: { version: record.to_version, forced: record.forced },
      reason,
    });
  };
}

/**
 * What the store's automatic rollback of `app` writes, inside the rollback's transaction: its audit row
 * and its alert (one per rollback: decision 281). Both commit with the rollback, or neither.
 */
export function auditAutomaticRollback(app: string): RegistryAudit {
  const audit = auditRegistry({ name: 'service:auto-rollback', operatorId: null, address: 'store' }, 'release.rollback', `automatic rollback of ${app}`);
  return async (tx, record) => {
    await audit(tx, record);
    await recordOneOffIncident(tx, {
      kind: 'auto_rollback',
      subject: `${record.app}:${record.id}`,
      title: `${record.app} rolled back from ${record.from_version ?? '—'} to ${record.to_version}`,
      facts: { app: record.app, from_version: record.from_version, to_version: record.to_version, why: record.reason },
    });
  };
}

/**
 * What the offer experiments' guardrail writes when it stops a losing variant (decision 308), inside the
 * stop's transaction: its audit row and its alert. Both commit with the stop, or neither.
 */
export function auditExperimentStop(): RecordStop {
  const actor: Actor = { name: 'service:experiment-guardrail', operatorId: null, address: 'store' };
  return async (tx, stopped, experiment) => {
    await writeAudit(tx, actor, {
      action: 'experiment.variant_stopped',
      targetType: 'offer_experiment',
      targetId: `${stopped.experimentId}:${stopped.variant}`,
      after: { variant: stopped.variant, guardrail: stopped.guardrail, z: stopped.z, experiment_ended: stopped.experimentEnded },
      reason: stopped.because,
    });
    await recordOneOffIncident(tx, {
      kind: 'experiment_stopped',
      subject: `${stopped.experimentId}:${stopped.variant}`,
      title: `Offer experiment ${stopped.experimentId}: variant ${stopped.variant} stopped by its guardrail`,
      facts: { experiment: stopped.experimentId, game_id: experiment.gameId, area: experiment.area, product_id: experiment.productId, variant: stopped.variant, why: stopped.because },
    });
  };
}

/** What recording a release writes into the audit log, inside the transaction that records it. */
export function auditRelease(actor: Actor, reason: string): ReleaseAudit {
  return async (tx, release) => {
    await writeAudit(tx, actor, {
      action: 'release.record',
      targetType: 'app',
      targetId: release.app,
      after: { version: release.version, contract_ok: release.contract_ok, forced: release.forced, problems: release.contract_problems },
      reason,
    });
  };
}

/** What importing a catalogue file writes into the audit log, inside the import's transaction. */
export function auditCatalogueImport(actor: Actor, reason: string, requestKey: string | null = null, revert: { readonly revision: number; readonly retireAdded: boolean } | null = null) {
  return async (tx: Queryable, outcome: ImportOutcome): Promise<void> => {
    const recorded = await writeAudit(
      tx,
      actor,
      revert
        ? { action: 'catalogue.revert', targetType: 'catalogue', targetId: String(outcome.revision), after: { reverted_to: revert.revision, retired_added: revert.retireAdded, counts: outcome.counts }, reason, requestKey }
        : { action: 'catalogue.import', targetType: 'catalogue', targetId: String(outcome.revision), after: outcome.counts, reason, requestKey },
    );
    // The same request imported at this moment by another call: this import must not stay.
    if (!recorded) throw new Error('this catalogue import request is being done already');
    const large = outcome.largePriceChanges ?? [];
    if (large.length > 0) {
      // Published with the second confirmation: subscribers hear of it once, from the revision's own transaction.
      await recordOneOffIncident(tx, {
        kind: 'price_change',
        subject: `revision ${outcome.revision}`,
        title: `revision ${outcome.revision} changed ${large.length} price${large.length === 1 ? '' : 's'} by more than 50 %, published by ${actor.name}`,
        facts: {
          revision: outcome.revision,
          published_by: actor.name,
          reason,
          changes: large.slice(0, 20).map((change) => `${change.product_id}: ${change.from_minor} → ${change.to_minor} (${change.percent > 0 ? '+' : ''}${change.percent} %)`).join('; '),
        },
      });
    }
  };
}

/** An import made in the back office (a file, a revert, a published draft): who and why, the second confirmation, the store's checks, and its audit row. */
export function backOfficeImport(actor: Actor, reason: string, requestKey: string, confirmed: boolean | undefined, checks: CatalogueCheckOptions): ImportRecord {
  return {
    actor: actor.name,
    reason,
    source: 'back-office',
    confirmedLargePriceChanges: confirmed === true,
    checks,
    audit: auditCatalogueImport(actor, reason, requestKey),
  };
}
