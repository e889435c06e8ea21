import type { BrowserContext, Page, Request } from 'playwright-core';
import { DESKTOP, PHONE } from '../support/browser';
import { openRoute, waitForRemotePage } from '../support/page-helpers';
import { useE2e } from '../support/fixture';
import { confirmCharacter } from '../support/topup';

const { server, browser } = useE2e();
let context: BrowserContext;
let page: Page;
let requests: Request[];

async function open(device: typeof PHONE | typeof DESKTOP): Promise<void> {
  context = await browser.newContext(device);
  page = await context.newPage();
  requests = [];
  page.on('request', (request) => requests.push(request));
}

afterEach(async () => {
  await context?.close();
});

const paths = (filter: (url: string) => boolean) => requests.map((r) => new URL(r.url()).pathname).filter(filter);

describe('the first load of a page', () => {
  it('reads the registry and the page remote’s manifest once, and the page’s code with the HTML', async () => {
    await open(PHONE);
    await openRoute(page, server.url, '/?game_id=18&area=us');
    await page.waitForLoadState('networkidle');
    expect(paths((p) => p === '/mf/registry.json')).toHaveLength(1);
    expect(paths((p) => p.endsWith('/mf-manifest.json'))).toEqual([expect.stringMatching(/^\/remotes\/remote-topup\/[^/]+\/mf-manifest\.json$/)]);
    // The page's chunk was asked for by a preload hint of index.html, not only by the federation runtime.
    const preloaded = await page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="script"]'), (l) => new URL(l.href).pathname),
    );
    expect(preloaded.some((p) => /^\/remotes\/remote-topup\/[^/]+\/__federation_expose_MainPage\./.test(p))).toBe(true);
    // The page's first reads went out once each.
    expect(paths((p) => p === '/api/banners')).toHaveLength(1);
    expect(paths((p) => p === '/api/getTab')).toHaveLength(1);
  });

  it('leaves what only a linked player or a result page needs out of `#/`, and fetches the panel once a character is confirmed', async () => {
    await open(PHONE);
    // Every script's text as it arrives, to look for the code of the parts that load on demand.
    const scripts: Array<Promise<{ path: string; text: string }>> = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.text().then((text) => ({ path: new URL(response.url()).pathname, text })).catch(() => ({ path: '', text: '' })));
    });
    const holding = async (marker: string) => (await Promise.all(scripts)).filter((script) => script.text.includes(marker)).map((script) => script.path);
    await openRoute(page, server.url, '/?game_id=18&area=us');
    await page.waitForLoadState('networkidle');
    // The linked character's panel (its class lc-orders-link) and the post-purchase offer (its refusal card).
    expect(await holding('lc-orders-link')).toEqual([]);
    expect(await holding('purchase-offer-refused')).toEqual([]);
    await confirmCharacter(page, 'NA-1 Aurora', '1801001');
    await page.getByRole('heading', { name: 'Link this character' }).waitFor();
    // Now, and only now, the panel's code comes (with the shared checkout parts it is built from).
    expect(await holding('lc-orders-link')).toEqual([expect.stringMatching(/^\/remotes\/remote-topup\//)]);
  });

  it('shows the first banner before Swiper has been fetched', async () => {
    await open(PHONE);
    await openRoute(page, server.url, '/?game_id=18&area=us');
    await page.locator('.tp-banner img[alt="Best value top-up: 980 + 110 bonus"]').waitFor();
    expect(await page.locator('.tp-banner .swiper').count()).toBe(0);
    // …and the carousel takes over before the first change is due, which then comes by itself.
    await page.locator('.tp-banner .swiper-slide').first().waitFor({ timeout: 5_000 });
    await page.waitForFunction(
      () => document.querySelectorAll('.tp-banner .swiper-pagination-bullet')[1]?.classList.contains('swiper-pagination-bullet-active'),
      null,
      { timeout: 5_000 },
    );
  });

  it('on a desktop, prepares the pay centre for / and never the phone page', async () => {
    await open(DESKTOP);
    await page.goto(`${server.url}/#/?game_id=18&area=us`);
    await waitForRemotePage(page, '/pcIndex');
    await page.waitForLoadState('networkidle');
    expect(paths((p) => p.includes('/remotes/remote-topup/'))).toEqual([]);
    expect(paths((p) => p.endsWith('/mf-manifest.json'))).toEqual([expect.stringMatching(/^\/remotes\/remote-pccenter\//)]);
  });
});
