import type { BrowserContext, Page } from 'playwright-core';
import { expectNoAxeViolations } from '../support/axe';
import { PHONE } from '../support/browser';
import { useE2e } from '../support/fixture';
import { saveScreenshot } from '../support/screenshots';

/**
 * The top-up page's first screen comes with the HTML (host/src/early/first-screen.inline.js, the
 * server's description of each game): it is there before the page's code arrives, in the player's
 * language, and the page that replaces it draws the same boxes in the same places.
 */
const { server, browser } = useE2e();
let context: BrowserContext;
let page: Page;

afterEach(async () => {
  await context.close();
});

async function phone(stored: Record<string, string> = {}): Promise<void> {
  context = await browser.newContext({ ...PHONE, reducedMotion: 'reduce' });
  await context.addInitScript((entries) => {
    // Once, as a player's earlier visit left them: not again when the page is read again.
    if (localStorage.getItem('e2e-stored')) return;
    localStorage.setItem('e2e-stored', '1');
    for (const [key, value] of entries) localStorage.setItem(key, value);
  }, Object.entries(stored));
  page = await context.newPage();
}

/** Holds every file of the top-up page's remote until `release` is called: the phone waits for its code. */
async function holdTopUpCode(): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/remotes/remote-topup/**', async (route) => {
    await held;
    await route.continue().catch(() => undefined);
  });
  return release;
}

/** The boxes of the first screen's parts, by the selector of each part in the pre-painted screen or in the page. */
const PARTS = {
  header: ['#first-screen .fs-header', '.tp-header'],
  title: ['#first-screen .fs-title', '.tp-header__title'],
  banner: ['#first-screen .fs-banner', '.tp-banner'],
  card: ['#first-screen .fs-card', '.tp-character'],
  region: ['#first-screen .fs-select >> nth=0', '.tp-select[data-testid="region-field"]'],
  server: ['#first-screen .fs-select >> nth=1', '.tp-select[data-testid="server-field"]'],
  id: ['#first-screen .fs-input', '.tp-character-form .tp-input'],
  search: ['#first-screen .fs-button', '.tp-character-form > .tp-button'],
} as const;

async function boxes(which: 0 | 1, parts: Record<string, readonly [string, string]> = PARTS): Promise<Record<string, string>> {
  const found: Record<string, string> = {};
  for (const [part, selectors] of Object.entries(parts)) {
    const box = await page.locator(selectors[which]).boundingBox();
    found[part] = box ? [box.x, box.y, box.width, box.height].map((n) => Math.round(n)).join(',') : 'missing';
  }
  return found;
}

const FIRST_SCREENS = [
  { lang: 'en', stored: {}, words: ['Emberwing Frontier', 'Official top-up store', 'Select Character', 'NA', 'Select a server', 'Enter your character ID', 'Search'] },
  { lang: 'ko', stored: { lang: 'ko' }, words: ['엠버윙 프론티어', '공식 충전 스토어', '캐릭터 선택', 'NA', '서버를 선택하세요', '캐릭터 ID를 입력하세요', '검색'] },
] as const;

