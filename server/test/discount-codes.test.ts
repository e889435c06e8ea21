import type { DiscountCheck } from '@topup/shared/types';
import { exportCatalogue, importCatalogue } from '../src/catalogue/catalogue-file';
import type { DiscountCodeRecord } from '../src/discounts/discount-codes';
import { discountCodeUsage } from '../src/orders/count-code-uses';
import { reconcileOrders } from '../src/orders/reconciliation';
import { checkout, createOrder, mustCreateOrder, newToken, openOrderStore, orderInfo, waitForStatus, type OrderStore } from './support/order-helpers';
import { call } from './support/test-app';
import { testDbTargets } from './support/test-db';

jest.setTimeout(120_000);

const IMPORT = { actor: 'service:test', reason: 'discount codes', source: 'import' } as const;

/** A code as a catalogue file lists it: valid since 2020, for every game and bundle, no limit. */
const codeRow = (code: string, overrides: Partial<DiscountCodeRecord>): DiscountCodeRecord => ({
  code,
  game_ids: [],
  product_ids: [],
  percent_off: null,
  amount_off: null,
  valid_from: '2020-01-01T00:00:00.000Z',
  valid_until: null,
  uses_per_role: 0,
  uses_per_code: 0,
  active: true,
  ...overrides,
});

describe.each(testDbTargets())('discount codes as catalogue data on $name', (target) => {
  let store: OrderStore;
  beforeAll(async () => {
    store = await openOrderStore(target);
  });
  afterAll(async () => {
    if (store) expect(await reconcileOrders(store.db)).toEqual([]);
    await store?.close();
  });

  /** Adds or changes codes the way operators do: a catalogue file imported as a revision. */
  const importCodes = async (...codes: DiscountCodeRecord[]) => {
    const file = await exportCatalogue(store.db);
    const kept = (file.discount_codes ?? []).filter((row) => !codes.some((code) => code.code === row.code));
    await importCatalogue(store.db, store.catalogue, { ...file, discount_codes: [...kept, ...codes] }, IMPORT);
  };
  const check = (code: string, productId: string, area: string, extra: Record<string, string | number> = {}) =>
    call<DiscountCheck>(store.app, 'checkDiscountCode', { game_id: Number(productId.split('-')[0]), area, role_id: '', product_id: productId, discount_code: code, ...extra });
  const payAndDeliver = async (orderId: string) => {
    expect((await checkout(store, orderId, 'paid')).status).toBe(303);
    return waitForStatus(store.app, orderId, ['delivered']);
  };

  describe('an amount off', () => {
    it('applies to a bundle sold in dollars, not to one sold in won, which the code does not name', async () => {
      expect((await check('save2usd', '18-us-currency-300', 'us')).data).toEqual({
        discount_code: 'SAVE2USD',
        percent_off: 0,
        list_amount: '4.99',
        discount_amount: '2.00',
        amount: '2.99',
        currency: 'USD',
      });
      // Answered in the area's language, as the page there shows it.
      expect(await check('SAVE2USD', '18-kr-currency-300', 'kr')).toMatchObject({ ret: 1015, data: null, msg: '이 상품에는 사용할 수 없는 할인 코드입니다.' });
    });

    it('is priced by the server on the order, and never below one cent', async () => {
      const placed = await mustCreateOrder(store.app, { server_id: '1801', role_id: '1801001', uid: '', discount_code: 'SAVE2USD' });
      expect(await orderInfo(store.app, placed.order_id)).toMatchObject({ list_amount: '4.99', discount_amount: '2.00', amount: '2.99', currency: 'USD' });
      const cheap = await mustCreateOrder(store.app, { server_id: '1801', role_id: '1801001', uid: '', product_id: '18-us-currency-60', discount_code: 'SAVE2USD' });
      expect(await orderInfo(store.app, cheap.order_id)).toMatchObject({ list_amount: '0.99', discount_amount: '0.98', amount: '0.01' });
    });

    it('takes each currency\'s own amount, off the price of the pay method chosen', async () => {
      await importCodes(codeRow('TWOEVERYWHERE', { amount_off: { USD: 200, KRW: 2000 } }));
      expect((await check('TWOEVERYWHERE', '18-kr-currency-300', 'kr')).data).toMatchObject({ list_amount: '5900', discount_amount: '2000', amount: '3900', currency: 'KRW' });
      // Mobile-phone billing costs 10 % more: 6490 won, less 2000.
      expect((await check('TWOEVERYWHERE', '18-kr-currency-300', 'kr', { pay_type: 'mobile' })).data).toMatchObject({ list_amount: '6490', amount: '4490' });
      expect((await check('TWOEVERYWHERE', '18-us-currency-300', 'us')).data).toMatchObject({ amount: '2.99' });
    });
  });

  describe('several games and bundles', () => {
    it('a code for two games applies to both and to no other', async () => {
      expect((await check('EMBERSKY10', '18-us-currency-300', 'us')).data).toMatchObject({ percent_off: 10, amount: '4.49' });
      expect((await check('EMBERSKY10', '44-kr-currency-300', 'kr')).data).toMatchObject({ percent_off: 10, amount: '5310' });
      expect((await check('EMBERSKY10', '232-en-currency-300', 'en')).ret).toBe(1015);
    });

    it('a code for two bundles of two games applies to those bundles only', async () => {
      await importCodes(codeRow('PAIR20', { game_ids: [18, 44], product_ids: ['18-us-currency-300', '44-us-currency-300'], percent_off: 20 }));
      expect((await check('PAIR20', '18-us-currency-300', 'us')).data).toMatchObject({ amount: '3.99' });
      expect((await check('PAIR20', '44-us-currency-300', 'us')).data).toMatchObject({ amount: '3.99' });
      expect((await check('PAIR20', '18-us-currency-980', 'us')).ret).toBe(1015);
      expect((await createOrder(store.app, { server_id: '1801', role_id: '1801002', uid: '', product_id: '18-us-currency-980', discount_code: 'PAIR20' })).ret).toBe(1015);
    });
  });

  describe('a limit for all characters together', () => {
    it('is reached by two characters\' paid orders; a third character is refused, in its language', async () => {
      await importCodes(codeRow('TWICE', { percent_off: 20, uses_per_code: 2 }));
      const aria = await mustCreateOrder(store.app, { server_id: '1802', role_id: '1802001', uid: '', discount_code: 'TWICE' });
      // Unpaid orders hold nothing: the code is still there for others.
      expect((await check('TWICE', '18-us-currency-300', 'us')).ret).toBe(0);
      await payAndDeliver(aria.order_id);
      const borin = await mustCreateOrder(store.app, { server_id: '1802', role_id: '1802002', uid: '', discount_code: 'TWICE' });
      await payAndDeliver(borin.order_id);

      const cyra = { server_id: '1802', role_id: '1802003', uid: '', discount_code: 'TWICE' };
      expect(await check('TWICE', '18-us-currency-300', 'us', { role_id: cyra.role_id })).toMatchObject({ ret: 1017, msg: 'This discount code has been used up.' });
      expect(await createOrder(store.app, cyra)).toMatchObject({ ret: 1017, data: null, msg: 'This discount code has been used up.' });
      const korean = await call(store.app, 'createOrder', { ...cyra, game_id: 18, area: 'us', product_id: '18-us-currency-300', pay_type: 'card', order_token: newToken() }, {
        headers: { 'accept-language': 'ko-KR' },
      });
      expect(korean).toMatchObject({ ret: 1017, msg: '사용 가능 횟수가 모두 소진된 할인 코드입니다.' });
    });

    it('counts again when paid: of two unpaid orders for the last use, the second paid is refunded with the reason', async () => {
      await importCodes(codeRow('LASTONE', { amount_off: { USD: 100 }, uses_per_code: 1 }));
      const first = await mustCreateOrder(store.app, { server_id: '1801', role_id: '1801002', uid: '', discount_code: 'LASTONE' });
      const second = await mustCreateOrder(store.app, { server_id: '1802', role_id: '1802003', uid: '', discount_code: 'LASTONE' });
      await payAndDeliver(second.order_id);
      expect((await checkout(store, first.order_id, 'paid')).status).toBe(303);
      await waitForStatus(store.app, first.order_id, ['refunded']);
      const timeline = await store.db.query<{ event: string; detail: string }>('SELECT event, detail FROM order_events WHERE order_id = $1 ORDER BY id', [first.order_id]);
      expect(timeline).toContainEqual({ event: 'declined', detail: 'code used up' });
    });

    it('usage so far: each code\'s paid and delivered orders, and its open unpaid ones', async () => {
      const usage = new Map((await discountCodeUsage(store.db)).map((row) => [row.code, row]));
      expect(usage.get('TWICE')).toEqual({ code: 'TWICE', used: 2, delivered: 2, unpaid: 0 });
      expect(usage.get('LASTONE')).toEqual({ code: 'LASTONE', used: 1, delivered: 1, unpaid: 0 });
      // The two SAVE2USD orders above were never paid.
      expect(usage.get('SAVE2USD')).toEqual({ code: 'SAVE2USD', used: 0, delivered: 0, unpaid: 2 });
      expect(usage.get('FUTURE30')).toEqual({ code: 'FUTURE30', used: 0, delivered: 0, unpaid: 0 });
    });
  });

  it('a code retired with "active": false is no code for players; the file keeps it', async () => {
    const file = await exportCatalogue(store.db);
    const pair = (file.discount_codes ?? []).find((row) => row.code === 'PAIR20')!;
    await importCodes({ ...pair, active: false });
    expect(await check('PAIR20', '18-us-currency-300', 'us')).toMatchObject({ ret: 1015, msg: 'This discount code does not exist.' });
    expect((await exportCatalogue(store.db)).discount_codes).toContainEqual({ ...pair, active: false });
  });
});
