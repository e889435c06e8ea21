import type { BrowserContext, Page } from 'playwright-core';
import { DESKTOP, PHONE } from '../support/browser';
import { FAST_DELIVERY, resultStatus, settleInSandbox } from '../support/orders';
import { openRoute, waitForRemotePage } from '../support/page-helpers';
import { saveScreenshot } from '../support/screenshots';
import { confirmCharacter, hashQuery, openTopUp } from '../support/topup';
import { useE2e } from '../support/fixture';

const { server, browser } = useE2e({ ownStore: { env: FAST_DELIVERY } });
let context: BrowserContext;
let page: Page;

beforeEach(async () => {
  context = await browser.newContext(PHONE);
  page = await context.newPage();
});
afterEach(async () => {
  await context.close();
});

/** True when the page is no wider than the window (nothing to scroll sideways). */
const fitsTheWindow = (p: Page) => p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('/game on a phone', () => {
  it('lists every game with its areas, filters as the player types, and a tap opens `/` for that game and area', async () => {
    await openRoute(page, server.url, '/game');
    await page.getByRole('heading', { level: 1, name: 'Choose a game' }).waitFor();
    const all = page.getByRole('region', { name: 'All games' });
    await all.getByRole('heading', { level: 3, name: 'Emberwing Frontier' }).waitFor();
    expect(await all.getByRole('heading', { level: 3 }).count()).toBe(10);
    expect(await fitsTheWindow(page)).toBe(true);
    await saveScreenshot(page, 'game-chooser-phone');

    await page.getByRole('searchbox', { name: 'Search games' }).fill('SKY');
    await all.getByRole('heading', { level: 3 }).first().waitFor();
    expect(await all.getByRole('heading', { level: 3 }).allTextContents()).toEqual(['Skyreach Legends']);

    await all.getByRole('link', { name: 'Top up Skyreach Legends in Korea' }).click();
    await waitForRemotePage(page, '/');
    const { path, query } = hashQuery(page);
    expect([path, query.get('game_id'), query.get('area')]).toEqual(['/', '44', 'kr']);
    await page.locator('.tp-page[data-game-id="44"][data-area="kr"]').waitFor();
  });

  it('fits a desktop window, two games a row', async () => {
    const desktop = await browser.newContext(DESKTOP);
    try {
      const wide = await desktop.newPage();
      await openRoute(wide, server.url, '/game');
      const cards = wide.getByRole('region', { name: 'All games' }).locator('article');
      await cards.first().waitFor();
      const [first, second] = await Promise.all([cards.nth(0).boundingBox(), cards.nth(1).boundingBox()]);
      expect(first && second && Math.abs(first.y - second.y) < 1 && second.x > first.x).toBe(true);
      expect(await fitsTheWindow(wide)).toBe(true);
      await saveScreenshot(wide, 'game-chooser-desktop');
    } finally {
      await desktop.close();
    }
  });
});

describe('a banner to /prod, then to the mailbox', () => {
  it('taps a banner on `/`, confirms a character on /prod, buys, pays in the sandbox and sees it delivered', async () => {
    await openTopUp(page, server.url, 'game_id=18&area=us');
    // Reaching for the banner hands it to the carousel (paused under the pointer): tap its shown slide,
    // not the first image it replaces.
    await page.getByTestId('banner-slide').first().hover();
    await page.locator('.tp-banner .swiper-initialized').waitFor();
    await page.locator('.tp-banner .swiper-slide-active [data-testid="banner-slide"]').click();
    await waitForRemotePage(page, '/prod');
    const { path, query } = hashQuery(page);
    const productId = query.get('product_id') ?? '';
    expect([path, query.get('game_id'), query.get('area')]).toEqual(['/prod', '18', 'us']);
    // The banner's slide: the currency tab's best offer or the starter pack (whichever was showing).
    expect(productId).toMatch(/^18-us-(currency-980|starter-pack)$/);

    const card = page.getByRole('region', { name: 'Bundle' }).locator(`[data-product-id="${productId}"]`);
    await card.waitFor();
    expect(await card.getByTestId('bundle-tag').count()).toBe(1);
    expect(await fitsTheWindow(page)).toBe(true);
    await saveScreenshot(page, 'product-page-phone', { fullPage: true });

    await confirmCharacter(page, 'NA-1 Aurora', '1801001');
    await card.waitFor();
    const price = (await card.locator('.tp-price').textContent()) ?? '';
    await card.locator('.tp-price').click();
    await waitForRemotePage(page, '/submit');
    const submit = hashQuery(page).query;
    expect(submit.get('product_id')).toBe(productId);
    expect(JSON.parse(submit.get('roleInfo') ?? '{}')).toMatchObject({ role_id: '1801001', server_id: '1801' });

    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: `Pay ${price}` }).click();
    await settleInSandbox(page, 'Pay');
    await resultStatus(page, 'delivered');
  });
});

describe('/prod while its bundle loads', () => {
  it("keeps the character's place: the card's skeleton has the card's boxes", async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    // The bundle's prices wait until the skeleton has been measured.
    await page.route('**/*', async (route) => {
      if (/getPayPrice/.test(`${route.request().url()} ${route.request().postData() ?? ''}`)) await held;
      await route.continue().catch(() => undefined);
    });
    await openRoute(page, server.url, '/prod?game_id=18&area=us&product_id=18-us-starter-pack');
    const character = page.locator('.tp-character');
    await page.locator('.tp-product-skeleton').waitFor();
    await character.waitFor();
    const before = await character.boundingBox();
    release();
    await page.locator('.tp-product [data-product-id="18-us-starter-pack"]').waitFor();
    const after = await character.boundingBox();
    // The starter pack's card (picture, words, price, one line of offer): within a few pixels of its skeleton.
    expect(Math.abs((after?.y ?? 0) - (before?.y ?? -100))).toBeLessThanOrEqual(4);
    expect(await page.locator('.tp-product [data-product-id="18-us-starter-pack"] img').getAttribute('loading')).toBe('eager');
  });
});
