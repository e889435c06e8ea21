import type { CreatedOrder } from '@topup/shared/types';
import { reconcileOrders } from '../src/orders/reconciliation';
import {
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

describe.each(testDbTargets())('unpaid orders and what they hold on $name', (target) => {
  let store: OrderStore;
  beforeAll(async () => {
    // Three, below the test database's five connections: without the character's lock, five
    // submissions at once would all count none and pass.
    store = await openOrderStore(target, { unpaidOrdersPerCharacter: 3 });
  });
  afterAll(async () => {
    if (store) expect(await reconcileOrders(store.db)).toEqual([]);
    await store?.close();
  });

  const timelineOf = (orderId: string) =>
    store.db.query<{ event: string; detail: string }>('SELECT event, detail FROM order_events WHERE order_id = $1 ORDER BY id', [orderId]);
  const pay = async (orderId: string) => expect((await checkout(store, orderId, 'paid')).status).toBe(303);

  describe('a cap on open unpaid orders per character', () => {
    // Dax: account 1 on NA-2, with no order yet.
    const dax = { server_id: '1802', role_id: '1802001', uid: '' };

    it('20 concurrent submissions place three; the rest are refused with ret 1019', async () => {
      const requests = Array.from({ length: 20 }, () => orderRequest({ ...dax, product_id: '18-us-currency-60' }));
      const answers = await Promise.all(requests.map((request) => call<CreatedOrder>(store.app, 'createOrder', request)));
      expect(answers.filter((answer) => answer.ret === 0)).toHaveLength(3);
      const refused = answers.filter((answer) => answer.ret !== 0);
      expect(refused).toHaveLength(17);
      for (const answer of refused) {
        expect(answer).toMatchObject({ status: 200, ret: 1019, data: null, msg: expect.stringMatching(/^This character has too many unpaid orders\./) });
      }
      expect(await countRows(store.db, `orders WHERE game_id = 18 AND role_id = $1 AND status = 'created'`, [dax.role_id])).toBe(3);
      // A retry of a placed order is still answered with it.
      const placedRequest = requests[answers.findIndex((answer) => answer.ret === 0)]!;
      const retry = await call<CreatedOrder>(store.app, 'pcpay/pay', placedRequest);
      expect(retry.ret).toBe(0);
      expect(await countRows(store.db, 'orders WHERE order_token = $1', [placedRequest.order_token])).toBe(1);
    });

    it('in the player\'s language, for every bundle; paying or expiring one frees a place', async () => {
      // Without an area the game's home area is meant (us), and the message follows Accept-Language.
      const korean = await call(store.app, 'createOrder', orderRequest({ ...dax, area: '', product_id: '18-us-currency-300' }), {
        headers: { 'accept-language': 'ko-KR' },
      });
      expect(korean).toMatchObject({ ret: 1019, msg: expect.stringMatching(/^이 캐릭터의 미결제 주문이 너무 많습니다\./) });
      const [oldest, next] = await store.db.query<{ order_id: string }>(
        `SELECT order_id FROM orders WHERE game_id = 18 AND role_id = $1 AND status = 'created' ORDER BY created_at LIMIT 2`,
        [dax.role_id],
      );
      await pay(oldest!.order_id);
      await waitForStatus(store.app, oldest!.order_id, ['delivered']);
      expect((await createOrder(store.app, { ...dax, product_id: '18-us-currency-300' })).ret).toBe(0);
      expect((await createOrder(store.app, { ...dax, product_id: '18-us-currency-300' })).ret).toBe(1019);
      // Past its time an order is no longer open, even before the worker marks it expired.
      await store.db.query(`UPDATE orders SET expires_at = now() - interval '1 second' WHERE order_id = $1`, [next!.order_id]);
      expect((await createOrder(store.app, { ...dax, product_id: '18-us-currency-300' })).ret).toBe(0);
    });
  });

  describe('an unpaid order holds nothing: the first payment takes it', () => {
    it('someone else\'s unpaid order leaves a once-per-character bundle to the player; paid second, it is refunded with the reason', async () => {
      // Borin: account 2 on NA-1; the starter pack is once per character.
      const borin = { server_id: '1801', role_id: '1801002', uid: '', product_id: '18-us-starter-pack' };
      const stranger = await mustCreateOrder(store.app, borin);
      const player = await mustCreateOrder(store.app, borin);
      await pay(player.order_id);
      await waitForStatus(store.app, player.order_id, ['delivered']);
      expect((await createOrder(store.app, borin)).ret).toBe(1013);

      await pay(stranger.order_id);
      const refunded = await waitForStatus(store.app, stranger.order_id, ['refunded']);
      expect(refunded).toMatchObject({ status: 'refunded', final: 1, delivered_at: null });
      expect(refunded.paid_at).not.toBeNull();
      expect(refunded.timeline.map((entry) => entry.event)).toEqual(['created', 'declined', 'refunded']);
      expect(await timelineOf(stranger.order_id)).toContainEqual({ event: 'declined', detail: 'purchase limit reached' });
      expect(await countRows(store.db, 'sandbox_mail WHERE mail_key = $1', [stranger.order_id])).toBe(0);
    });

    it('and a once-per-character code: paid second, its order is refunded with the reason', async () => {
      // Cyra: account 3 on NA-2.
      const cyra = { server_id: '1802', role_id: '1802003', uid: '', discount_code: 'ONCE50' };
      const stranger = await mustCreateOrder(store.app, { ...cyra, product_id: '18-us-currency-300' });
      const check = await call(store.app, 'checkDiscountCode', { game_id: 18, area: 'us', role_id: cyra.role_id, product_id: '18-us-currency-980', discount_code: 'ONCE50' });
      expect(check.ret).toBe(0);
      const player = await mustCreateOrder(store.app, { ...cyra, product_id: '18-us-currency-980' });
      await pay(player.order_id);
      expect(await waitForStatus(store.app, player.order_id, ['delivered'])).toMatchObject({ discount_code: 'ONCE50' });

      await pay(stranger.order_id);
      await waitForStatus(store.app, stranger.order_id, ['refunded']);
      expect(await timelineOf(stranger.order_id)).toContainEqual({ event: 'declined', detail: 'code already used' });
      expect((await createOrder(store.app, { ...cyra, product_id: '18-us-currency-60', order_token: newToken() })).ret).toBe(1017);
    });
  });

  describe('orderInfo', () => {
    it('tells how to follow an order, not the account uid; createOrder takes an empty uid', async () => {
      const placed = await mustCreateOrder(store.app, { server_id: '1801', role_id: '1801003', uid: '', product_id: '18-us-currency-60' });
      const info = await orderInfo(store.app, placed.order_id);
      expect(info).toMatchObject({ order_id: placed.order_id, role_id: '1801003', role_name: expect.any(String), server_name: expect.any(String) });
      expect(info).not.toHaveProperty('uid');
      const pc = await call<Record<string, unknown>>(store.app, 'pcpay/getOrderInfo', { order_id: placed.order_id });
      expect(pc.data).not.toHaveProperty('uid');
      expect(JSON.stringify(pc.data)).not.toContain('1800003');
    });
  });
});
