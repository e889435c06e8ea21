import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { RemoteRegistry } from '@topup/shared';
import { LanguageSwitch } from './LanguageSwitch';
import { CustomerServiceButton } from './CustomerServiceButton';
import { AboutPanel } from './AboutPanel';
import { PreviewNotice } from './PreviewNotice';

interface Props {
  readonly registry: RemoteRegistry | null;
  readonly refusedPreview?: string | null;
  readonly children: ReactNode;
}

/** The frame around every page: brand, language switch, the page, customer service, about. */
export function Shell({ registry, refusedPreview = null, children }: Props) {
  const { t } = useTranslation('shell');
  return (
    <div className="shell">
      <header className="shell__bar">
        <Link to="/" className="shell__brand" aria-label={t('brand.home')}>
          {t('brand.name')}
        </Link>
        <LanguageSwitch />
      </header>
      <PreviewNotice registry={registry} refused={refusedPreview} />
      <main className="shell__main" id="main">
        {children}
      </main>
      <CustomerServiceButton />
      <AboutPanel registry={registry} />
    </div>
  );
}
