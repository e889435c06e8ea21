import { Trans } from 'react-i18next';
import { legalLink, PRIVACY_PAGE_URL, TERMS_PAGE_URL, useAppStore } from '@topup/shared';
import { NAMESPACE } from '../../../strings';
import { usePcTranslation } from '../../../lib/use-pc-translation';

interface Props {
  readonly agreed: boolean;
  readonly onChange: (agreed: boolean) => void;
}

/** The agreement to the terms and the privacy policy (each opens in a new tab, in the page's language). */
export function AgreementCheckbox({ agreed, onChange }: Props) {
  const { t } = usePcTranslation();
  const locale = useAppStore((s) => s.locale);
  return (
    <label className="pc-agreement">
      <input type="checkbox" checked={agreed} onChange={(event) => onChange(event.target.checked)} />
      <span>
        <Trans
          ns={NAMESPACE}
          i18nKey="order.agree"
          components={{
            terms: (
              <a href={legalLink(TERMS_PAGE_URL, locale)} target="_blank" rel="noopener noreferrer" data-testid="terms-link" aria-describedby="pc-new-tab-note" />
            ),
            privacy: (
              <a href={legalLink(PRIVACY_PAGE_URL, locale)} target="_blank" rel="noopener noreferrer" data-testid="privacy-link" aria-describedby="pc-new-tab-note" />
            ),
          }}
        />
      </span>
      <span id="pc-new-tab-note" className="visually-hidden">
        {t('order.newTab')}
      </span>
    </label>
  );
}
