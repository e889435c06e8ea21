import type { CreatedOrder, DiscountCheck } from '@topup/shared/types';
import { updateCatalogue } from '../src/catalogue/update-catalogue';
import { reconcileOrders } from '../src/orders/reconciliation';
import {
  ARIA,
  checkout,
  countRows,
  createOrder,
  mustCreateOrder,
  newToken,
  openOrderStore,
  orderInfo,
  orderRequest,
  waitForStatus,
  type OrderStore,
} from './support/order-helpers';
import { call } from './support/test-app';
import { testDbTargets } from './support/test-db';

jest.setTimeout(120_000);

describe.each(testDbTargets())('placing orders on $name', (target) => {
  let store: OrderStore;
  beforeAll(async () => {
    store = await openOrderStore(target);
  });
  afterAll(async () => {
    if (store) expect(await reconcileOrders(store.db)).toEqual([]);
    await store?.close();
  });

  describe('checks the request', () => {
    it.each([
      [{ server_id: '' }, 1002, 'Please select a server'],
      [{ role_id: '' }, 1002, 'Please fill in your character id'],
      [{ product_id: '' }, 1002, 'Missing parameter: product_id'],
      [{ pay_type: '' }, 1002, 'Missing parameter: pay_type'],
      [{ order_token: '' }, 1002, 'Missing parameter: order_token'],
      [{ game_id: 999 }, 1004, 'This game is not available in this region.'],
      [{ server_id: '1811' }, 1005, 'This server does not exist. Please select a server again.'],
      [{ product_id: '18-kr-currency-60' }, 1018, 'This bundle is not on sale here any more.'],
      [{ product_id: 'nope' }, 1018, 'This bundle is not on sale here any more.'],
      [{ pay_type: 'bank' }, 1003, 'Invalid parameter: pay_type'],
      [{ role_id: '1801999' }, 1006, 'No character was found. Please check the server and your character information.'],
      [{ uid: '1800002' }, 1003, 'Invalid parameter: uid'],
    ])('%j → ret %i', async (overrides, ret, msg) => {
      expect(await createOrder(store.app, overrides)).toMatchObject({ status: 200, ret, data: null, msg });
    });

    it('answers in the language of the area', async () => {
      const answer = await createOrder(store.app, { area: 'kr', server_id: '1831', role_id: '1831001', product_id: 'nope' });
      expect(answer).toMatchObject({ ret: 1018, msg: '더 이상 판매하지 않는 상품입니다.' });
    });
  });

  describe('prices the order on the server', () => {
    it('from the catalogue, whatever amount the browser sends', async () => {
      const placed = await mustCreateOrder(store.app, { amount: '0.01', price: 1, discount_minor: 499 });
      expect(await orderInfo(store.app, placed.order_id)).toMatchObject({ list_amount: '4.99', discount_amount: '0.00', amount: '4.99', currency: 'USD' });
    });

    it('in won in Korea', async () => {
      const placed = await mustCreateOrder(store.app, { area: 'kr', server_id: '1831', role_id: '1831002', uid: '1800002', product_id: '18-kr-currency-300', pay_type: 'bank' });
      const info = await orderInfo(store.app, placed.order_id);
      expect(info).toMatchObject({ amount: '5900', currency: 'KRW', pay_type: 'bank', server_name: expect.any(String) });
    });

    it('at the pay method\'s own price where the method costs more, as the order page shows it, a code taking its share off that price', async () => {
      const kr = { area: 'kr', server_id: '1831', role_id: '1831002', uid: '1800002', product_id: '18-kr-currency-980' };
      const card = await orderInfo(store.app, (await mustCreateOrder(store.app, { ...kr, pay_type: 'card' })).order_id);
      expect(card).toMatchObject({ list_amount: '19000', amount: '19000' });
      // Mobile-phone billing costs 10 % more in the demo catalogue (getTab's price_percent).
      const tab = await call<{ pay_type_list: Array<{ pay_type: string; price_percent: number }> }>(store.app, 'getTab', { game_id: 18, area: 'kr' });
      expect(tab.data.pay_type_list.map((pay) => [pay.pay_type, pay.price_percent])).toEqual([['card', 0], ['mobile', 10], ['bank', 0]]);
      const mobile = await orderInfo(store.app, (await mustCreateOrder(store.app, { ...kr, pay_type: 'mobile' })).order_id);
      expect(mobile).toMatchObject({ pay_type: 'mobile', list_amount: '20900', discount_amount: '0', amount: '20900', currency: 'KRW' });
      const withCode = await orderInfo(store.app, (await mustCreateOrder(store.app, { ...kr, pay_type: 'mobile', discount_code: 'welcome10' })).order_id);
      expect(withCode).toMatchObject({ list_amount: '20900', discount_amount: '2090', amount: '18810' });
      // The code check says the same for the method, and the bundle's own price without one.
      const checkFor = (extra: Record<string, string>) =>
        call<DiscountCheck>(store.app, 'checkDiscountCode', { game_id: 18, area: 'kr', role_id: '1831002', product_id: '18-kr-currency-980', discount_code: 'welcome10', ...extra });
      expect((await checkFor({ pay_type: 'mobile' })).data).toMatchObject({ list_amount: '20900', amount: '18810' });
      expect((await checkFor({})).data).toMatchObject({ list_amount: '19000', amount: '17100' });
      expect(await checkFor({ pay_type: 'wallet' })).toMatchObject({ ret: 1003, msg: expect.stringContaining('pay_type') });
    });

    it('with a discount code, typed in any case', async () => {
      const placed = await mustCreateOrder(store.app, { discount_code: ' welcome10 ' });
      expect(await orderInfo(store.app, placed.order_id)).toMatchObject({ discount_code: 'WELCOME10', list_amount: '4.99', discount_amount: '0.50', amount: '4.49' });
    });

    it.each([
      ['NOSUCHCODE', 1015, 'This discount code does not exist.'],
      ['SPRING2024', 1016, 'This discount code has expired.'],
      ['FUTURE30', 1016, 'This discount code cannot be used yet.'],
    ])('refusing %s (ret %i)', async (code, ret, msg) => {
      expect(await createOrder(store.app, { discount_code: code })).toMatchObject({ ret, msg });
    });

    it('refusing a code of another game', async () => {
      const skyreach = { game_id: 44, area: 'us', server_id: '4401', role_id: '4401001', uid: '4400001', product_id: '44-us-currency-60' };
      expect(await createOrder(store.app, { ...skyreach, discount_code: 'EMBER15' })).toMatchObject({ ret: 1015, msg: 'This discount code cannot be used for this bundle.' });
      expect((await createOrder(store.app, { discount_code: 'EMBER15' })).ret).toBe(0);
    });

    it('counting a once-per-character code per character once an order with it is paid', async () => {
      const borin = { role_id: '1801002', uid: '1800002' };
      const checkOnce50 = () =>
        call(store.app, 'checkDiscountCode', { game_id: 18, area: 'us', role_id: borin.role_id, product_id: '18-us-currency-300', discount_code: 'once50' });
      const first = await mustCreateOrder(store.app, { ...borin, discount_code: 'ONCE50' });
      expect(await orderInfo(store.app, first.order_id)).toMatchObject({ amount: '2.49', discount_amount: '2.50' });
      // Unpaid, it holds nothing: the code still applies.
      expect((await checkOnce50()).ret).toBe(0);
      expect((await checkout(store, first.order_id, 'paid')).status).toBe(303);
      await waitForStatus(store.app, first.order_id, ['delivered']);
      expect(await createOrder(store.app, { ...borin, discount_code: 'ONCE50' })).toMatchObject({ ret: 1017, msg: 'This character has already used this discount code.' });
      expect((await checkOnce50()).ret).toBe(1017);
      // Another character still may.
      expect((await createOrder(store.app, { role_id: '1802002', server_id: '1802', uid: '1800002', discount_code: 'ONCE50' })).ret).toBe(0);
    });
  });

  describe('never charges a price the page did not show', () => {
    // Borin on NA-1 (account 2): few other orders here, so that its unpaid orders stay under the cap.
    const BORIN = { role_id: '1801002', uid: '1800002' };
    it('places the order when the shown price is the catalogue\'s, and refuses it (1021, nothing placed) once the price changed', async () => {
      const placed = await createOrder(store.app, { ...BORIN, seen_amount: '4.99' });
      expect(placed.ret).toBe(0);
      const retryToken = newToken();
      expect((await createOrder(store.app, { ...BORIN, seen_amount: '4.99', order_token: retryToken })).ret).toBe(0);
      const setPrice = (minor: number) =>
        updateCatalogue(store.db, store.catalogue, (tx) => tx.query(`UPDATE bundles SET price_minor = $1 WHERE product_id = '18-us-currency-300'`, [minor]));
      await setPrice(549);
      try {
        const before = await countRows(store.db, 'orders');
        const refused = await call<CreatedOrder>(store.app, 'createOrder', orderRequest({ ...BORIN, seen_amount: '4.99' }), { headers: { 'accept-language': 'ko' } });
        expect(refused).toMatchObject({ ret: 1021, msg: '이 상품의 가격이 방금 변경되었습니다. 결제하기 전에 돌아가서 새 가격을 확인해 주세요.' });
        expect(await countRows(store.db, 'orders')).toBe(before);
        // A retry of an order placed before the change is answered with that order, as ever.
        expect((await createOrder(store.app, { ...BORIN, seen_amount: '4.99', order_token: retryToken })).ret).toBe(0);
        // The new price shown: placed, and charged that price.
        const now = await createOrder(store.app, { ...BORIN, seen_amount: '5.49' });
        expect(now.ret).toBe(0);
        expect((await orderInfo(store.app, now.data.order_id)).amount).toBe('5.49');
        expect((await createOrder(store.app, { ...BORIN, seen_amount: '5,49' })).ret).toBe(1003);
        expect((await createOrder(store.app, { ...BORIN, seen_amount: '5.4' })).ret).toBe(1003);
      } finally {
        await setPrice(499);
      }
    });
  });

  describe('checkDiscountCode', () => {
    const check = (discountCode: string, extra: Record<string, string | number> = {}) =>
      call<DiscountCheck>(store.app, 'checkDiscountCode', { game_id: 18, area: 'us', role_id: ARIA.role_id, product_id: '18-us-currency-980', discount_code: discountCode, ...extra });

    it('answers the price with the code', async () => {
      expect(await check('welcome10')).toMatchObject({
        ret: 0,
        data: { discount_code: 'WELCOME10', percent_off: 10, list_amount: '14.99', discount_amount: '1.50', amount: '13.49', currency: 'USD' },
      });
    });

    it('asks for a code when there is none', async () => {
      expect(await check('  ')).toMatchObject({ ret: 1002, msg: 'Please fill in your discount code' });
      expect(await check('', { area: 'kr', product_id: '18-kr-currency-980' })).toMatchObject({ ret: 1002, msg: '할인 코드를 입력해 주세요' });
    });

    it('is the pay centre\'s checkDiscountCode too', async () => {
      expect((await call(store.app, 'pcpay/checkDiscountCode', { game_id: 18, area: 'us', role_id: '', product_id: '18-us-currency-980', discount_code: 'SPRING2024' })).ret).toBe(1016);
    });
  });

  describe('one order per client token', () => {
    it('20 concurrent submissions with one token make one order', async () => {
      const request = orderRequest({ role_id: '1802001', server_id: '1802', product_id: '18-us-currency-60' });
      const answers = await Promise.all(Array.from({ length: 20 }, () => call<CreatedOrder>(store.app, 'createOrder', request)));
      expect(answers.map((answer) => answer.ret)).toEqual(Array(20).fill(0));
      const ids = new Set(answers.map((answer) => answer.data.order_id));
      expect(ids.size).toBe(1);
      expect(await countRows(store.db, 'orders WHERE order_token = $1', [request.order_token])).toBe(1);
      const timeline = (await orderInfo(store.app, [...ids][0]!)).timeline;
      expect(timeline.map((entry) => entry.event)).toEqual(['created']);
    });

    it('the same token through the pay centre is the same order; with another bundle it is refused', async () => {
      const request = orderRequest({ role_id: '1802003', server_id: '1802', uid: '1800003' });
      const first = await call<CreatedOrder>(store.app, 'createOrder', request);
      const again = await call<CreatedOrder>(store.app, 'pcpay/pay', request);
      // The same order; its checkout, asked from the pay centre, comes back to the pay centre's result page.
      expect(again.data).toEqual({ ...first.data, pay_url: `${first.data.pay_url}&return=pcpay` });
      expect(await call(store.app, 'createOrder', { ...request, product_id: '18-us-currency-60' })).toMatchObject({ ret: 1003, msg: 'Invalid parameter: order_token' });
    });
  });

  describe('purchase limits under concurrent purchases by one character', () => {
    const cyra = { role_id: '1801003', uid: '1800003' };
    const buyAtOnce = (productId: string, times: number) =>
      Promise.all(Array.from({ length: times }, () => createOrder(store.app, { ...cyra, product_id: productId, order_token: newToken() })));

    /** Pays every order at once; answers how many were delivered and how many refunded. */
    const payAtOnce = async (orderIds: readonly string[]) => {
      await Promise.all(orderIds.map(async (orderId) => expect((await checkout(store, orderId, 'paid')).status).toBe(303)));
      const ends = await Promise.all(orderIds.map((orderId) => waitForStatus(store.app, orderId, ['delivered', 'refunded'])));
      return { delivered: ends.filter((end) => end.status === 'delivered').length, refunded: ends.filter((end) => end.status === 'refunded').length };
    };

    it('a once-only pack: ten at once make five unpaid orders (the cap); the five paid at once deliver one', async () => {
      const answers = await buyAtOnce('18-us-starter-pack', 10);
      const placed = answers.filter((answer) => answer.ret === 0);
      expect(placed).toHaveLength(5);
      expect(answers.filter((answer) => answer.ret === 1019)).toHaveLength(5);
      expect(await payAtOnce(placed.map(({ data }) => data.order_id))).toEqual({ delivered: 1, refunded: 4 });
      expect((await createOrder(store.app, { ...cyra, product_id: '18-us-starter-pack' })).ret).toBe(1013);
    });

    it('three a character: with one delivered, five paid at once deliver two; then no more', async () => {
      const answers = await buyAtOnce('18-us-weekly-supply', 5);
      expect(answers.map((answer) => answer.ret)).toEqual([0, 0, 0, 0, 0]);
      expect(await payAtOnce(answers.map(({ data }) => data.order_id))).toEqual({ delivered: 2, refunded: 3 });
      expect(await createOrder(store.app, { ...cyra, product_id: '18-us-weekly-supply' })).toMatchObject({
        ret: 1013,
        msg: 'This character has reached the purchase limit of this bundle.',
      });
      const prices = await call<Array<{ product_id: string; role_buy_limit_progress: string }>>(store.app, 'getPayPrice', {
        type: 'Packs', game_id: 18, area: 'us', role_id: cyra.role_id, ln_uid: cyra.uid,
      });
      expect(prices.data.find((bundle) => bundle.product_id === '18-us-weekly-supply')?.role_buy_limit_progress).toBe('3/3');
    });
  });

  describe('orderInfo', () => {
    it('refuses an unknown order and answers in the player\'s language', async () => {
      expect(await call(store.app, 'orderInfo', { order_id: 'TP000000NOSUCHORDER' })).toMatchObject({ ret: 1012, msg: 'This order does not exist.' });
      expect(await call(store.app, 'orderInfo', { order_id: '' })).toMatchObject({ ret: 1002 });
      const placed = await mustCreateOrder(store.app, { role_id: '1802002', server_id: '1802', uid: '1800002', product_id: '18-us-currency-60' });
      const korean = await call(store.app, 'orderInfo', { order_id: placed.order_id }, { headers: { 'accept-language': 'ko-KR' } });
      // The payment page opens in the page's language.
      expect(korean).toMatchObject({ ret: 0, msg: '성공', data: { game_name: '엠버윙 프론티어', pay_url: `/sandbox/checkout/${placed.order_id}?lang=ko`, status: 'created' } });
      expect((await call(store.app, 'pcpay/getOrderInfo', { order_id: placed.order_id })).data).toMatchObject({ order_id: placed.order_id });
    });
  });
});
