import type { Banner, Bundle, RoleInfo, Server, TabData } from '@topup/shared/types';
import { testDbTargets } from './support/test-db';
import { call, openTestStore, type TestStore } from './support/test-app';

jest.setTimeout(60_000);

describe.each(testDbTargets())('Family A on $name', (target) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await openTestStore(target);
  });
  afterAll(async () => {
    await store?.close();
  });

  describe('banners', () => {
    it('lists slides with a link and an image served by the store', async () => {
      const answer = await call<Banner[]>(store.app, 'banners', { game_id: 18, area: 'us' });
      expect(answer.ret).toBe(0);
      expect(answer.data.length).toBeGreaterThan(0);
      for (const slide of answer.data) {
        expect(slide.url).toMatch(/^\/#\//);
        expect(slide.slideshow_url).toMatch(/^\/banner-slides\/18-us-\d\/en\.svg\?r=\d+$/);
        const image = await store.app.inject({ method: 'GET', url: slide.slideshow_url });
        expect({ status: image.statusCode, type: image.headers['content-type'] }).toEqual({ status: 200, type: expect.stringContaining('image/svg+xml') });
      }
    });

    it('refuses a game that is not sold in the area', async () => {
      const answer = await call(store.app, 'banners', { game_id: 27, area: 'eu' });
      expect(answer).toMatchObject({ ret: 1004, data: null, msg: 'This game is not available in this region.' });
      expect((await call(store.app, 'banners', { game_id: 999, area: 'us' })).ret).toBe(1004);
    });
  });

  describe('getTab', () => {
    it('gives string tabs, pmx_show and pay types with the first one checked', async () => {
      const { ret, data } = await call<TabData>(store.app, 'getTab', { game_id: 18, area: 'us' });
      expect(ret).toBe(0);
      expect(data.tab_list).toEqual(['Dragon Gems', 'Packs', 'Passes']);
      expect(data.pmx_show).toBe(1);
      expect(data.pay_type_list.map((pay) => pay.checked)).toEqual([1, 0]);
      expect(data.game).toMatchObject({ currency: 'USD', currency_symbol: '$', role_lookup: 'id', role_help_image: '' });
    });

    it('names who takes the payment and the brands each pay method takes, each mark served by the store', async () => {
      const { data } = await call<TabData>(store.app, 'getTab', { game_id: 18, area: 'us' });
      expect(data.pay_provider).toBe('TopUp Sandbox Pay');
      const card = data.pay_type_list.find((pay) => pay.pay_type === 'card');
      expect(card?.brands?.map((brand) => brand.name)).toEqual(['Visa', 'Mastercard', 'American Express', 'JCB', 'UnionPay']);
      const kr = await call<TabData>(store.app, 'getTab', { game_id: 18, area: 'kr' });
      expect(kr.data.pay_type_list.find((pay) => pay.pay_type === 'mobile')?.brands?.map((brand) => brand.name)).toEqual(['SK telecom', 'KT', 'LG U+']);
      for (const brand of data.pay_type_list.flatMap((pay) => pay.brands ?? [])) {
        const mark = await store.app.inject({ method: 'GET', url: brand.icon });
        expect({ icon: brand.icon, status: mark.statusCode, type: mark.headers['content-type'] }).toEqual({ icon: brand.icon, status: 200, type: expect.stringContaining('image/svg+xml') });
      }
    });

    it('writes the kr catalogue in Korean, priced in won', async () => {
      const { data } = await call<TabData>(store.app, 'getTab', { game_id: 18, area: 'kr' });
      expect(data.tab_list).toEqual(['드래곤 젬', '패키지', '패스']);
      expect(data.game).toMatchObject({ currency: 'KRW', currency_symbol: '₩', game_name: '엠버윙 프론티어' });
    });

    it('shows pmx_show 0 where there is a single pay method', async () => {
      const { data } = await call<TabData>(store.app, 'getTab', { game_id: 310, area: 'us' });
      expect(data.pmx_show).toBe(0);
      expect(data.pay_type_list).toHaveLength(1);
      expect(data.pay_type_list[0]?.checked).toBe(1);
    });

    it.each([14, 136, 182])('gives game %i its character-ID help image', async (gameId) => {
      const { data } = await call<TabData>(store.app, 'getTab', { game_id: gameId, area: 'us' });
      expect(data.game.role_help_image).toBe(`/assets/help/${gameId}-role-id.svg`);
    });

    it('tells the page how each special game identifies characters and picks regions', async () => {
      const tab = async (gameId: number, area: string) => (await call<TabData>(store.app, 'getTab', { game_id: gameId, area })).data.game;
      expect(await tab(284, 'us')).toMatchObject({ role_lookup: 'name' });
      expect(await tab(134, 'multi')).toMatchObject({ server_sign_required: 1, region_param: 'region', default_region: 'us' });
      expect(await tab(232, 'en')).toMatchObject({ region_param: 'subregion', default_region: 'america' });
      expect((await tab(44, 'us')).region_list).toEqual([
        { label: 'AM', value: 'am' },
        { label: 'EU', value: 'eu' },
      ]);
      expect((await tab(18, 'eu')).region_list.map((r) => r.value)).toEqual(['us', 'eu', 'en']);
      expect(await tab(27, 'us')).toMatchObject({ region_list: [], region_param: '' });
    });

    it('uses the game home area when the area is empty', async () => {
      const { data } = await call<TabData>(store.app, 'getTab', { game_id: 134, area: '' });
      expect(data.game.area).toBe('multi');
    });
  });

  describe('getPayPrice', () => {
    const price = (payload: Record<string, string | number>) =>
      call<Bundle[]>(store.app, 'getPayPrice', { type: '', game_id: 18, area: 'us', role_id: '', ln_uid: '', ...payload });

    it('lists the first tab by default, every card field filled', async () => {
      const { ret, data } = await price({});
      expect(ret).toBe(0);
      expect(data.map((b) => b.type)).toEqual(Array(6).fill('Dragon Gems'));
      const first = data[0] as Bundle;
      expect(first).toMatchObject({ amount: '0.99', currency: 'USD', first_buy: 1, role_buy_limit_progress: '' });
      for (const bundle of data) {
        expect(typeof bundle.id).toBe('number');
        for (const field of ['product_id', 'product_name', 'product_content', 'product_file_url', 'first_pay_icon', 'first_pay_content', 'pay_icon', 'pay_content'] as const) {
          expect(bundle[field]).not.toBe('');
        }
      }
    });

    it('shows purchase limits as progress and prices won without decimals', async () => {
      const { data } = await price({ type: '패키지', area: 'kr' });
      expect(data.map((b) => b.role_buy_limit_progress)).toEqual(['0/1', '0/3', '0/5']);
      expect(data.map((b) => b.amount)).toEqual(['2500', '3900', '25000']);
    });

    it("computes first_buy and limit progress from that character's own delivered purchases", async () => {
      // The demo's returning player (account 3) on NA-1 bought 60 gems and one weekly supply.
      const gems = await price({ role_id: '1801003' });
      expect(gems.data[0]).toMatchObject({ product_id: '18-us-currency-60', first_buy: 0, role_buy_count: 1 });
      expect(gems.data[1]).toMatchObject({ first_buy: 1 });
      const packs = await price({ type: 'Packs', role_id: '1801003' });
      expect(packs.data.find((b) => b.product_id === '18-us-weekly-supply')?.role_buy_limit_progress).toBe('1/3');
      // Another character sees the offers untouched.
      const fresh = await price({ type: 'Packs', role_id: '1801001' });
      expect(fresh.data.map((b) => b.role_buy_limit_progress)).toEqual(['0/1', '0/3', '0/5']);
    });

    it('counts delivered orders only, and finds purchases by uid when there is no role id', async () => {
      const bundle = (await price({ type: 'Packs' })).data.find((b) => b.product_id === '18-us-hero-chest') as Bundle;
      const order = (id: string, status: string) =>
        store.db.query(
          `INSERT INTO orders (order_id, game_id, area, server_id, role_id, uid, bundle_id, product_id, amount_minor, currency, status)
           VALUES ($1, 18, 'us', '1802', '1802002', '1800002', $2, '18-us-hero-chest', 1999, 'USD', $3)`,
          [id, bundle.id, status],
        );
      await order('test-paid', 'paid');
      await order('test-delivered-1', 'delivered');
      await order('test-delivered-2', 'delivered');
      const byRole = await price({ type: 'Packs', role_id: '1802002' });
      expect(byRole.data.find((b) => b.id === bundle.id)?.role_buy_limit_progress).toBe('2/5');
      const byUid = await price({ type: 'Packs', ln_uid: '1800002' });
      expect(byUid.data.find((b) => b.id === bundle.id)?.role_buy_limit_progress).toBe('2/5');
    });

    it('refuses a tab the game does not have', async () => {
      expect(await price({ type: 'Nope' })).toMatchObject({ ret: 1003, msg: 'Invalid parameter: type' });
    });
  });

  describe('getServerList', () => {
    const servers = async (gameId: number, area: string, region = '') =>
      call<Server[]>(store.app, 'getServerList', { game_id: gameId, area, region });
    const ids = async (gameId: number, area: string, region = '') => (await servers(gameId, area, region)).data.map((s) => s.server_id);

    it('gives game 18 its own servers in each of us, eu and en', async () => {
      expect(await ids(18, 'us')).toEqual(['1801', '1802']);
      expect(await ids(18, 'eu')).toEqual(['1811', '1812']);
      expect(await ids(18, 'en')).toEqual(['1821', '1822']);
    });

    it('narrows game 44 by region AM or EU', async () => {
      expect(await ids(44, 'us', 'am')).toEqual(['4401', '4402']);
      expect(await ids(44, 'us', 'eu')).toEqual(['4411', '4412']);
      expect(await ids(44, 'us')).toEqual(['4401', '4402']);
      expect((await servers(44, 'us', 'as')).ret).toBe(1003);
    });

    it('takes the sub-region of game 232 in area, america by default', async () => {
      expect(await ids(232, 'asia')).toEqual(['23201', '23202']);
      expect(await ids(232, 'europe', 'en')).toEqual(['23221', '23222']);
      expect(await ids(232, 'en')).toEqual(['23211', '23212']);
    });

    it('gives game 134 its regions with a server_sign on every server', async () => {
      const { data } = await servers(134, 'multi', 'eu');
      expect(data.map((s) => s.server_id)).toEqual(['13411', '13412']);
      for (const server of data) expect(server.server_sign).toMatch(/^\d+-[0-9a-f]{6}$/);
      expect((await servers(18, 'us')).data.every((s) => s.server_sign === '')).toBe(true);
    });

    it('reads a region sent as the area (a client that treats 44 as sold in us and eu)', async () => {
      expect(await ids(44, 'eu')).toEqual(['4411', '4412']);
      expect(await ids(44, 'am')).toEqual(['4401', '4402']);
      expect(await ids(134, 'eu')).toEqual(['13411', '13412']);
      const tab = await call<TabData>(store.app, 'getTab', { game_id: 44, area: 'eu' });
      expect(tab.data.game.area).toBe('us');
      expect((await call(store.app, 'getRoleInfo', { game_id: 44, area: 'am', server_id: '', role_id: '' })).msg).toBe(
        'Please select a server',
      );
    });

    it('ignores region for games without regions', async () => {
      expect(await ids(27, 'us', 'eu')).toEqual(['2701', '2702']);
    });
  });

  describe('getRoleInfo', () => {
    const lookUp = (payload: Record<string, string | number>) =>
      call<RoleInfo>(store.app, 'getRoleInfo', { game_id: 18, area: 'us', server_id: '1801', role_id: '1801001', ...payload });

    it('confirms a demo character', async () => {
      expect((await lookUp({})).data).toEqual({
        server_name: 'NA-1 Aurora',
        role_id: '1801001',
        role_name: 'Aria Stormblade',
        uid: '1800001',
        server_id: '1801',
      });
    });

    it("answers the spec's messages for a missing server and character id", async () => {
      expect(await lookUp({ server_id: '' })).toMatchObject({ ret: 1002, msg: 'Please select a server' });
      expect(await lookUp({ role_id: '' })).toMatchObject({ ret: 1002, msg: 'Please fill in your character id' });
    });

    it('finds nobody for an unknown id, and refuses a server of another game or area', async () => {
      expect(await lookUp({ role_id: '1801999' })).toMatchObject({ ret: 1006 });
      expect(await lookUp({ server_id: '4401' })).toMatchObject({ ret: 1005 });
      expect(await lookUp({ server_id: '1811', role_id: '1811001' })).toMatchObject({ ret: 1005 });
      expect(await lookUp({ area: 'eu', server_id: '1811', role_id: '1811001' })).toMatchObject({ ret: 0 });
    });

    it('looks game 284 up by character name with an empty role_id', async () => {
      const answer = await lookUp({ game_id: 284, server_id: '28401', role_id: '', role_name: 'borin ironfist' });
      expect(answer.data).toMatchObject({ role_id: '28401002', role_name: 'Borin Ironfist', uid: '28400002' });
      expect(await lookUp({ game_id: 284, server_id: '28401', role_id: '', role_name: '' })).toMatchObject({
        ret: 1002,
        msg: 'Please fill in your character name',
      });
    });

    it('needs the right server_sign for game 134', async () => {
      const { data } = await call<Server[]>(store.app, 'getServerList', { game_id: 134, area: 'multi', region: 'us' });
      const server = data[0] as Server;
      const payload = { game_id: 134, area: 'multi', server_id: server.server_id, role_id: `${server.server_id}002` };
      expect(await lookUp({ ...payload, server_sign: server.server_sign })).toMatchObject({ ret: 0 });
      expect(await lookUp(payload)).toMatchObject({ ret: 1002, msg: 'Missing parameter: server_sign' });
      expect(await lookUp({ ...payload, server_sign: 'forged' })).toMatchObject({ ret: 1003 });
    });

    it('accepts the sub-region of game 232 as the area', async () => {
      expect(await lookUp({ game_id: 232, area: 'europe', server_id: '23221', role_id: '23221003' })).toMatchObject({ ret: 0 });
    });
  });

  describe('report', () => {
    it('stores each event type with its source', async () => {
      for (const reportType of [1, 2, 3]) {
        const answer = await call(store.app, 'report', {
          game_id: 18,
          area: 'us',
          product_id: reportType === 3 ? '18-us-currency-300' : '',
          product_type: 'Dragon Gems',
          report_type: reportType,
          from: 'newsletter',
        });
        expect(answer).toMatchObject({ ret: 0, data: null });
      }
      const rows = await store.db.query<{ report_type: number; product_id: string; source: string }>(
        `SELECT report_type, product_id, source FROM reports WHERE source = 'newsletter' ORDER BY id`,
      );
      expect(rows).toEqual([
        { report_type: 1, product_id: '', source: 'newsletter' },
        { report_type: 2, product_id: '', source: 'newsletter' },
        { report_type: 3, product_id: '18-us-currency-300', source: 'newsletter' },
      ]);
    });

    it('refuses a report type the store does not know', async () => {
      const answer = await call(store.app, 'report', { game_id: 18, area: 'us', product_id: '', product_type: '', report_type: 5, from: '' });
      expect(answer).toMatchObject({ ret: 1003, msg: 'Invalid parameter: report_type' });
    });
  });
});
