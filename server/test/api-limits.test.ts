import { DEFAULT_LIMIT_SETTINGS, loadLimitSettings, type LimitSettings } from '../src/http/api/limit-settings';
import { FAST_ORDERS, orderRequest } from './support/order-helpers';
import { call, GENEROUS_LIMITS, openTestStore, type Answer, type TestStore } from './support/test-app';
import { testDbTargets } from './support/test-db';

jest.setTimeout(60_000);

describe('request limit settings', () => {
  it('keep defaults a player never reaches unless set', () => {
    expect(loadLimitSettings({})).toEqual(DEFAULT_LIMIT_SETTINGS);
    expect(DEFAULT_LIMIT_SETTINGS).toEqual({
      placeOrder: { perAddress: 20, perKey: 10 },
      followOrder: { perAddress: 120, perKey: 60 },
      checkCode: { perAddress: 30, perKey: 15 },
      supportTicket: { perAddress: 5, perKey: 3, perKeyPerDay: 10 },
      ticketLookup: { perAddress: 10, perKey: 5, perKeyPerDay: 30 },
      ownershipCode: { perAddress: 3, perAddressPerHour: 10, perKey: 1, perKeyPerHour: 5 },
      ownershipConfirm: { perAddress: 10, perKey: 10 },
    });
    const set = loadLimitSettings({ ORDERS_PER_MINUTE: '50', ORDER_READS_PER_MINUTE_PER_ORDER: '90', CODE_CHECKS_PER_MINUTE_PER_CHARACTER: '3' });
    expect(set).toEqual({
      placeOrder: { perAddress: 50, perKey: 10 },
      followOrder: { perAddress: 120, perKey: 90 },
      checkCode: { perAddress: 30, perKey: 3 },
      supportTicket: { perAddress: 5, perKey: 3, perKeyPerDay: 10 },
      ticketLookup: { perAddress: 10, perKey: 5, perKeyPerDay: 30 },
      ownershipCode: { perAddress: 3, perAddressPerHour: 10, perKey: 1, perKeyPerHour: 5 },
      ownershipConfirm: { perAddress: 10, perKey: 10 },
    });
    expect(loadLimitSettings({ SUPPORT_TICKETS_PER_DAY_PER_EMAIL: '4' }).supportTicket.perKeyPerDay).toBe(4);
  });

  it('refuse anything but a positive whole number', () => {
    for (const wrong of ['0', '-5', '1.5', 'lots']) {
      expect(() => loadLimitSettings({ ORDERS_PER_MINUTE_PER_CHARACTER: wrong })).toThrow(/ORDERS_PER_MINUTE_PER_CHARACTER/);
    }
  });
});

const LOW: LimitSettings = {
  placeOrder: { perAddress: 4, perKey: 2 },
  followOrder: { perAddress: 4, perKey: 2 },
  checkCode: { perAddress: 4, perKey: 2 },
  supportTicket: { perAddress: 4, perKey: 2 },
  ticketLookup: { perAddress: 4, perKey: 2 },
  ownershipCode: { perAddress: 4, perKey: 2 },
  ownershipConfirm: { perAddress: 4, perKey: 2 },
};

const TOO_MANY = { status: 429, ret: 1007, data: null, msg: 'Too many requests. Please wait a minute and try again.' };

