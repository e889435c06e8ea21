import fs from 'node:fs';
import path from 'node:path';
import { EN } from '../../remote-topup/src/locales/en';
import { KO } from '../../remote-topup/src/locales/ko';
import { ZH } from '../../remote-topup/src/locales/zh';

/**
 * The first screen the shell's HTML paints of the top-up page (decision 268) uses a copy of that
 * page's words: the host never imports a remote. The copy must say what the page says.
 */
const COPY = path.resolve(__dirname, '..', '..', 'host', 'src', 'early', 'first-screen-words.json');

describe("the first screen's words", () => {
  it("are the top-up page's own, in each language", () => {
    const copy = JSON.parse(fs.readFileSync(COPY, 'utf8')) as Record<string, Record<string, string>>;
    const page: Record<string, Record<string, string>> = { en: EN, ko: KO, zh: ZH };
    expect(Object.keys(copy).sort()).toEqual(['en', 'ko', 'zh']);
    for (const [lang, words] of Object.entries(copy)) {
      const keys = Object.keys(words);
      expect(keys.length).toBeGreaterThan(10);
      expect({ lang, words }).toEqual({ lang, words: Object.fromEntries(keys.map((key) => [key, page[lang]?.[key]])) });
    }
  });
});
