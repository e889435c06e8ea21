import { useState } from 'react';
import { opsCall } from '../lib/ops-client';
import { useSession } from '../lib/session';
import { useLoad } from '../lib/use-load';
import { useOpsTranslation } from '../lib/use-ops-translation';
import { ActionDialog, Empty, ErrorNote, Loading, useFormats } from '../app/parts';
import type { ActivationRecord, RegistryListing } from '@topup/shared/types';

interface Listing extends RegistryListing {
  readonly apps: readonly string[];
}

type Pending = { kind: 'activate'; app: string; version: string; contractOk: boolean } | { kind: 'rollback'; app: string };

/** Where a tester sees a released version of a remote before it is live (this tab only). */
function previewHref(app: string, version: string): string {
  return `/?mf_preview=${encodeURIComponent(`${app}@${version}`)}#/`;
}

/** Per app: the live version, every release with who, when and its contract check, activate, roll back, preview, history. */
export function ReleasesPage() {
  const { t } = useOpsTranslation();
  const formats = useFormats();
  const session = useSession();
  const listing = useLoad(() => opsCall<Listing>('GET', '/releases'), 'releases');
  const [pending, setPending] = useState<Pending | null>(null);
  const [done, setDone] = useState('');
  const canAct = session.may('releases.act');
  const data = listing.data;

  const confirm = async (reason: string) => {
    if (!pending) return;
    if (pending.kind === 'activate') {
      const record = await opsCall<ActivationRecord>('POST', '/releases/activate', { app: pending.app, version: pending.version, reason, force: !pending.contractOk });
      setDone(t('releases.activated', { app: record.app, version: record.to_version }));
    } else {
      const record = await opsCall<ActivationRecord>('POST', '/releases/rollback', { app: pending.app, reason });
      setDone(t('releases.rolledBack', { app: record.app, from: record.from_version, to: record.to_version }));
    }
    listing.reload();
  };

  return (
    <section className="ops-page">
      <header className="ops-page__head">
        <h1 tabIndex={-1}>{t('releases.title')}</h1>
      </header>
      {done ? (
        <p className="ops-note ops-note--ok" role="status">
          {done}
        </p>
      ) : null}
      <ErrorNote error={listing.error} onRetry={listing.reload} />
      {!data && listing.loading ? <Loading /> : null}
      {data
        ? data.apps.map((app) => {
            const releases = data.releases.filter((r) => r.app === app).slice().reverse();
            const history = data.history.filter((h) => h.app === app);
            const live = data.live[app as keyof RegistryListing['live']];
            return (
              <section key={app} className="ops-card" aria-labelledby={`app-${app}`} data-app={app}>
                <header className="ops-card__head">
                  <h2 id={`app-${app}`}>{app}</h2>
                  <span className="ops-live">
                    {t('releases.live')}: <strong className="ops-mono" data-live-version>{live ?? t('releases.build')}</strong>
                  </span>
                  {canAct && live ? (
                    <button type="button" className="ops-button ops-button--danger" onClick={() => setPending({ kind: 'rollback', app })}>
                      {t('releases.rollback')}
                    </button>
                  ) : null}
                </header>
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
                      {releases.map((release) => (
                        <tr key={release.version} className={release.version === live ? 'is-live' : undefined}>
                          <td className="ops-mono">
                            {release.version} {release.version === live ? <span className="ops-tag ops-tag--delivered">{t('releases.live')}</span> : null}
                          </td>
                          <td>
                            {formats.time(release.released_at)} · {release.released_by}
                          </td>
                          <td>
                            {release.contract_ok ? t('releases.contractOk') : <span className="ops-error-text">{release.contract_problems.join('; ')}</span>}
                            {release.forced ? <span className="ops-tag ops-tag--warning">{t('releases.forced')}</span> : null}
                          </td>
                          <td className="ops-row-actions">
                            {app !== 'host' ? (
                              <a className="ops-button ops-button--quiet" href={previewHref(app, release.version)} target="_blank" rel="noopener">
                                {t('releases.preview')}
                              </a>
                            ) : null}
                            {canAct && release.version !== live ? (
                              <button type="button" className="ops-button ops-button--quiet" onClick={() => setPending({ kind: 'activate', app, version: release.version, contractOk: release.contract_ok })}>
                                {t('releases.activate')}
                              </button>
                            ) : null}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                ) : null}
                {history.length > 0 ? (
                  <details>
                    <summary>{t('releases.history', { count: history.length })}</summary>
                    <ol className="ops-list">
                      {history.map((h) => (
                        <li key={h.id}>
                          {formats.time(h.activated_at)} · {t(`releases.kind.${h.kind}`)} {h.from_version ?? t('releases.build')} → <span className="ops-mono">{h.to_version}</span> · {h.actor}
                          {h.reason ? <span className="ops-muted"> — “{h.reason}”</span> : null}
                          {h.forced ? <span className="ops-tag ops-tag--warning">{t('releases.forced')}</span> : null}
                        </li>
                      ))}
                    </ol>
                  </details>
                ) : null}
              </section>
            );
          })
        : null}
      {pending ? (
        <ActionDialog
          title={pending.kind === 'activate' ? t('releases.activateTitle', { app: pending.app, version: pending.version }) : t('releases.rollbackTitle', { app: pending.app })}
          description={pending.kind === 'activate' && !pending.contractOk ? t('releases.forceWarning') : t(`releases.${pending.kind}Description`)}
          confirmLabel={pending.kind === 'activate' ? t('releases.activate') : t('releases.rollback')}
          danger={pending.kind === 'rollback' || (pending.kind === 'activate' && !pending.contractOk)}
          onConfirm={(reason) => confirm(reason)}
          onClose={() => setPending(null)}
        />
      ) : null}
    </section>
  );
}
