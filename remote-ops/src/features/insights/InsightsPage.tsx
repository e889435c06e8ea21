import { lazy, Suspense, useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { CatalogueDraft } from '@topup/shared/types';
import { opsCall, withQuery, type OpsApiError } from '../../lib/ops-client';
import { useOpsQuery, type OpsQuery } from '../../lib/use-ops-query';
import { useOpsTranslation } from '../../lib/use-ops-translation';
import { Empty, ErrorNote, Loading, useFormats } from '../../app/parts';
import { OpsPageFrame } from '../../app/OpsPageFrame';
import {
  apiQuery,
  changeOf,
  daysBetween,
  defaultPeriod,
  deliverySeries,
  FILTERS,
  operatorTimeZone,
  revenueSeries,
  SALES_BREAKDOWNS,
  type DeliveryAnswer,
  type Filters,
  type FunnelAnswer,
  type SalesAnswer,
  type SalesBreakdown,
} from './insights-figures';
import { ExperimentsInsights } from '../experiments/ExperimentsInsights';
import './insights.css';

// The chart library loads with the first chart, never with the rest of the console or the players' pages.
const InsightsChart = lazy(() => import('./InsightsChart'));

/** Names of games, bundles, pay methods and codes from the catalogue, for the filters and the tables. */
interface Names {
  readonly games: readonly { id: string; name: string }[];
  readonly areas: readonly string[];
  readonly payTypes: readonly string[];
  readonly codes: readonly string[];
  game(id: number | string): string;
  bundle(productId: string): string;
}

type Row = Record<string, unknown>;
const rowsOf = (file: Readonly<Record<string, unknown>> | undefined, list: string): Row[] => (Array.isArray(file?.[list]) ? (file[list] as Row[]) : []);

function namesOf(draft: CatalogueDraft | null, language: string): Names {
  const file = draft?.file;
  const localized = (row: Row, names: unknown, fallback: string) =>
    (names && typeof names === 'object' ? ((names as Record<string, string>)[language] ?? (names as Record<string, string>).en) : undefined) ?? fallback ?? String(row.game_id);
  const games = rowsOf(file, 'games').map((row) => ({ id: String(row.game_id), name: localized(row, row.names, String(row.game_id)) }));
  const gameName = new Map(games.map((g) => [g.id, g.name]));
  const bundleName = new Map(
    rowsOf(file, 'bundles').map((row) => {
      const texts = (row.texts as Record<string, { productName?: string }> | undefined)?.[language];
      return [String(row.product_id), texts?.productName || String(row.product_name ?? row.product_id)];
    }),
  );
  const unique = (values: unknown[]) => [...new Set(values.filter((v): v is string => typeof v === 'string' && v !== ''))].sort();
  return {
    games,
    areas: unique(rowsOf(file, 'game_areas').map((row) => row.area)),
    payTypes: unique(rowsOf(file, 'pay_types').map((row) => row.pay_type)),
    codes: unique(rowsOf(file, 'discount_codes').map((row) => row.code)),
    game: (id) => gameName.get(String(id)) ?? `#${id}`,
    bundle: (productId) => bundleName.get(productId) ?? productId,
  };
}

function useNumbers() {
  const { i18n } = useOpsTranslation();
  const locale = i18n.language || 'en';
  return useMemo(() => {
    const integer = new Intl.NumberFormat(locale);
    const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
    const signed = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1, signDisplay: 'exceptZero' });
    const day = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' });
    return {
      count: (value: number) => integer.format(value),
      share: (value: number | null) => (value === null ? '–' : percent.format(value)),
      change: (value: number | null) => (value === null ? '' : signed.format(value)),
      day: (value: string) => day.format(new Date(`${value}T00:00:00Z`)),
    };
  }, [locale]);
}

/** The change from the period before, beside a figure: "+12.5 %", or nothing when there was nothing before. */
function Change({ now, before, better = 'up' }: { now: number | null; before: number | null | undefined; better?: 'up' | 'down' }) {
  const { t } = useOpsTranslation();
  const numbers = useNumbers();
  const change = changeOf(now, before);
  if (change === null || change === 0) return null;
  const good = better === 'up' ? change > 0 : change < 0;
  return (
    <span className={`ops-insights__change ${good ? 'is-good' : 'is-bad'}`}>
      {numbers.change(change)}
      <span className="visually-hidden"> {t('insights.vsPrevious')}</span>
    </span>
  );
}