describe('the top-up page’s first screen, painted from the HTML', () => {
  it('asks for the shell’s code only once the banner has arrived, so that a slow network brings the banner first', async () => {
    await phone();
    const seen: string[] = [];
    page.on('request', (request) => seen.push(`asked ${new URL(request.url()).pathname}`));
    page.on('requestfinished', (request) => seen.push(`arrived ${new URL(request.url()).pathname}`));
    await page.goto(`${server.url}/#/?game_id=18&area=us`);
    await page.locator('.tp-header__title').waitFor();
    const bannerArrived = seen.findIndex((event) => /^arrived \/banner-slides\/18-us-1\/en\.svg$/.test(event));
    const firstScript = seen.findIndex((event) => /^asked \/[^/]+\.js$/.test(event));
    expect(bannerArrived).toBeGreaterThan(-1);
    expect(firstScript).toBeGreaterThan(bannerArrived);
    // The shell's entry and its preload hints are still asked for by the page, and only once each.
    expect(seen.filter((event) => /^asked \/main\.[^/]+\.js$/.test(event))).toHaveLength(1);
  });

  it.each(FIRST_SCREENS)('is there in $lang before the page’s code, and the page that replaces it looks the same', async ({ lang, stored, words }) => {
    await phone(stored);
    const release = await holdTopUpCode();
    await page.goto(`${server.url}/#/?game_id=18&area=us`);
    const screen = page.locator('#first-screen');
    await page.waitForFunction(() => {
      const banner = document.querySelector<HTMLImageElement>('#first-screen .fs-banner img');
      return !!banner && banner.complete && banner.naturalWidth > 0;
    });
    // The page's code has not run: what the phone shows is the HTML's.
    expect(await page.locator('.tp-page').count()).toBe(0);
    const painted = await screen.innerText();
    for (const word of words) expect({ lang, painted }).toEqual({ lang, painted: expect.stringContaining(word) });
    expect(await page.locator('#first-screen .fs-banner img').getAttribute('src')).toMatch(new RegExp(`^/banner-slides/18-us-1/${lang}\\.svg`));
    expect(await page.locator('#first-screen .fs-banner img').getAttribute('fetchpriority')).toBe('high');
    // Hidden from screen readers and out of the keyboard's way until the page takes over.
    expect(await screen.getAttribute('aria-hidden')).toBe('true');
    expect(await screen.evaluate((node) => (node as HTMLElement).inert)).toBe(true);
    await expectNoAxeViolations(page, `first screen from the HTML · ${lang} · phone`);
    const before = await boxes(0);
    expect(Object.values(before)).not.toContain('missing');
    await saveScreenshot(page, `first-screen-html-${lang}`, { whileLoading: true });

    release();
    await screen.waitFor({ state: 'detached', timeout: 30_000 });
    await page.locator('.tp-header__title').waitFor();
    // The page draws the same name, and every part of the first screen in the same box.
    expect(await page.locator('.tp-header__title').innerText()).toBe(words[0]);
    expect(await boxes(1)).toEqual(before);
    await saveScreenshot(page, `first-screen-app-${lang}`);
  });

  it('is there at `#/` without a game too: the card that sends the player to the Voucher Center, in the same place', async () => {
    await phone({ lang: 'ko' });
    const release = await holdTopUpCode();
    await page.goto(`${server.url}/#/`);
    const screen = page.locator('#first-screen');
    expect(await screen.innerText()).toContain('어떤 게임을 충전하시겠어요?');
    const parts = {
      card: ['#first-screen .fs-no-game', '.tp-no-game'],
      title: ['#first-screen .fs-no-game__title', '.tp-no-game h1'],
      body: ['#first-screen .fs-no-game__body', '.tp-no-game p'],
      link: ['#first-screen .fs-button--link', '.tp-no-game .tp-button'],
    } as const;
    const before = await boxes(0, parts);
    expect(Object.values(before)).not.toContain('missing');
    release();
    await screen.waitFor({ state: 'detached', timeout: 30_000 });
    expect(await boxes(1, parts)).toEqual(before);
  });

  it('paints a bundle’s page with the bundle’s picture before the page’s code, and the page’s boxes match it', async () => {
    await phone();
    const release = await holdTopUpCode();
    await page.goto(`${server.url}/#/prod?game_id=18&area=us&product_id=18-us-starter-pack`);
    const screen = page.locator('#first-screen');
    await page.waitForFunction(() => {
      const picture = document.querySelector<HTMLImageElement>('#first-screen .fs-pic img');
      return !!picture && picture.complete && picture.naturalWidth > 0;
    });
    expect(await page.locator('.tp-page').count()).toBe(0);
    const painted = await screen.innerText();
    for (const word of ['Emberwing Frontier', 'Bundle', 'Select Character', 'Search']) expect(painted).toContain(word);
    expect(await page.locator('#first-screen .fs-pic img').getAttribute('fetchpriority')).toBe('high');
    await expectNoAxeViolations(page, 'first screen from the HTML · bundle page · phone');
    const parts = {
      header: ['#first-screen .fs-header', '.tp-header'],
      bundleCard: ['#first-screen .fs-card >> nth=0', '.tp-product'],
      bundleTitle: ['#first-screen .fs-card >> nth=0 >> .fs-h2', '.tp-product .tp-card__title'],
      picture: ['#first-screen .fs-pic', '.tp-product .tp-bundle__image'],
      character: ['#first-screen .fs-card >> nth=1', '.tp-character'],
    } as const;
    const before = await boxes(0, parts);
    expect(Object.values(before)).not.toContain('missing');
    await saveScreenshot(page, 'first-screen-bundle-html-en', { whileLoading: true });

    release();
    await screen.waitFor({ state: 'detached', timeout: 30_000 });
    const after = await boxes(1, parts);
    // Header and title in the same place; the picture the same size and column, lower by the tag's
    // line when the bundle has one ("New player": 23 px and its 8 px margin); the card's words and
    // the character card within a few pixels of the skeleton's.
    expect([after.header, after.bundleTitle]).toEqual([before.header, before.bundleTitle]);
    const tag = (await page.locator('.tp-product .tp-bundle__tag').boundingBox())?.height ?? 0;
    expect(tag).toBeGreaterThan(0);
    const [px, py, pw, ph] = after.picture!.split(',').map(Number);
    const [bx, by, bw, bh] = before.picture!.split(',').map(Number);
    expect([px, pw, ph]).toEqual([bx, bw, bh]);
    expect(py! - by!).toBe(Math.round(tag + 8));
    const characterShift = Number(after.character!.split(',')[1]) - Number(before.character!.split(',')[1]);
    expect(Math.abs(characterShift)).toBeLessThanOrEqual(4);
    await saveScreenshot(page, 'first-screen-bundle-app-en');
  });

  it('paints the Voucher Center’s hero at `#/index_1` in the player’s language, and the page’s own hero takes its place', async () => {
    await phone({ lang: 'ko' });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/remotes/remote-voucher/**', async (route) => {
      await held;
      await route.continue().catch(() => undefined);
    });
    await page.goto(`${server.url}/#/index_1`);
    const screen = page.locator('#first-screen');
    await screen.waitFor();
    expect(await page.locator('.vc-page').count()).toBe(0);
    expect(await screen.innerText()).toContain('바우처 센터');
    expect(await screen.innerText()).toContain('게임을 선택하고 몇 번의 터치로 게임 재화를 충전하세요.');
    const parts = {
      hero: ['#first-screen .fs-vc-hero', '.vc-hero'],
      title: ['#first-screen .fs-vc-hero__title', '.vc-hero__title'],
      subtitle: ['#first-screen .fs-vc-hero__subtitle', '.vc-hero__subtitle'],
    } as const;
    const before = await boxes(0, parts);
    expect(Object.values(before)).not.toContain('missing');
    release();
    await screen.waitFor({ state: 'detached', timeout: 30_000 });
    // Once the list has come and the count is written in Hangul too, nothing has moved.
    await page.locator('.vc-hero__count').filter({ hasText: /\d/ }).waitFor();
    expect(await boxes(1, parts)).toEqual(before);
  });

  it('paints nothing of a game that does not exist or of an area that does not sell it: the neutral skeleton only', async () => {
    await phone();
    const release = await holdTopUpCode();
    for (const address of ['#/?game_id=424242&area=us', '#/?game_id=18&area=jp']) {
      // A new document each time: a change of the hash alone would not read the HTML again.
      await page.goto('about:blank');
      await page.goto(`${server.url}/${address}`);
      expect({ address, painted: await page.locator('#first-screen').count() }).toEqual({ address, painted: 0 });
    }
    release();
  });

  it('goes once the page has started, even when the page never reaches its first screen (an answer that never comes)', async () => {
    await phone();
    // The bundle's prices never answer: the page stays on its skeleton, and must not stay hidden.
    await page.route('**/*', async (route) => {
      if (/getPayPrice/.test(`${route.request().url()} ${route.request().postData() ?? ''}`)) return;
      await route.continue().catch(() => undefined);
    });
    await page.goto(`${server.url}/#/prod?game_id=18&area=us&product_id=18-us-starter-pack`);
    await page.locator('#first-screen').waitFor();
    await page.locator('.tp-product-skeleton').waitFor({ state: 'attached', timeout: 30_000 });
    await page.locator('#first-screen').waitFor({ state: 'detached', timeout: 30_000 });
    expect(await page.locator('.tp-product-skeleton').isVisible()).toBe(true);
  });

  it('goes when the page cannot load, so the shell’s Retry is seen', async () => {
    await phone();
    await page.route('**/remotes/remote-topup/**', (route) => route.abort());
    await page.goto(`${server.url}/#/?game_id=18&area=us`);
    await page.locator('[data-remote-unavailable="remote-topup"]').waitFor({ timeout: 30_000 });
    expect(await page.locator('#first-screen').count()).toBe(0);
  });
});
