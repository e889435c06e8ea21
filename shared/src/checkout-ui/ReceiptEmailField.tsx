import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReceiptEmail } from '@topup/shared/checkout';
import { CHECKOUT_UI_NAMESPACE } from './checkout-ui-strings';

interface Props {
  readonly receipt: ReceiptEmail;
  /** The storefront's class prefix: each keeps its CSS. */
  readonly prefix: string;
}

/** The optional e-mail address a receipt is sent to once the items are delivered; the error stays next to the field. */
export function ReceiptEmailField({ receipt, prefix }: Props) {
  const { t } = useTranslation(CHECKOUT_UI_NAMESPACE);
  const id = useId();
  return (
    <div className={`${prefix}-receipt-email`} data-testid="receipt-email">
      <label htmlFor={`${id}-input`}>{t('receiptEmail.label')}</label>
      <input
        ref={receipt.inputRef}
        id={`${id}-input`}
        type="email"
        inputMode="email"
        autoComplete="email"
        spellCheck={false}
        maxLength={254}
        placeholder={t('receiptEmail.placeholder')}
        value={receipt.typed}
        onChange={(event) => receipt.change(event.target.value)}
        aria-invalid={receipt.refused}
        aria-describedby={`${id}-hint${receipt.refused ? ` ${id}-error` : ''}`}
      />
      <p className={`${prefix}-receipt-email__hint`} id={`${id}-hint`}>
        {t('receiptEmail.hint')}
      </p>
      {receipt.refused ? (
        <p className={`${prefix}-receipt-email__error`} id={`${id}-error`} role="alert">
          {t('receiptEmail.invalid')}
        </p>
      ) : null}
    </div>
  );
}
