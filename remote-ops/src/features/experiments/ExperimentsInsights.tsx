import { Link } from 'react-router-dom';
import { Empty, ErrorNote, Loading } from '../../app/parts';
import { useOpsQuery } from '../../lib/use-ops-query';
import { useOpsTranslation } from '../../lib/use-ops-translation';
import { ExperimentResults } from './ExperimentResults';
import { getExperiments } from './experiments-api';
import './experiments.css';

/** Insights' card of the running offer experiments: each one's results with their 95 % intervals, and the way to all of them. */
export function ExperimentsInsights() {
  const { t } = useOpsTranslation();
  const query = useOpsQuery('insights-experiments', () => getExperiments());
  const running = (query.data?.experiments ?? []).filter((experiment) => experiment.state === 'running');
  return (
    <section className="ops-card ops-insights__panel" aria-labelledby="insights-experiments" aria-busy={query.loading}>
      <div className="ops-card__head ops-insights__head">
        <h2 id="insights-experiments">{t('insights.experiments.title')}</h2>
        <Link to="/ops/experiments">{t('insights.experiments.link')}</Link>
      </div>
      <p className="ops-muted ops-insights__intro">{t('insights.experiments.intro')}</p>
      <ErrorNote error={query.error} onRetry={query.reload} />
      {query.loading && !query.data ? <Loading /> : null}
      {query.data && running.length === 0 ? <Empty>{t('insights.experiments.none')}</Empty> : null}
      {running.map((experiment) => (
        <section key={experiment.experiment_id} aria-labelledby={`insights-experiment-${experiment.experiment_id}`} className="ops-experiments__insight">
          <h3 id={`insights-experiment-${experiment.experiment_id}`}>{`${experiment.experiment_id} · ${experiment.product_id} · ${t(`experiments.guardrail.${experiment.guardrail}`)}`}</h3>
          <ExperimentResults experiment={experiment} headingLevel={4} />
        </section>
      ))}
    </section>
  );
}
