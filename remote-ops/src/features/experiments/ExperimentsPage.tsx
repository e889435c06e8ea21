import { useEffect, useMemo, useRef, useState } from 'react';
import { ActionDialog, Empty, ErrorNote, Loading } from '../../app/parts';
import { OpsPageFrame } from '../../app/OpsPageFrame';
import { useSession } from '../../lib/session';
import { useOpsQuery } from '../../lib/use-ops-query';
import { useOpsTranslation } from '../../lib/use-ops-translation';
import { ExperimentForm } from './ExperimentForm';
import { ExperimentResults } from './ExperimentResults';
import { getExperimentBundles, getExperiments, stopExperiment, type Experiment, type ExperimentArea, type ExperimentList } from './experiments-api';
import '../insights/insights.css';
import './experiments.css';

interface Stopping {
  readonly experiment: Experiment;
  /** null: the whole experiment. */
  readonly variant: string | null;
}

/** Where a bundle is sold and its name, from the catalogue's bundles on sale (the product id when it is off sale now). */
function useBundleNames(areas: readonly ExperimentArea[] | undefined) {
  const { i18n } = useOpsTranslation();
  const language = i18n.language || 'en';
  return useMemo(() => {
    const names = new Map<string, string>();
    const games = new Map<number, string>();
    for (const area of areas ?? []) {
      games.set(area.game_id, area.game_names[language] ?? area.game_names.en ?? String(area.game_id));
      for (const bundle of area.bundles) names.set(`${area.game_id}/${area.area}/${bundle.product_id}`, bundle.name);
    }
    return {
      bundle: (e: Experiment) => names.get(`${e.game_id}/${e.area}/${e.product_id}`) ?? e.product_id,
      game: (gameId: number) => games.get(gameId) ?? String(gameId),
    };
  }, [areas, language]);
}

/** One experiment's card: what it tries, its state, its results, and (for those who may) its stops. */
function ExperimentCard({ experiment, canEdit, names, onStop }: { experiment: Experiment; canEdit: boolean; names: ReturnType<typeof useBundleNames>; onStop(stopping: Stopping): void }) {
  const { t } = useOpsTranslation();
  const headingId = `experiment-${experiment.experiment_id}`;
  const live = experiment.variants.filter((v) => v.variant !== 'control' && !v.stopped);
  const running = experiment.state === 'running';
  return (
    <section className="ops-card ops-insights__panel ops-experiments__card" aria-labelledby={headingId}>
      <div className="ops-card__head ops-insights__head">
        <h2 id={headingId} tabIndex={-1}>
          {experiment.experiment_id}
          <span className={`ops-tag ops-tag--${running ? 'open' : 'stopped'}`}>{t(`experiments.state.${experiment.state}`)}</span>
        </h2>
      </div>
      <dl className="ops-facts">
        <dt>{t('experiments.bundle')}</dt>
        <dd>
          {names.bundle(experiment)} <span className="ops-muted">({experiment.product_id})</span>
        </dd>
        <dt>{t('experiments.gameArea')}</dt>
        <dd>{`${names.game(experiment.game_id)} · ${experiment.area}`}</dd>
        <dt>{t('experiments.guardrail')}</dt>
        <dd>{t(`experiments.guardrail.${experiment.guardrail}`)}</dd>
        {typeof experiment.min_visitors === 'number' ? (
          <>
            <dt>{t('experiments.minVisitors')}</dt>
            <dd>{t('experiments.minVisitorsEach', { visitors: experiment.min_visitors.toLocaleString() })}</dd>
          </>
        ) : null}
        <dt>{t('experiments.variants')}</dt>
        <dd>{experiment.variants.map((v) => `${v.variant} ${v.share} %`).join(' · ')}</dd>
        {!running && experiment.stopped_why ? (
          <>
            <dt>{t('experiments.stoppedWhy')}</dt>
            <dd>{experiment.stopped_why}</dd>
          </>
        ) : null}
      </dl>
      <ExperimentResults experiment={experiment} />
      {canEdit && running ? (
        <div className="ops-actions" role="group" aria-label={t('experiments.stopsOf', { name: experiment.experiment_id })}>
          {live.map((v) => (
            <button key={v.variant} type="button" className="ops-button ops-button--quiet" onClick={() => onStop({ experiment, variant: v.variant })}>
              {t('experiments.stopVariant', { variant: v.variant })}
            </button>
          ))}
          <button type="button" className="ops-button ops-button--danger" onClick={() => onStop({ experiment, variant: null })}>
            {t('experiments.stopExperiment')}
          </button>
        </div>
      ) : null}
    </section>
  );
}

