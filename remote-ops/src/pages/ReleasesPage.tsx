import { lazy, Suspense, useState } from 'react';
import { opsCall, withQuery, type OpsApiError } from '../lib/ops-client';
import { useSession } from '../lib/session';
import { useOpsQuery } from '../lib/use-ops-query';
import { useOpsTranslation } from '../lib/use-ops-translation';
import { ActionDialog, Empty, ErrorNote, Loading, useFormats } from '../app/parts';
import { OpsPageFrame } from '../app/OpsPageFrame';
import type { ActivationRecord, RegistryListing, RolledBackRecord } from '@topup/shared/types';
import { summarise, type HealthMinute } from '../features/releases/release-health-figures';

// The charts' library loads with the first chart, never with the rest of the console.
const ReleaseHealthChart = lazy(() => import('../features/releases/ReleaseHealthChart'));

interface Listing extends RegistryListing {
  readonly apps: readonly string[];
  /** Apps whose automatic rollback is switched off or on; absent: on. */
  readonly auto_rollback?: Readonly<Record<string, boolean>>;
  readonly policy?: { readonly minLoads: number; readonly windowMinutes: number; readonly maxFailureRate: number } | null;
}

type Pending =
  | { kind: 'activate'; app: string; version: string; contractOk: boolean; rolledBack?: RolledBackRecord }
  | { kind: 'rollback'; app: string; from: string; to: string | null; canary: boolean }
  | { kind: 'canary'; app: string; version: string; share: number; contractOk: boolean; rolledBack?: RolledBackRecord; first: boolean }
  | { kind: 'policy'; app: string; on: boolean };

/** Shares a canary is raised through, in per cent; 100 makes it everyone's. */
const SHARES = [5, 25, 50, 100];

const percent = (value: number | null) => (value === null ? '–' : `${(value * 100).toFixed(1)} %`);

/** Who took a version off players, in the operator's words. */
function useRolledBackBy() {
  const { t } = useOpsTranslation();
  return (record: RolledBackRecord) => (record.kind === 'auto-rollback' ? t('releases.byStore') : record.actor);
}

/** One history line: what changed, from which version to which (a canary names only itself and its share). */
function changeLine(t: ReturnType<typeof useOpsTranslation>['t'], h: ActivationRecord): string {
  if (h.kind === 'canary') return t('releases.canaryChange', { version: h.to_version, share: h.share ?? 0 });
  return `${t(`releases.kind.${h.kind}`)} ${h.from_version ?? t('releases.build')} → ${h.to_version}`;
}

/**
 * The versions the health table shows: the canary, the live one, then every other version players
 * loaded in the window (those rolled back among them), most recently loaded first.
 */
export function healthVersions(minutes: readonly HealthMinute[], live: string | undefined, canary: string | undefined): string[] {
  const lastSeen = new Map<string, string>();
  for (const m of minutes) if ((lastSeen.get(m.version) ?? '') < m.minute) lastSeen.set(m.version, m.minute);
  const others = [...lastSeen.keys()].filter((v) => v !== live && v !== canary).sort((a, b) => (lastSeen.get(b)! < lastSeen.get(a)! ? -1 : lastSeen.get(b)! > lastSeen.get(a)! ? 1 : 0));
  return [canary, live, ...others].filter((v): v is string => Boolean(v));
}