describe.each(testDbTargets())('request limits of the order actions on $name', (target) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await openTestStore(target, {}, { orders: FAST_ORDERS, limits: LOW });
  });
  afterAll(async () => {
    await store?.close();
  });

  const order = (action: string, remoteAddress: string, overrides: Record<string, string | number> = {}) =>
    call(store.app, action, orderRequest({ uid: '', ...overrides }), { remoteAddress });
  const codeCheck = (action: string, remoteAddress: string, roleId: string, extra: Record<string, string> = {}) =>
    call(store.app, action, { game_id: 18, area: 'us', role_id: roleId, product_id: '18-us-currency-300', discount_code: 'WELCOME10', ...extra }, { remoteAddress });
  const read = (action: string, remoteAddress: string, orderId: string) => call(store.app, action, { order_id: orderId }, { remoteAddress });
  const rets = (answers: Answer[]) => answers.map((answer) => answer.ret);

  describe('placing orders (createOrder and pcpay/pay share the count)', () => {
    it('per address: four a minute here, then 429 with Retry-After; other addresses and role lookups are not affected', async () => {
      const characters = [
        { server_id: '1801', role_id: '1801001' },
        { server_id: '1801', role_id: '1801002' },
        { server_id: '1802', role_id: '1802001' },
        { server_id: '1802', role_id: '1802002' },
      ];
      const placed = [];
      for (const [index, character] of characters.entries()) placed.push(await order(index % 2 ? 'pcpay/pay' : 'createOrder', '10.1.0.1', character));
      expect(rets(placed)).toEqual([0, 0, 0, 0]);
      expect(await order('createOrder', '10.1.0.1', { server_id: '1802', role_id: '1802003' })).toMatchObject(TOO_MANY);
      expect(await order('pcpay/pay', '10.1.0.1', { server_id: '1802', role_id: '1802003' })).toMatchObject(TOO_MANY);
      const refused = await store.app.inject({ method: 'POST', url: '/api/createOrder', payload: {}, remoteAddress: '10.1.0.1' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect((await order('createOrder', '10.1.0.2', { server_id: '1802', role_id: '1802003' })).ret).toBe(0);
      const lookup = await call(store.app, 'getRoleInfo', { game_id: 18, area: 'us', server_id: '1801', role_id: '1801001' }, { remoteAddress: '10.1.0.1' });
      expect(lookup.ret).toBe(0);
    });

    it('per character and address: two a minute here, in the request\'s language; another address is not held up', async () => {
      const borin = { area: 'kr', server_id: '1831', role_id: '1831002', product_id: '18-kr-currency-300', pay_type: 'bank' };
      expect((await order('createOrder', '10.2.0.1', borin)).ret).toBe(0);
      expect((await order('pcpay/pay', '10.2.0.1', borin)).ret).toBe(0);
      expect(await order('createOrder', '10.2.0.1', borin)).toMatchObject({ status: 429, ret: 1007, msg: '요청이 너무 많습니다. 잠시 후 다시 시도해 주세요.' });
      // Another character from the same address may, and the player at another address (decision 259).
      expect((await order('createOrder', '10.2.0.1', { ...borin, role_id: '1831003' })).ret).toBe(0);
      expect((await order('createOrder', '10.2.0.2', borin)).ret).toBe(0);
    });
  });

  describe('following orders (orderInfo and pcpay/getOrderInfo share the count)', () => {
    it('per address', async () => {
      const answers = [];
      for (const n of [1, 2, 3, 4]) answers.push(await read(n % 2 ? 'orderInfo' : 'pcpay/getOrderInfo', '10.3.0.1', `TP-NO-SUCH-${n}`));
      expect(rets(answers)).toEqual([1012, 1012, 1012, 1012]);
      expect(await read('orderInfo', '10.3.0.1', 'TP-NO-SUCH-5')).toMatchObject(TOO_MANY);
      expect((await read('orderInfo', '10.3.0.2', 'TP-NO-SUCH-5')).ret).toBe(1012);
    });

    it('per order, from any address', async () => {
      const placed = await order('createOrder', '10.4.0.1', { server_id: '1802', role_id: '1802003' });
      const orderId = (placed.data as { order_id: string }).order_id;
      expect((await read('orderInfo', '10.4.0.2', orderId)).ret).toBe(0);
      expect((await read('pcpay/getOrderInfo', '10.4.0.3', orderId)).ret).toBe(0);
      expect(await read('orderInfo', '10.4.0.4', orderId)).toMatchObject(TOO_MANY);
      expect((await read('orderInfo', '10.4.0.4', 'TP-NO-SUCH-6')).ret).toBe(1012);
    });
  });

  describe('checking codes (checkDiscountCode and pcpay/checkDiscountCode share the count)', () => {
    it('per address; a check without a character counts per address only', async () => {
      const answers = [];
      for (const n of [1, 2, 3, 4]) answers.push(await codeCheck(n % 2 ? 'checkDiscountCode' : 'pcpay/checkDiscountCode', '10.5.0.1', ''));
      expect(rets(answers)).toEqual([0, 0, 0, 0]);
      expect(await codeCheck('checkDiscountCode', '10.5.0.1', '')).toMatchObject(TOO_MANY);
      expect((await codeCheck('checkDiscountCode', '10.5.0.2', '')).ret).toBe(0);
      // The order actions keep their own counts.
      expect((await order('createOrder', '10.5.0.1', { server_id: '1801', role_id: '1801003' })).ret).toBe(0);
    });

    it('per character and address; another address is not held up', async () => {
      expect((await codeCheck('checkDiscountCode', '10.6.0.1', '1801001')).ret).toBe(0);
      expect((await codeCheck('pcpay/checkDiscountCode', '10.6.0.1', '1801001')).ret).toBe(0);
      expect(await codeCheck('checkDiscountCode', '10.6.0.1', '1801001')).toMatchObject(TOO_MANY);
      expect((await codeCheck('checkDiscountCode', '10.6.0.1', '1801002')).ret).toBe(0);
      // The same role id in another game is another character.
      expect((await codeCheck('checkDiscountCode', '10.6.0.3', '1801001', { game_id: '44', product_id: '44-us-currency-60' })).ret).toBe(0);
      expect((await codeCheck('checkDiscountCode', '10.6.0.2', '1801001')).ret).toBe(0);
    });
  });
});

describe.each(testDbTargets())('placing an order is a role lookup on $name', (target) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await openTestStore(target, { roleLookupsPerMinute: 3 }, { orders: FAST_ORDERS, limits: GENEROUS_LIMITS });
  });
  afterAll(async () => {
    await store?.close();
  });

  const lookUp = (remoteAddress: string) => call(store.app, 'getRoleInfo', { game_id: 18, area: 'us', server_id: '1801', role_id: '1801002' }, { remoteAddress });
  const place = (action: string, remoteAddress: string) => call(store.app, action, orderRequest(), { remoteAddress });

  it('counts createOrder and pcpay/pay against the same per-address limit as getRoleInfo', async () => {
    expect((await lookUp('10.7.0.1')).ret).toBe(0);
    expect((await place('createOrder', '10.7.0.1')).ret).toBe(0);
    expect((await place('pcpay/pay', '10.7.0.1')).ret).toBe(0);
    const limited = { status: 429, ret: 1007, msg: 'Too many character lookups. Please wait a minute and try again.' };
    expect(await lookUp('10.7.0.1')).toMatchObject(limited);
    expect(await place('createOrder', '10.7.0.1')).toMatchObject(limited);
    expect((await place('createOrder', '10.7.0.2')).ret).toBe(0);
  });
});
