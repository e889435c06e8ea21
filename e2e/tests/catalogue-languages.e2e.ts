import type { Page } from 'playwright-core';
import { PHONE } from '../support/browser';
import { saveScreenshot } from '../support/screenshots';
import { openTopUp } from '../support/topup';
import { useE2e } from '../support/fixture';

const { server, browser } = useE2e();

const HANGUL = /\p{Script=Hangul}/u;
const HAN = /\p{Script=Han}/u;
/** An English word of three letters or more (prices, numbers and "×2" are shared by every language). */
const ENGLISH = /[A-Za-z]{3,}/;

/** Every word the page shows a player: the tabs, the cards and the slide's words. */
async function shownWords(page: Page): Promise<string[]> {
  const tabs = await page.getByRole('tab').allInnerTexts();
  const cards = await page.locator('[data-product-id]').allInnerTexts();
  const slide = await page.locator('.tp-banner img').first().getAttribute('alt');
  return [...tabs, ...cards, slide ?? ''];
}

const CASES = [
  { lang: 'zh', area: 'us', script: HAN, foreign: [ENGLISH, HANGUL], packs: '组合包', pack: '新手礼包' },
  { lang: 'ko', area: 'us', script: HANGUL, foreign: [ENGLISH, HAN], packs: '패키지', pack: '스타터 팩' },
  { lang: 'zh', area: 'kr', script: HAN, foreign: [ENGLISH, HANGUL], packs: '组合包', pack: '新手礼包' },
  { lang: 'en', area: 'kr', script: ENGLISH, foreign: [HANGUL, HAN], packs: 'Packs', pack: 'Starter Pack' },
] as const;

describe.each(CASES)('the $area catalogue on a $lang page', ({ lang, area, script, foreign, packs, pack }) => {
  it('shows tabs, bundles and slides in the page language only', async () => {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    try {
      await openTopUp(page, server.url, `game_id=18&area=${area}&lang=${lang}`);
      await page.locator('.tp-banner img').first().waitFor();
      for (const words of await shownWords(page)) {
        expect({ words, script: script.test(words) }).toEqual({ words, script: true });
        for (const other of foreign) expect({ words, foreign: other.test(words.replace(/GMT|USD|KRW/g, '')) }).toEqual({ words, foreign: false });
      }
      // The slide's picture carries the same words, drawn in this language.
      const slide = await page.locator('.tp-banner img').first().getAttribute('src');
      expect(slide).toMatch(new RegExp(`/banner-slides/18-${area}-1/${lang}\\.svg`));
      const drawn = await (await fetch(`${server.url}${slide ?? ''}`)).text();
      expect(script.test(drawn.replace(/<[^>]*>/g, ' ').replace(/TopUp|Helvetica|Arial/g, ''))).toBe(true);

      // Another tab, picked by its shown name: the page asks for it by its key.
      await page.getByRole('tab', { name: packs }).click();
      await page.locator('[data-product-id$="starter-pack"]').getByText(pack, { exact: true }).waitFor();
      if (area === 'us') await saveScreenshot(page, `catalogue-${lang}`);
    } finally {
      await context.close();
    }
  });
});
