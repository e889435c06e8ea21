import type { Db } from '../src/db/db';
import { listOrders, ORDER_LIST_SQL, orderListParams } from '../src/ops/order-desk';
import { checkout, mustCreateOrder, openOrderStore, type OrderStore } from './support/order-helpers';
import { testDbTargets } from './support/test-db';

jest.setTimeout(180_000);

/** Orders the store's pay types and currencies make: card in both, bank and mobile in KRW, wallet in USD. */
const PAIRS = [
  ['card', 'USD'],
  ['wallet', 'USD'],
  ['card', 'KRW'],
  ['bank', 'KRW'],
  ['mobile', 'KRW'],
] as const;

/**
 * The support desk's orders list filtered by a pay type and a currency it is never sold in (bank with
 * USD): the planner must know the pair is absent (the joint statistics of migration 091) and look it up
 * in orders_by_currency_pay_type, not read every order backwards by date for a page that does not exist
 * (docs/benchmarks.md, "Back office: orders list": p95 613 ms on a million orders before).
 */
describe.each(testDbTargets())('the orders list by pay type and currency on $name', (target) => {
  let store: OrderStore;
  let db: Db;

  beforeAll(async () => {
    store = await openOrderStore(target);
    db = store.db;
    const order = await mustCreateOrder(store.app);
    expect((await checkout(store, order.order_id, 'paid')).status).toBeLessThan(400);
    // 8,000 orders copied from that one, spread over the pairs above, a minute apart: enough for the planner
    // to take the pair-blind plan without the joint statistics (dropping them fails the first test). The
    // record is built once per row in FROM: `(jsonb_populate_record(…)).*` in the select list would build it
    // once per column of orders (about 8 s on PostgreSQL for these rows instead of 0.6 s).
    await db.query(
      `INSERT INTO orders
       SELECT copy.*
         FROM orders o, generate_series(1, 8000) AS g,
              jsonb_populate_record(NULL::orders, to_jsonb(o) || jsonb_build_object(
                 'order_id', 'TPBULK' || lpad(g::text, 10, '0'),
                 'order_token', NULL,
                 'pay_type', (ARRAY[${PAIRS.map(([p]) => `'${p}'`).join(', ')}])[1 + g % ${PAIRS.length}],
                 'currency', (ARRAY[${PAIRS.map(([, c]) => `'${c}'`).join(', ')}])[1 + g % ${PAIRS.length}],
                 'created_at', now() - (g || ' minutes')::interval)) AS copy
        WHERE o.order_id = $1`,
      [order.order_id],
    );
    await db.query('ANALYZE orders');
  });
  afterAll(() => store.close());

  const plan = async (payType: string, currency: string) => {
    const params = orderListParams({ payType, currency, limit: 50 }, null);
    const rows = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${ORDER_LIST_SQL.replace(/\$(\d+)/g, (_, n: string) => literal(params[Number(n) - 1]))}`);
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  };

  it('looks an absent pair up in the pair\'s index, and answers it empty', async () => {
    for (const [payType, currency] of [['bank', 'USD'], ['wallet', 'KRW'], ['mobile', 'USD']] as const) {
      expect([payType, currency, await plan(payType, currency)]).toEqual([payType, currency, expect.stringContaining('orders_by_currency_pay_type')]);
      expect((await listOrders(db, { payType, currency, limit: 50 })).rows).toEqual([]);
    }
  });

  it('still answers a pair that exists, newest first', async () => {
    const { rows } = await listOrders(db, { payType: 'wallet', currency: 'USD', limit: 50 });
    expect(rows).toHaveLength(50);
    expect(rows.every((row) => row.pay_type === 'wallet' && row.currency === 'USD')).toBe(true);
    expect(rows.map((row) => row.created_at)).toEqual([...rows.map((row) => row.created_at)].sort().reverse());
  });
});

/** A parameter as SQL text, for EXPLAIN of the list's own statement with one run's values. */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number') return String(value);
  return `'${String(value).replace(/'/g, "''")}'`;
}
