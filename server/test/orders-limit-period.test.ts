import type { Bundle } from '@topup/shared/types';
import { updateCatalogue } from '../src/catalogue/update-catalogue';
import { reconcileOrders } from '../src/orders/reconciliation';
import { limitPeriodStartSql } from '../src/purchases/limit-period';
import { checkout, createOrder, mustCreateOrder, openOrderStore, waitForStatus, type OrderStore } from './support/order-helpers';
import { call } from './support/test-app';
import { testDbTargets } from './support/test-db';

jest.setTimeout(120_000);

describe.each(testDbTargets())('purchase limits per period on $name', (target) => {
  let store: OrderStore;
  beforeAll(async () => {
    store = await openOrderStore(target);
  });
  afterAll(async () => {
    if (store) expect(await reconcileOrders(store.db)).toEqual([]);
    await store?.close();
  });

  const setLimit = (productId: string, limit: number, period: string) =>
    updateCatalogue(store.db, store.catalogue, (tx) =>
      tx.query('UPDATE bundles SET role_buy_limit = $2, role_buy_limit_period = $3 WHERE product_id = $1', [productId, limit, period]),
    );
  /** The purchase was paid `days` earlier than it was (its period moves back with it). */
  const paidEarlier = (orderId: string, days: number) =>
    store.db.query(`UPDATE orders SET paid_at = paid_at - $2 * interval '1 day' WHERE order_id = $1`, [orderId, days]);
  const pay = async (orderId: string) => {
    expect((await checkout(store, orderId, 'paid')).status).toBe(303);
    return waitForStatus(store.app, orderId, ['delivered', 'refunded']);
  };
  const card = async (roleId: string, uid: string, productId: string) => {
    const answer = await call<Bundle[]>(store.app, 'getPayPrice', { type: 'Packs', game_id: 18, area: 'us', role_id: roleId, ln_uid: uid });
    return answer.data.find((bundle) => bundle.product_id === productId);
  };

  it('starts each period when the calendar does, in UTC: today, this week from Monday, this month', async () => {
    const ms = (period: string) => `(extract(epoch FROM ${limitPeriodStartSql(`'${period}'`)}) * 1000)::float8`;
    const [row] = await store.db.query<{ day: number; week: number; month: number; ever: boolean; now: number }>(
      `SELECT ${ms('day')} AS day, ${ms('week')} AS week, ${ms('month')} AS month,
              ${limitPeriodStartSql(`'ever'`)} = '-infinity'::timestamptz AS ever, (extract(epoch FROM now()) * 1000)::float8 AS now`,
    );
    const now = new Date(row!.now);
    const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    expect(row).toEqual({
      day: today,
      week: today - ((now.getUTCDay() + 6) % 7) * 86_400_000,
      month: Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1),
      ever: true,
      now: row!.now,
    });
  });

  it('one a day: the second order of the day is refused, the second payment refunded; the next day it is on sale to the character again', async () => {
    // Bram: account 2 on NA-1, with no purchase yet. The weekly supply, made once a day.
    const bram = { role_id: '1801002', uid: '1800002' };
    const supply = { ...bram, product_id: '18-us-weekly-supply' };
    await setLimit('18-us-weekly-supply', 1, 'day');
    expect(await card(bram.role_id, bram.uid, '18-us-weekly-supply')).toMatchObject({ role_buy_limit: 1, role_buy_count: 0, role_buy_limit_progress: '0/1', first_buy: 1 });

    // Two unpaid orders hold nothing; paid both, one is delivered and the other refunded.
    const first = await mustCreateOrder(store.app, supply);
    const second = await mustCreateOrder(store.app, supply);
    const ends = [await pay(first.order_id), await pay(second.order_id)];
    expect(ends.map((end) => end.status)).toEqual(['delivered', 'refunded']);
    const refused = await store.db.query<{ event: string; detail: string }>('SELECT event, detail FROM order_events WHERE order_id = $1', [second.order_id]);
    expect(refused).toContainEqual({ event: 'declined', detail: 'purchase limit reached' });

    expect(await createOrder(store.app, supply)).toMatchObject({ ret: 1013, data: null, msg: 'This character has reached the purchase limit of this bundle.' });
    expect(await card(bram.role_id, bram.uid, '18-us-weekly-supply')).toMatchObject({ role_buy_count: 1, role_buy_limit_progress: '1/1', first_buy: 0 });

    // A day later the day's purchase is yesterday's: one more today. The first-purchase offer stays used.
    await paidEarlier(first.order_id, 1);
    expect(await card(bram.role_id, bram.uid, '18-us-weekly-supply')).toMatchObject({ role_buy_count: 0, role_buy_limit_progress: '0/1', first_buy: 0 });
    const next = await mustCreateOrder(store.app, supply);
    expect((await pay(next.order_id)).status).toBe('delivered');
    expect(await createOrder(store.app, supply)).toMatchObject({ ret: 1013 });
    expect(await card(bram.role_id, bram.uid, '18-us-weekly-supply')).toMatchObject({ role_buy_limit_progress: '1/1' });
  });

  it('a week\'s and a month\'s purchases count until the period ends', async () => {
    // Cara: account 3 on NA-1.
    const cara = { role_id: '1801003', uid: '1800003', product_id: '18-us-hero-chest' };
    await setLimit('18-us-hero-chest', 1, 'week');
    const bought = await mustCreateOrder(store.app, cara);
    expect((await pay(bought.order_id)).status).toBe('delivered');
    expect((await createOrder(store.app, cara)).ret).toBe(1013);
    // Eight days earlier is last week's, whatever day this is.
    await paidEarlier(bought.order_id, 8);
    expect(await card(cara.role_id, cara.uid, '18-us-hero-chest')).toMatchObject({ role_buy_limit_progress: '0/1' });
    await setLimit('18-us-hero-chest', 1, 'month');
    // Eight days ago may be this month or last month; 32 days ago never is this month.
    await paidEarlier(bought.order_id, 24);
    const again = await mustCreateOrder(store.app, cara);
    expect((await pay(again.order_id)).status).toBe('delivered');
    expect(await createOrder(store.app, cara)).toMatchObject({ ret: 1013, msg: 'This character has reached the purchase limit of this bundle.' });
  });

  it('"ever" is as before: a once-only pack bought a year ago is still bought', async () => {
    // Dara: account 2 on NA-2.
    const dara = { server_id: '1802', role_id: '1802002', uid: '1800002', product_id: '18-us-starter-pack' };
    expect(await card(dara.role_id, dara.uid, '18-us-starter-pack')).toMatchObject({ role_buy_limit: 1, role_buy_limit_progress: '0/1' });
    const bought = await mustCreateOrder(store.app, dara);
    expect((await pay(bought.order_id)).status).toBe('delivered');
    await paidEarlier(bought.order_id, 365);
    expect(await createOrder(store.app, dara)).toMatchObject({ ret: 1013, msg: 'This character has reached the purchase limit of this bundle.' });
    expect(await card(dara.role_id, dara.uid, '18-us-starter-pack')).toMatchObject({ role_buy_count: 1, role_buy_limit_progress: '1/1' });
  });

  it('the database refuses a period without a limit, as the catalogue file does', async () => {
    await expect(setLimit('18-us-currency-300', 0, 'day')).rejects.toThrow(/bundles_limit_period_needs_limit/);
    await expect(setLimit('18-us-currency-300', 1, 'year')).rejects.toThrow(/role_buy_limit_period/);
  });
});
