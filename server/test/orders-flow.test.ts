import type { Bundle } from '@topup/shared/types';
import { reconcileOrders } from '../src/orders/reconciliation';
import { ARIA, checkout, mailsOf, mustCreateOrder, openOrderStore, orderInfo, waitForStatus, type OrderStore } from './support/order-helpers';
import { call } from './support/test-app';
import { testDbTargets } from './support/test-db';

jest.setTimeout(60_000);

describe.each(testDbTargets())('an order from submission to the mailbox on $name', (target) => {
  let store: OrderStore;
  beforeAll(async () => {
    store = await openOrderStore(target);
  });
  afterAll(async () => {
    await store?.close();
  });

  const weeklySupply = async () => {
    const prices = await call<Bundle[]>(store.app, 'getPayPrice', { type: 'Packs', game_id: 18, area: 'us', role_id: ARIA.role_id, ln_uid: ARIA.uid });
    return prices.data.find((bundle) => bundle.product_id === '18-us-weekly-supply')!;
  };

  it('is paid in the sandbox, mailed once, and changes the first-buy tag and limit progress', async () => {
    const before = await weeklySupply();
    expect([before.first_buy, before.role_buy_limit_progress]).toEqual([1, '0/3']);

    const placed = await mustCreateOrder(store.app, { product_id: '18-us-weekly-supply' });
    expect(placed.pay_url).toBe(`/sandbox/checkout/${placed.order_id}`);
    const created = await orderInfo(store.app, placed.order_id);
    expect(created).toMatchObject({ status: 'created', final: 0, amount: '2.99', currency: 'USD', first_buy: 1, role_name: 'Aria Stormblade' });

    const page = await fetch(`${store.url}${placed.pay_url}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('$2.99');

    const paid = await checkout(store, placed.order_id, 'paid');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`/#/payResult?order_id=${placed.order_id}`);

    const delivered = await waitForStatus(store.app, placed.order_id, ['delivered']);
    expect(delivered.timeline.map((entry) => entry.event)).toEqual(['created', 'paid', 'delivering', 'mail_sent', 'delivered']);
    expect(delivered.final).toBe(1);
    const mails = await mailsOf(store.db, placed.order_id);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.items).toEqual([
      { name: 'Weekly Supply', quantity: 1 },
      { name: 'First supply: double stamina potions', quantity: 1 },
    ]);

    const after = await weeklySupply();
    expect([after.first_buy, after.role_buy_limit_progress]).toEqual([0, '1/3']);
    expect(await reconcileOrders(store.db)).toEqual([]);
  });
});
