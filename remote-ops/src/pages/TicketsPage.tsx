import { useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { newRequestKey, opsCall, OpsApiError } from '../lib/ops-client';
import { useSession } from '../lib/session';
import { useOpsQuery } from '../lib/use-ops-query';
import { useOpsTranslation } from '../lib/use-ops-translation';
import { Empty, ErrorNote, Loading, StatusTag, useFormats } from '../app/parts';
import { OpsPageFrame } from '../app/OpsPageFrame';
import type { OpsTicket as Ticket } from '@topup/shared/types';

const FILTERS = ['open', 'answered', 'closed', 'all'] as const;

function TicketDetail({ ticket, onChanged }: { readonly ticket: Ticket; readonly onChanged: (updated: Ticket) => void }) {
  const { t } = useOpsTranslation();
  const formats = useFormats();
  const session = useSession();
  const [answer, setAnswer] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<OpsApiError | null>(null);
  const [note, setNote] = useState('');
  const [requestKey, setRequestKey] = useState(newRequestKey);
  const answerId = useId();

  const send = async (body: { answer?: string; status?: string }) => {
    setBusy(true);
    setError(null);
    try {
      const answered = await opsCall<{ ticket: Ticket }>('POST', `/tickets/${encodeURIComponent(ticket.reference)}`, { ...body, request_key: requestKey });
      setNote(t(body.answer ? 'tickets.sent' : 'tickets.updated'));
      setAnswer('');
      setRequestKey(newRequestKey());
      onChanged(answered.ticket);
    } catch (failure) {
      setError(failure instanceof OpsApiError ? failure : new OpsApiError(0, 'network', String(failure)));
    } finally {
      setBusy(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (answer.trim()) void send({ answer: answer.trim() });
  };

  return (
    <article className="ops-card" aria-labelledby={`ticket-${ticket.reference}`}>
      <h2 id={`ticket-${ticket.reference}`}>
        {ticket.reference} <StatusTag status={ticket.status} />
      </h2>
      <dl className="ops-facts">
        <dt>{t('tickets.from')}</dt>
        <dd>
          {ticket.email} · {t(`language.${ticket.locale}`, { defaultValue: ticket.locale })}
        </dd>
        <dt>{t('tickets.received')}</dt>
        <dd>{formats.time(ticket.created_at)}</dd>
        <dt>{t('tickets.order')}</dt>
        <dd>
          {ticket.order_id ? (
            ticket.order_found ? (
              <Link className="ops-mono" to={`/ops/orders/${encodeURIComponent(ticket.order_id)}`}>
                {ticket.order_id}
              </Link>
            ) : (
              <span>
                <span className="ops-mono">{ticket.order_id}</span> <span className="ops-muted">({t('tickets.orderUnknown')})</span>
              </span>
            )
          ) : (
            '—'
          )}
        </dd>
      </dl>
      <blockquote className="ops-quote">{ticket.message}</blockquote>
      {ticket.answer ? (
        <div className="ops-answer">
          <h3>{t('tickets.lastAnswer', { by: ticket.answered_by, at: formats.time(ticket.answered_at) })}</h3>
          <p>{ticket.answer}</p>
        </div>
      ) : null}
      {note ? (
        <p className="ops-note ops-note--ok" role="status">
          {note}
        </p>
      ) : null}
      <ErrorNote error={error} />
      {session.may('tickets.act') ? (
        <form onSubmit={submit}>
          <label className="ops-field" htmlFor={answerId}>
            <span>{t('tickets.answer', { language: t(`language.${ticket.locale}`, { defaultValue: ticket.locale }) })}</span>
            <textarea id={answerId} rows={5} maxLength={5000} value={answer} onChange={(e) => setAnswer(e.target.value)} />
          </label>
          <div className="ops-actions">
            <button type="submit" className="ops-button" disabled={busy || !answer.trim()}>
              {t('tickets.send')}
            </button>
            {ticket.status !== 'closed' ? (
              <button type="button" className="ops-button ops-button--quiet" disabled={busy} onClick={() => void send({ status: 'closed' })}>
                {t('tickets.close')}
              </button>
            ) : (
              <button type="button" className="ops-button ops-button--quiet" disabled={busy} onClick={() => void send({ status: 'open' })}>
                {t('tickets.reopen')}
              </button>
            )}
          </div>
        </form>
      ) : null}
    </article>
  );
}

/** Tickets from the help page's contact form: the queue, a ticket, the answer by e-mail. */
export function TicketsPage() {
  const { t } = useOpsTranslation();
  const formats = useFormats();
  const [params, setParams] = useSearchParams();
  const status = params.get('status') ?? 'open';
  const selected = params.get('ticket');
  const list = useOpsQuery(status, () => opsCall<{ tickets: Ticket[] }>('GET', `/tickets?status=${encodeURIComponent(status)}`));
  const tickets = list.data?.tickets ?? [];
  // The ticket just answered or closed stays open here even when it leaves the list's filter.
  const [current, setCurrent] = useState<Ticket | null>(null);
  const ticket = tickets.find((x) => x.reference === selected) ?? (current?.reference === selected ? current : null);
  return (
    <OpsPageFrame title={t('tickets.title')}>
      <div className="ops-tabs" role="group" aria-label={t('tickets.filter')}>
        {FILTERS.map((filter) => (
          <button key={filter} type="button" className={`ops-button ops-button--quiet${filter === status ? ' is-active' : ''}`} aria-pressed={filter === status} onClick={() => setParams({ status: filter })}>
            {t(`tickets.status.${filter}`)}
          </button>
        ))}
      </div>
      <ErrorNote error={list.error} onRetry={list.reload} />
      {list.loading && !list.data ? <Loading /> : null}
      {list.data && tickets.length === 0 ? <Empty>{t('tickets.empty')}</Empty> : null}
      <div className="ops-split">
        {tickets.length > 0 ? (
          <ul className="ops-queue">
            {tickets.map((x) => (
              <li key={x.reference}>
                <button type="button" className={`ops-queue__item${x.reference === selected ? ' is-active' : ''}`} aria-current={x.reference === selected} onClick={() => setParams({ status, ticket: x.reference })}>
                  <span className="ops-mono">{x.reference}</span> <StatusTag status={x.status} />
                  <span className="ops-queue__line">{x.message}</span>
                  <span className="ops-muted">
                    {x.email} · {formats.time(x.created_at)}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        {ticket ? (
          <TicketDetail
            key={ticket.reference}
            ticket={ticket}
            onChanged={(updated) => {
              setCurrent(updated);
              list.reload();
            }}
          />
        ) : null}
      </div>
    </OpsPageFrame>
  );
}
