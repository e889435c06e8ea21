import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { store, useAppStore, DEFAULT_CUSTOMER_SERVICE_URL } from '../store/store';

export interface PlaceholderPageProps {
  /** The remote that renders this page. */
  readonly remote: string;
  /** Translation key of the page title in the remote's namespace. */
  readonly titleKey: string;
  readonly namespace: string;
}

/**
 * A page that is not built yet: it names its route and shows the locale read from the
 * shared store, and offers the shell the default customer-service link.
 */
export function PlaceholderPage({ remote, titleKey, namespace }: PlaceholderPageProps) {
  const { t } = useTranslation(namespace);
  const location = useLocation();
  const locale = useAppStore((s) => s.locale);

  useEffect(() => {
    store.getState().setCustomerService(DEFAULT_CUSTOMER_SERVICE_URL);
  }, []);

  return (
    <section className="placeholder-page" data-remote={remote} data-route={location.pathname}>
      <h1>{t(titleKey)}</h1>
      <p>
        <span data-testid="route-name">{location.pathname}</span> · <span data-testid="store-locale">{locale}</span>
      </p>
    </section>
  );
}
