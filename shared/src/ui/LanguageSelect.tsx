import { LOCALES, type Locale } from '@topup/shared/rules';
import { changeLocale, useAppStore } from '@topup/shared/store';

/** Each language named in itself, the same on every page. */
const NAMES = { en: 'English', ko: '한국어', zh: '中文' };

/**
 * The one language switch (the store's shell and the back office), named by `label` in the page's
 * language; a change re-renders every page in it and is kept as the player's choice (changeLocale).
 */
export function LanguageSelect({ className, label }: { readonly className: string; readonly label: string }) {
  return (
    <select className={className} aria-label={label} value={useAppStore((s) => s.locale)} onChange={(event) => void changeLocale(event.target.value as Locale)}>
      {LOCALES.map((l) => (
        <option key={l} value={l} lang={l}>
          {NAMES[l]}
        </option>
      ))}
    </select>
  );
}
