import { useTranslation } from 'react-i18next';
import { LOCALES, isLocale } from '@topup/shared/rules';
import { useAppStore } from '@topup/shared/store';
import { changeLocale } from '../locale';

/** The visible language switch; changing it re-renders the shell and every remote. */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const locale = useAppStore((s) => s.locale);
  return (
    <label className="language-switch">
      <span className="visually-hidden">{t('language.label')}</span>
      <select
        aria-label={t('language.label')}
        value={locale}
        onChange={(event) => {
          if (isLocale(event.target.value)) void changeLocale(event.target.value);
        }}
      >
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {t(`language.${l}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
