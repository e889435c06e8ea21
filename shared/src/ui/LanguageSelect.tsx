import { useTranslation } from 'react-i18next';
import { LOCALES, isLocale } from '@topup/shared/rules';
import { changeLocale, useAppStore } from '@topup/shared/store';

/** Each language named in itself, the same on every page. */
const NAMES = { en: 'English', ko: '한국어', zh: '中文' };

/**
 * The one language switch (the store's shell and the back office): each language named in itself;
 * a change re-renders every page in it and is kept as the player's choice (changeLocale).
 */
export function LanguageSelect({ className }: { readonly className: string }) {
  const { t } = useTranslation();
  return (
    <label className={className}>
      <select
        aria-label={t('language.label')}
        value={useAppStore((s) => s.locale)}
        onChange={(event) => isLocale(event.target.value) && void changeLocale(event.target.value)}
      >
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {NAMES[l]}
          </option>
        ))}
      </select>
    </label>
  );
}
