import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { firstScreenScript } from '../../shared/build/first-screen-script';
import { updateCatalogue } from '../src/catalogue/update-catalogue';
import { FIRST_SCREEN_SLOT, withFirstScreen, type FirstScreenData } from '../src/http/web/first-screen';
import { openTestStore, type TestStore } from './support/test-app';
import { testDbTargets } from './support/test-db';

jest.setTimeout(60_000);

const HOST_DIR = path.resolve(__dirname, '..', '..', 'host');

/** The shell's page as the build writes it (host/src/index.html), with its first-screen script and nothing else of the build. */
function builtShellPage(): string {
  return fs
    .readFileSync(path.join(HOST_DIR, 'src', 'index.html'), 'utf8')
    .replace('<%= earlyRegistryScript %>', '')
    .replace('<%= firstScreenScript %>', () => firstScreenScript(HOST_DIR));
}

/** The little of a DOM document these checks read (the server's types have no DOM library). */
interface DomNode {
  readonly textContent: string | null;
  getAttribute(name: string): string | null;
}
interface Doc {
  readonly readyState: string;
  readonly documentElement: { readonly lang: string };
  getElementById(id: string): DomNode | null;
  querySelector(selector: string): DomNode | null;
  querySelectorAll(selector: string): { readonly length: number };
  addEventListener(type: string, listener: () => void, options: { once: boolean }): void;
}
// Loaded by name at run time: its types would bring the DOM library into the server's.
const JSDOM_MODULE = 'jsdom';
type JsdomConstructor = new (html: string, options: { url: string; runScripts: 'dangerously' }) => { window: { document: Doc } };

/** The page the store serves, run as a phone with no JavaScript of the store's own: only the HTML's inline scripts. */
async function paint(html: string, address: string, stored: Record<string, string> = {}): Promise<Doc> {
  const { JSDOM } = (await import(JSDOM_MODULE)) as { JSDOM: JsdomConstructor };
  const dom = new JSDOM(html.replace('<script>', `<script>${Object.entries(stored).map(([k, v]) => `localStorage.setItem(${JSON.stringify(k)}, ${JSON.stringify(v)});`).join('')}</script><script>`), {
    url: `http://store.test/${address}`,
    runScripts: 'dangerously',
  });
  // The screen is placed once the body is read.
  if (dom.window.document.readyState === 'loading') await new Promise<void>((resolve) => dom.window.document.addEventListener('readystatechange', resolve, { once: true }));
  return dom.window.document;
}

const screenText = (document: Doc) => (document.getElementById('first-screen')?.textContent ?? null);
const bannerOf = (document: Doc) => document.querySelector('#first-screen .fs-banner img')?.getAttribute('src') ?? null;

