import { useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { OpsDeskNote, OpsOrderRow, OpsTicket } from '@topup/shared/types';
import { opsCall } from '../lib/ops-client';
import { useOpsQuery } from '../lib/use-ops-query';
import { useOpsTranslation } from '../lib/use-ops-translation';
import { Empty, ErrorNote, Loading, StatusTag, useFormats } from '../app/parts';
import { OpsPageFrame } from '../app/OpsPageFrame';
import { CharacterRewards, type CharacterRewardsRow } from './CharacterRewards';

interface Player {
  readonly key: { readonly kind: 'email' | 'order' | 'ticket' | 'uid' | 'character' | 'name'; readonly value: string };
  readonly uids: readonly string[];
  readonly emails: readonly string[];
  readonly characters: readonly {
    game_id: number;
    area: string;
    server_id: string;
    server_name: string;
    role_id: string;
    role_name: string;
    uid: string;
    orders: number;
    last_order_at: string;
  }[];
  readonly orders: readonly (OpsOrderRow & { uid: string; receipt_email: string })[];
  readonly tickets: readonly OpsTicket[];
  readonly refunds: readonly { order_id: string; kind: string; amount_minor: number; currency: string; reason: string; refunded_at: string }[];
  readonly notes: readonly OpsDeskNote[];
  readonly more_orders: boolean;
  /** Each character's links, points and gifts (decisions 304, 305). */
  readonly rewards: readonly CharacterRewardsRow[];
}

const search = (q: string) => `/ops/player?q=${encodeURIComponent(q)}`;

/**
 * One player on one page (`#/ops/player?q=…`): found from an order, a ticket, a character, an account or
 * an e-mail address; their accounts, addresses, characters, orders, tickets, refunds and the desk's notes.
 */
export function PlayerPage() {
  const { t } = useOpsTranslation();
  const formats = useFormats();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [draft, setDraft] = useState(q);
  const player = useOpsQuery(`player:${q}`, () => (q ? opsCall<Player>('GET', `/player?q=${encodeURIComponent(q)}`) : Promise.resolve(null)));
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft.trim()) setParams({ q: draft.trim() });
  };
  const data = q ? player.data : null;
  const nothing = data && data.orders.length === 0 && data.tickets.length === 0;

  return (
    <OpsPageFrame title={data ? t(`player.found.${data.key.kind}`, { value: data.key.value }) : t('player.title')}>
      <form className="ops-filters ops-filters--one" role="search" aria-label={t('player.search')} onSubmit={submit}>
        <label className="ops-field ops-field--wide" htmlFor={`${id}-q`}>
          <span>{t('player.search')}</span>
          <input id={`${id}-q`} type="search" value={draft} maxLength={254} aria-describedby={`${id}-hint`} onChange={(event) => setDraft(event.target.value)} />
          <small id={`${id}-hint`} className="ops-muted">
            {t('player.searchHint')}
          </small>
        </label>
        <div className="ops-filters__buttons">
          <button type="submit" className="ops-button" disabled={!draft.trim()}>
            {t('player.searchButton')}
          </button>
        </div>
      </form>
      <ErrorNote error={q ? player.error : null} onRetry={player.reload} />
      {q && player.loading && !data ? <Loading /> : null}
      {nothing ? <Empty>{t('player.nothing')}</Empty> : null}
      {data && !nothing ? (
        <>
          <div className="ops-grid">
            <section className="ops-card" aria-labelledby={`${id}-who`}>
              <h2 id={`${id}-who`}>{t('player.characters')}</h2>
              <dl className="ops-facts">
                <dt>{t('player.accounts')}</dt>
                <dd>
                  {data.uids.length === 0
                    ? '—'
                    : data.uids.map((uid, index) => (
                        <span key={uid}>
                          {index > 0 ? ', ' : null}
                          <Link className="ops-mono" to={search(uid)}>
                            {uid}
                          </Link>
                        </span>
                      ))}
                </dd>
                <dt>{t('player.emails')}</dt>
                <dd>
                  {data.emails.length === 0
                    ? '—'
                    : data.emails.map((email, index) => (
                        <span key={email}>
                          {index > 0 ? ', ' : null}
                          <Link to={search(email)}>{email}</Link>
                        </span>
                      ))}
                </dd>
              </dl>
              <ul className="ops-list">
                {data.characters.map((c) => (
                  <li key={`${c.game_id}-${c.server_id}-${c.role_id}`}>
                    <Link to={search(c.role_id)}>{c.role_name || c.role_id}</Link> <span className="ops-muted ops-mono">{c.role_id}</span> · {c.server_name || c.server_id} ·{' '}
                    {c.game_id} {c.area} · <span className="ops-muted">{t('player.ordersCount', { count: c.orders, at: formats.time(c.last_order_at) })}</span>
                  </li>
                ))}
              </ul>
            </section>
            <section className="ops-card" aria-labelledby={`${id}-refunds`}>
              <h2 id={`${id}-refunds`}>{t('player.refunds')}</h2>
              {data.refunds.length === 0 ? <Empty>—</Empty> : null}
              <ul className="ops-list">
                {data.refunds.map((r, index) => (
                  <li key={`${r.order_id}-${index}`}>
                    {formats.money(r.amount_minor, r.currency)} · {t(`order.refundKind.${r.kind}`, { defaultValue: r.kind })} ·{' '}
                    <Link className="ops-mono" to={`/ops/orders/${encodeURIComponent(r.order_id)}`}>
                      {r.order_id}
                    </Link>{' '}
                    · {r.reason} · <span className="ops-muted">{formats.time(r.refunded_at)}</span>
                  </li>
                ))}
              </ul>
            </section>
          </div>

          {data.rewards.length > 0 ? (
            <section aria-label={t('player.rewards.title')}>
              <div className="ops-grid">
                {data.rewards.map((row) => (
                  <CharacterRewards key={`${row.game_id}-${row.server_id}-${row.role_id}`} row={row} onChanged={player.reload} />
                ))}
              </div>
            </section>
          ) : null}

          <section className="ops-card" aria-labelledby={`${id}-orders`}>
            <h2 id={`${id}-orders`}>{t('player.orders')}</h2>
            {data.orders.length === 0 ? <Empty>—</Empty> : null}
            {data.orders.length > 0 ? (
              <div className="ops-table-wrap">
                <table className="ops-table">
                  <caption className="visually-hidden">{t('player.orders')}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('orders.col.order')}</th>
                      <th scope="col">{t('orders.col.placed')}</th>
                      <th scope="col">{t('orders.col.status')}</th>
                      <th scope="col">{t('orders.col.character')}</th>
                      <th scope="col">{t('orders.col.bundle')}</th>
                      <th scope="col" className="ops-num">
                        {t('orders.col.amount')}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.orders.map((row) => (
                      <tr key={row.order_id}>
                        <td>
                          <Link to={`/ops/orders/${encodeURIComponent(row.order_id)}`} className="ops-mono">
                            {row.order_id}
                          </Link>
                          {row.disputed ? <span className="ops-tag ops-tag--disputed">{t('order.disputed')}</span> : null}
                        </td>
                        <td>{formats.time(row.created_at)}</td>
                        <td>
                          <StatusTag status={row.status} />
                        </td>
                        <td>
                          {row.role_name} <span className="ops-muted ops-mono">{row.role_id}</span>
                        </td>
                        <td>{row.product_name}</td>
                        <td className="ops-num">{formats.money(row.amount_minor, row.currency)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            ) : null}
            {data.more_orders ? <p className="ops-muted">{t('player.moreOrders')}</p> : null}
          </section>

          <div className="ops-grid">
            <section className="ops-card" aria-labelledby={`${id}-tickets`}>
              <h2 id={`${id}-tickets`}>{t('player.tickets')}</h2>
              {data.tickets.length === 0 ? <Empty>—</Empty> : null}
              <ul className="ops-list">
                {data.tickets.map((ticket) => (
                  <li key={ticket.reference}>
                    <Link className="ops-mono" to={`/ops/tickets?status=all&ticket=${encodeURIComponent(ticket.reference)}`}>
                      {ticket.reference}
                    </Link>{' '}
                    <StatusTag status={ticket.status} /> {ticket.assignee ? <span className="ops-muted">· {ticket.assignee}</span> : null}
                    <div className="ops-queue__line">{ticket.message}</div>
                    <span className="ops-muted">
                      {ticket.email} · {formats.time(ticket.created_at)}
                      {ticket.linked_order_id || ticket.order_id ? ` · ${ticket.linked_order_id ?? ticket.order_id}` : ''}
                    </span>
                  </li>
                ))}
              </ul>
            </section>
            <section className="ops-card" aria-labelledby={`${id}-notes`}>
              <h2 id={`${id}-notes`}>{t('player.notes')}</h2>
              {data.notes.length === 0 ? <Empty>{t('notes.empty')}</Empty> : null}
              <ul className="ops-list">
                {data.notes.map((note) => (
                  <li key={note.id}>
                    <span className="ops-muted">{t(`player.noteOn.${note.target_type}`, { id: note.target_id })}</span>
                    <p className="ops-note-body">{note.body}</p>
                    <span className="ops-muted">{t('notes.by', { by: note.author, at: formats.time(note.created_at) })}</span>
                  </li>
                ))}
              </ul>
            </section>
          </div>
        </>
      ) : null}
    </OpsPageFrame>
  );
}
