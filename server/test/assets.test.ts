import { testDbTargets } from './support/test-db';
import { openTestStore, type TestStore } from './support/test-app';

jest.setTimeout(60_000);

const [pglite] = testDbTargets();

describe('demo images', () => {
  let store: TestStore;
  beforeAll(async () => {
    store = await openTestStore(pglite!);
  });
  afterAll(async () => {
    await store?.close();
  });

  async function catalogueUrls(): Promise<string[]> {
    const rows = await store.db.query<{ url: string }>(
      `SELECT icon_url AS url FROM games
       UNION SELECT role_help_image FROM games WHERE role_help_image <> ''
       UNION SELECT product_file_url FROM bundles
       UNION SELECT slideshow_url FROM banners
       UNION SELECT icon_url FROM pay_types`,
    );
    return rows.map((row) => row.url);
  }

  it('send players to the store\'s own help page for customer service', async () => {
    const rows = await store.db.query<{ url: string }>(
      `SELECT customer_service_url AS url FROM game_areas WHERE customer_service_url <> ''
       UNION SELECT value FROM store_settings WHERE key = 'customer_service_url'`,
    );
    expect(rows.length).toBeGreaterThan(1);
    for (const { url } of rows) expect(url).toMatch(/^\/#\/help(\?game_id=\d+&area=[a-z]+)?$/);
  });

  it('are all served by the store itself, never from another host', async () => {
    const urls = await catalogueUrls();
    expect(urls.length).toBeGreaterThan(40);
    for (const url of urls) {
      expect(url).toMatch(/^\/assets\//);
      const response = await store.app.inject({ method: 'GET', url });
      expect([url, response.statusCode]).toEqual([url, 200]);
      const type = String(response.headers['content-type']);
      expect(type).toMatch(url.split('?')[0]!.endsWith('.svg') ? /^image\/svg\+xml/ : /^text\/html/);
      expect(response.body).not.toMatch(/https?:\/\/(?!www\.w3\.org)/);
    }
  });

  it('are cacheable, and an unknown image is a 404', async () => {
    const response = await store.app.inject({ method: 'GET', url: '/assets/games/18.svg' });
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    expect((await store.app.inject({ method: 'GET', url: '/assets/games/nope.svg' })).statusCode).toBe(404);
    expect((await store.app.inject({ method: 'GET', url: '/assets/../package.json' })).statusCode).toBe(404);
  });
});
