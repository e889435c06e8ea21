import { useTranslation } from 'react-i18next';
import { REMOTE_IDS, type RemoteRegistry } from '@topup/shared/contracts';
import { STAFF_NAMESPACE } from './staff-strings';

declare const __BUILD_VERSION__: string;

/** Which build of the shell and of each remote this page is running, for testers and support. */
export function AboutPanel({ registry }: { readonly registry: RemoteRegistry | null }) {
  const { t } = useTranslation(STAFF_NAMESPACE);
  return (
    <details className="about-panel">
      <summary>{t('about.title')}</summary>
      <dl aria-label={t('about.versions')}>
        <dt>host</dt>
        <dd data-version-of="host">{__BUILD_VERSION__}</dd>
        {REMOTE_IDS.map((remote) => (
          <div key={remote}>
            <dt>{remote}</dt>
            <dd data-version-of={remote}>
              {registry?.remotes[remote]?.version ?? '—'}
              {registry?.remotes[remote]?.preview ? ' (preview)' : ''}
            </dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
