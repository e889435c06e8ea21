import type { Banner, CustUrlData } from '@topup/shared/types';
import { exportCatalogue, checkCatalogueFile } from '../src/catalogue/catalogue-file';
import { judgeLink, servedLink } from '../src/catalogue/catalogue-links';
import { drawSlide } from '../src/catalogue/banner-slides';
import { updateCatalogue } from '../src/catalogue/update-catalogue';
import { call, openTestStore, type TestStore } from './support/test-app';
import { testDbTargets } from './support/test-db';

jest.setTimeout(60_000);

const HOSTS = ['events.example.com'];

/** Addresses that a browser follows off the store, however they are spelled. */
const OFF_SITE = [
  '/\t/evil.example/phish',
  '/\n/evil.example',
  '/\r\n/evil.example',
  '//evil.example',
  ' //evil.example',
  '/\\evil.example',
  '\\\\evil.example',
  'javascript:alert(1)',
  'JavaScript:alert(1)',
  ' javascript:alert(1)',
  'java\tscript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'http://events.example.com/x',
  'https://evil.example/x',
  'https:/evil.example',
  'https:\\\\evil.example',
  'https://events.example.com@evil.example/',
  'https://user:pass@events.example.com/',
  'https://events.example.com.evil.example/',
  'evil.example',
];

describe('catalogue links', () => {
  it.each(OFF_SITE)('refuses %j', (url) => {
    expect(judgeLink(url, HOSTS)).toMatchObject({ ok: false });
    expect(servedLink(url, HOSTS)).toBe('');
  });

  it('keeps the store\'s own pages and https on BANNER_LINK_HOSTS, in the form a browser reads', () => {
    expect(judgeLink('/#/prod?game_id=18', HOSTS)).toEqual({ ok: true, url: '/#/prod?game_id=18' });
    expect(judgeLink('#/pcIndex', HOSTS)).toEqual({ ok: true, url: '#/pcIndex' });
    expect(judgeLink(' /#/help\t', HOSTS)).toEqual({ ok: true, url: '/#/help' });
    expect(judgeLink('https://EVENTS.example.com./spring', HOSTS)).toEqual({ ok: true, url: 'https://EVENTS.example.com./spring' });
    expect(judgeLink('https://events.example.com/spring', [])).toMatchObject({ ok: false });
    expect(servedLink('', HOSTS)).toBe('');
  });
});

describe('banner slides', () => {
  const picture = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 750 300"><rect width="750" height="300"/></svg>\n';
  it.each(['$&', '$`', "$'", '$$', '$1'])('draws %s in the words as itself: no replacement pattern breaks the picture', (pattern) => {
    const svg = drawSlide(picture, { eyebrow: '', title: `Save ${pattern} more`, subtitle: '', action: `Buy ${pattern}` }, 'en');
    expect(svg.match(/<\/svg>/g)).toHaveLength(1);
    expect(svg.match(/<svg\b/g)).toHaveLength(1);
    const written = pattern.replace(/[&']/g, (char) => `&#${char.charCodeAt(0)};`);
    expect(svg).toContain(`aria-label="Save ${written} more"`);
    expect(svg).toContain(`>Buy ${written}</text>`);
    expect(svg.trimEnd().endsWith('</svg>')).toBe(true);
  });
});

describe.each(testDbTargets())('catalogue links on $name', (target) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await openTestStore(target, { bannerLinkHosts: HOSTS });
  });
  afterAll(() => store?.close());

  it('refuses a file whose banner or customer-service link leaves the store, naming each', async () => {
    const file = JSON.parse(JSON.stringify(await exportCatalogue(store.db)));
    file.banners[0].url = '/\t/evil.example/phish';
    file.game_areas[0].customer_service_url = '//evil.example';
    file.store_settings = [...file.store_settings.filter((row: { key: string }) => row.key !== 'customer_service_url'), { key: 'customer_service_url', value: 'javascript:alert(1)' }];
    const problems = checkCatalogueFile(file, { bannerLinkHosts: HOSTS });
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^banners\[0\].*the link "\/\\t\/evil\.example\/phish" /),
        expect.stringMatching(/^game_areas\[0\].*customer_service_url: the link \/\/evil\.example must be a page of the store/),
        expect.stringMatching(/^store_settings\[\d+\].*the link javascript:alert\(1\) must be a page of the store/),
      ]),
    );
    expect(problems).toHaveLength(3);
  });

  it('serves no link that leaves the store, even one written into the database around the checks', async () => {
    await updateCatalogue(store.db, store.catalogue, async (tx) => {
      await tx.query(`UPDATE banners SET url = $1 WHERE game_id = 18 AND area = 'us'`, ['/\t/evil.example/phish']);
      await tx.query(`UPDATE game_areas SET customer_service_url = $1 WHERE game_id = 18 AND area = 'us'`, ['//evil.example']);
      await tx.query(`UPDATE game_areas SET customer_service_url = $1 WHERE game_id = 18 AND area = 'eu'`, ['https://events.example.com/help']);
    });
    const slides = await call<Banner[]>(store.app, 'banners', { game_id: 18, area: 'us' });
    expect(slides.data.length).toBeGreaterThan(0);
    expect(slides.data.map((slide) => slide.url)).toEqual(slides.data.map(() => ''));
    expect((await call<CustUrlData>(store.app, 'custUrl', { game_id: 18, area: 'us' })).data.social_media_url).toBe('');
    expect((await call<CustUrlData>(store.app, 'custUrl', { game_id: 18, area: 'eu' })).data.social_media_url).toBe('https://events.example.com/help');
  });
});
