import fs from 'node:fs';
import path from 'node:path';
import { EN } from '../../remote-topup/src/locales/en';
import { KO } from '../../remote-topup/src/locales/ko';
import { ZH } from '../../remote-topup/src/locales/zh';
import { EN as VOUCHER_EN } from '../../remote-voucher/src/locales/en';
import { KO as VOUCHER_KO } from '../../remote-voucher/src/locales/ko';
import { ZH as VOUCHER_ZH } from '../../remote-voucher/src/locales/zh';

/**
 * The first screens the shell's HTML paints of the top-up page and the Voucher Center (decision 268)
 * use a copy of those pages' words: the host never imports a remote. The copy must say what the pages say.
 */
const COPY = path.resolve(__dirname, '..', '..', 'host', 'src', 'early', 'first-screen-words.json');

describe("the first screen's words", () => {
  it("are the top-up page's own, in each language", () => {
    const copy = JSON.parse(fs.readFileSync(COPY, 'utf8')) as Record<string, Record<string, string>>;
    // The Voucher Center's words carry its namespace: `voucher:page.title`.
    const voucher = (words: Record<string, string>) => Object.fromEntries(Object.entries(words).map(([key, text]) => [`voucher:${key}`, text]));
    const page: Record<string, Record<string, string>> = { en: { ...EN, ...voucher(VOUCHER_EN) }, ko: { ...KO, ...voucher(VOUCHER_KO) }, zh: { ...ZH, ...voucher(VOUCHER_ZH) } };
    expect(Object.keys(copy).sort()).toEqual(['en', 'ko', 'zh']);
    for (const [lang, words] of Object.entries(copy)) {
      const keys = Object.keys(words);
      expect(keys.length).toBeGreaterThan(10);
      expect(keys.filter((key) => key.startsWith('voucher:')).length).toBe(2);
      expect({ lang, words }).toEqual({ lang, words: Object.fromEntries(keys.map((key) => [key, page[lang]?.[key]])) });
    }
  });
});
