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
}

/** The agreement to the terms and the privacy policy (each opens in a new tab, in the page's language). */
export function AgreementCheckbox({ agreed, onChange, prefix }: Props) {
  const { t } = useTranslation(CHECKOUT_UI_NAMESPACE);
  const locale = useAppStore((s) => s.locale);
  const note = `${useId()}-new-tab`;
  return (
    <label className={`${prefix}-agreement`}>
      <input type="checkbox" checked={agreed} onChange={(event) => onChange(event.target.checked)} />
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
}
