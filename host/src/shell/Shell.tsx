import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { RemoteRegistry } from '@topup/shared/contracts';
import { useAppStore } from '@topup/shared/store';
import { LanguageSelect } from '@topup/shared/ui';
import { pageQuery } from '../locale';
import { usePageFocus } from './use-page-focus';

// Build versions are for staff (`?about`) and testers (a preview), not every player's download.
const AboutPanel = lazy(() => import('./AboutPanel').then((module) => ({ default: module.AboutPanel })));
// The floating customer-service button comes after the page, once a page has a link for it.
const CustomerServiceButton = lazy(() => import('./CustomerServiceButton'));
// A preview's notice is for testers too: its code and words load only in a tab that previews.
const PreviewNotice = lazy(() => import('./PreviewNotice').then((module) => ({ default: module.PreviewNotice })));
const previewing = (registry: RemoteRegistry | null) => Object.values(registry?.remotes ?? {}).some((entry) => entry.preview);
const showsAbout = (registry: RemoteRegistry | null) => pageQuery().has('about') || previewing(registry);

interface Props {
  readonly registry: RemoteRegistry | null;
  readonly refusedPreview?: string | null;
  readonly children: ReactNode;
}

/** The frame around every page: brand, language switch, the page, customer service; build versions for staff. */
export function Shell({ registry, refusedPreview = null, children }: Props) {
  const { t } = useTranslation('shell');
  const { url: serviceUrl, visible: showsService } = useAppStore((s) => s.customerService);
  usePageFocus();
  return (
    <div className="shell">
      <a
        className="skip-link"
        href="#main"
        onClick={(event) => {
          // The address's hash is the route: the link moves focus, not the page.
          event.preventDefault();
          document.getElementById('main')?.focus();
        }}
      >
        {t('skip.main')}
      </a>
      <header className="shell__bar">
        <Link to="/" className="shell__brand" aria-label={t('brand.home')}>
          {t('brand.name')}
        </Link>
        <LanguageSelect className="language-switch" label={t('language.label')} />
      </header>
      {refusedPreview || previewing(registry) ? (
        <Suspense fallback={null}>
          <PreviewNotice registry={registry} refused={refusedPreview} />
        </Suspense>
      ) : null}
      <main className="shell__main" id="main" tabIndex={-1}>
        {children}
      </main>
      {showsService && serviceUrl ? (
        <Suspense fallback={null}>
          <CustomerServiceButton url={serviceUrl} />
        </Suspense>
      ) : null}
      {showsAbout(registry) ? (
        <Suspense fallback={null}>
          <AboutPanel registry={registry} />
        </Suspense>
      ) : null}
    </div>
  );
}
