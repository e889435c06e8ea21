import { useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { opsCall, withQuery } from '../lib/ops-client';
import { useOpsQuery } from '../lib/use-ops-query';
import { useOpsTranslation } from '../lib/use-ops-translation';
import { Empty, ErrorNote, Loading, useFormats } from '../app/parts';
import { OpsPageFrame } from '../app/OpsPageFrame';
import type { OpsAuditRow, OpsPage } from '@topup/shared/types';

const FIELDS = ['actor', 'action', 'target_id', 'from', 'to'] as const;
type Field = (typeof FIELDS)[number];

function change(value: unknown): string {
  return value === null || value === undefined ? '—' : JSON.stringify(value);
}

/** The audit log: every change made through the back office or by automation, newest first; read only. */
export function AuditPage() {
  const { t } = useOpsTranslation();
  const formats = useFormats();
  const [params, setParams] = useSearchParams();
  const [draft, setDraft] = useState<Record<Field, string>>(() => Object.fromEntries(FIELDS.map((f) => [f, params.get(f) ?? ''])) as Record<Field, string>);
  const [more, setMore] = useState<OpsAuditRow[]>([]);
  const [next, setNext] = useState<number | null>(null);
  const query: Record<string, string | undefined> = Object.fromEntries(FIELDS.map((f) => [f, params.get(f) ?? undefined]));
  // "To" is the last day shown: the log is read up to the start of the next.
  if (query.to && !Number.isNaN(Date.parse(query.to))) query.to = new Date(Date.parse(query.to) + 86_400_000).toISOString().slice(0, 10);
  const log = useOpsQuery(params.toString(), async () => {
    const page = await opsCall<OpsPage<OpsAuditRow, number>>('GET', withQuery('/audit', query));
    setMore([]);
    setNext(page.next);
    return page;
  });
  const id = useId();
  const rows = [...(log.data?.rows ?? []), ...more];

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const chosen = new URLSearchParams();
    for (const f of FIELDS) if (draft[f].trim()) chosen.set(f, draft[f].trim());
    setParams(chosen);
  };
  const loadMore = async () => {
    if (next === null) return;
    const page = await opsCall<OpsPage<OpsAuditRow, number>>('GET', withQuery('/audit', { ...query, before: next }));
    setMore((r) => [...r, ...page.rows]);
    setNext(page.next);
  };

  return (
    <OpsPageFrame title={t('audit.title')}>
      <form className="ops-filters" onSubmit={apply} role="search" aria-label={t('audit.filter')}>
        {FIELDS.map((f) => (
          <label key={f} className="ops-field" htmlFor={`${id}-${f}`}>
            <span>{t(`audit.field.${f}`)}</span>
            <input id={`${id}-${f}`} type={f === 'from' || f === 'to' ? 'date' : 'text'} value={draft[f]} onChange={(e) => setDraft((d) => ({ ...d, [f]: e.target.value }))} />
          </label>
        ))}
        <div className="ops-filters__buttons">
          <button type="submit" className="ops-button">
            {t('orders.filter.apply')}
          </button>
        </div>
      </form>
      <ErrorNote error={log.error} onRetry={log.reload} />
      {log.loading && !log.data ? <Loading /> : null}
      {log.data && rows.length === 0 ? <Empty>{t('audit.empty')}</Empty> : null}
      {rows.length > 0 ? (
        <div className="ops-table-wrap">
          <table className="ops-table">
            <caption className="visually-hidden">{t('audit.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('audit.col.when')}</th>
                <th scope="col">{t('audit.col.who')}</th>
                <th scope="col">{t('audit.col.what')}</th>
                <th scope="col">{t('audit.col.target')}</th>
                <th scope="col">{t('audit.col.change')}</th>
                <th scope="col">{t('audit.col.reason')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} data-audit-action={row.action}>
                  <td>{formats.time(row.at)}</td>
                  <td>
                    {row.actor}
                    <div className="ops-muted">{row.address}</div>
                  </td>
                  <td>{t(`audit.action.${row.action}`, { defaultValue: row.action })}</td>
                  <td className="ops-mono">
                    {row.target_type} {row.target_id}
                  </td>
                  <td className="ops-mono ops-change">
                    {change(row.before)} → {change(row.after)}
                  </td>
                  <td>{row.reason || '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {next !== null ? (
        <button type="button" className="ops-button ops-button--quiet" onClick={() => void loadMore()}>
          {t('common.more')}
        </button>
      ) : null}
    </OpsPageFrame>
  );
}
