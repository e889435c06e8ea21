import { useId, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { OpsDeskNote, OpsTicket } from '@topup/shared/types';
import { opsCall, OpsApiError } from '../lib/ops-client';
import { useSession } from '../lib/session';
import { useOpsQuery } from '../lib/use-ops-query';
import { useOpsTranslation } from '../lib/use-ops-translation';
import { ActionDialog, Empty, ErrorNote, Loading, minorPerUnit, StatusTag, useFormats } from '../app/parts';
import { DeskNotes } from '../app/DeskNotes';

interface DeskEvent {
  readonly event: string;
  readonly at: string;
  readonly attempt: number | null;
  readonly next_attempt_at: string | null;
  readonly detail: string;
}

interface Dossier {
  readonly order: {
    readonly order_id: string;
    readonly status: string;
    readonly game_id: number;
    readonly area: string;
    readonly server_id: string;
    readonly server_name: string;
    readonly role_id: string;
    readonly role_name: string;
    readonly uid: string;
    readonly product_id: string;
    readonly product_name: string;
    readonly first_buy: boolean;
    readonly promised_items: { items: { name: string; quantity: number }[]; firstBuy: { name: string; quantity: number }[]; bonus: { name: string; quantity: number }[] } | null;
    readonly pay_type: string;
    readonly discount_code: string;
    readonly list_price_minor: number;
    readonly discount_minor: number;
    readonly amount_minor: number;
    readonly currency: string;
    readonly payment_provider: string;
    readonly created_at: string;
    readonly paid_at: string | null;
    readonly delivered_at: string | null;
    readonly refunded_at: string | null;
    readonly refund_requested_at: string | null;
    readonly disputed_at: string | null;
    readonly mail_id: string | null;
    readonly receipt_email: string;
    readonly locale: string;
  };
  readonly events: readonly DeskEvent[];
  readonly payments: readonly { provider: string; event_id: string; result: string; amount_minor: number; currency: string; duplicate: boolean; received_at: string }[];
  readonly refunds: readonly { kind: string; provider: string; refund_id: string; amount_minor: number; currency: string; reason: string; refunded_at: string }[];
  readonly jobs: readonly { job: string; payment_id: string; attempts: number; due_at: string; last_error: string }[];
  readonly receipt: { recipient: string; subject: string; attempts: number; sent_at: string | null; failed_at: string | null; last_error: string } | null;
  readonly audit: readonly { id: number; at: string; actor: string; action: string; reason: string }[];
  readonly findings: readonly string[];
  readonly tickets: readonly OpsTicket[];
  readonly notes: readonly OpsDeskNote[];
}

type Action = 'resend_mail' | 'retry_delivery' | 'refund' | 'partial_refund' | 'mark_disputed';

/** One order as the support desk sees it: what was bought and paid, the character, the whole timeline, and the actions. */
export function OrderPage() {
  const { t } = useOpsTranslation();
  const formats = useFormats();
  const session = useSession();
  const { orderId = '' } = useParams();
  const dossier = useOpsQuery(orderId, () => opsCall<Dossier>('GET', `/orders/${encodeURIComponent(orderId)}`));
  const [action, setAction] = useState<Action | null>(null);
  const [done, setDone] = useState<string>('');
  const [amount, setAmount] = useState('');
  const [notes, setNotes] = useState<readonly OpsDeskNote[] | null>(null);
  const amountId = useId();

  if (dossier.loading && !dossier.data) return <Loading />;
  if (dossier.error && !dossier.data) {
    return (
      <section className="ops-page">
        <h1 tabIndex={-1}>{t('order.title', { id: orderId })}</h1>
        <ErrorNote error={dossier.error} onRetry={dossier.error.status === 404 ? undefined : dossier.reload} />
        <Link to="/ops/orders">{t('order.back')}</Link>
      </section>
    );
  }
  const data = dossier.data as Dossier;
  const order = data.order;
  const waitingDelivery = data.jobs.some((job) => job.job === 'deliver');
  const canAct = session.may('orders.act');
  // The order's own money given back so far, or on its way back (parts queued).
  const refunded = data.refunds.filter((r) => r.kind !== 'duplicate_payment').reduce((sum, r) => sum + r.amount_minor, 0);
  const queued = data.jobs.filter((job) => job.job === 'refund_part').length > 0;
  const left = order.amount_minor - refunded;
  // A delivery still waiting (paid, or delivering and failing) is stopped by the refund first.
  const stopsDelivery = order.status === 'paid' || order.status === 'delivering';
  const actions: { action: Action; shown: boolean; danger?: boolean }[] = [
    { action: 'resend_mail', shown: order.status === 'delivered' },
    { action: 'retry_delivery', shown: waitingDelivery },
    { action: 'refund', shown: (stopsDelivery || order.status === 'delivered') && !order.refund_requested_at && left > 0, danger: true },
    { action: 'partial_refund', shown: order.status === 'delivered' && !order.refund_requested_at && left > 0, danger: true },
    { action: 'mark_disputed', shown: !order.disputed_at },
  ];
  const unit = minorPerUnit(order.currency);
  const amountMinor = Math.round(Number(amount) * unit);
  const items = order.promised_items ? [...order.promised_items.items, ...(order.first_buy ? order.promised_items.firstBuy : order.promised_items.bonus)] : [];

  const run = async (chosen: Action, reason: string, requestKey: string) => {
    const outcome = await opsCall<{ done: boolean }>('POST', `/orders/${encodeURIComponent(order.order_id)}/actions`, {
      action: chosen,
      reason,
      request_key: requestKey,
      ...(chosen === 'resend_mail' ? { confirmed: true } : {}),
      ...(chosen === 'partial_refund' ? { amount_minor: amountMinor } : {}),
    });
    setAmount('');
    setDone(t(outcome.done ? `action.${chosen}.done` : 'action.repeated'));
    dossier.reload();
  };

  return (
    <section className="ops-page">
      <p>
        <Link to="/ops/orders">{t('order.back')}</Link>
      </p>
      <header className="ops-page__head">
        <h1 tabIndex={-1}>
          {t('order.title', { id: order.order_id })} <StatusTag status={order.status} />
        </h1>
        <Link className="ops-button ops-button--quiet" to={`/ops/player?q=${encodeURIComponent(order.order_id)}`}>
          {t('player.open')}
        </Link>
      </header>
      <div className="ops-flags">
        {order.disputed_at ? <span className="ops-tag ops-tag--disputed">{t('order.disputed')}</span> : null}
        {order.refund_requested_at && order.status !== 'refunded' ? <span className="ops-tag ops-tag--pending">{t('order.refundPending')}</span> : null}
        {order.refunded_at && order.delivered_at ? <span className="ops-tag ops-tag--warning">{t('order.refundedAfterDelivery')}</span> : null}
        {data.findings.map((finding) => (
          <span key={finding} className="ops-tag ops-tag--warning">
            {t(`finding.${finding}`)}
          </span>
        ))}
      </div>
      {done ? (
        <p className="ops-note ops-note--ok" role="status">
          {done}
        </p>
      ) : null}
      {canAct ? (
        <div className="ops-actions" aria-label={t('order.actions')} role="group">
          {actions
            .filter((a) => a.shown)
            .map((a) => (
              <button key={a.action} type="button" className={`ops-button${a.danger ? ' ops-button--danger' : ' ops-button--quiet'}`} onClick={() => setAction(a.action)}>
                {t(`action.${a.action}.button`)}
              </button>
            ))}
        </div>
      ) : null}

      <div className="ops-grid">
        <section className="ops-card" aria-labelledby="order-bought">
          <h2 id="order-bought">{t('order.bought')}</h2>
          <dl className="ops-facts">
            <dt>{t('order.bundle')}</dt>
            <dd>
              {order.product_name} <span className="ops-muted ops-mono">{order.product_id}</span>
            </dd>
            {items.length > 0 ? (
              <>
                <dt>{t('order.items')}</dt>
                <dd>{items.map((item) => `${item.name} × ${item.quantity}`).join(', ')}</dd>
              </>
            ) : null}
            <dt>{t('order.listPrice')}</dt>
            <dd>{formats.money(order.list_price_minor, order.currency)}</dd>
            <dt>{t('order.discount')}</dt>
            <dd>{order.discount_code ? `${order.discount_code} (−${formats.money(order.discount_minor, order.currency)})` : '—'}</dd>
            <dt>{t('order.paid')}</dt>
            <dd>
              <strong>{formats.money(order.amount_minor, order.currency)}</strong> · {order.pay_type || '—'} · {order.payment_provider}
            </dd>
            <dt>{t('order.receipt')}</dt>
            <dd>
              {data.receipt
                ? `${data.receipt.recipient} — ${data.receipt.sent_at ? t('order.receiptSent', { at: formats.time(data.receipt.sent_at) }) : data.receipt.failed_at ? t('order.receiptFailed', { error: data.receipt.last_error }) : t('order.receiptWaiting')}`
                : order.receipt_email || '—'}
            </dd>
          </dl>
        </section>
        <section className="ops-card" aria-labelledby="order-character">
          <h2 id="order-character">{t('order.character')}</h2>
          <dl className="ops-facts">
            <dt>{t('order.characterName')}</dt>
            <dd>{order.role_name || '—'}</dd>
            <dt>{t('order.characterId')}</dt>
            <dd className="ops-mono">{order.role_id}</dd>
            <dt>{t('order.server')}</dt>
            <dd>
              {order.server_name || order.server_id} <span className="ops-muted">({order.server_id})</span>
            </dd>
            <dt>{t('order.game')}</dt>
            <dd>
              {order.game_id} · {order.area}
            </dd>
            <dt>{t('order.account')}</dt>
            <dd className="ops-mono">{order.uid || '—'}</dd>
            <dt>{t('order.mail')}</dt>
            <dd className="ops-mono">{order.mail_id ?? '—'}</dd>
          </dl>
        </section>
      </div>

      <section className="ops-card" aria-labelledby="order-timeline">
        <h2 id="order-timeline">{t('order.timeline')}</h2>
        <ol className="ops-timeline">
          {data.events.map((event, index) => (
            <li key={`${event.event}-${index}`} className={`ops-timeline__item ops-timeline__item--${event.event}`}>
              <span className="ops-timeline__what">{t(`event.${event.event}`, { defaultValue: event.event })}</span>
              <time className="ops-muted">{formats.time(event.at)}</time>
              {event.attempt ? <span className="ops-muted">{t('order.attempt', { n: event.attempt })}</span> : null}
              {event.detail ? <span className="ops-timeline__detail">{event.detail}</span> : null}
              {event.next_attempt_at ? <span className="ops-muted">{t('order.nextAttempt', { at: formats.time(event.next_attempt_at) })}</span> : null}
            </li>
          ))}
        </ol>
        {data.jobs.length > 0 ? (
          <>
            <h3>{t('order.openJobs')}</h3>
            <ul className="ops-list">
              {data.jobs.map((job) => (
                <li key={`${job.job}-${job.payment_id}`}>
                  {t(`job.${job.job}`, { defaultValue: job.job })} · {t('order.attempt', { n: job.attempts })} · {t('order.due', { at: formats.time(job.due_at) })}
                  {job.last_error ? <span className="ops-error-text"> — {job.last_error}</span> : null}
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </section>

      <div className="ops-grid">
        <section className="ops-card" aria-labelledby="order-payments">
          <h2 id="order-payments">{t('order.payments')}</h2>
          {data.payments.length === 0 ? <Empty>{t('order.noPayments')}</Empty> : null}
          <ul className="ops-list">
            {data.payments.map((p) => (
              <li key={`${p.provider}-${p.event_id}`}>
                <StatusTag status={p.result} /> {formats.money(p.amount_minor, p.currency)} · {p.provider} <span className="ops-mono ops-muted">{p.event_id}</span> ·{' '}
                {formats.time(p.received_at)}
                {p.duplicate ? <span className="ops-tag ops-tag--warning">{t('order.duplicatePayment')}</span> : null}
              </li>
            ))}
          </ul>
          {data.refunds.length > 0 || queued ? (
            <>
              <h3>{t('order.refunds')}</h3>
              <p>{t('order.refundedSoFar', { refunded: formats.money(refunded, order.currency), paid: formats.money(order.amount_minor, order.currency) })}</p>
              <ul className="ops-list">
                {data.refunds.map((r) => (
                  <li key={r.refund_id}>
                    {formats.money(r.amount_minor, r.currency)} · {t(`order.refundKind.${r.kind}`, { defaultValue: r.kind })} · {r.reason} ·{' '}
                    <span className="ops-mono ops-muted">{r.refund_id}</span> · {formats.time(r.refunded_at)}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </section>
        <section className="ops-card" aria-labelledby="order-audit">
          <h2 id="order-audit">{t('order.audit')}</h2>
          {data.audit.length === 0 ? <Empty>{t('order.noAudit')}</Empty> : null}
          <ul className="ops-list">
            {data.audit.map((a) => (
              <li key={a.id}>
                <strong>{t(`audit.action.${a.action}`, { defaultValue: a.action })}</strong> · {a.actor} · {formats.time(a.at)}
                {a.reason ? <div className="ops-muted">“{a.reason}”</div> : null}
              </li>
            ))}
          </ul>
          <Link to={`/ops/audit?target_id=${encodeURIComponent(order.order_id)}`}>{t('order.fullAudit')}</Link>
        </section>
      </div>

      <div className="ops-grid">
        <section className="ops-card" aria-labelledby="order-tickets">
          <h2 id="order-tickets">{t('tickets.about')}</h2>
          {data.tickets.length === 0 ? <Empty>{t('tickets.none')}</Empty> : null}
          <ul className="ops-list">
            {data.tickets.map((ticket) => (
              <li key={ticket.reference}>
                <Link className="ops-mono" to={`/ops/tickets?status=all&ticket=${encodeURIComponent(ticket.reference)}`}>
                  {ticket.reference}
                </Link>{' '}
                <StatusTag status={ticket.status} /> · {ticket.email} · {formats.time(ticket.created_at)}
                {ticket.assignee ? <span className="ops-muted"> · {ticket.assignee}</span> : null}
                <div className="ops-queue__line">{ticket.message}</div>
              </li>
            ))}
          </ul>
        </section>
        <DeskNotes
          id="order"
          notes={notes ?? data.notes}
          postPath={canAct ? `/orders/${encodeURIComponent(order.order_id)}/notes` : null}
          onAdded={(added) => setNotes(added)}
        />
      </div>

      {action ? (
        <ActionDialog
          title={t(`action.${action}.title`)}
          description={action === 'refund' && stopsDelivery ? t('action.refund.stopDescription') : t(`action.${action}.description`)}
          confirmLabel={t(`action.${action}.button`)}
          confirmation={action === 'resend_mail' ? t('action.resend_mail.confirm') : undefined}
          danger={action === 'refund' || action === 'partial_refund'}
          onConfirm={async (reason, requestKey) => {
            if (action === 'partial_refund' && !(amountMinor > 0 && amountMinor <= left)) throw new OpsApiError(400, amountMinor > left ? 'amountTooLarge' : 'amountRequired', '');
            await run(action, reason, requestKey);
          }}
          onClose={() => setAction(null)}
        >
          {action === 'partial_refund' ? (
            <label className="ops-field" htmlFor={amountId}>
              <span>{t('action.partial_refund.amount', { currency: order.currency, left: formats.money(left, order.currency) })}</span>
              <input id={amountId} type="number" inputMode="decimal" step="any" required value={amount} onChange={(e) => setAmount(e.target.value)} />
            </label>
          ) : null}
        </ActionDialog>
      ) : null}
    </section>
  );
}
