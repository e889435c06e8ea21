import { Link } from 'react-router-dom';
import { opsCall } from '../lib/ops-client';
import { useOpsQuery } from '../lib/use-ops-query';
import { useOpsTranslation } from '../lib/use-ops-translation';
import { Empty, ErrorNote, Loading, StatusTag, useFormats } from '../app/parts';
import { OpsPageFrame } from '../app/OpsPageFrame';

interface Attention {
  readonly findings: readonly { key: string; params: Readonly<Record<string, string | number>>; title: string; meaning: string; rows: readonly Record<string, unknown>[] | null }[];
  readonly failingDeliveries: readonly { order_id: string; attempts: number; due_at: string; last_error: string; status: string }[];
  readonly pendingRefunds: readonly { order_id: string; job: string; attempts: number; due_at: string; last_error: string; status: string }[];
  readonly openTickets: number;
}

function OrderLink({ id }: { readonly id: unknown }) {
  return typeof id === 'string' ? (
    <Link className="ops-mono" to={`/ops/orders/${encodeURIComponent(id)}`}>
      {id}
    </Link>
  ) : null;
}

/** A report row's fields that are times, shown in the operator's time zone and language. */
const TIME_FIELDS = new Set(['paid_at', 'mail_sent_at', 'delivered_at', 'booked_at']);

/** A finding row's fields in an operator's words: "Paid: yes · Mails: 1", never `paid: true`. */
function useFieldWords() {
  const { t } = useOpsTranslation();
  const formats = useFormats();
  return (key: string, value: unknown): string => {
    const label = t(`attention.field.${key}`, { defaultValue: key });
    if (value === null || value === undefined || value === '') return `${label}: –`;
    if (typeof value === 'boolean') return `${label}: ${t(value ? 'attention.yes' : 'attention.no')}`;
    if (TIME_FIELDS.has(key)) return `${label}: ${formats.time(value instanceof Date ? value.toISOString() : String(value))}`;
    if (key === 'problem') return `${label}: ${t(`attention.problem.${String(value).replaceAll(' ', '_')}`, { defaultValue: String(value) })}`;
    return `${label}: ${String(value)}`;
  };
}

/** Minutes as an operator reads a duration: "24 h", "90 min". */
function useDuration() {
  const { t } = useOpsTranslation();
  return (minutes: number) => (minutes >= 60 && minutes % 60 === 0 ? t('attention.hours', { n: minutes / 60 }) : t('attention.minutes', { n: minutes }));
}

/** What needs a person: the reconciliation's findings (as `npm run reconcile`), failing deliveries, refunds under way, open tickets. */
export function AttentionPage() {
  const { t } = useOpsTranslation();
  const formats = useFormats();
  const attention = useOpsQuery('attention', () => opsCall<Attention>('GET', '/attention'));
  const data = attention.data;
  const fieldWords = useFieldWords();
  const duration = useDuration();
  /** A finding's words in the operator's language, with its figures (the store's own words when it is one the console does not know). */
  const wordsOf = (finding: Attention['findings'][number]) => {
    const params = finding.params ?? {};
    const values = {
      provider: params.provider || t('attention.theProvider'),
      since: typeof params.since === 'string' ? formats.time(params.since) : '',
      giveUp: duration(Number(params.giveUpMinutes ?? 0)),
      margin: duration(Number(params.marginMinutes ?? 0)),
    };
    return {
      title: t(`attention.finding.${finding.key}.title`, { ...values, defaultValue: finding.title }),
      meaning: t(`attention.finding.${finding.key}.meaning`, { ...values, defaultValue: finding.meaning }),
    };
  };
  return (
    <OpsPageFrame
      title={t('attention.title')}
      actions={
        <button type="button" className="ops-button ops-button--quiet" onClick={attention.reload}>
          {t('common.refresh')}
        </button>
      }
    >
      <ErrorNote error={attention.error} onRetry={attention.reload} />
      {!data && attention.loading ? <Loading /> : null}
      {data ? (
        <>
          <p>
            <Link to="/ops/tickets">{t('attention.openTickets', { count: data.openTickets })}</Link>
          </p>
          <section className="ops-card" aria-labelledby="attention-failing">
            <h2 id="attention-failing">{t('attention.failing')}</h2>
            {data.failingDeliveries.length === 0 ? <Empty>{t('attention.none')}</Empty> : null}
            <ul className="ops-list">
              {data.failingDeliveries.map((row) => (
                <li key={row.order_id}>
                  <OrderLink id={row.order_id} /> <StatusTag status={row.status} /> {t('order.attempt', { n: row.attempts })} ·{' '}
                  {t('order.due', { at: formats.time(row.due_at) })} <span className="ops-error-text">— {row.last_error}</span>
                </li>
              ))}
            </ul>
          </section>
          <section className="ops-card" aria-labelledby="attention-refunds">
            <h2 id="attention-refunds">{t('attention.refunds')}</h2>
            {data.pendingRefunds.length === 0 ? <Empty>{t('attention.none')}</Empty> : null}
            <ul className="ops-list">
              {data.pendingRefunds.map((row) => (
                <li key={`${row.order_id}-${row.job}`}>
                  <OrderLink id={row.order_id} /> <StatusTag status={row.status} /> {t(`job.${row.job}`, { defaultValue: row.job })} · {t('order.attempt', { n: row.attempts })}
                  {row.last_error ? <span className="ops-error-text"> — {row.last_error}</span> : null}
                </li>
              ))}
            </ul>
          </section>
          {data.findings.map((finding) => {
            const words = wordsOf(finding);
            return (
            <section className="ops-card" key={finding.key ?? finding.title} aria-label={words.title} data-finding={finding.key}>
              <h2>
                {words.title} <span className="ops-count">{finding.rows === null ? t('attention.notChecked') : finding.rows.length}</span>
              </h2>
              <p className="ops-muted">{words.meaning}</p>
              {finding.rows && finding.rows.length > 0 ? (
                <ul className="ops-list">
                  {finding.rows.slice(0, 200).map((row, index) => (
                    <li key={index}>
                      <OrderLink id={row.order_id} /> {typeof row.status === 'string' ? <StatusTag status={row.status} /> : null}{' '}
                      <span className="ops-muted">
                        {Object.entries(row)
                          .filter(([key]) => key !== 'order_id' && key !== 'status')
                          .map(([key, value]) => fieldWords(key, value))
                          .join(' · ')}
                      </span>
                    </li>
                  ))}
                </ul>
              ) : null}
            </section>
            );
          })}
        </>
      ) : null}
    </OpsPageFrame>
  );
}
