import type { AccountRole, Banner, Bundle, CustomerConfigData, PayGameListData, RoleInfo, Server, TabData } from '@topup/shared/types';
import { API_ROUTES } from '../src/http/api/routes-table';
import { testDbTargets } from './support/test-db';
import { call, openTestStore, type TestStore } from './support/test-app';

jest.setTimeout(60_000);

const PAY_CENTRE = [
  'payCenterList',
  'priceList',
  'serverList',
  'roleInfo',
  'pay',
  'banner',
  'getOrderInfo',
  'priceTab',
  'checkDiscountCode',
  'customerConfig',
  'report',
  'getPcszGameList',
  'getPcszServerList',
  'getPczsRoleList',
  'getPcszLastLoginRole',
];

describe.each(testDbTargets())('pay centre on $name', (target) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await openTestStore(target);
  });
  afterAll(async () => {
    await store?.close();
  });
  const pc = <T>(name: string, payload: Record<string, string | number>) => call<T>(store.app, `pcpay/${name}`, payload);

  it('serves the fifteen names of spec §7, each refusing an unsigned call', async () => {
    expect(Object.keys(API_ROUTES).filter((name) => name.startsWith('pcpay/')).map((name) => name.slice(6)).sort()).toEqual(
      [...PAY_CENTRE].sort(),
    );
    for (const name of PAY_CENTRE) {
      const answer = await call(store.app, `pcpay/${name}`, { game_id: 18, area: 'us' }, { unsigned: true });
      expect([name, answer.status, answer.ret]).toEqual([name, 200, 1001]);
    }
  });

  it('answers pay, getOrderInfo and checkDiscountCode with the orders core (server/test/orders-*.test.ts)', async () => {
    expect(await pc('getOrderInfo', { order_id: 'x' })).toMatchObject({ ret: 1012, data: null, msg: 'This order does not exist.' });
    expect(await pc('checkDiscountCode', { game_id: 18, area: 'us', role_id: '', product_id: '18-us-currency-60', discount_code: '' })).toMatchObject({
      ret: 1002,
      msg: 'Please fill in your discount code',
    });
    expect(await pc('pay', { game_id: 18, area: 'us' })).toMatchObject({ ret: 1002, msg: 'Please select a server' });
  });

  it('lists every game in every area it is sold in, or in one area', async () => {
    const all = await pc<PayGameListData>('payCenterList', {});
    expect(all.data.list.filter((g) => g.game_id === 18).map((g) => g.area)).toEqual(['us', 'eu', 'en', 'kr']);
    const kr = await pc<PayGameListData>('payCenterList', { area: 'kr' });
    expect(kr.data.list).toHaveLength(10);
    expect((await pc('payCenterList', { area: 'zz' })).ret).toBe(1003);
  });

  it('shares the main page answers for tabs, prices, servers and roles', async () => {
    const tab = await pc<TabData>('priceTab', { game_id: 44, area: 'us' });
    expect(tab.data.tab_list).toEqual(['Sky Crystals', 'Packs', 'Passes']);
    const prices = await pc<Bundle[]>('priceList', { type: 'Packs', game_id: 44, area: 'us', role_id: '', ln_uid: '' });
    expect(prices.data.map((b) => b.role_buy_limit_progress)).toEqual(['0/1', '0/3', '0/5']);
    const servers = await pc<Server[]>('serverList', { game_id: 44, area: 'us', region: 'eu' });
    expect(servers.data.map((s) => s.server_id)).toEqual(['4411', '4412']);
    const voucherServers = await pc<Server[]>('getPcszServerList', { game_id: 232, area: 'asia', region: '' });
    expect(voucherServers.data.map((s) => s.server_id)).toEqual(['23201', '23202']);
    const role = await pc<RoleInfo>('roleInfo', { game_id: 44, area: 'us', server_id: '4411', role_id: '4411002' });
    expect(role.data).toMatchObject({ server_name: 'EU-1 Falcon', role_id: '4411002' });
    expect(await pc('roleInfo', { game_id: 44, area: 'us', server_id: '4411', role_id: '' })).toMatchObject({
      ret: 1002,
      msg: 'Please enter the role ID',
    });
  });

  it('gives store-wide slides with an empty game_id and game slides otherwise', async () => {
    const home = await pc<Banner[]>('banner', { game_id: '', area: '' });
    expect(home.data.map((b) => b.slideshow_url)).toEqual([expect.stringMatching(/^\/banner-slides\/store-1\/en\.svg\?r=\d+$/), expect.stringMatching(/^\/banner-slides\/store-2\/en\.svg\?r=\d+$/)]);
    const game = await pc<Banner[]>('banner', { game_id: 27, area: 'kr' });
    expect(game.data[0]?.url).toContain('game_id=27&area=kr');
  });

  it('says whether to show the customer-service button', async () => {
    expect((await pc<CustomerConfigData>('customerConfig', { game_id: 310, area: 'kr' })).data).toEqual({ social_media_url: '', show: 0 });
    expect((await pc<CustomerConfigData>('customerConfig', { game_id: 310, area: 'us' })).data.show).toBe(1);
  });

  it('records pay-centre reports like the main page', async () => {
    const payload = { game_id: 136, area: 'us', product_id: '', product_type: '', report_type: 1, from: 'pc-home' };
    expect(await pc('report', payload)).toMatchObject({ ret: 0 });
    const rows = await store.db.query(`SELECT 1 FROM reports WHERE source = 'pc-home'`);
    expect(rows).toHaveLength(1);
  });

  it('lists the Voucher Center games in the requested area', async () => {
    const { data } = await pc<PayGameListData>('getPcszGameList', { area: 'kr' });
    expect(data.list.every((g) => g.area === 'kr')).toBe(true);
  });

  it("lists an account's characters, most recently played first, and preselects the last one", async () => {
    const roles = await pc<AccountRole[]>('getPczsRoleList', { game_id: 18, area: '', uid: '1800002' });
    expect(roles.data).toHaveLength(8);
    const times = roles.data.map((r) => Date.parse(r.last_login_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const inUs = await pc<AccountRole[]>('getPczsRoleList', { game_id: 18, area: 'us', uid: '1800002' });
    expect(inUs.data.map((r) => r.server_id)).toEqual(expect.arrayContaining(['1801', '1802']));
    expect(inUs.data).toHaveLength(2);
    const last = await pc<AccountRole>('getPcszLastLoginRole', { game_id: 18, area: '', uid: '1800002' });
    expect(last.data).toEqual(roles.data[0]);
    expect(await pc('getPcszLastLoginRole', { game_id: 18, area: '', uid: 'nobody' })).toMatchObject({ ret: 1006 });
    expect(await pc('getPczsRoleList', { game_id: 18, area: '', uid: '' })).toMatchObject({
      ret: 1002,
      msg: 'Please fill in your account ID',
    });
  });
});
