import { useTranslation } from 'react-i18next';
import type { RemoteId } from '@topup/shared/contracts';

/** Shown while a remote page loads: the shape of a page, not a blank screen. */
export function PageSkeleton({ remote }: { readonly remote: RemoteId }) {
  const { t } = useTranslation();
  return (
    <div className="page-skeleton" role="status" aria-live="polite" data-remote-loading={remote}>
      <span className="visually-hidden">{t('state.loading')}</span>
      <div className="page-skeleton__banner" />
      <div className="page-skeleton__line" />
      <div className="page-skeleton__line page-skeleton__line--short" />
      <div className="page-skeleton__grid">
        <div />
        <div />
        <div />
        <div />
      </div>
    </div>
  );
}