/** Each chart's card: a heading, what the figures say, the state (loading, error, empty), then the chart and its table. */
function Panel({ id, title, intro, query, empty, actions, children }: { id: string; title: string; intro: ReactNode; query: OpsQuery<unknown>; empty: boolean; actions?: ReactNode; children: ReactNode }) {
  const { t } = useOpsTranslation();
  return (
    <section className="ops-card ops-insights__panel" aria-labelledby={id} aria-busy={query.loading}>
      <div className="ops-card__head ops-insights__head">
        <h2 id={id}>{title}</h2>
        {actions}
      </div>
      <p className="ops-muted ops-insights__intro">{intro}</p>
      <ErrorNote error={query.error} onRetry={query.reload} />
      {query.loading && !query.data ? <Loading /> : null}
      {query.data && empty ? <Empty>{t('insights.none')}</Empty> : null}
      {query.data && !empty ? children : null}
    </section>
  );
}

/** A table's box: it scrolls sideways on a phone, so it takes the keyboard's focus and is named. */
function TableBox({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="ops-table-wrap" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}

function ChartBox(props: Parameters<typeof InsightsChart>[0]) {
  const { t } = useOpsTranslation();
  return (
    <Suspense fallback={<p className="ops-loading ops-insights__chart-wait">{t('insights.chartLoading')}</p>}>
      <InsightsChart {...props} />
    </Suspense>
  );
}

function Funnel({ query, days }: { query: OpsQuery<FunnelAnswer>; days: readonly string[] }) {
  const { t } = useOpsTranslation();
  const numbers = useNumbers();
  const funnel = query.data;
  const labels = useMemo(() => (funnel?.steps ?? []).map((s) => t(`insights.step.${s.step}`)), [funnel, t]);
  const series = useMemo(
    () => [
      { label: t('insights.thisPeriod'), values: (funnel?.steps ?? []).map((s) => s.count) },
      { label: t('insights.previousPeriod'), values: (funnel?.steps ?? []).map((s) => s.previous) },
    ],
    [funnel, t],
  );
  // Where most players drop: the step that lost the largest share of the one before.
  const worst = funnel?.steps.reduce<(typeof funnel.steps)[number] | null>(
    (found, s) => (s.conversion !== null && (found === null || s.conversion < (found.conversion ?? 1)) ? s : found),
    null,
  );
  const empty = !funnel || funnel.steps.every((s) => s.count === 0 && s.previous === 0);
  return (
    <Panel
      id="insights-funnel"
      title={t('insights.funnel.title')}
      intro={t('insights.funnel.intro')}
      query={query}
      empty={empty}
      actions={<CsvLink kind="funnel" label={t('insights.funnel.csv')} />}
    >
      {worst && worst.conversion !== null && worst.conversion < 1 ? (
        <p className="ops-insights__callout">
          {t('insights.funnel.worst', { step: t(`insights.step.${worst.step}`), share: numbers.share(1 - worst.conversion), count: numbers.count(worst.dropped ?? 0) })}
        </p>
      ) : null}
      {funnel && !funnel.report_steps_narrowed ? <p className="ops-muted">{t('insights.funnel.notNarrowed')}</p> : null}
      <ChartBox title={t('insights.funnel.chart')} labels={labels} series={series} kind="bars" xLabel={t('insights.col.step')} />
      <TableBox label={t('insights.funnel.title')}>
        <table className="ops-table" data-insights="funnel">
          <caption className="visually-hidden">{t('insights.funnel.table', { from: days[0], to: days[days.length - 1] })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('insights.col.step')}</th>
              <th scope="col" className="ops-num">{t('insights.col.count')}</th>
              <th scope="col" className="ops-num">{t('insights.col.conversion')}</th>
              <th scope="col" className="ops-num">{t('insights.col.dropped')}</th>
              <th scope="col" className="ops-num">{t('insights.col.previous')}</th>
              <th scope="col" className="ops-num">{t('insights.col.previousConversion')}</th>
            </tr>
          </thead>
          <tbody>
            {(funnel?.steps ?? []).map((s) => (
              <tr key={s.step} data-step={s.step}>
                <th scope="row">{t(`insights.step.${s.step}`)}</th>
                <td className="ops-num">
                  {numbers.count(s.count)} <Change now={s.count} before={s.previous} />
                </td>
                <td className="ops-num">{numbers.share(s.conversion)}</td>
                <td className="ops-num">{s.dropped === null ? '–' : numbers.count(s.dropped)}</td>
                <td className="ops-num">{numbers.count(s.previous)}</td>
                <td className="ops-num">{numbers.share(s.previous_conversion)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableBox>
    </Panel>
  );
}

function CsvLink({ kind, label }: { kind: 'sales' | 'funnel'; label: string }) {
  const [params] = useSearchParams();
  const filters = useFilters(params);
  return (
    <a className="ops-button ops-button--quiet" href={withQuery(`/ops/api/insights/${kind}.csv`, apiQuery(filters, operatorTimeZone()))} download>
      {label}
    </a>
  );
}

function Sales({ query, days, by, onBy, names }: { query: OpsQuery<SalesAnswer>; days: readonly string[]; by: SalesBreakdown; onBy(by: SalesBreakdown): void; names: Names }) {
  const { t } = useOpsTranslation();
  const numbers = useNumbers();
  const formats = useFormats();
  const sales = query.data;
  const id = useId();
  const labels = useMemo(() => days.map((d) => numbers.day(d)), [days, numbers]);
  const { money } = formats;
  // One chart per currency: amounts of two currencies are never added or drawn on one axis.
  const charts = useMemo(
    () =>
      (sales ? revenueSeries(sales, days) : []).map((c) => ({
        currency: c.currency,
        series: [
          { label: t('insights.col.revenue'), values: c.revenue },
          { label: t('insights.col.net'), values: c.net },
        ],
        format: (value: number) => money(value, c.currency),
      })),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- money is made anew at each render; it changes with the language, as t does
    [sales, days, t],
  );
  const empty = !sales || sales.currencies.length === 0;
  const keyName = (key: string) => {
    if (by === 'game') return names.game(key);
    if (by === 'bundle') return names.bundle(key);
    if (by === 'code') return key || t('insights.noCode');
    return key || '–';
  };
  return (
    <Panel
      id="insights-sales"
      title={t('insights.sales.title')}
      intro={t('insights.sales.intro')}
      query={query}
      empty={empty}
      actions={<CsvLink kind="sales" label={t('insights.sales.csv')} />}
    >
      <ul className="ops-insights__totals" aria-label={t('insights.sales.totals')}>
        {(sales?.currencies ?? []).map((c) => (
          <li key={c.currency} className="ops-insights__total" data-currency={c.currency}>
            <span className="ops-insights__currency">{c.currency}</span>
            <dl>
              <div>
                <dt>{t('insights.col.revenue')}</dt>
                <dd>
                  {formats.money(c.revenue_minor, c.currency)} <Change now={c.revenue_minor} before={c.previous?.revenue_minor} />
                </dd>
              </div>
              <div>
                <dt>{t('insights.col.net')}</dt>
                <dd>
                  {formats.money(c.net_minor, c.currency)} <Change now={c.net_minor} before={c.previous?.net_minor} />
                </dd>
              </div>
              <div>
                <dt>{t('insights.col.paidOrders')}</dt>
                <dd>
                  {numbers.count(c.paid_orders)} <Change now={c.paid_orders} before={c.previous?.paid_orders} />
                </dd>
              </div>
              <div>
                <dt>{t('insights.col.average')}</dt>
                <dd>{c.average_order_minor === null ? '–' : formats.money(c.average_order_minor, c.currency)}</dd>
              </div>
              <div>
                <dt>{t('insights.col.firstShare')}</dt>
                <dd>{numbers.share(c.first_purchase_share)}</dd>
              </div>
              <div>
                <dt>{t('insights.col.refundsDisputes')}</dt>
                <dd>
                  {formats.money(c.refunded_minor + c.disputed_minor, c.currency)} <span className="ops-muted">({numbers.count(c.refunded_orders + c.disputed_orders)})</span>
                </dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
      {charts.map((c) => (
        <ChartBox key={c.currency} title={t('insights.sales.chart', { currency: c.currency })} labels={labels} series={c.series} kind="bars" formatValue={c.format} xLabel={t('insights.col.day')} />
      ))}
      <TableBox label={t('insights.sales.daysTable')}>
        <table className="ops-table" data-insights="sales-days">
          <caption className="ops-insights__caption">{t('insights.sales.daysTable')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('insights.col.day')}</th>
              <th scope="col">{t('insights.col.currency')}</th>
              <th scope="col" className="ops-num">{t('insights.col.paidOrders')}</th>
              <th scope="col" className="ops-num">{t('insights.col.revenue')}</th>
              <th scope="col" className="ops-num">{t('insights.col.refunded')}</th>
              <th scope="col" className="ops-num">{t('insights.col.disputed')}</th>
              <th scope="col" className="ops-num">{t('insights.col.net')}</th>
            </tr>
          </thead>
          <tbody>
            {(sales?.days ?? []).map((d) => (
              <tr key={`${d.day}|${d.currency}`} data-day={d.day} data-currency={d.currency}>
                <th scope="row">{d.day}</th>
                <td>{d.currency}</td>
                <td className="ops-num">{numbers.count(d.paid_orders)}</td>
                <td className="ops-num">{formats.money(d.revenue_minor, d.currency)}</td>
                <td className="ops-num">{formats.money(d.refunded_minor, d.currency)}</td>
                <td className="ops-num">{formats.money(d.disputed_minor, d.currency)}</td>
                <td className="ops-num">{formats.money(d.net_minor, d.currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableBox>
      <div className="ops-insights__by">
        <h3 id={`${id}-by`}>{t('insights.sales.breakdown')}</h3>
        <div className="ops-tabs" role="group" aria-labelledby={`${id}-by`}>
          {SALES_BREAKDOWNS.map((name) => (
            <button key={name} type="button" className={`ops-button ops-button--quiet${by === name ? ' is-active' : ''}`} aria-pressed={by === name} onClick={() => onBy(name)}>
              {t(`insights.by.${name}`)}
            </button>
          ))}
        </div>
      </div>
      <TableBox label={t('insights.sales.breakdownOf', { by: t(`insights.by.${by}`) })}>
        <table className="ops-table" data-insights="sales-breakdown">
          <caption className="visually-hidden">{t('insights.sales.breakdownOf', { by: t(`insights.by.${by}`) })}</caption>
          <thead>
            <tr>
              <th scope="col">{t(`insights.by.${by}`)}</th>
              <th scope="col">{t('insights.col.currency')}</th>
              <th scope="col" className="ops-num">{t('insights.col.paidOrders')}</th>
              <th scope="col" className="ops-num">{t('insights.col.revenue')}</th>
              <th scope="col" className="ops-num">{t('insights.col.net')}</th>
              <th scope="col" className="ops-num">{t('insights.col.average')}</th>
              <th scope="col" className="ops-num">{t('insights.col.firstShare')}</th>
            </tr>
          </thead>
          <tbody>
            {(sales?.breakdown ?? []).map((b) => (
              <tr key={`${b.key}|${b.currency}`} data-key={b.key} data-currency={b.currency}>
                <th scope="row">{keyName(b.key)}</th>
                <td>{b.currency}</td>
                <td className="ops-num">{numbers.count(b.paid_orders)}</td>
                <td className="ops-num">{formats.money(b.revenue_minor, b.currency)}</td>
                <td className="ops-num">{formats.money(b.net_minor, b.currency)}</td>
                <td className="ops-num">{b.average_order_minor === null ? '–' : formats.money(b.average_order_minor, b.currency)}</td>
                <td className="ops-num">{numbers.share(b.first_purchase_share)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableBox>
    </Panel>
  );
}

const seconds = (value: number) => `${value.toLocaleString()} s`;
const percent = (value: number) => `${value.toLocaleString()} %`;

function Delivery({ query, days, names }: { query: OpsQuery<DeliveryAnswer>; days: readonly string[]; names: Names }) {
  const { t } = useOpsTranslation();
  const numbers = useNumbers();
  const delivery = query.data;
  const labels = useMemo(() => days.map((d) => numbers.day(d)), [days, numbers]);
  const perGame = useMemo(() => (delivery ? deliverySeries(delivery, days) : []), [delivery, days]);
  const p95Series = useMemo(() => perGame.map((g) => ({ label: names.game(g.gameId), values: g.p95 })), [perGame, names]);
  const failureSeries = useMemo(() => perGame.map((g) => ({ label: names.game(g.gameId), values: g.failure })), [perGame, names]);
  const time = (ms: number | null, delivered: number) => (ms === null ? (delivered > 0 ? t('insights.overADay') : '–') : t('insights.atMost', { seconds: (ms / 1000).toLocaleString() }));
  return (
    <Panel id="insights-delivery" title={t('insights.delivery.title')} intro={t('insights.delivery.intro')} query={query} empty={!delivery || delivery.games.length === 0}>
      <div className="ops-insights__pair">
        <ChartBox title={t('insights.delivery.p95Chart')} labels={labels} series={p95Series} kind="lines" formatValue={seconds} xLabel={t('insights.col.day')} />
        <ChartBox title={t('insights.delivery.failureChart')} labels={labels} series={failureSeries} kind="lines" formatValue={percent} xLabel={t('insights.col.day')} />
      </div>
      <TableBox label={t('insights.delivery.title')}>
        <table className="ops-table" data-insights="delivery">
          <caption className="visually-hidden">{t('insights.delivery.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('insights.by.game')}</th>
              <th scope="col" className="ops-num">{t('insights.col.paidOrders')}</th>
              <th scope="col" className="ops-num">{t('insights.col.delivered')}</th>
              <th scope="col" className="ops-num">{t('insights.col.failed')}</th>
              <th scope="col" className="ops-num">{t('insights.col.failureRate')}</th>
              <th scope="col" className="ops-num">{t('insights.col.refundRate')}</th>
              <th scope="col" className="ops-num">{t('insights.col.p50')}</th>
              <th scope="col" className="ops-num">{t('insights.col.p95')}</th>
            </tr>
          </thead>
          <tbody>
            {(delivery?.games ?? []).map((g) => (
              <tr key={g.game_id} data-game={g.game_id}>
                <th scope="row">{names.game(g.game_id)}</th>
                <td className="ops-num">{numbers.count(g.paid_orders)}</td>
                <td className="ops-num">{numbers.count(g.delivered_orders)}</td>
                <td className="ops-num">{numbers.count(g.failed_deliveries)}</td>
                <td className="ops-num">
                  {numbers.share(g.failure_rate)} <Change now={g.failure_rate} before={g.previous?.failure_rate} better="down" />
                </td>
                <td className="ops-num">{numbers.share(g.refund_rate)}</td>
                <td className="ops-num">{time(g.p50_ms, g.delivered_orders)}</td>
                <td className="ops-num">{time(g.p95_ms, g.delivered_orders)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableBox>
    </Panel>
  );
}

/** The filters from the address, the period defaulting to the last 30 days of the operator's time zone. */
function useFilters(params: URLSearchParams): Filters {
  const zone = operatorTimeZone();
  const period = defaultPeriod(zone);
  const filters = Object.fromEntries(FILTERS.map((name) => [name, params.get(name) ?? ''])) as Filters;
  return { ...filters, from: filters.from || period.from, to: filters.to || period.to };
}

/**
 * Insights (`#/ops/insights`, every role): what sells, where players drop, and how deliveries go, per
 * game, area, storefront, pay method, code and period, beside the period before; days are the
 * operator's days. Each chart has its table under it, and the CSVs of the tables are a click away.
 */
export default function InsightsPage() {
  const { t, i18n } = useOpsTranslation();
  const [params, setParams] = useSearchParams();
  const filters = useFilters(params);
  const [draft, setDraft] = useState<Filters>(filters);
  const zone = operatorTimeZone();
  const by = (SALES_BREAKDOWNS as readonly string[]).includes(params.get('by') ?? '') ? (params.get('by') as SalesBreakdown) : 'game';
  const id = useId();
  const query = apiQuery(filters, zone);
  const key = JSON.stringify(query);
  const funnel = useOpsQuery(`insights-funnel-${key}`, () => opsCall<FunnelAnswer>('GET', withQuery('/insights/funnel', query)));
  const sales = useOpsQuery(`insights-sales-${key}-${by}`, () => opsCall<SalesAnswer>('GET', withQuery('/insights/sales', { ...query, by })));
  const delivery = useOpsQuery(`insights-delivery-${key}`, () => opsCall<DeliveryAnswer>('GET', withQuery('/insights/delivery', query)));
  const catalogue = useOpsQuery('insights-catalogue', () => opsCall<CatalogueDraft>('GET', '/catalogue/draft'));
  const names = useMemo(() => namesOf(catalogue.data, i18n.language || 'en'), [catalogue.data, i18n.language]);
  const days = useMemo(() => daysBetween(filters.from, filters.to), [filters.from, filters.to]);
  const previous = funnel.data?.previous_period ?? sales.data?.previous_period;

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams();
    for (const name of FILTERS) if (draft[name].trim()) next.set(name, draft[name].trim());
    if (by !== 'game') next.set('by', by);
    setParams(next);
  };
  const preset = (length: number) => {
    const period = defaultPeriod(zone, length);
    setDraft((d) => ({ ...d, ...period }));
    const next = new URLSearchParams(params);
    next.set('from', period.from);
    next.set('to', period.to);
    setParams(next);
  };
  const chooseBy = (name: SalesBreakdown) => {
    const next = new URLSearchParams(params);
    if (name === 'game') next.delete('by');
    else next.set('by', name);
    setParams(next, { replace: true });
  };
  const select = (name: 'game_id' | 'area' | 'storefront' | 'pay_type' | 'discount_code', options: readonly { value: string; label: string }[]) => (
    <label className="ops-field" htmlFor={`${id}-${name}`}>
      <span>{t(`insights.filter.${name}`)}</span>
      <select id={`${id}-${name}`} value={draft[name]} onChange={(e) => setDraft((d) => ({ ...d, [name]: e.target.value }))}>
        <option value="">{t('insights.filter.all')}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
        {draft[name] && !options.some((o) => o.value === draft[name]) ? <option value={draft[name]}>{draft[name]}</option> : null}
      </select>
    </label>
  );
  const plain = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

  return (
    <OpsPageFrame title={t('insights.title')}>
      <p className="ops-muted ops-insights__lead">
        {t('insights.lead', { zone })}
        {previous ? ` ${t('insights.comparedWith', { from: previous.from, to: previous.to })}` : ''}
      </p>
      <form className="ops-filters ops-insights__filters" onSubmit={apply} role="search" aria-label={t('insights.filter.label')}>
        <label className="ops-field" htmlFor={`${id}-from`}>
          <span>{t('insights.filter.from')}</span>
          <input id={`${id}-from`} type="date" required value={draft.from} max={draft.to || undefined} onChange={(e) => setDraft((d) => ({ ...d, from: e.target.value }))} />
        </label>
        <label className="ops-field" htmlFor={`${id}-to`}>
          <span>{t('insights.filter.to')}</span>
          <input id={`${id}-to`} type="date" required value={draft.to} min={draft.from || undefined} onChange={(e) => setDraft((d) => ({ ...d, to: e.target.value }))} />
        </label>
        {select('game_id', names.games.map((g) => ({ value: g.id, label: g.name })))}
        {select('area', plain(names.areas))}
        {select('storefront', [
          { value: 'phone', label: t('insights.storefront.phone') },
          { value: 'payCentre', label: t('insights.storefront.payCentre') },
        ])}
        {select('pay_type', plain(names.payTypes))}
        {select('discount_code', plain(names.codes))}
        <div className="ops-filters__buttons">
          <button type="submit" className="ops-button">
            {t('insights.filter.apply')}
          </button>
        </div>
        <div className="ops-insights__presets" role="group" aria-label={t('insights.filter.presets')}>
          {[7, 30, 90].map((length) => (
            <button key={length} type="button" className="ops-button ops-button--quiet" onClick={() => preset(length)}>
              {t('insights.filter.last', { days: length })}
            </button>
          ))}
          <button type="button" className="ops-button ops-button--quiet" onClick={() => preset(1)}>
            {t('insights.filter.today')}
          </button>
        </div>
      </form>
      <ErrorNote error={catalogue.error as OpsApiError | null} onRetry={catalogue.reload} />
      <Funnel query={funnel} days={days} />
      <Sales query={sales} days={days} by={by} onBy={chooseBy} names={names} />
      <Delivery query={delivery} days={days} names={names} />
      <ExperimentsInsights />
      <p className="ops-muted ops-insights__foot">{t('insights.freshness')}</p>
    </OpsPageFrame>
  );
}
