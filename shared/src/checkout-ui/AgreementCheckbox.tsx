import { useId } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { legalLink } from '@topup/shared/rules';
import { useAppStore } from '@topup/shared/store';
import { PRIVACY_PAGE_URL, TERMS_PAGE_URL } from '@topup/shared/ui';
import { CHECKOUT_UI_NAMESPACE } from './checkout-ui-strings';

interface Props {
  readonly agreed: boolean;
  readonly onChange: (agreed: boolean) => void;
  /** The storefront's class prefix: each keeps its CSS. */
  readonly prefix: string;
  /** Why paying stopped here ('Please agree protocal'), shown under the box until it is ticked. */
  readonly error?: string | null;
}

/** The agreement to the terms and the privacy policy (each opens in a new tab, in the page's language). */
export function AgreementCheckbox({ agreed, onChange, prefix, error = null }: Props) {
  const { t } = useTranslation(CHECKOUT_UI_NAMESPACE);
  const locale = useAppStore((s) => s.locale);
  const id = useId();
  const note = `${id}-new-tab`;
  const errorId = `${id}-error`;
  const checkbox = (
    <label className={`${prefix}-agreement`}>
      <input
        type="checkbox"
        checked={agreed}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span>
        <Trans
          t={t}
          i18nKey="agreement.text"
          components={{
            terms: <a href={legalLink(TERMS_PAGE_URL, locale)} target="_blank" rel="noopener noreferrer" data-testid="terms-link" aria-describedby={note} />,
            privacy: <a href={legalLink(PRIVACY_PAGE_URL, locale)} target="_blank" rel="noopener noreferrer" data-testid="privacy-link" aria-describedby={note} />,
          }}
        />
      </span>
      <span id={note} className="visually-hidden">
        {t('agreement.newTab')}
      </span>
    </label>
  );
  // The box keeps its place in the tree whether the error shows or not, so ticking it keeps its focus.
  return (
    <>
      {checkbox}
      <p className={`${prefix}-agreement__error`} id={errorId} role="alert" hidden={!error}>
        {error}
      </p>
    </>
  );
}
