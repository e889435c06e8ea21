import type { Strings } from '../src/store';

/**
 * The checks every namespace of texts passes: Korean and Chinese have exactly the English keys, no text
 * is empty, and each keeps the English placeholders ({{name}}) and tags (<b>).
 */
export function describeStringsParity(title: string, strings: Strings): void {
  describe(title, () => {
    const english = Object.keys(strings.en).sort();
    it.each(['ko', 'zh'] as const)('%s has every English text, and no other', (locale) => {
      expect(Object.keys(strings[locale]).sort()).toEqual(english);
    });
    it.each(['en', 'ko', 'zh'] as const)('%s has no empty text and keeps every placeholder', (locale) => {
      const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}|<(\w+)>/g)].map((m) => m[1] ?? m[2]).sort();
      for (const key of english) {
        const text = strings[locale][key] ?? '';
        expect({ key, empty: text.trim() === '' }).toEqual({ key, empty: false });
        expect({ key, placeholders: placeholders(text) }).toEqual({ key, placeholders: placeholders(strings.en[key] ?? '') });
      }
    });
  });
}
