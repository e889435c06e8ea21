import { useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { opsCall, withQuery } from '../lib/ops-client';
import { useOpsQuery } from '../lib/use-ops-query';
import { useOpsTranslation } from '../lib/use-ops-translation';
import { Empty, ErrorNote, Loading, minorPerUnit, StatusTag, useFormats } from '../app/parts';
import { OpsPageFrame } from '../app/OpsPageFrame';
import type { OpsOrderRow, OpsPage } from '@topup/shared/types';

const STATUSES = ['created', 'paid', 'delivering', 'delivered', 'declined', 'expired', 'delivery_failed', 'refunded'];
const FIELDS = ['order_id', 'character', 'email', 'uid', 'game_id', 'server_id', 'status', 'pay_type', 'currency', 'from', 'to', 'min', 'max'] as const;
type Field = (typeof FIELDS)[number];

/** The filters in the address (#/ops/orders?character=…), so a filtered list can be shared and reloaded. */
function apiQuery(params: URLSearchParams, after?: string): Record<string, string | undefined> {
  const currency = params.get('currency') || '';
  const unit = minorPerUnit(currency || 'USD');
  const amount = (value: string | null) => (value && Number.isFinite(Number(value)) ? String(Math.round(Number(value) * unit)) : undefined);
  const day = (value: string | null, end: boolean) => (value ? (end ? new Date(Date.parse(value) + 86_400_000).toISOString().slice(0, 10) : value) : undefined);
  return {
    order_id: params.get('order_id') || undefined,
    character: params.get('character') || undefined,
    email: params.get('email') || undefined,
    uid: params.get('uid') || undefined,
    game_id: params.get('game_id') || undefined,
    server_id: params.get('server_id') || undefined,
    status: params.get('status') || undefined,
    pay_type: params.get('pay_type') || undefined,
    currency: currency || undefined,
    from: day(params.get('from'), false),
    to: day(params.get('to'), true),
    min_amount: amount(params.get('min')),
    max_amount: amount(params.get('max')),
    after,
  };
}

/** The support desk's orders list: filters, newest first, pages of 50, CSV of the filtered list. */
export function OrdersPage() {
  const { t } = useOpsTranslation();
  const formats = useFormats();
  const [params, setParams] = useSearchParams();
  const [draft, setDraft] = useState<Record<Field, string>>(() => Object.fromEntries(FIELDS.map((f) => [f, params.get(f) ?? ''])) as Record<Field, string>);
  const [more, setMore] = useState<OpsOrderRow[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const key = params.toString();
  const list = useOpsQuery(key, async () => {
    const page = await opsCall<OpsPage<OpsOrderRow>>('GET', withQuery('/orders', apiQuery(params)));
    setMore([]);
    setNext(page.next);
    return page;
  });
  const id = useId();

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams();
    for (const field of FIELDS) if (draft[field].trim()) next.set(field, draft[field].trim());
    setParams(next);
  };
  const clear = () => {
    setDraft(Object.fromEntries(FIELDS.map((f) => [f, ''])) as Record<Field, string>);
    setParams(new URLSearchParams());
  };
  const loadMore = async () => {
    if (!next) return;
    setLoadingMore(true);
    try {
      const page = await opsCall<OpsPage<OpsOrderRow>>('GET', withQuery('/orders', apiQuery(params, next)));
      setMore((rows) => [...rows, ...page.rows]);
      setNext(page.next);
    } finally {
      setLoadingMore(false);
    }
  };
  const field = (name: Field, type = 'text', extra: Record<string, string> = {}) => (
    <label className="ops-field" htmlFor={`${id}-${name}`}>
      <span>{t(`orders.filter.${name}`)}</span>
      <input id={`${id}-${name}`} type={type} value={draft[name]} onChange={(e) => setDraft((d) => ({ ...d, [name]: e.target.value }))} {...extra} />
    </label>
  );
  const rows = [...(list.data?.rows ?? []), ...more];

  return (
    <OpsPageFrame
      title={t('orders.title')}
      actions={
        <a className="ops-button ops-button--quiet" href={withQuery('/ops/api/orders.csv', apiQuery(params))} download>
          {t('orders.csv')}
        </a>
      }
    >
      <form className="ops-filters" onSubmit={apply} role="search" aria-label={t('orders.filter.label')}>
        {field('order_id')}
        {field('character')}
        {field('email', 'email')}
        {field('uid')}
        {field('game_id', 'text', { inputMode: 'numeric' })}
        {field('server_id')}
        <label className="ops-field" htmlFor={`${id}-status`}>
          <span>{t('orders.filter.status')}</span>
          <select id={`${id}-status`} value={draft.status} onChange={(e) => setDraft((d) => ({ ...d, status: e.target.value }))}>
            <option value="">{t('orders.filter.any')}</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`status.${s}`)}
              </option>
            ))}
          </select>
        </label>
        {field('pay_type')}
        <label className="ops-field" htmlFor={`${id}-currency`}>
          <span>{t('orders.filter.currency')}</span>
          <select id={`${id}-currency`} value={draft.currency} onChange={(e) => setDraft((d) => ({ ...d, currency: e.target.value }))}>
            <option value="">{t('orders.filter.any')}</option>
            <option value="USD">USD</option>
            <option value="KRW">KRW</option>
          </select>
        </label>
        {field('from', 'date')}
        {field('to', 'date')}
        {field('min', 'number', { min: '0', step: 'any' })}
        {field('max', 'number', { min: '0', step: 'any' })}
        <div className="ops-filters__buttons">
          <button type="submit" className="ops-button">
            {t('orders.filter.apply')}
          </button>
          <button type="button" className="ops-button ops-button--quiet" onClick={clear}>
            {t('orders.filter.clear')}
          </button>
        </div>
      </form>
      <ErrorNote error={list.error} onRetry={list.reload} />
      {list.loading && !list.data ? <Loading /> : null}
      {list.data && rows.length === 0 ? <Empty>{t('orders.empty')}</Empty> : null}
      {rows.length > 0 ? (
        <div className="ops-table-wrap" aria-busy={list.loading}>
          <table className="ops-table">
            <caption className="visually-hidden">{t('orders.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('orders.col.order')}</th>
                <th scope="col">{t('orders.col.placed')}</th>
                <th scope="col">{t('orders.col.status')}</th>
                <th scope="col">{t('orders.col.character')}</th>
                <th scope="col">{t('orders.col.server')}</th>
                <th scope="col">{t('orders.col.bundle')}</th>
                <th scope="col">{t('orders.col.pay')}</th>
                <th scope="col" className="ops-num">
                  {t('orders.col.amount')}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
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
                    <Link to={`/ops/player?q=${encodeURIComponent(row.role_id)}`}>{row.role_name || row.role_id}</Link> <span className="ops-muted ops-mono">{row.role_id}</span>
                  </td>
                  <td>
                    {row.server_name || row.server_id} <span className="ops-muted">· {row.game_id}</span>
                  </td>
                  <td>{row.product_name}</td>
                  <td>{row.pay_type || '—'}</td>
                  <td className="ops-num">{formats.money(row.amount_minor, row.currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {next ? (
        <button type="button" className="ops-button ops-button--quiet" onClick={() => void loadMore()} disabled={loadingMore}>
          {loadingMore ? t('common.loading') : t('common.more')}
        </button>
      ) : null}
    </OpsPageFrame>
  );
}
