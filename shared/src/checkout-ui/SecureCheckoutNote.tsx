import { useTranslation } from 'react-i18next';
import { CHECKOUT_UI_NAMESPACE } from './checkout-ui-strings';

interface Props {
  /** Who takes the payment (the tab data's `pay_provider`); nothing is shown until it is known. */
  readonly provider: string | undefined;
  readonly prefix: string;
}

/** Beside Pay: the payment is taken by the named provider, over an encrypted connection, and the store never sees the card. */
export function SecureCheckoutNote({ provider, prefix }: Props) {
  const { t } = useTranslation(CHECKOUT_UI_NAMESPACE);
  if (!provider) return null;
  return (
    <p className={`${prefix}-secure-note`} data-testid="secure-checkout">
      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
        <path fill="currentColor" d="M12 2a5 5 0 0 0-5 5v3H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8a2 2 0 0 0-2-2h-1V7a5 5 0 0 0-5-5Zm-3 8V7a3 3 0 0 1 6 0v3H9Z" />
      </svg>
      <span>{t('secure.note', { provider })}</span>
    </p>
  );
}