/**
 * `#/ops/experiments` (decision 310): every offer experiment with its results per variant (every role),
 * and for the catalogue's editors a form to define one and a stop, with a reason, for a variant or the
 * whole experiment.
 */
export default function ExperimentsPage() {
  const { t } = useOpsTranslation();
  const session = useSession();
  const canEdit = session.may('catalogue.edit');
  const experiments = useOpsQuery('experiments', () => getExperiments());
  const bundles = useOpsQuery('experiments-bundles', () => getExperimentBundles());
  const [shown, setShown] = useState<ExperimentList | null>(null);
  const [defining, setDefining] = useState(false);
  const [stopping, setStopping] = useState<Stopping | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const names = useBundleNames(bundles.data?.areas);
  // Where the keyboard's focus goes once a form or dialog closes and the button that opened it is gone.
  const [focus, setFocus] = useState<string | null>(null);
  const defineButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focus === null) return;
    const target = focus === 'define' ? defineButton.current : document.getElementById(`experiment-${focus}`);
    target?.focus();
    setFocus(null);
  }, [focus]);
  const list = (shown ?? experiments.data)?.experiments ?? null;

  const reload = () => {
    setShown(null);
    experiments.reload();
  };

  return (
    <OpsPageFrame
      title={t('experiments.title')}
      done={done}
      actions={
        <div className="ops-actions">
          {canEdit && !defining ? (
            <button type="button" className="ops-button" ref={defineButton} onClick={() => { setDefining(true); setDone(null); }}>
              {t('experiments.define')}
            </button>
          ) : null}
          <button type="button" className="ops-button ops-button--quiet" onClick={reload}>
            {t('common.refresh')}
          </button>
        </div>
      }
    >
      <p className="ops-muted ops-insights__lead">{t('experiments.intro')}</p>
      {defining ? (
        <>
          <ErrorNote error={bundles.error} onRetry={bundles.reload} />
          {bundles.loading && !bundles.data ? <Loading /> : null}
          {bundles.data && bundles.data.areas.length === 0 ? <Empty>{t('experiments.noBundles')}</Empty> : null}
          {bundles.data && bundles.data.areas.length > 0 ? (
            <ExperimentForm
              areas={bundles.data.areas}
              onCancel={() => {
                setDefining(false);
                setFocus('define');
              }}
              onStarted={(answer, name) => {
                setShown(answer);
                setDefining(false);
                setDone(t('experiments.started', { name }));
                setFocus(name);
              }}
            />
          ) : null}
        </>
      ) : null}
      <ErrorNote error={experiments.error} onRetry={reload} />
      {!list && experiments.loading ? <Loading /> : null}
      {list && list.length === 0 ? <Empty>{t('experiments.none')}</Empty> : null}
      {(list ?? []).map((experiment) => (
        <ExperimentCard key={experiment.experiment_id} experiment={experiment} canEdit={canEdit} names={names} onStop={(next) => { setStopping(next); setDone(null); }} />
      ))}
      {stopping ? (
        <ActionDialog
          title={stopping.variant ? t('experiments.stopVariantTitle', { variant: stopping.variant, name: stopping.experiment.experiment_id }) : t('experiments.stopExperimentTitle', { name: stopping.experiment.experiment_id })}
          description={stopping.variant ? t('experiments.stopVariantDescription') : t('experiments.stopExperimentDescription')}
          confirmation={t('experiments.stopConfirm')}
          confirmLabel={stopping.variant ? t('experiments.stopVariant', { variant: stopping.variant }) : t('experiments.stopExperiment')}
          danger
          onClose={() => setStopping(null)}
          onConfirm={async (reason, requestKey) => {
            const answer = await stopExperiment(stopping.experiment.experiment_id, { ...(stopping.variant ? { variant: stopping.variant } : {}), reason, request_key: requestKey });
            setShown(answer);
            setFocus(stopping.experiment.experiment_id);
            setDone(stopping.variant ? t('experiments.variantStopped', { variant: stopping.variant }) : t('experiments.experimentStopped', { name: stopping.experiment.experiment_id }));
          }}
        />
      ) : null}
    </OpsPageFrame>
  );
}
