import type { BrowserContext, Page } from 'playwright-core';
import { PHONE } from '../support/browser';
import { openRoute, waitForRemotePage } from '../support/page-helpers';
import { routeOf } from '../support/pccenter';
import { saveScreenshot } from '../support/screenshots';
import { useE2e } from '../support/fixture';

const { server, browser } = useE2e();
let context: BrowserContext;
let page: Page;

beforeEach(async () => {
  context = await browser.newContext({ ...PHONE, reducedMotion: 'reduce' });
  page = await context.newPage();
});
afterEach(async () => {
  await context.close();
});

const gameNames = (p: Page) => p.locator('[data-remote-root="remote-voucher"] article h2').allTextContents();

describe('the Voucher Center on a phone', () => {
  it('lists the games, and Charge opens the top-up page of that game with game_id, area and from', async () => {
    const listCall = page.waitForRequest((request) => request.url().endsWith('/api/getPayGameList'));
    await openRoute(page, server.url, '/index_1?from=e2e-phone');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Voucher Center');
    await page.locator('article[data-game-id]').first().waitFor();
    expect(await gameNames(page)).toEqual([
      'Emberwing Frontier',
      'Skyreach Legends',
      'Tidebound Voyage',
      'Crownfall Realms',
      'Pixel Hearth',
      'Mecha Vanguard',
      'Moonpetal Saga',
      'Ironroot Tactics',
      'Starfall Arena',
      'Lantern Isle',
    ]);
    const request = await listCall;
    expect([request.method(), request.postData() ?? '', request.headers()['content-type']]).toEqual(['POST', '', 'application/x-www-form-urlencoded']);
    // The store-wide customer-service link, in a new tab.
    // The social-media page shows until the store answers; then the store's own link.
    const support = page.locator('a.customer-service[href^="/#/help?lang="]');
    await support.waitFor();
    expect(await support.getAttribute('target')).toBe('_blank');
    await saveScreenshot(page, 'voucher-center');

    await page.getByRole('button', { name: 'Charge Skyreach Legends' }).click();
    await waitForRemotePage(page, '/');
    const { path, query } = routeOf(page);
    expect([path, Object.fromEntries(query)]).toEqual(['/', { game_id: '44', area: 'us', from: 'e2e-phone' }]);
    await page.locator('[data-product-id]').first().waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Skyreach Legends');
    expect(await page.locator('.tp-page').getAttribute('data-game-id')).toBe('44');
  });

  it('asks in the stored area: Korean names, and Charge keeps the area kr', async () => {
    await openRoute(page, server.url, '/index_1?area=kr');
    await page.getByRole('heading', { name: '바우처 센터' }).waitFor();
    await page.getByRole('heading', { name: '엠버윙 프론티어' }).waitFor();
    await page.getByRole('button', { name: '엠버윙 프론티어 충전' }).click();
    await waitForRemotePage(page, '/');
    expect(Object.fromEntries(routeOf(page).query)).toMatchObject({ game_id: '18', area: 'kr' });
    await page.locator('[data-product-id]').first().waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('엠버윙 프론티어');
  });
});