describe('a hostile game name in the shell page', () => {
  it('stays inside the data element and is painted as text, never as markup', async () => {
    const hostile = '</script><img src=x onerror="window.hit=1">Evil & <b>bold</b>';
    const data: FirstScreenData = {
      games: {
        '77': {
          name: { en: hostile, ko: hostile, zh: hostile },
          icon: '/icons/77.svg',
          byName: false,
          help: false,
          areas: { us: { banner: { en: '/banner-slides/77-us-1/en.svg', ko: '/banner-slides/77-us-1/ko.svg', zh: '/banner-slides/77-us-1/zh.svg' }, region: '' } },
        },
      },
    };
    const html = withFirstScreen(builtShellPage(), data);
    const element = /<script type="application\/json" id="first-screen-data">([\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(element).not.toContain('<');
    expect((JSON.parse(element) as FirstScreenData).games['77']!.name.en).toBe(hostile);
    const document = await paint(html, '#/?game_id=77&area=us');
    expect(document.querySelector('#first-screen .fs-title')?.textContent).toBe(hostile);
    expect(document.querySelectorAll('#first-screen img[onerror], #first-screen b').length).toBe(0);
  });
});

describe.each(testDbTargets())('the shell page carries the first screen of the top-up page on $name', (target) => {
  let store: TestStore;
  beforeAll(async () => {
    const hostDist = fs.mkdtempSync(path.join(os.tmpdir(), 'topup-first-screen-'));
    fs.writeFileSync(path.join(hostDist, 'index.html'), builtShellPage());
    store = await openTestStore(target, { hostDist });
  });
  afterAll(() => store?.close());

  const shellPage = () => store.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'identity' } });
  const dataOf = (html: string) => JSON.parse(/<script type="application\/json" id="first-screen-data">([\s\S]*?)<\/script>/.exec(html)![1]!) as FirstScreenData;

  it("writes each game's first screen, per area sold and per language, from the catalogue", async () => {
    const answer = await shellPage();
    expect(answer.statusCode).toBe(200);
    const data = dataOf(answer.body);
    const game = data.games['18']!;
    expect(game).toMatchObject({ name: { en: 'Emberwing Frontier', ko: '엠버윙 프론티어', zh: '烬翼边境' }, icon: '/assets/games/18.svg', byName: false, help: false });
    expect(Object.keys(game.areas).sort()).toEqual(['en', 'eu', 'kr', 'us']);
    expect(game.areas.us).toEqual({
      banner: {
        en: expect.stringMatching(/^\/banner-slides\/18-us-1\/en\.svg\?r=\d+$/),
        ko: expect.stringMatching(/^\/banner-slides\/18-us-1\/ko\.svg\?r=\d+$/),
        zh: expect.stringMatching(/^\/banner-slides\/18-us-1\/zh\.svg\?r=\d+$/),
      },
      region: 'NA',
    });
    // The picture the banners answer gives the page is the one the HTML asks for first.
    expect(data.games['14']).toMatchObject({ help: true });
    expect(data.games['999']).toBeUndefined();
  });

  it('paints the game, its area and the player’s language, and only the neutral skeleton for a game or area not sold', async () => {
    const html = (await shellPage()).body;
    const en = await paint(html, '#/?game_id=18&area=us');
    expect(en.getElementById('first-screen')?.getAttribute('aria-hidden')).toBe('true');
    for (const words of ['Emberwing Frontier', 'Official top-up store', 'Select Character', 'Region', 'NA', 'Server', 'Select a server', 'Character ID', 'Enter your character ID', 'Search']) {
      expect(screenText(en)).toContain(words);
    }
    expect(bannerOf(en)).toMatch(/^\/banner-slides\/18-us-1\/en\.svg/);
    expect(en.querySelectorAll('#first-screen a, #first-screen button, #first-screen input, #first-screen [tabindex]')).toHaveLength(0);

    // The language the player chose in this browser, then the area's (kr: Korean), then a link's lang.
    const ko = await paint(html, '#/?game_id=18&area=us', { lang: 'ko' });
    expect(screenText(ko)).toContain('엠버윙 프론티어');
    expect(screenText(ko)).toContain('캐릭터 선택');
    expect(bannerOf(ko)).toMatch(/\/ko\.svg/);
    expect(ko.documentElement.lang).toBe('ko');
    expect(bannerOf(await paint(html, '#/?game_id=18&area=kr'))).toMatch(/^\/banner-slides\/18-kr-1\/ko\.svg/);
    expect(screenText(await paint(html, '#/?game_id=18&area=us&lang=zh', { lang: 'ko' }))).toContain('烬翼边境');
    // A game found by name asks for the name.
    const byName = Object.entries(dataOf(html).games).find(([, game]) => game.byName);
    if (byName) expect(screenText(await paint(html, `#/?game_id=${byName[0]}&area=${Object.keys(byName[1].areas)[0]}`))).toContain('Character name');

    // A character in the link, or kept on the device: header and banner only, the page draws the card.
    const withRole = await paint(html, '#/?game_id=18&area=us&role_id=123');
    expect(bannerOf(withRole)).not.toBeNull();
    expect(withRole.querySelector('#first-screen .fs-card')).toBeNull();
    const remembered: Array<Record<string, string>> = [{ 'topup:recent-characters': '[]' }, { role_id: '123', roleInfo: '{}' }, { server_name: 'S1' }];
    for (const kept of remembered) {
      expect({ kept, card: (await paint(html, '#/?game_id=18&area=us', kept)).querySelector('#first-screen .fs-card') }).toEqual({ kept, card: null });
    }

    // `#/` without a game: the card that sends the player to the Voucher Center, in the player's language.
    for (const address of ['#/', '']) expect(screenText(await paint(html, address))).toBe('Which game would you like to top up?Open this page from your game, or choose a game in the Voucher Center.Go to the Voucher Center');
    expect(screenText(await paint(html, '#/', { lang: 'zh' }))).toContain('想为哪款游戏充值？');

    // The Voucher Center's hero, in the player's language.
    expect(screenText(await paint(html, '#/index_1', { lang: 'ko' }))).toBe('바우처 센터게임을 선택하고 몇 번의 터치로 게임 재화를 충전하세요.\u00a0');

    // A bundle's page: header, the card with the bundle's picture asked of the server, the character card.
    const bundlePage = await paint(html, '#/prod?game_id=18&area=us&product_id=18-us-starter-pack');
    expect(screenText(bundlePage)).toContain('Emberwing Frontier');
    expect(screenText(bundlePage)).toContain('Bundle');
    expect(screenText(bundlePage)).toContain('Select Character');
    expect(bundlePage.querySelector('#first-screen .fs-pic img')?.getAttribute('src')).toBe('/first-screen/bundle-picture?game_id=18&area=us&product_id=18-us-starter-pack');
    expect(bannerOf(bundlePage)).toBeNull();

    // Nothing that could be wrong: an unknown game, an area that does not sell it, another page, a
    // preview, a bundle's page without its bundle or game.
    for (const address of ['#/?game_id=999&area=us', '#/?game_id=18&area=jp', '#/pcIndex', '#/?game_id=18&area=us&mf_preview=x', '#/prod?game_id=18&area=us', '#/prod?product_id=18-us-starter-pack', '#/prod?game_id=18&area=jp&product_id=18-us-starter-pack']) {
      const neutral = await paint(html, address);
      expect({ address, screen: neutral.getElementById('first-screen') }).toEqual({ address, screen: null });
      expect(neutral.querySelectorAll('.boot div')).toHaveLength(3);
    }
  });

  it('allows its inline scripts by hash, answers 304 for the same page and a new page when the catalogue changes', async () => {
    const first = await shellPage();
    const csp = String(first.headers['content-security-policy']);
    for (const [, code] of first.body.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
      expect(csp).toContain(`'sha256-${createHash('sha256').update(code ?? '', 'utf8').digest('base64')}'`);
    }
    const etag = String(first.headers.etag);
    expect(first.headers['cache-control']).toBe('no-store');
    const again = await store.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'identity', 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    const compressed = await store.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br' } });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.etag).not.toBe(etag);

    await updateCatalogue(store.db, store.catalogue, (tx) =>
      tx.query(`UPDATE games SET names = jsonb_set(names, '{en}', '"Emberwing Frontier II"') WHERE game_id = 18`),
    );
    const changed = await store.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'identity', 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(dataOf(changed.body).games['18']!.name.en).toBe('Emberwing Frontier II');
  });

  it("sends a bundle's picture for its page's first screen, and nothing for what is not on sale or not asked right", async () => {
    const picture = (query: string) => store.app.inject({ method: 'GET', url: `/first-screen/bundle-picture?${query}` });
    const found = await picture('game_id=18&area=us&product_id=18-us-starter-pack');
    expect(found.statusCode).toBe(302);
    expect(found.headers['cache-control']).toBe('no-cache');
    const rows = await store.db.query<{ product_file_url: string }>("SELECT product_file_url FROM bundles WHERE product_id = '18-us-starter-pack'");
    expect(rows[0]?.product_file_url).toMatch(/^\/assets\//);
    expect(found.headers.location).toBe(rows[0]!.product_file_url);
    // The area as the page reads it (any case).
    expect((await picture('game_id=18&area=US&product_id=18-us-starter-pack')).headers.location).toBe(rows[0]!.product_file_url);
    for (const query of [
      'game_id=18&area=jp&product_id=18-us-starter-pack',
      'game_id=999&area=us&product_id=18-us-starter-pack',
      'game_id=18&area=us&product_id=nope',
      'game_id=18&area=us',
      'game_id=abc&area=us&product_id=18-us-starter-pack',
      'game_id=18&game_id=18&area=us&product_id=18-us-starter-pack',
      `game_id=18&area=us&product_id=${'x'.repeat(5000)}`,
      'game_id=18&area[x]=us&product_id=18-us-starter-pack',
    ]) {
      const answer = await picture(query);
      expect({ query: query.slice(0, 80), status: answer.statusCode, location: answer.headers.location }).toEqual({ query: query.slice(0, 80), status: 404, location: undefined });
      expect(answer.headers['content-security-policy']).toBeDefined();
    }
    // A bundle whose sale has ended has no page to paint.
    await updateCatalogue(store.db, store.catalogue, (tx) =>
      tx.query("UPDATE bundles SET sale_ends_at = '2020-01-01T00:00:00Z'::timestamptz WHERE product_id = '18-us-starter-pack'"),
    );
    expect((await picture('game_id=18&area=us&product_id=18-us-starter-pack')).statusCode).toBe(404);
  });

  it('leaves a page without the slot as it was built', async () => {
    expect(builtShellPage()).toContain(FIRST_SCREEN_SLOT);
    expect(dataOf(builtShellPage())).toBeNull();
  });
});
