import type { FastifyInstance } from 'fastify';
import type { Bundle } from '@topup/shared/types';
import { buildApp } from '../src/http/app';
import { CatalogueCache } from '../src/catalogue/catalogue-cache';
import { CatalogueFileError, checkCatalogueFile, exportCatalogue, importCatalogue, type CatalogueFile } from '../src/catalogue/catalogue-file';
import { updateCatalogue } from '../src/catalogue/update-catalogue';
import { loadConfig } from '../src/config';
import type { Db } from '../src/db/db';
import { seedDemo } from '../src/sandbox/seed/seed-demo';
import { createOrder, orderRequest } from './support/order-helpers';
import { call, GENEROUS_LIMITS } from './support/test-app';
import { testDbTargets } from './support/test-db';

jest.setTimeout(120_000);

const HOUR = 3_600_000;
const IMPORT = { actor: 'service:test', reason: 'test', source: 'import' } as const;

/** A copy to change: the export is read-only. */
const copy = (file: CatalogueFile) => JSON.parse(JSON.stringify(file)) as { -readonly [K in keyof CatalogueFile]: Array<Record<string, unknown>> } & { format: number };

describe.each(testDbTargets())('a bundle\'s sale window on $name', (target) => {
  let db: Db;
  let app: FastifyInstance;
  let catalogue: CatalogueCache;
  // The store's clock, moved by the tests; the database keeps its own.
  const opened = Math.floor(Date.now() / 1000) * 1000;
  let clock = opened;

  beforeAll(async () => {
    db = await target.open();
    await seedDemo(db);
    catalogue = new CatalogueCache(db, { now: () => clock });
    app = await buildApp({ config: { ...loadConfig({}), roleLookupsPerMinute: 10_000, sandboxGamePort: 0 }, db, catalogue, limits: GENEROUS_LIMITS });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  const setWindow = (productIds: readonly string[], starts: number | null, ends: number | null) =>
    updateCatalogue(db, catalogue, (tx) =>
      tx.query('UPDATE bundles SET sale_starts_at = $2::timestamptz, sale_ends_at = $3::timestamptz WHERE product_id = ANY($1::text[])', [
        productIds,
        starts === null ? null : new Date(starts).toISOString(),
        ends === null ? null : new Date(ends).toISOString(),
      ]),
    );

  const packs = async (area: 'us' | 'kr', roleId = '') => {
    const answer = await call<Bundle[]>(app, 'getPayPrice', { type: area === 'us' ? 'Packs' : '패키지', game_id: 18, area, role_id: roleId, ln_uid: '' });
    expect(answer.ret).toBe(0);
    return answer.data.map((bundle) => bundle.product_id);
  };
  const kr = { area: 'kr', server_id: '1831', role_id: '1831001', uid: '', product_id: '18-kr-hero-chest' };
  const heroChestCode = (productId = '18-us-hero-chest') =>
    call(app, 'checkDiscountCode', { game_id: 18, area: 'us', product_id: productId, role_id: '1801001', discount_code: 'WELCOME10', pay_type: 'card' });

  it('is offered and sold only inside its window, judged at each request by the store\'s clock within one catalogue revision', async () => {
    await setWindow(['18-us-hero-chest', '18-kr-hero-chest'], opened + HOUR, opened + 2 * HOUR);
    const revision = (await catalogue.get()).revision;

    // Before: not listed (for anyone, and for a character), not sold, in the player's language.
    expect(await packs('us')).toEqual(['18-us-starter-pack', '18-us-weekly-supply']);
    expect(await packs('us', '1801001')).not.toContain('18-us-hero-chest');
    expect(await createOrder(app, { product_id: '18-us-hero-chest' })).toMatchObject({ ret: 1018, data: null, msg: 'This bundle is not on sale yet.' });
    expect(await createOrder(app, kr)).toMatchObject({ ret: 1018, msg: '아직 판매를 시작하지 않은 상품입니다.' });
    expect(await call(app, 'createOrder', orderRequest({ product_id: '18-us-hero-chest' }), { headers: { 'accept-language': 'zh-CN' } })).toMatchObject({ ret: 1018 });
    expect(await heroChestCode()).toMatchObject({ ret: 1018, msg: 'This bundle is not on sale yet.' });

    // Inside: listed where its place in the grid is, sold.
    clock = opened + 1.5 * HOUR;
    expect(await packs('us')).toEqual(['18-us-starter-pack', '18-us-weekly-supply', '18-us-hero-chest']);
    expect(await packs('kr', '1831001')).toContain('18-kr-hero-chest');
    const placed = orderRequest({ product_id: '18-us-hero-chest' });
    const inside = await call<{ order_id: string }>(app, 'createOrder', placed);
    expect(inside).toMatchObject({ ret: 0, data: { order_id: expect.any(String) } });
    expect(await createOrder(app, kr)).toMatchObject({ ret: 0 });
    expect(await heroChestCode()).toMatchObject({ ret: 0, data: { amount: '17.99' } });

    // After: gone again, refused as no longer on sale.
    clock = opened + 2 * HOUR;
    expect(await packs('us')).toEqual(['18-us-starter-pack', '18-us-weekly-supply']);
    expect(await createOrder(app, { product_id: '18-us-hero-chest' })).toMatchObject({ ret: 1018, msg: 'This bundle is not on sale here any more.' });
    expect(await createOrder(app, kr)).toMatchObject({ ret: 1018, msg: '더 이상 판매하지 않는 상품입니다.' });
    expect(await heroChestCode()).toMatchObject({ ret: 1018, msg: 'This bundle is not on sale here any more.' });
    // The page's retry of the order placed inside the window is answered with that order.
    expect(await call(app, 'createOrder', placed)).toMatchObject({ ret: 0, data: { order_id: inside.data.order_id } });

    // The same catalogue all along: nothing was reloaded for the window to open and close.
    expect((await catalogue.get()).revision).toBe(revision);
    clock = opened;
  });

  it('leaves out a tab while none of its bundles is on sale', async () => {
    const passes = ['18-us-pass-30', '18-us-season-pass'];
    const tabs = async () => (await call<{ tab_list: string[]; tab_labels: Record<string, string> }>(app, 'getTab', { game_id: 18, area: 'us' })).data;
    expect((await tabs()).tab_list).toEqual(['Dragon Gems', 'Packs', 'Passes']);
    await setWindow(passes, opened + HOUR, null);
    expect(await tabs()).toMatchObject({ tab_list: ['Dragon Gems', 'Packs'], tab_labels: { 'Dragon Gems': expect.any(String), Packs: expect.any(String) } });
    expect(Object.keys((await tabs()).tab_labels)).not.toContain('Passes');
    clock = opened + HOUR;
    expect((await tabs()).tab_list).toEqual(['Dragon Gems', 'Packs', 'Passes']);
    await setWindow(passes, null, null);
    clock = opened;
  });

  it('with only a start, or only an end, is open on that side', async () => {
    await setWindow(['18-us-hero-chest'], opened - HOUR, null);
    expect(await packs('us')).toContain('18-us-hero-chest');
    clock = opened + 1000 * 24 * HOUR;
    expect(await packs('us')).toContain('18-us-hero-chest');
    await setWindow(['18-us-hero-chest'], null, opened + HOUR);
    clock = opened - 1000 * 24 * HOUR;
    expect(await packs('us')).toContain('18-us-hero-chest');
    clock = opened + HOUR - 1;
    expect((await createOrder(app, { product_id: '18-us-hero-chest' })).ret).toBe(0);
    clock = opened + HOUR;
    expect(await packs('us')).not.toContain('18-us-hero-chest');
    await setWindow(['18-us-hero-chest'], null, null);
    expect(await packs('us')).toContain('18-us-hero-chest');
    clock = opened;
  });

  describe('in the catalogue file', () => {
    it('is exported as ISO times in UTC with the limit\'s period, and the file imports back unchanged', async () => {
      await setWindow(['18-us-hero-chest'], null, null);
      const file = copy(await exportCatalogue(db));
      const chest = file.bundles.find((bundle) => bundle.product_id === '18-us-hero-chest')!;
      expect(chest).toMatchObject({ sale_starts_at: null, sale_ends_at: null, role_buy_limit_period: 'ever' });
      chest.sale_starts_at = '2031-12-24T09:00:00+09:00';
      chest.sale_ends_at = '2032-01-01T00:00:00.5Z';
      chest.role_buy_limit_period = 'week';
      expect(checkCatalogueFile(file)).toEqual([]);
      await importCatalogue(db, catalogue, file, IMPORT);

      const exported = await exportCatalogue(db);
      expect(exported.bundles.find((bundle) => bundle.product_id === '18-us-hero-chest')).toMatchObject({
        sale_starts_at: '2031-12-24T00:00:00.000Z',
        sale_ends_at: '2032-01-01T00:00:00.500Z',
        role_buy_limit_period: 'week',
        role_buy_limit: 5,
      });
      // Not on sale until 24 December 2031.
      expect(await packs('us')).not.toContain('18-us-hero-chest');
      const revision = (await catalogue.get()).revision;
      await importCatalogue(db, catalogue, JSON.parse(JSON.stringify(exported)), IMPORT);
      expect(await exportCatalogue(db)).toEqual(exported);
      expect((await catalogue.get()).revision).toBe(revision + 1);
    });

    it('a file written before the window and the period existed still imports: no window, counted ever', async () => {
      const file = copy(await exportCatalogue(db));
      for (const bundle of file.bundles) {
        delete bundle.sale_starts_at;
        delete bundle.sale_ends_at;
        delete bundle.role_buy_limit_period;
      }
      expect(checkCatalogueFile(file)).toEqual([]);
      await importCatalogue(db, catalogue, file, IMPORT);
      expect((await exportCatalogue(db)).bundles.find((bundle) => bundle.product_id === '18-us-hero-chest')).toMatchObject({
        sale_starts_at: null,
        sale_ends_at: null,
        role_buy_limit_period: 'ever',
      });
      expect(await packs('us')).toContain('18-us-hero-chest');
    });

    it('refuses a window that ends before it starts, a time that is no date, and a period without a limit, saying where', async () => {
      const file = copy(await exportCatalogue(db));
      const index = (productId: string) => file.bundles.findIndex((bundle) => bundle.product_id === productId);
      const chest = index('18-us-hero-chest');
      const currency = index('18-us-currency-300');
      const pack = index('18-us-starter-pack');
      Object.assign(file.bundles[chest]!, { sale_starts_at: '2031-12-24T00:00:00Z', sale_ends_at: '2031-12-01T00:00:00Z' });
      Object.assign(file.bundles[currency]!, { role_buy_limit: 0, role_buy_limit_period: 'day' });
      Object.assign(file.bundles[pack]!, { sale_starts_at: '2031-02-30T00:00:00Z', sale_ends_at: '2031-12-24T00:00:00Z' });
      expect(checkCatalogueFile(file)).toEqual([
        `bundles[${currency}] (18-us-currency-300): a role_buy_limit_period of "day" needs a role_buy_limit above 0 (0 is no limit)`,
        `bundles[${pack}] (18-us-starter-pack): sale_starts_at 2031-02-30T00:00:00Z is no day of the calendar`,
        `bundles[${chest}] (18-us-hero-chest): sale_ends_at (2031-12-01T00:00:00Z) must be after sale_starts_at (2031-12-24T00:00:00Z)`,
      ].sort((a, b) => Number(/\[(\d+)\]/.exec(a)![1]) - Number(/\[(\d+)\]/.exec(b)![1])));
      // The same window end and start is no window either.
      Object.assign(file.bundles[chest]!, { sale_ends_at: '2031-12-24T09:00:00+09:00' });
      expect(checkCatalogueFile(file)).toContain(
        `bundles[${chest}] (18-us-hero-chest): sale_ends_at (2031-12-24T09:00:00+09:00) must be after sale_starts_at (2031-12-24T00:00:00Z)`,
      );
      await expect(importCatalogue(db, catalogue, file, IMPORT)).rejects.toBeInstanceOf(CatalogueFileError);

      const layout = copy(await exportCatalogue(db));
      Object.assign(layout.bundles[chest]!, { sale_starts_at: '24 December 2031', role_buy_limit_period: 'year' });
      expect(checkCatalogueFile(layout)).toEqual([
        expect.stringMatching(new RegExp(`^/bundles/${chest}/role_buy_limit_period: must be equal to one of the allowed values \\(ever, day, week, month\\)$`)),
        expect.stringMatching(new RegExp(`^/bundles/${chest}/sale_starts_at: must match pattern `)),
      ]);
    });
  });
});
