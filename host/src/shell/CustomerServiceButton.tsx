import { useTranslation } from 'react-i18next';
import { useAppStore } from '@topup/shared/store';

/** Floating customer-service button: only when a page has a link for it; opens in a new tab. */
export function CustomerServiceButton() {
  const { t } = useTranslation();
  const { url, visible } = useAppStore((s) => s.customerService);
  if (!visible || !url) return null;
  return (
    <a className="customer-service" href={url} target="_blank" rel="noopener noreferrer" aria-label={t('customerService.label')}>
      <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true">
        <path
          fill="currentColor"
          d="M12 3a8 8 0 0 0-8 8v4a3 3 0 0 0 3 3h1v-7H6a6 6 0 0 1 12 0h-2v7h1.5a2.5 2.5 0 0 1-2.5 2H12v2h3a4.5 4.5 0 0 0 4.4-3.6A3 3 0 0 0 20 15v-4a8 8 0 0 0-8-8Z"
        />
      </svg>
    </a>
  );
}
