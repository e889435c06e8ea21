import { useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { newRequestKey, opsCall, OpsApiError } from '../lib/ops-client';
import { useSession } from '../lib/session';
import { useOpsQuery } from '../lib/use-ops-query';
import { useOpsTranslation } from '../lib/use-ops-translation';
import { Empty, ErrorNote, Loading, StatusTag, useFormats } from '../app/parts';
import { OpsPageFrame } from '../app/OpsPageFrame';
import { DeskNotes } from '../app/DeskNotes';
import type { OpsDeskNote, OpsTicket as Ticket } from '@topup/shared/types';

const FILTERS = ['open', 'answered', 'closed', 'all'] as const;
/** Whose tickets the queue shows: the signed-in agent's, nobody's, everyone's. */
const ASSIGNEES = [
  ['me', 'tickets.assignee.mine'],
  ['nobody', 'tickets.assignee.unassigned'],
  ['', 'tickets.assignee.all'],
] as const;

interface Agent {
  readonly id: number;
  readonly email: string;
}

/** Who has the ticket and which order it is about: changed by the desk's roles, each change audited. */
function TicketDesk({ ticket, agents, onChanged }: { readonly ticket: Ticket; readonly agents: readonly Agent[]; readonly onChanged: (updated: Ticket, said: string) => void }) {
  const { t } = useOpsTranslation();
  const [agent, setAgent] = useState(ticket.assignee_id === null ? '' : String(ticket.assignee_id));
  const [order, setOrder] = useState(ticket.linked_order_id ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<OpsApiError | null>(null);
  const agentId = useId();
  const orderId = useId();
  const change = async (path: string, body: Record<string, unknown>, said: string) => {
    setBusy(true);
    setError(null);
    try {
      const answer = await opsCall<{ ticket: Ticket }>('POST', `/tickets/${encodeURIComponent(ticket.reference)}/${path}`, { ...body, request_key: newRequestKey() });
      onChanged(answer.ticket, t(said));
    } catch (failure) {
      setError(failure instanceof OpsApiError ? failure : new OpsApiError(0, 'network', String(failure)));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="ops-ticket-desk">
      <form
        className="ops-inline-form"
        onSubmit={(event) => {
          event.preventDefault();
          void change('assign', { operator_id: agent ? Number(agent) : null }, 'tickets.assigned');
        }}
      >
        <label className="ops-field" htmlFor={agentId}>
          <span>{t('tickets.assignee.assign')}</span>
          <select id={agentId} value={agent} onChange={(event) => setAgent(event.target.value)}>
            <option value="">{t('tickets.assignee.nobody')}</option>
            {agents.map((a) => (
              <option key={a.id} value={String(a.id)}>
                {a.email}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="ops-button ops-button--quiet" disabled={busy}>
          {t('tickets.assignee.save')}
        </button>
      </form>
      <form
        className="ops-inline-form"
        onSubmit={(event) => {
          event.preventDefault();
          void change('link', { order_id: order.trim() || null }, 'tickets.linked');
        }}
      >
        <label className="ops-field" htmlFor={orderId}>
          <span>{t('tickets.link.label')}</span>
          <input id={orderId} className="ops-mono" value={order} maxLength={64} onChange={(event) => setOrder(event.target.value)} />
        </label>
        <button type="submit" className="ops-button ops-button--quiet" disabled={busy}>
          {t('tickets.link.save')}
        </button>
      </form>
      <ErrorNote error={error} />
    </div>
  );
}

function TicketDetail({ ticket, agents, onChanged }: { readonly ticket: Ticket; readonly agents: readonly Agent[]; readonly onChanged: (updated: Ticket) => void }) {
  const { t } = useOpsTranslation();
  const formats = useFormats();
  const session = useSession();
  const [answer, setAnswer] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<OpsApiError | null>(null);
  const [note, setNote] = useState('');
  const [requestKey, setRequestKey] = useState(newRequestKey);
  const answerId = useId();
  const detail = useOpsQuery(`ticket:${ticket.reference}`, () => opsCall<{ notes: OpsDeskNote[] }>('GET', `/tickets/${encodeURIComponent(ticket.reference)}`));
  const [notes, setNotes] = useState<readonly OpsDeskNote[] | null>(null);
  const shownOrder = ticket.linked_order_id ?? ticket.order_id;

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
          {shownOrder ? (
            ticket.order_found ? (
              <Link className="ops-mono" to={`/ops/orders/${encodeURIComponent(shownOrder)}`}>
                {shownOrder}
              </Link>
            ) : (
              <span>
                <span className="ops-mono">{shownOrder}</span> <span className="ops-muted">({t('tickets.orderUnknown')})</span>
              </span>
            )
          ) : (
            '—'
          )}
          {ticket.linked_order_id && ticket.order_id && ticket.order_id !== ticket.linked_order_id ? (
            <span className="ops-muted"> ({t('tickets.link.typed', { id: ticket.order_id })})</span>
          ) : null}
        </dd>
        <dt>{t('tickets.assignee.label')}</dt>
        <dd>{ticket.assignee ?? t('tickets.assignee.nobody')}</dd>
      </dl>
      <p>
        <Link to={`/ops/player?q=${encodeURIComponent(ticket.reference)}`}>{t('player.open')}</Link>
      </p>
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
        <TicketDesk
          ticket={ticket}
          agents={agents}
          onChanged={(updated, said) => {
            setNote(said);
            onChanged(updated);
          }}
        />
      ) : null}
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
      <DeskNotes
        id={`ticket-${ticket.reference}`}
        notes={notes ?? detail.data?.notes ?? []}
        postPath={session.may('tickets.act') ? `/tickets/${encodeURIComponent(ticket.reference)}/notes` : null}
        onAdded={(added) => setNotes(added)}
      />
    </article>
  );
}

/** Tickets from the help page's contact form: the queue, a ticket, the answer by e-mail. */
export function TicketsPage() {
  const { t } = useOpsTranslation();
  const formats = useFormats();
  const [params, setParams] = useSearchParams();
  const status = params.get('status') ?? 'open';
  const assignee = params.get('assignee') ?? '';
  const selected = params.get('ticket');
  const list = useOpsQuery(`${status}:${assignee}`, () =>
    opsCall<{ tickets: Ticket[] }>('GET', `/tickets?status=${encodeURIComponent(status)}${assignee ? `&assignee=${encodeURIComponent(assignee)}` : ''}`),
  );
  const agents = useOpsQuery('desk-agents', () => opsCall<{ agents: Agent[] }>('GET', '/desk/agents'));
  const show = (next: Record<string, string>) => {
    const merged = { status, ...(assignee ? { assignee } : {}), ...(selected ? { ticket: selected } : {}), ...next };
    setParams(Object.fromEntries(Object.entries(merged).filter(([, value]) => value !== '')));
  };
  const tickets = list.data?.tickets ?? [];
  // The ticket just answered or closed stays open here even when it leaves the list's filter.
  const [current, setCurrent] = useState<Ticket | null>(null);
  const ticket = tickets.find((x) => x.reference === selected) ?? (current?.reference === selected ? current : null);
  return (
    <OpsPageFrame title={t('tickets.title')}>
      <div className="ops-tabs" role="group" aria-label={t('tickets.filter')}>
        {FILTERS.map((filter) => (
          <button key={filter} type="button" className={`ops-button ops-button--quiet${filter === status ? ' is-active' : ''}`} aria-pressed={filter === status} onClick={() => show({ status: filter, ticket: '' })}>
            {t(`tickets.status.${filter}`)}
          </button>
        ))}
      </div>
      <div className="ops-tabs" role="group" aria-label={t('tickets.assignee.filter')}>
        {ASSIGNEES.map(([value, label]) => (
          <button key={label} type="button" className={`ops-button ops-button--quiet${value === assignee ? ' is-active' : ''}`} aria-pressed={value === assignee} onClick={() => show({ assignee: value })}>
            {t(label)}
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
                <button type="button" className={`ops-queue__item${x.reference === selected ? ' is-active' : ''}`} aria-current={x.reference === selected} onClick={() => show({ ticket: x.reference })}>
                  <span className="ops-mono">{x.reference}</span> <StatusTag status={x.status} />
                  <span className="ops-queue__line">{x.message}</span>
                  <span className="ops-muted">
                    {x.email} · {formats.time(x.created_at)}
                    {x.assignee ? ` · ${x.assignee}` : ''}
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
            agents={agents.data?.agents ?? []}
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
