import { legalLink, TERMS_PAGE_URL, useAppStore } from '@topup/shared';
import { useTopUpTranslation } from '../../../lib/use-topup-translation';

interface Props {
  readonly agreed: boolean;
  readonly onChange: (agreed: boolean) => void;
}

/** The agreement checkbox, linked to the terms (in a new tab, in the page's language). */
export function AgreementCheck({ agreed, onChange }: Props) {
  const { t } = useTopUpTranslation();
  const locale = useAppStore((state) => state.locale);
  return (
    <div className="od-agreement">
      <input id="od-agree" type="checkbox" checked={agreed} onChange={(event) => onChange(event.target.checked)} />
      <label htmlFor="od-agree">{t('submit.agreePrefix')}</label>{' '}
      <a href={legalLink(TERMS_PAGE_URL, locale)} target="_blank" rel="noopener noreferrer" data-testid="agreement-terms">
        {t('submit.terms')}
        <span className="visually-hidden"> {t('submit.newTab')}</span>
      </a>
    </div>
  );
}