/** A remote's health per version over the last day: a table for everyone, and charts. */
function AppHealth({ app, live, canary, rolledBack }: { app: string; live: string | undefined; canary: string | undefined; rolledBack: readonly RolledBackRecord[] }) {
  const { t } = useOpsTranslation();
  const health = useOpsQuery(`health-${app}-${live}-${canary ?? ''}`, () => opsCall<{ minutes: HealthMinute[] }>('GET', `/releases/health?app=${encodeURIComponent(app)}&hours=24`));
  const minutes = health.data?.minutes ?? [];
  const shown = healthVersions(minutes, live, canary);
  return (
    <section className="ops-health" aria-labelledby={`health-${app}`}>
      <h3 id={`health-${app}`}>{t('health.title')}</h3>
      <ErrorNote error={health.error} onRetry={health.reload} />
      {!health.data && health.loading ? <Loading /> : null}
      {health.data && minutes.length === 0 ? <Empty>{t('health.none')}</Empty> : null}
      {minutes.length > 0 ? (
        <>
          <table className="ops-table" data-health={app}>
            <caption className="visually-hidden">{t('health.of', { app })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('releases.version')}</th>
                <th scope="col">{t('health.loads')}</th>
                <th scope="col">{t('health.success')}</th>
                <th scope="col">{t('health.manifest')}</th>
                <th scope="col">{t('health.chunk')}</th>
                <th scope="col">{t('health.render')}</th>
                <th scope="col">{t('health.renderTime')}</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((version) => {
                const figures = summarise(minutes, version);
                return (
                  <tr key={version} data-health-version={version}>
                    <td className="ops-mono">
                      {version}{' '}
                      {version === live ? <span className="ops-tag ops-tag--delivered">{t('releases.live')}</span> : null}
                      {version === canary ? <span className="ops-tag">{t('releases.kind.canary')}</span> : null}
                      {rolledBack.some((r) => r.version === version) ? <span className="ops-tag ops-tag--warning" data-rolled-back-tag>{t('releases.rolledBackTag')}</span> : null}
                    </td>
                    <td>{figures.loads}</td>
                    <td>{percent(figures.success)}</td>
                    <td>{figures.manifest}</td>
                    <td>{figures.chunk}</td>
                    <td>{figures.render}</td>
                    <td>{figures.renderMs === null ? '–' : `${figures.renderMs} ms`}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <Suspense fallback={<Loading />}>
            <ReleaseHealthChart minutes={minutes} versions={shown} />
          </Suspense>
        </>
      ) : null}
    </section>
  );
}

/**
 * Opens a released version of a remote in a new tab before it is live: the store shows previews only by
 * a signed, expiring link it gives operators (never for a rolled-back version). The tab opens at the
 * click, so that no popup blocker stops it, and goes to the link once the store gave it.
 */
function PreviewButton({ app, version }: { readonly app: string; readonly version: string }) {
  const { t } = useOpsTranslation();
  const [error, setError] = useState<OpsApiError | null>(null);
  const [busy, setBusy] = useState(false);
  const open = async () => {
    setError(null);
    setBusy(true);
    const tab = window.open('about:blank', '_blank');
    if (tab) tab.opener = null;
    try {
      const { link } = await opsCall<{ link: string; expires_at: string }>('GET', withQuery('/releases/preview-link', { app, version }));
      if (tab) tab.location.href = link;
      else window.location.assign(link);
    } catch (failure) {
      tab?.close();
      setError(failure as OpsApiError);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" className="ops-button ops-button--quiet" aria-busy={busy} disabled={busy} onClick={() => void open()}>
        {t('releases.preview')}
      </button>
      <ErrorNote error={error} />
    </>
  );
}

/** Per app: the live version, every release with who, when and its contract check, activate, roll back, preview, history. */
export function ReleasesPage() {
  const { t } = useOpsTranslation();
  const formats = useFormats();
  const session = useSession();
  const listing = useOpsQuery('releases', () => opsCall<Listing>('GET', '/releases'));
  const [pending, setPending] = useState<Pending | null>(null);
  const [done, setDone] = useState('');
  const canAct = session.may('releases.act');
  const data = listing.data;
  const rolledBackBy = useRolledBackBy();

  const confirm = async (reason: string) => {
    if (!pending) return;
    if (pending.kind === 'activate') {
      const record = await opsCall<ActivationRecord>('POST', '/releases/activate', { app: pending.app, version: pending.version, reason, force: !pending.contractOk, ...(pending.rolledBack ? { reactivate: true } : {}) });
      setDone(t('releases.activated', { app: record.app, version: record.to_version }));
    } else if (pending.kind === 'canary') {
      const record = await opsCall<ActivationRecord>('POST', '/releases/promote', { app: pending.app, version: pending.version, share: pending.share, reason, force: !pending.contractOk, ...(pending.rolledBack ? { reactivate: true } : {}) });
      setDone(record.kind === 'canary' ? t('releases.canaryDone', { app: record.app, version: record.to_version, share: record.share }) : t('releases.activated', { app: record.app, version: record.to_version }));
    } else if (pending.kind === 'policy') {
      await opsCall('POST', '/releases/policy', { app: pending.app, auto_rollback: pending.on, reason });
      setDone(t(pending.on ? 'releases.autoOnDone' : 'releases.autoOffDone', { app: pending.app }));
    } else {
      const record = await opsCall<ActivationRecord>('POST', '/releases/rollback', { app: pending.app, reason });
      setDone(t('releases.rolledBack', { app: record.app, from: record.from_version, to: record.to_version }));
    }
    listing.reload();
  };

  return (
    <OpsPageFrame title={t('releases.title')} done={done}>
      <ErrorNote error={listing.error} onRetry={listing.reload} />
      {!data && listing.loading ? <Loading /> : null}
      {data
        ? data.apps.map((app) => {
            const releases = data.releases.filter((r) => r.app === app).slice().reverse();
            const history = data.history.filter((h) => h.app === app);
            const live = data.live[app as keyof RegistryListing['live']];
            const canary = data.canaries?.[app as keyof RegistryListing['live']];
            const rolledBack = (data.rolled_back ?? []).filter((r) => r.app === app);
            const rolledBackOf = (version: string) => rolledBack.find((r) => r.version === version);
            const rollbackTo = data.rollback_to?.[app as keyof RegistryListing['live']] ?? null;
            const autoOn = data.auto_rollback?.[app] ?? true;
            const contractOf = (version: string) => data.releases.find((r) => r.app === app && r.version === version)?.contract_ok ?? true;
            return (
              <section key={app} className="ops-card" aria-labelledby={`app-${app}`} data-app={app}>
                <header className="ops-card__head">
                  <h2 id={`app-${app}`}>{app}</h2>
                  <span className="ops-live">
                    {t('releases.live')}: <strong className="ops-mono" data-live-version>{live ?? t('releases.build')}</strong>
                  </span>
                  {canAct && live && (canary || rollbackTo) ? (
                    <button type="button" className="ops-button ops-button--danger" onClick={() => setPending({ kind: 'rollback', app, from: canary?.version ?? live, to: canary ? live : rollbackTo, canary: Boolean(canary) })}>
                      {t('releases.rollback')}
                    </button>
                  ) : null}
                </header>
                {canary ? (
                  <p className="ops-canary" data-canary={canary.version}>
                    {t('releases.canaryLine', { version: canary.version, share: canary.share, since: formats.time(canary.since) })}{' '}
                    {canAct
                      ? SHARES.filter((share) => share > canary.share).map((share) => (
                          <button key={share} type="button" className="ops-button ops-button--quiet" onClick={() => setPending({ kind: 'canary', app, version: canary.version, share, contractOk: contractOf(canary.version), first: false })}>
                            {share === 100 ? t('releases.promoteAll') : t('releases.raiseTo', { share })}
                          </button>
                        ))
                      : null}
                  </p>
                ) : null}
                {app !== 'host' ? (
                  <p className="ops-policy">
                    <label>
                      <input
                        type="checkbox"
                        checked={autoOn}
                        disabled={!canAct}
                        onChange={(event) => setPending({ kind: 'policy', app, on: event.target.checked })}
                      />{' '}
                      {t('releases.autoRollback')}
                    </label>
                    {data.policy ? <span className="ops-muted"> {t('releases.autoRollbackRule', { loads: data.policy.minLoads, minutes: data.policy.windowMinutes, rate: Math.round(data.policy.maxFailureRate * 1000) / 10 })}</span> : null}
                  </p>
                ) : null}
                {releases.length === 0 ? <Empty>{t('releases.none')}</Empty> : null}
                {releases.length > 0 ? (
                  <table className="ops-table">
                    <caption className="visually-hidden">{t('releases.of', { app })}</caption>
                    <thead>
                      <tr>
                        <th scope="col">{t('releases.version')}</th>
                        <th scope="col">{t('releases.released')}</th>
                        <th scope="col">{t('releases.contract')}</th>
                        <th scope="col">
                          <span className="visually-hidden">{t('releases.actions')}</span>
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {releases.map((release) => {
                        const taken = rolledBackOf(release.version);
                        return (
                        <tr key={release.version} className={release.version === live ? 'is-live' : taken ? 'is-rolled-back' : undefined} data-release={release.version}>
                          <td className="ops-mono">
                            {release.version} {release.version === live ? <span className="ops-tag ops-tag--delivered">{t('releases.live')}</span> : null}
                            {taken ? (
                              <>
                                <span className="ops-tag ops-tag--warning">{t('releases.rolledBackTag')}</span>
                                <span className="ops-rolled-back" data-rolled-back={release.version}>
                                  {t('releases.rolledBackBy', { by: rolledBackBy(taken), at: formats.time(taken.at), to: taken.to_version })}
                                  {taken.reason ? <span className="ops-muted"> — “{taken.reason}”</span> : null}
                                </span>
                              </>
                            ) : null}
                          </td>
                          <td>
                            {formats.time(release.released_at)} · {release.released_by}
                          </td>
                          <td>
                            {release.contract_ok ? t('releases.contractOk') : <span className="ops-error-text">{release.contract_problems.join('; ')}</span>}
                            {release.forced ? <span className="ops-tag ops-tag--warning">{t('releases.forced')}</span> : null}
                          </td>
                          <td className="ops-row-actions">
                            {app !== 'host' && !taken ? (
                              <PreviewButton app={app} version={release.version} />
                            ) : null}
                            {canAct && release.version !== live ? (
                              <button type="button" className="ops-button ops-button--quiet" onClick={() => setPending({ kind: 'activate', app, version: release.version, contractOk: release.contract_ok, rolledBack: taken })}>
                                {taken ? t('releases.reactivate') : t('releases.activate')}
                              </button>
                            ) : null}
                            {canAct && app !== 'host' && release.version !== live && release.version !== canary?.version ? (
                              <button type="button" className="ops-button ops-button--quiet" onClick={() => setPending({ kind: 'canary', app, version: release.version, share: SHARES[0]!, contractOk: release.contract_ok, rolledBack: taken, first: true })}>
                                {t('releases.tryOn', { share: SHARES[0] })}
                              </button>
                            ) : null}
                          </td>
                        </tr>
                        );
                      })}
                    </tbody>
                  </table>
                ) : null}
                {history.length > 0 ? (
                  <details>
                    <summary>{t('releases.history', { count: history.length })}</summary>
                    <ol className="ops-list">
                      {history.map((h) => (
                        <li key={h.id}>
                          {formats.time(h.activated_at)} · <span data-change={h.kind}>{changeLine(t, h)}</span> · {h.actor}
                          {h.reason ? <span className="ops-muted"> — “{h.reason}”</span> : null}
                          {h.forced ? <span className="ops-tag ops-tag--warning">{t('releases.forced')}</span> : null}
                          {h.kind === 'auto-rollback' ? <span className="ops-tag ops-tag--warning">{t('releases.kind.auto-rollback')}</span> : null}
                        </li>
                      ))}
                    </ol>
                  </details>
                ) : null}
                {app !== 'host' && live ? <AppHealth app={app} live={live} canary={canary?.version} rolledBack={rolledBack} /> : null}
              </section>
            );
          })
        : null}
      {pending ? (
        <ActionDialog
          key={`${pending.kind}-${pending.app}`}
          title={
            (pending.kind === 'activate' || pending.kind === 'canary') && pending.rolledBack
              ? t('releases.reactivateTitle', { app: pending.app, version: pending.version })
              : pending.kind === 'activate'
              ? t('releases.activateTitle', { app: pending.app, version: pending.version })
              : pending.kind === 'canary'
                ? t('releases.canaryTitle', { app: pending.app, version: pending.version, share: pending.share })
                : pending.kind === 'policy'
                  ? t(pending.on ? 'releases.autoOnTitle' : 'releases.autoOffTitle', { app: pending.app })
                  : pending.to
                    ? t('releases.rollbackToTitle', { app: pending.app, to: pending.to })
                    : t('releases.rollbackTitle', { app: pending.app })
          }
          description={
            (pending.kind === 'activate' || pending.kind === 'canary') && pending.rolledBack
              ? t('releases.reactivateWarning', { version: pending.version, by: rolledBackBy(pending.rolledBack), at: formats.time(pending.rolledBack.at), reason: pending.rolledBack.reason || '–' })
              : (pending.kind === 'activate' || pending.kind === 'canary') && !pending.contractOk
              ? t('releases.forceWarning')
              : pending.kind === 'canary'
                ? t(pending.share === 100 ? 'releases.activateDescription' : 'releases.canaryDescription', { share: pending.share })
                : pending.kind === 'policy'
                  ? t(pending.on ? 'releases.autoOnDescription' : 'releases.autoOffDescription')
                  : pending.kind === 'rollback' && pending.to
                    ? t(pending.canary ? 'releases.rollbackCanaryTo' : 'releases.rollbackToDescription', { from: pending.from, to: pending.to })
                    : t(`releases.${pending.kind}Description`)
          }
          confirmation={(pending.kind === 'activate' || pending.kind === 'canary') && pending.rolledBack ? t('releases.reactivateConfirm', { version: pending.version }) : undefined}
          confirmLabel={
            pending.kind === 'activate'
              ? t('releases.activate')
              : pending.kind === 'canary'
                ? pending.share === 100
                  ? t('releases.promoteAll')
                  : pending.first
                    ? t('releases.tryOn', { share: pending.share })
                    : t('releases.raiseTo', { share: pending.share })
                : pending.kind === 'policy'
                  ? t(pending.on ? 'releases.autoOn' : 'releases.autoOff')
                  : t('releases.rollback')
          }
          danger={pending.kind === 'rollback' || ((pending.kind === 'activate' || pending.kind === 'canary') && !pending.contractOk) || (pending.kind === 'policy' && !pending.on)}
          onConfirm={(reason) => confirm(reason)}
          onClose={() => setPending(null)}
        />
      ) : null}
    </OpsPageFrame>
  );
}
