import type { CreatedOrder } from '@topup/shared/types';
import { reconcileOrders } from '../src/orders/reconciliation';
import { countRows, FAST_ORDERS, orderRequest } from './support/order-helpers';
import { call, GENEROUS_LIMITS, openTestStore, type TestStore } from './support/test-app';
import { testDbTargets } from './support/test-db';

jest.setTimeout(120_000);

/**
 * Anyone who knows a character's id can order for it (the account uid is no proof: the character
 * lookup hands it out). Unpaid orders are capped per buyer (client address) and per character, and
 * a stranger's orders and requests never use up the player's (decision 259).
 */
describe.each(testDbTargets())('strangers and a real player ordering for one character on $name', (target) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await openTestStore(target, {}, {
      orders: { ...FAST_ORDERS, unpaidOrdersPerBuyer: 2, unpaidOrdersPerCharacter: 4 },
      limits: { ...GENEROUS_LIMITS, placeOrder: { perAddress: 10_000, perKey: 3 } },
    });
  });
  afterAll(async () => {
    if (store) expect(await reconcileOrders(store.db)).toEqual([]);
    await store?.close();
  });

  const place = (character: { server_id: string; role_id: string; uid: string }, address: string) =>
    call<CreatedOrder>(store.app, 'createOrder', orderRequest({ ...character, product_id: '18-us-currency-60' }), { remoteAddress: address });
  const unpaidOf = (roleId: string) => countRows(store.db, `orders WHERE game_id = 18 AND role_id = $1 AND status = 'created'`, [roleId]);

  it('the audit\'s case, with the store\'s own settings: five unpaid orders from five addresses without the uid leave the player (right uid) free to order', async () => {
    const defaults = await openTestStore(target, {}, { orders: FAST_ORDERS });
    try {
      // Aria: account 1 on NA-1, looked up by anyone who knows her character id.
      const stranger = { server_id: '1801', role_id: '1801001', uid: '' };
      for (const address of ['10.19.0.1', '10.19.0.2', '10.19.0.3', '10.19.0.4', '10.19.0.5']) {
        const answer = await call<CreatedOrder>(defaults.app, 'createOrder', orderRequest({ ...stranger, product_id: '18-us-currency-60' }), { remoteAddress: address });
        expect(answer.ret).toBe(0);
      }
      for (const product of ['18-us-currency-60', '18-us-currency-300', '18-us-starter-pack']) {
        const player = await call<CreatedOrder>(defaults.app, 'createOrder', orderRequest({ ...stranger, uid: '1800001', product_id: product }), { remoteAddress: '10.19.9.9' });
        expect({ product, ret: player.ret }).toEqual({ product, ret: 0 });
      }
    } finally {
      await defaults.close();
    }
  });

  it('unpaid orders of strangers at other addresses, without the uid, leave the player (right uid) free to order', async () => {
    // Cora: account 3 on NA-2. Two strangers place what they may (2 each): the character's cap (4) is full.
    const stranger = { server_id: '1802', role_id: '1802003', uid: '' };
    for (const address of ['10.20.0.1', '10.20.0.2']) {
      expect((await place(stranger, address)).ret).toBe(0);
      expect((await place(stranger, address)).ret).toBe(0);
      expect((await place(stranger, address)).ret).toBe(1019);
    }
    // A third stranger's first order is not refused by the character's cap; his second is.
    expect((await place(stranger, '10.20.0.3')).ret).toBe(0);
    expect((await place(stranger, '10.20.0.3')).ret).toBe(1019);
    const player = { server_id: '1802', role_id: '1802003', uid: '1800003' };
    expect((await place(player, '10.20.9.9')).ret).toBe(0);
    expect(await unpaidOf('1802003')).toBe(6);
  });

  it('20 submissions at once from four addresses place exactly two per address', async () => {
    // Bo: account 2 on NA-2; a character cap high enough that only the buyers' caps count.
    const bo = { server_id: '1802', role_id: '1802002', uid: '' };
    const wide = await openTestStore(target, {}, { orders: { ...FAST_ORDERS, unpaidOrdersPerBuyer: 2, unpaidOrdersPerCharacter: 100 } });
    try {
      const addresses = ['10.21.0.1', '10.21.0.2', '10.21.0.3', '10.21.0.4'];
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          call<CreatedOrder>(wide.app, 'createOrder', orderRequest({ ...bo, product_id: '18-us-currency-60' }), { remoteAddress: addresses[i % 4] }).then((answer) => ({
            address: addresses[i % 4],
            ret: answer.ret,
          })),
        ),
      );
      for (const address of addresses) {
        const rets = answers.filter((answer) => answer.address === address).map((answer) => answer.ret).sort();
        expect(rets).toEqual([0, 0, 1019, 1019, 1019]);
      }
      expect(await countRows(wide.db, `orders WHERE game_id = 18 AND role_id = '1802002' AND status = 'created'`)).toBe(8);
      expect(await countRows(wide.db, `(SELECT DISTINCT buyer FROM orders WHERE game_id = 18 AND role_id = '1802002' AND buyer <> '') b`)).toBe(4);
    } finally {
      await wide.close();
    }
  });

  it('a stranger who uses up the per-character request limit at his address does not hold up the player at hers', async () => {
    // Ada: account 1 on NA-2, at most three orders a minute per character and address.
    const ada = { server_id: '1802', role_id: '1802001', uid: '' };
    const refused = [];
    for (let i = 0; i < 4; i += 1) refused.push((await place(ada, '10.22.0.1')).status);
    expect(refused).toEqual([200, 200, 200, 429]);
    const player = await place({ ...ada, uid: '1800001' }, '10.22.9.9');
    expect(player).toMatchObject({ status: 200, ret: 0 });
  });
});
