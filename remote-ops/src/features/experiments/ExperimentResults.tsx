import { lazy, Suspense, useMemo } from 'react';
import { currencyCode } from '@topup/shared/rules';
import { minorPerUnit } from '../../app/parts';
import { useOpsTranslation } from '../../lib/use-ops-translation';
import type { Experiment, VariantResults } from './experiments-api';

// The chart library loads with the first chart, as Insights' does.
const InsightsChart = lazy(() => import('../insights/InsightsChart'));

/** Numbers in the operator's language: a share of visitors, and minor units as money. */
export function useExperimentFormats(area: string) {
  const { i18n } = useOpsTranslation();
  const locale = i18n.language || 'en';
  const currency = currencyCode(area);
  return useMemo(() => {
    const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
    const money = new Intl.NumberFormat(locale, { style: 'currency', currency });
    return { currency, percent: (value: number) => percent.format(value), money: (minor: number) => money.format(minor / minorPerUnit(currency)) };
  }, [locale, currency]);
}

/** A variant's offer in words: "10 % off", "+20 Dragon Gems", or the catalogue's own. */
export function useOfferWords() {
  const { t } = useOpsTranslation();
  return (variant: Pick<VariantResults, 'percent_off' | 'bonus_items'>) => {
    const parts = [
      ...(variant.percent_off > 0 ? [t('experiments.percentOff', { percent: variant.percent_off })] : []),
      ...variant.bonus_items.map((item) => t('experiments.bonusItem', { quantity: item.count, name: item.item_id })),
    ];
    return parts.length > 0 ? parts.join(', ') : t('experiments.catalogueOffer');
  };
}

/**
 * An experiment's results per variant: visitors, conversion and revenue per visitor with their 95 %
 * intervals, as two charts (each variant's figure as a bar, its interval's ends as points) over a table
 * saying the same in words. A stopped variant is marked, with why.
 */
export function ExperimentResults({ experiment, headingLevel = 3 }: { readonly experiment: Experiment; readonly headingLevel?: 3 | 4 }) {
  const { t } = useOpsTranslation();
  const formats = useExperimentFormats(experiment.area);
  const offer = useOfferWords();
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  const labels = useMemo(() => experiment.variants.map((v) => (v.stopped ? t('experiments.stoppedLabel', { variant: v.variant }) : v.variant)), [experiment.variants, t]);
  const seen = experiment.variants.some((v) => v.visitors > 0);
  const minVisitors = experiment.min_visitors;
  const conversionSeries = useMemo(
    () => [
      { label: t('experiments.col.conversion'), values: experiment.variants.map((v) => v.conversion * 100) },
      { label: t('experiments.intervalLow'), values: experiment.variants.map((v) => v.conversion_interval[0] * 100) },
      { label: t('experiments.intervalHigh'), values: experiment.variants.map((v) => v.conversion_interval[1] * 100) },
    ],
    [experiment.variants, t],
  );
  const revenueSeries = useMemo(
    () => [
      { label: t('experiments.col.revenuePerVisitor'), values: experiment.variants.map((v) => v.revenue_per_visitor) },
      { label: t('experiments.intervalLow'), values: experiment.variants.map((v) => v.revenue_per_visitor_interval[0]) },
      { label: t('experiments.intervalHigh'), values: experiment.variants.map((v) => v.revenue_per_visitor_interval[1]) },
    ],
    [experiment.variants, t],
  );
  const percentAxis = useMemo(() => (value: number) => formats.percent(value / 100), [formats]);
  const caption = t('experiments.resultsOf', { name: experiment.experiment_id });
  return (
    <div className="ops-experiments__results">
      <Heading className="ops-experiments__results-title">{t('experiments.results')}</Heading>
      {!seen ? <p className="ops-muted">{t('experiments.noVisitors')}</p> : null}
      {experiment.state === 'running' && minVisitors !== undefined && experiment.variants.some((v) => v.visitors < minVisitors) ? (
        <p className="ops-muted">{t('experiments.notJudgedYet', { visitors: minVisitors.toLocaleString() })}</p>
      ) : null}
      {seen ? (
        <div className="ops-insights__pair">
          <Suspense fallback={<p className="ops-loading ops-insights__chart-wait">{t('insights.chartLoading')}</p>}>
            <InsightsChart title={t('experiments.chart.conversion')} labels={labels} series={conversionSeries} kind="bars" ends formatValue={percentAxis} xLabel={t('experiments.col.variant')} />
            <InsightsChart title={t('experiments.chart.revenue', { currency: formats.currency })} labels={labels} series={revenueSeries} kind="bars" ends formatValue={formats.money} xLabel={t('experiments.col.variant')} />
          </Suspense>
        </div>
      ) : null}
      <div className="ops-table-wrap" role="region" aria-label={caption} tabIndex={0}>
        <table className="ops-table">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{t('experiments.col.variant')}</th>
              <th scope="col">{t('experiments.col.offer')}</th>
              <th scope="col">{t('experiments.col.share')}</th>
              <th scope="col">{t('experiments.col.visitors')}</th>
              <th scope="col">{t('experiments.col.converted')}</th>
              <th scope="col">{t('experiments.col.conversion')}</th>
              <th scope="col">{t('experiments.col.revenuePerVisitor')}</th>
            </tr>
          </thead>
          <tbody>
            {experiment.variants.map((v) => (
              <tr key={v.variant} className={v.stopped ? 'is-stopped' : undefined}>
                <th scope="row">
                  {v.variant}
                  {v.stopped ? (
                    <span className="ops-experiments__stopped">
                      <span className="ops-tag ops-tag--stopped">{t('experiments.stopped')}</span> {v.stopped_why}
                    </span>
                  ) : null}
                </th>
                <td>{offer(v)}</td>
                <td>{formats.percent(v.share / 100)}</td>
                <td>{v.visitors.toLocaleString()}</td>
                <td>{v.converted.toLocaleString()}</td>
                <td>
                  {formats.percent(v.conversion)}
                  <span className="ops-experiments__interval">{t('experiments.interval', { low: formats.percent(v.conversion_interval[0]), high: formats.percent(v.conversion_interval[1]) })}</span>
                </td>
                <td>
                  {formats.money(v.revenue_per_visitor)}
                  <span className="ops-experiments__interval">{t('experiments.interval', { low: formats.money(v.revenue_per_visitor_interval[0]), high: formats.money(v.revenue_per_visitor_interval[1]) })}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
