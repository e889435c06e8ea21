import type { OrderInfo } from '@topup/shared/types';
import { ARIA, mustCreateOrder } from './support/order-helpers';
import { call, openTestStore, type TestStore } from './support/test-app';
import { testDbTargets } from './support/test-db';

jest.setTimeout(60_000);

describe.each(testDbTargets())('findOrder on $name', (target) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await openTestStore(target);
  });
  afterAll(async () => {
    await store?.close();
  });

  it("finds an order by its id and its character's id, with its status and timeline", async () => {
    const placed = await mustCreateOrder(store.app);
    const answer = await call<OrderInfo>(store.app, 'findOrder', { order_id: placed.order_id, role_id: ARIA.role_id });
    expect(answer.ret).toBe(0);
    expect(answer.data).toMatchObject({ order_id: placed.order_id, role_id: ARIA.role_id, status: 'created', product_name: '300 Dragon Gems', amount: '4.99' });
    expect(answer.data.timeline.map((entry) => entry.event)).toEqual(['created']);
  });

  it('answers a wrong character exactly like an unknown order', async () => {
    const placed = await mustCreateOrder(store.app);
    const wrong = await call(store.app, 'findOrder', { order_id: placed.order_id, role_id: '1801002' });
    const unknown = await call(store.app, 'findOrder', { order_id: 'TP000000NOSUCHORDER', role_id: ARIA.role_id });
    expect(wrong.ret).not.toBe(0);
    expect({ ret: wrong.ret, msg: wrong.msg, data: wrong.data }).toEqual({ ret: unknown.ret, msg: unknown.msg, data: null });
  });

  it('asks for both ids, in the page language, and never answers 5xx', async () => {
    const noRole = await call(store.app, 'findOrder', { order_id: 'TP1', role_id: '' });
    expect(noRole.status).toBe(200);
    expect(noRole.ret).not.toBe(0);
    expect(noRole.msg).toMatch(/role_id/);
    const noOrder = await call(store.app, 'findOrder', { order_id: '', role_id: '1' });
    expect(noOrder.msg).toMatch(/order_id/);
    const long = await call(store.app, 'findOrder', { order_id: 'x'.repeat(500), role_id: '1' });
    expect(long.status).toBeLessThan(500);
  });
});
