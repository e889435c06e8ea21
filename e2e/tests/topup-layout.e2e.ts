import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page, Response } from 'playwright-core';
import { PHONE } from '../support/browser';
import { useE2e } from '../support/fixture';
import { REPO_ROOT } from '../support/server';
import { confirmCharacter, openTopUp } from '../support/topup';

/** `UPDATE_SCREENSHOTS=1` refreshes the pictures in docs/screenshots; otherwise they go to e2e/artifacts. */
const ARTIFACTS = path.join(REPO_ROOT, 'e2e', 'artifacts');
const SHOTS = process.env.UPDATE_SCREENSHOTS ? path.join(REPO_ROOT, 'docs', 'screenshots') : ARTIFACTS;

const { server, browser } = useE2e();
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
  fs.mkdirSync(ARTIFACTS, { recursive: true });
});
beforeEach(async () => {
  context = await browser.newContext({ ...PHONE, reducedMotion: 'reduce' });
  page = await context.newPage();
});
afterEach(async () => {
  await context.close();
});

async function horizontalOverflow(): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const page = document.querySelector('.tp-page');
    return page
      ? Array.from(page.querySelectorAll<HTMLElement>('*'))
          .filter((el) => !el.closest('.swiper, .tp-tabs') && el.getBoundingClientRect().right > width + 0.5)
          .map((el) => `${el.tagName.toLowerCase()}.${el.className}`)
      : ['no page'];
  });
}

function swiperLoaded(responses: Response[]): Promise<boolean> {
  return Promise.all(
    responses.filter((r) => r.url().endsWith('.js')).map((r) => r.text().then((body) => body.includes('swiper-wrapper'))),
  ).then((found) => found.some(Boolean));
}

describe('the top-up page on a 390×844 phone', () => {
  for (const lang of ['en', 'ko', 'zh'] as const) {
    it(`fits the screen without sideways scrolling (${lang})`, async () => {
      await openTopUp(page, server.url, `game_id=18&area=us&lang=${lang}`);
      await page.locator('.tp-banner .swiper-slide img').first().waitFor();
      expect(await horizontalOverflow()).toEqual([]);
      // The docs keep the English page; the others stay with the test run.
      if (lang === 'en') {
        await page.screenshot({ path: path.join(SHOTS, 'topup-page.png') });
        await page.screenshot({ path: path.join(SHOTS, 'topup-page-full.png'), fullPage: true });
      } else {
        await page.screenshot({ path: path.join(ARTIFACTS, `topup-page-${lang}.png`), fullPage: true });
      }
    });
  }

  it('shows the Bundle Details dialog above the page', async () => {
    await openTopUp(page, server.url, 'game_id=18&area=us');
    await confirmCharacter(page, 'NA-1 Aurora', '1801003');
    await page.getByRole('tab', { name: 'Packs' }).click();
    await page.locator('[data-product-id$="weekly-supply"]').waitFor();
    await page.locator('[data-product-id$="weekly-supply"]').getByRole('button', { name: /^Details of/ }).last().click();
    const dialog = page.getByRole('dialog', { name: 'Bundle Details' });
    await dialog.waitFor();
    await dialog.locator('img').evaluate((img: HTMLImageElement) => img.decode());
    const box = await dialog.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390 && box.y >= 0 && box.y + box.height <= 844).toBe(true);
    expect(await dialog.getByTestId('bundle-limit').textContent()).toBe('Purchased 1/3');
    await page.screenshot({ path: path.join(SHOTS, 'topup-bundle-details.png') });
  });

  it('fetches Swiper only when the game has banners', async () => {
    const withBanners: Response[] = [];
    page.on('response', (r) => withBanners.push(r));
    await openTopUp(page, server.url, 'game_id=44&area=us');
    await page.locator('.tp-banner .swiper-slide').first().waitFor();
    expect(await swiperLoaded(withBanners)).toBe(true);
    // This file's browser asks for reduced motion: the slides stand still until the player presses
    // Play (decision 208), then move on every 3000 ms: the second one becomes the current one.
    await page.getByRole('button', { name: 'Play the offers' }).click();
    await page.waitForFunction(
      () => document.querySelectorAll('.tp-banner .swiper-pagination-bullet')[1]?.classList.contains('swiper-pagination-bullet-active'),
      null,
      { timeout: 10_000 },
    );
    await context.close();

    context = await browser.newContext(PHONE);
    page = await context.newPage();
    const without: Response[] = [];
    page.on('response', (r) => without.push(r));
    // The same game with its banners taken away by the network: an answer with no slides.
    await page.route('**/api/banners', (route) => route.fulfill({ contentType: 'application/json', body: JSON.stringify({ ret: 0, data: [], msg: 'OK' }) }));
    await openTopUp(page, server.url, 'game_id=44&area=us');
    await page.waitForLoadState('networkidle');
    expect(await page.locator('.tp-banner').count()).toBe(0);
    expect(await swiperLoaded(without)).toBe(false);
  });
});
