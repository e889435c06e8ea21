import { loadConfig } from '../src/config';
import type { Db } from '../src/db/db';
import { periodOf, readDeliveryHealth, readFunnel, readSales, rollUpAndForgetReports, rollUpInsights, SALES_BREAKDOWNS, type SalesBreakdown } from '../src/insights';
import { addOperator } from '../src/ops/operator-admin';
import { forgetOldReports } from '../src/reports/record-report';
import { sign } from '@topup/shared/sign';
import { call, openTestStore, TEST_APP_KEY, type TestStore } from './support/test-app';
import { testDbTargets } from './support/test-db';
import { Console, PASSWORD } from './support/ops-console-client';

jest.setTimeout(120_000);

const OPS_TOKEN = 'ops-token-for-insights-0123456789';
const SETUP = { name: 'service:test-setup', operatorId: null, address: 'test' };
const SEOUL = 'Asia/Seoul'; // UTC+9 all year: a Seoul day starts at 15:00 UTC the day before

interface Bundle { id: number; game_id: number; area: string; product_id: string }

describe.each(testDbTargets())('insights on $name', (target) => {
  let store: TestStore;
  let db: Db;
  let url = '';
  let usd: Bundle;
  let krw: Bundle;
  let ids = 0;

  /** An order as the workflow leaves it, written with the times a test needs. */
  async function order(bundle: Bundle, currency: string, amount: number, times: Record<string, string>, extra: { role?: string; pay_type?: string; code?: string } = {}): Promise<string> {
    const orderId = `INS-${target.name}-${(ids += 1)}`;
    await db.query(
      `INSERT INTO orders (order_id, game_id, area, server_id, role_id, bundle_id, product_id, amount_minor, currency, status,
                           pay_type, discount_code, storefront, created_at, paid_at, delivered_at, delivery_failed_at, expired_at, disputed_at)
       VALUES ($1, $2, $3, 's1', $4, $5, $6, $7, $8, 'created', $9, $10, 'phone', $11, $12, $13, $14, $15, $16)`,
      [orderId, bundle.game_id, bundle.area, extra.role ?? `role-${ids}`, bundle.id, bundle.product_id, amount, currency,
        extra.pay_type ?? 'card', extra.code ?? '', times.created, times.paid ?? null, times.delivered ?? null, times.failed ?? null, times.expired ?? null, times.disputed ?? null],
    );
    if (times.refunded) {
      await db.query(
        `INSERT INTO refunds (order_id, provider, refund_id, amount_minor, currency, reason, refunded_at, kind) VALUES ($1, 'sandbox', $2, $3, $4, 'test', $5, 'order')`,
        [orderId, `re-${orderId}`, amount, currency, times.refunded],
      );
    }
    return orderId;
  }

  async function report(gameId: number, type: number, at: string, session: string, storefront = 'phone', area = 'us'): Promise<void> {
    await db.query(
      `INSERT INTO reports (game_id, area, report_type, session_id, storefront, created_at) VALUES ($1, $2, $3, $4, $5, $6)`,
      [gameId, area, type, session, storefront, at],
    );
  }

  const api = async (path: string) => {
    const response = await fetch(`${url}/ops/api${path}`, { headers: { authorization: `Bearer ${OPS_TOKEN}` } });
    return { status: response.status, text: await response.text(), type: response.headers.get('content-type') ?? '' };
  };
  const json = async (path: string) => JSON.parse((await api(path)).text);

  beforeAll(async () => {
    store = await openTestStore(target, { opsToken: OPS_TOKEN, ops: { ...loadConfig({}).ops, signInsPerAddress: 10_000 } });
    db = store.db;
    await store.app.listen({ host: '127.0.0.1', port: 0 });
    const address = store.app.server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    await addOperator(db, SETUP, { email: 'viewer@ops.example', role: 'viewer', password: PASSWORD });
    const bundles = await db.query<Bundle>(`SELECT id, game_id, area, product_id FROM bundles ORDER BY id`);
    usd = bundles.find((b) => b.game_id === 18 && b.area === 'us')!;
    krw = bundles.find((b) => b.area === 'kr' && b.game_id !== 18)!;
    expect(usd && krw).toBeTruthy();

    // Reports around the Seoul midnight of 2025-03-11 (15:00 UTC on 03-10).
    await report(18, 1, '2025-03-09T15:30:00Z', 'session-c'); // Seoul 03-10 00:30
    await report(18, 1, '2025-03-10T14:59:00Z', 'session-a'); // Seoul 03-10 23:59
    await report(18, 1, '2025-03-10T15:00:00Z', 'session-a'); // Seoul 03-11: the same session again, not a new one
    await report(18, 1, '2025-03-10T15:00:30Z', 'session-b', 'payCentre');
    await report(18, 1, '2025-03-10T15:02:00Z', ''); // no session: a session of its own
    await report(18, 4, '2025-03-10T15:01:00Z', 'session-a');
    await report(18, 4, '2025-03-10T15:01:30Z', 'session-a'); // confirmed twice, once counted
    await report(18, 3, '2025-03-10T15:03:00Z', 'session-a');
    await report(18, 2, '2025-03-10T15:03:30Z', 'session-a'); // a tab change is no step of the funnel
    await report(krw.game_id, 1, '2025-03-10T16:00:00Z', 'session-k');

    // Orders: o1 paid late on Seoul 03-10; o2 paid on 03-11, refunded on 03-12; o3 in won, delivery failed and refunded;
    // o4 never paid; o5 a late payment on an expired order (returned at once: no sale); o6 disputed on 03-12;
    // o7 in the period before.
    await order(usd, 'USD', 499, { created: '2025-03-10T14:00:00Z', paid: '2025-03-10T14:30:00Z', delivered: '2025-03-10T14:30:02Z' }, { role: 'aria' });
    await order(usd, 'USD', 999, { created: '2025-03-10T15:10:00Z', paid: '2025-03-10T15:20:00Z', delivered: '2025-03-10T15:21:10Z', refunded: '2025-03-12T01:00:00Z' }, { role: 'aria', pay_type: 'wallet' });
    await order(krw, 'KRW', 5900, { created: '2025-03-11T01:59:00Z', paid: '2025-03-11T02:00:00Z', failed: '2025-03-11T02:05:00Z', refunded: '2025-03-11T03:00:00Z' });
    await order(usd, 'USD', 499, { created: '2025-03-11T04:00:00Z' });
    await order(usd, 'USD', 499, { created: '2025-03-11T04:10:00Z', expired: '2025-03-11T04:40:00Z', paid: '2025-03-11T04:50:00Z', refunded: '2025-03-11T05:00:00Z' });
    await order(usd, 'USD', 1999, { created: '2025-03-11T04:59:00Z', paid: '2025-03-11T05:00:00Z', delivered: '2025-03-11T05:00:04Z', disputed: '2025-03-12T02:00:00Z' }, { code: 'SPRING10' });
    await order(usd, 'USD', 299, { created: '2025-03-08T02:00:00Z', paid: '2025-03-08T03:00:00Z', delivered: '2025-03-08T03:00:01Z' });
    // In July, alone: a $19.99 sale the desk refunded in two parts ($5 on 07-02, $3 on 07-04), then in
    // whole (what was left, $11.99, on 07-06).
    const parted = await order(usd, 'USD', 1999, { created: '2025-07-01T01:00:00Z', paid: '2025-07-01T01:01:00Z', delivered: '2025-07-01T01:01:05Z' });
    for (const [part, amount, at] of [['part:1', 500, '2025-07-02T01:00:00Z'], ['part:2', 300, '2025-07-04T01:00:00Z']] as const) {
      await db.query(
        `INSERT INTO refunds (order_id, provider, refund_id, amount_minor, currency, reason, refunded_at, kind, part) VALUES ($1, 'sandbox', $2, $3, 'USD', 'test', $4, 'partial', $5)`,
        [parted, `re-${parted}-${part}`, amount, at, part],
      );
    }
    await db.query(
      `INSERT INTO refunds (order_id, provider, refund_id, amount_minor, currency, reason, refunded_at, kind) VALUES ($1, 'sandbox', $2, 1199, 'USD', 'test', '2025-07-06T01:00:00Z', 'order')`,
      [parted, `re-${parted}-rest`],
    );

    // In May (UTC), alone: game 18 sells in two areas, the US in dollars (two bundles) and Europe in
    // euros (one), and the code MAY5 is used in both. In the US, session may-us-1 goes as far as choosing
    // a bundle and may-us-2 only loads the page; in Europe, may-eu-1 confirms a character and a page
    // without a session loads once.
    const bundle = (productId: string) => bundles.find((b) => b.product_id === productId)!;
    const [us60, usPack, eu60] = [bundle('18-us-currency-60'), bundle('18-us-starter-pack'), bundle('18-eu-currency-60')];
    expect([us60, usPack, eu60].map((b) => [b?.game_id, b?.area])).toEqual([[18, 'us'], [18, 'us'], [18, 'eu']]);
    await report(18, 1, '2025-05-01T09:00:00Z', 'may-us-1');
    await report(18, 4, '2025-05-01T09:01:00Z', 'may-us-1');
    await report(18, 3, '2025-05-01T09:02:00Z', 'may-us-1');
    await report(18, 1, '2025-05-01T09:30:00Z', 'may-us-2');
    await report(18, 1, '2025-05-02T07:00:00Z', 'may-eu-1', 'phone', 'eu');
    await report(18, 4, '2025-05-02T07:01:00Z', 'may-eu-1', 'phone', 'eu');
    await report(18, 1, '2025-05-02T07:30:00Z', '', 'phone', 'eu');
    // m1 a plain sale; m2 with MAY5, refunded the next day; m3 the starter pack with MAY5, by wallet;
    // m4 the starter pack with JUNE20, never paid; m5 and m6 in euros, m5 with MAY5.
    await order(us60, 'USD', 499, { created: '2025-05-01T10:00:00Z', paid: '2025-05-01T10:01:00Z', delivered: '2025-05-01T10:01:01Z' });
    await order(us60, 'USD', 499, { created: '2025-05-01T11:00:00Z', paid: '2025-05-01T11:01:00Z', delivered: '2025-05-01T11:01:02Z', refunded: '2025-05-02T09:00:00Z' }, { code: 'MAY5' });
    await order(usPack, 'USD', 1999, { created: '2025-05-02T12:00:00Z', paid: '2025-05-02T12:01:00Z', delivered: '2025-05-02T12:01:03Z' }, { code: 'MAY5', pay_type: 'wallet' });
    await order(usPack, 'USD', 1999, { created: '2025-05-02T13:00:00Z' }, { code: 'JUNE20' });
    await order(eu60, 'EUR', 899, { created: '2025-05-02T08:00:00Z', paid: '2025-05-02T08:01:00Z', delivered: '2025-05-02T08:01:01Z' }, { code: 'MAY5' });
    await order(eu60, 'EUR', 899, { created: '2025-05-03T08:00:00Z', paid: '2025-05-03T08:01:00Z', delivered: '2025-05-03T08:01:01Z' });

    let rolled = await rollUpInsights(db);
    for (let runs = 0; !rolled.caughtUp && runs < 100; runs += 1) rolled = await rollUpInsights(db);
    expect(rolled.caughtUp).toBe(true);
  });
  afterAll(() => store.close());

  const PERIOD = `from=2025-03-10&to=2025-03-12&tz=${SEOUL}`;

  it('counts the funnel per session and step, each day an operator\'s day in Seoul', async () => {
    const funnel = await json(`/insights/funnel?${PERIOD}&game_id=18`);
    expect(funnel.previous_period).toEqual({ from: '2025-03-07', to: '2025-03-09', timeZone: SEOUL });
    expect(funnel.steps.map((s: { step: string; count: number }) => [s.step, s.count])).toEqual([
      ['page_loads', 4],
      ['characters_confirmed', 1],
      ['bundles_chosen', 1],
      ['orders_placed', 5],
      ['paid_orders', 3],
      ['delivered_orders', 3],
    ]);
    expect(funnel.steps[1]).toMatchObject({ conversion: 0.25, dropped: 3 });
    expect(funnel.steps[4]).toMatchObject({ conversion: 0.6, previous: 1, previous_conversion: 1 });
    expect(funnel.days).toEqual([
      { day: '2025-03-10', page_loads: 2, characters_confirmed: 0, bundles_chosen: 0, orders_placed: 1, paid_orders: 1, delivered_orders: 1 },
      { day: '2025-03-11', page_loads: 2, characters_confirmed: 1, bundles_chosen: 1, orders_placed: 4, paid_orders: 2, delivered_orders: 2 },
      { day: '2025-03-12', page_loads: 0, characters_confirmed: 0, bundles_chosen: 0, orders_placed: 0, paid_orders: 0, delivered_orders: 0 },
    ]);
    // The same hours in UTC: the midnight falls elsewhere.
    const utc = await json(`/insights/funnel?from=2025-03-09&to=2025-03-10&game_id=18`);
    expect(utc.days.map((d: { page_loads: number; orders_placed: number }) => [d.page_loads, d.orders_placed])).toEqual([[1, 0], [3, 2]]);
    // A storefront narrows the reports too; a pay method only the orders.
    const payCentre = await json(`/insights/funnel?${PERIOD}&game_id=18&storefront=payCentre`);
    expect(payCentre.steps[0].count).toBe(1);
    const wallet = await json(`/insights/funnel?${PERIOD}&game_id=18&pay_type=wallet`);
    expect(wallet).toMatchObject({ report_steps_narrowed: false });
    expect(wallet.steps.map((s: { count: number }) => s.count)).toEqual([4, 1, 1, 1, 1, 1]);
  });

  it('keeps currencies apart, subtracts refunds and disputes on their own days, and compares with the period before', async () => {
    const sales = await json(`/insights/sales?${PERIOD}`);
    expect(sales.currencies).toEqual([
      {
        currency: 'KRW', paid_orders: 1, revenue_minor: 5900, refunded_orders: 1, refunded_minor: 5900, disputed_orders: 0, disputed_minor: 0,
        net_minor: 0, average_order_minor: 5900, first_purchase_share: 1, previous: null,
      },
      {
        currency: 'USD', paid_orders: 3, revenue_minor: 3497, refunded_orders: 1, refunded_minor: 999, disputed_orders: 1, disputed_minor: 1999,
        net_minor: 499, average_order_minor: 1166, first_purchase_share: 0.6667,
        previous: expect.objectContaining({ paid_orders: 1, revenue_minor: 299, net_minor: 299 }),
      },
    ]);
    expect(sales.days.map((d: { day: string; currency: string; revenue_minor: number; refunded_minor: number; net_minor: number }) => [d.day, d.currency, d.revenue_minor, d.refunded_minor, d.net_minor])).toEqual([
      ['2025-03-10', 'USD', 499, 0, 499],
      ['2025-03-11', 'KRW', 5900, 5900, 0],
      ['2025-03-11', 'USD', 2998, 0, 2998],
      ['2025-03-12', 'USD', 0, 999, -2998],
    ]);
    const byPayType = await json(`/insights/sales?${PERIOD}&by=pay_type&game_id=18`);
    expect(byPayType.breakdown.map((b: { key: string; currency: string; paid_orders: number; net_minor: number }) => [b.key, b.currency, b.paid_orders, b.net_minor])).toEqual([
      ['card', 'USD', 2, 499],
      ['wallet', 'USD', 1, 0],
    ]);
    const byCode = await json(`/insights/sales?${PERIOD}&discount_code=spring10`);
    expect(byCode.currencies).toEqual([expect.objectContaining({ currency: 'USD', paid_orders: 1, revenue_minor: 1999, disputed_minor: 1999, net_minor: 0 })]);
  });

  it('subtracts the parts of a partly refunded sale on their own days, and the rest when it goes back in whole', async () => {
    const july = await json(`/insights/sales?from=2025-07-01&to=2025-07-03&tz=UTC&game_id=18`);
    expect(july.currencies).toEqual([
      expect.objectContaining({ currency: 'USD', paid_orders: 1, revenue_minor: 1999, refunded_orders: 0, refunded_minor: 500, net_minor: 1499 }),
    ]);
    const whole = await json(`/insights/sales?from=2025-07-01&to=2025-07-07&tz=UTC`);
    expect(whole.currencies).toEqual([expect.objectContaining({ currency: 'USD', paid_orders: 1, revenue_minor: 1999, refunded_orders: 1, refunded_minor: 1999, net_minor: 0 })]);
    // A day with a part refunded and nothing sold is a day of the table.
    expect(whole.days.map((d: { day: string; revenue_minor: number; refunded_minor: number }) => [d.day, d.revenue_minor, d.refunded_minor])).toEqual([
      ['2025-07-01', 1999, 0],
      ['2025-07-02', 0, 500],
      ['2025-07-04', 0, 300],
      ['2025-07-06', 0, 1199],
    ]);
  });

  const MAY = 'from=2025-05-01&to=2025-05-03&tz=UTC';
  type Step = { step: string; count: number };
  type Day = { day: string; page_loads: number; characters_confirmed: number; bundles_chosen: number; orders_placed: number; paid_orders: number; delivered_orders: number };
  type Row = { key: string; currency: string; paid_orders: number; revenue_minor: number; refunded_minor: number; net_minor: number };
  const counts = (funnel: { steps: Step[] }) => funnel.steps.map((s) => s.count);
  const perDay = (funnel: { days: Day[] }) =>
    funnel.days.map((d) => [d.day, d.page_loads, d.characters_confirmed, d.bundles_chosen, d.orders_placed, d.paid_orders, d.delivered_orders]);
  const rows = (sales: { breakdown: Row[] }) => sales.breakdown.map((b) => [b.key, b.currency, b.paid_orders, b.revenue_minor, b.refunded_minor, b.net_minor]);

  it('narrows the funnel, sales and delivery health to one area: its reports and orders only', async () => {
    // The whole store in May: both areas together.
    expect(counts(await json(`/insights/funnel?${MAY}`))).toEqual([4, 2, 1, 6, 5, 5]);

    const us = await json(`/insights/funnel?${MAY}&area=us`);
    expect(us).toMatchObject({ report_steps_narrowed: true });
    expect(counts(us)).toEqual([2, 1, 1, 4, 3, 3]);
    expect(perDay(us)).toEqual([
      ['2025-05-01', 2, 1, 1, 2, 2, 2],
      ['2025-05-02', 0, 0, 0, 2, 1, 1],
      ['2025-05-03', 0, 0, 0, 0, 0, 0],
    ]);
    const eu = await json(`/insights/funnel?${MAY}&area=eu&game_id=18`);
    expect(counts(eu)).toEqual([2, 1, 0, 2, 2, 2]);
    expect(perDay(eu)).toEqual([
      ['2025-05-01', 0, 0, 0, 0, 0, 0],
      ['2025-05-02', 2, 1, 0, 1, 1, 1],
      ['2025-05-03', 0, 0, 0, 1, 1, 1],
    ]);
    // An area that sold nothing and sent no report in May.
    expect(counts(await json(`/insights/funnel?${MAY}&area=kr`))).toEqual([0, 0, 0, 0, 0, 0]);

    const usSales = await json(`/insights/sales?${MAY}&area=us`);
    expect(usSales.currencies).toEqual([
      {
        currency: 'USD', paid_orders: 3, revenue_minor: 2997, refunded_orders: 1, refunded_minor: 499, disputed_orders: 0, disputed_minor: 0,
        net_minor: 2498, average_order_minor: 999, first_purchase_share: 1, previous: null,
      },
    ]);
    expect(usSales.days.map((d: { day: string; currency: string; revenue_minor: number; refunded_minor: number }) => [d.day, d.currency, d.revenue_minor, d.refunded_minor])).toEqual([
      ['2025-05-01', 'USD', 998, 0],
      ['2025-05-02', 'USD', 1999, 499],
    ]);
    const euSales = await json(`/insights/sales?${MAY}&area=eu`);
    expect(euSales.currencies).toEqual([
      {
        currency: 'EUR', paid_orders: 2, revenue_minor: 1798, refunded_orders: 0, refunded_minor: 0, disputed_orders: 0, disputed_minor: 0,
        net_minor: 1798, average_order_minor: 899, first_purchase_share: 1, previous: null,
      },
    ]);
    expect(euSales.days.map((d: { day: string; currency: string; revenue_minor: number }) => [d.day, d.currency, d.revenue_minor])).toEqual([
      ['2025-05-02', 'EUR', 899],
      ['2025-05-03', 'EUR', 899],
    ]);

    // Delivered 1, 2 and 3 s after payment in the US (at most 3 and 4 s for half and 95 %), 1 s twice in Europe.
    expect((await json(`/insights/delivery?${MAY}&area=us`)).games).toEqual([
      { game_id: 18, paid_orders: 3, delivered_orders: 3, failed_deliveries: 0, refunded_orders: 1, failure_rate: 0, refund_rate: 0.3333, p50_ms: 3000, p95_ms: 4000, previous: null },
    ]);
    expect((await json(`/insights/delivery?${MAY}&area=eu`)).games).toEqual([
      { game_id: 18, paid_orders: 2, delivered_orders: 2, failed_deliveries: 0, refunded_orders: 0, failure_rate: 0, refund_rate: 0, p50_ms: 1500, p95_ms: 1500, previous: null },
    ]);
  });

  it('breaks sales down by bundle, one row per bundle and currency, leaving out a bundle placed but never paid', async () => {
    // Every game: read from the day rollups.
    const all = await json(`/insights/sales?${MAY}&by=bundle`);
    expect(all.by).toBe('bundle');
    expect(rows(all)).toEqual([
      ['18-eu-currency-60', 'EUR', 2, 1798, 0, 1798],
      ['18-us-currency-60', 'USD', 2, 998, 499, 499],
      ['18-us-starter-pack', 'USD', 1, 1999, 0, 1999],
    ]);
    expect(all.breakdown[1]).toEqual({
      key: '18-us-currency-60', currency: 'USD', paid_orders: 2, revenue_minor: 998, refunded_orders: 1, refunded_minor: 499,
      disputed_orders: 0, disputed_minor: 0, net_minor: 499, average_order_minor: 499, first_purchase_share: 1,
    });
    // One area: read from the hours.
    expect(rows(await json(`/insights/sales?${MAY}&by=bundle&area=us`))).toEqual([
      ['18-us-currency-60', 'USD', 2, 998, 499, 499],
      ['18-us-starter-pack', 'USD', 1, 1999, 0, 1999],
    ]);
    // A bundle and a code filter together: the starter pack sold once with MAY5.
    expect(rows(await json(`/insights/sales?${MAY}&by=bundle&product_id=18-us-starter-pack&discount_code=may5`))).toEqual([
      ['18-us-starter-pack', 'USD', 1, 1999, 0, 1999],
    ]);
  });

  it('breaks sales down by discount code, sales without a code under the empty code, each currency apart', async () => {
    const all = await json(`/insights/sales?${MAY}&by=code`);
    expect(all.by).toBe('code');
    // JUNE20's only order was never paid: no row.
    expect(rows(all)).toEqual([
      ['', 'EUR', 1, 899, 0, 899],
      ['', 'USD', 1, 499, 0, 499],
      ['MAY5', 'EUR', 1, 899, 0, 899],
      ['MAY5', 'USD', 2, 2498, 499, 1999],
    ]);
    expect(all.breakdown[3]).toEqual({
      key: 'MAY5', currency: 'USD', paid_orders: 2, revenue_minor: 2498, refunded_orders: 1, refunded_minor: 499,
      disputed_orders: 0, disputed_minor: 0, net_minor: 1999, average_order_minor: 1249, first_purchase_share: 1,
    });
    expect(rows(await json(`/insights/sales?${MAY}&by=code&area=eu`))).toEqual([
      ['', 'EUR', 1, 899, 0, 899],
      ['MAY5', 'EUR', 1, 899, 0, 899],
    ]);
    expect(rows(await json(`/insights/sales?${MAY}&by=code&game_id=18&pay_type=wallet`))).toEqual([['MAY5', 'USD', 1, 1999, 0, 1999]]);
    // The March disputed sale with SPRING10: its money left on the day of the dispute.
    expect(rows(await json(`/insights/sales?${PERIOD}&by=code&game_id=18`))).toEqual([
      ['', 'USD', 2, 1498, 999, 499],
      ['SPRING10', 'USD', 1, 1999, 0, 0],
    ]);
  });

  it('writes the sales CSV one row per day, game and currency', async () => {
    const csv = await api(`/insights/sales.csv?${PERIOD}`);
    expect(csv.status).toBe(200);
    expect(csv.type).toMatch(/^text\/csv/);
    const march11 = [[krw.game_id, `2025-03-11,${krw.game_id},KRW,1,5900,1,5900`], [18, '2025-03-11,18,USD,2,2998,0,0']] as const;
    expect(csv.text.split('\r\n')).toEqual([
      'day,game_id,currency,paid_orders,revenue_minor,refunded_orders,refunded_minor',
      '2025-03-10,18,USD,1,499,0,0',
      ...[...march11].sort((a, b) => a[0] - b[0]).map(([, line]) => line),
      '2025-03-12,18,USD,0,0,1,999',
      '',
    ]);
    const utc = await api(`/insights/sales.csv?from=2025-03-10&to=2025-03-10&game_id=18`);
    expect(utc.text.split('\r\n')[1]).toBe('2025-03-10,18,USD,2,1498,0,0');
  });

  it('writes the funnel CSV per day and game', async () => {
    const csv = await api(`/insights/funnel.csv?${PERIOD}`);
    expect(csv.text.split('\r\n')).toEqual([
      'day,game_id,page_loads,characters_confirmed,bundles_chosen,orders_placed,paid_orders,delivered_orders',
      '2025-03-10,18,2,0,0,1,1,1',
      ...([[krw.game_id, `2025-03-11,${krw.game_id},1,0,0,1,1,0`], [18, '2025-03-11,18,2,1,1,4,2,2']] as const)
        .slice().sort((a, b) => a[0] - b[0]).map(([, line]) => line),
      '',
    ]);
  });

  it('tells delivery health per game: p50/p95 from payment to delivery, failure and refund rates', async () => {
    const health = await json(`/insights/delivery?${PERIOD}`);
    expect(health.games).toEqual([
      { game_id: 18, paid_orders: 3, delivered_orders: 3, failed_deliveries: 0, refunded_orders: 1, failure_rate: 0, refund_rate: 0.3333, p50_ms: 5000, p95_ms: 90000, previous: expect.objectContaining({ delivered_orders: 1, p50_ms: 1500 }) },
      { game_id: krw.game_id, paid_orders: 1, delivered_orders: 0, failed_deliveries: 1, refunded_orders: 1, failure_rate: 1, refund_rate: 1, p50_ms: null, p95_ms: null, previous: null },
    ].sort((a, b) => a.game_id - b.game_id));
    expect(health.days.find((d: { day: string; game_id: number }) => d.day === '2025-03-10' && d.game_id === 18)).toMatchObject({ delivered_orders: 1, p50_ms: 3000 });
  });

  it('answers every game from the day rollups exactly as from the hours, in any time zone and across summer time', async () => {
    // New York moves its clocks on 2025-03-09; Kolkata is 5:30 ahead, Kathmandu 5:45, Chatham 13:45.
    for (const zone of [SEOUL, 'UTC', 'America/New_York', 'Asia/Kolkata', 'Asia/Kathmandu', 'Pacific/Chatham', 'Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      for (const [from, to] of [['2025-03-10', '2025-03-12'], ['2025-03-08', '2025-03-11'], ['2025-03-11', '2025-03-11'], ['2025-02-01', '2025-03-31']] as const) {
        const period = periodOf(from, to, zone);
        const label = `${zone} ${from}..${to}`;
        const funnel = await readFunnel(db, period, {});
        expect({ label, funnel }).toEqual({ label, funnel: await readFunnel(db, period, {}, { hours: true }) });
        for (const by of Object.keys(SALES_BREAKDOWNS) as SalesBreakdown[]) {
          expect({ label, by, sales: await readSales(db, period, {}, by) }).toEqual({ label, by, sales: await readSales(db, period, {}, by, { hours: true }) });
        }
        expect({ label, health: await readDeliveryHealth(db, period, {}) }).toEqual({ label, health: await readDeliveryHealth(db, period, {}, { hours: true }) });
        if (from === '2025-03-10') expect(funnel.steps[0]!.count + funnel.steps[3]!.count).toBeGreaterThan(0);
      }
    }
    // The whole store's rows are the day rollups', not the hours' (a changed day row shows).
    await db.query(`UPDATE insights_order_days SET paid_minor = array_fill(0::bigint, ARRAY[24]) WHERE dimension = 'all' AND currency = 'KRW'`);
    try {
      const period = periodOf('2025-03-10', '2025-03-12', SEOUL);
      expect((await readSales(db, period, {}, 'game')).currencies[0]).toMatchObject({ currency: 'KRW', revenue_minor: 0 });
      expect((await readSales(db, period, {}, 'game', { hours: true })).currencies[0]).toMatchObject({ currency: 'KRW', revenue_minor: 5900 });
    } finally {
      await db.query(`DELETE FROM insights_rollup_state WHERE name = 'days'`);
      await rollUpInsights(db);
    }
    expect((await readSales(db, periodOf('2025-03-10', '2025-03-12', SEOUL), {}, 'game')).currencies[0]).toMatchObject({ currency: 'KRW', revenue_minor: 5900 });
  });

  it('makes the hours again at each run: a new report counts once, however often it runs', async () => {
    const [row] = await db.query<{ today: string }>(`SELECT (now() AT TIME ZONE 'UTC')::date::text AS today`);
    const today = row!.today;
    const pageLoads = async () => (await json(`/insights/funnel?from=${today}&to=${today}&game_id=18`)).steps[0].count as number;
    const before = await pageLoads();
    await call(store.app, 'report', { game_id: 18, area: 'us', report_type: 1, session_id: `now-${target.name}` });
    await rollUpInsights(db);
    expect(await pageLoads()).toBe(before + 1);
    await rollUpInsights(db);
    expect(await pageLoads()).toBe(before + 1);
  });

  it('records the report route\'s new fields and refuses malformed ones', async () => {
    expect(await call(store.app, 'report', { game_id: 18, area: 'us', report_type: 4, session_id: 'Ab-9_z' })).toMatchObject({ ret: 0 });
    expect(await call(store.app, 'pcpay/report', { game_id: 18, area: 'us', report_type: 4, session_id: 'Ab-9_z' })).toMatchObject({ ret: 0 });
    const rows = await db.query<{ storefront: string }>(`SELECT storefront FROM reports WHERE session_id = 'Ab-9_z' AND report_type = 4 ORDER BY id`);
    expect(rows.map((r) => r.storefront)).toEqual(['phone', 'payCentre']);
    const malformed: Record<string, string | number>[] = [{ session_id: 'a b' }, { session_id: '<script>' }, { session_id: 'x'.repeat(65) }, { session_id: 'me@example.com' }, { report_type: 5 }];
    for (const bad of malformed) {
      expect(await call(store.app, 'report', { game_id: 18, area: 'us', report_type: 1, ...bad })).toMatchObject({ ret: 1003 });
    }
  });

  it('gives each browser a report session in a cookie of its own when the page sends none, and trusts no other shape', async () => {
    const report = async (path: string, fields: Record<string, string | number>, cookie?: string) => {
      const answer = await store.app.inject({
        method: 'POST',
        url: `/api/${path}`,
        headers: { 'content-type': 'application/json', ...(cookie === undefined ? {} : { cookie }) },
        payload: { ...fields, sign: sign(fields, TEST_APP_KEY) },
      });
      expect(answer.json()).toMatchObject({ ret: 0 });
      const set = answer.headers['set-cookie'];
      return typeof set === 'string' ? set : null;
    };
    const lastSession = async () => (await db.query<{ session_id: string }>(`SELECT session_id FROM reports ORDER BY id DESC LIMIT 1`))[0]!.session_id;

    // No session and no cookie: a new random session, set as a first-party, HttpOnly cookie for /api.
    const set = await report('report', { game_id: 18, area: 'us', report_type: 1 });
    expect(set).toMatch(/^topup_rs=[A-Za-z0-9_-]{22}; Path=\/api; HttpOnly; SameSite=Lax$/);
    const session = set!.split(';')[0]!.split('=')[1]!;
    expect(await lastSession()).toBe(session);
    // The browser sends it back with its next reports, from either storefront: the same session, no new cookie.
    expect(await report('report', { game_id: 18, area: 'us', report_type: 4 }, `other=1; topup_rs=${session}`)).toBeNull();
    expect(await lastSession()).toBe(session);
    expect(await report('pcpay/report', { game_id: 18, area: 'us', report_type: 4 }, `topup_rs=${session}`)).toBeNull();
    expect(await lastSession()).toBe(session);
    // A session the page names wins, and sets nothing.
    expect(await report('report', { game_id: 18, area: 'us', report_type: 1, session_id: 'named-by-page' }, `topup_rs=${session}`)).toBeNull();
    expect(await lastSession()).toBe('named-by-page');
    // A cookie the store did not make (too long, a name, markup) is replaced by a new session, never stored.
    for (const forged of ['x'.repeat(300), 'me@example.com', '<script>', '', 'a'.repeat(21)]) {
      const replaced = await report('report', { game_id: 18, area: 'us', report_type: 1 }, `topup_rs=${forged}`);
      expect(replaced).toMatch(/^topup_rs=[A-Za-z0-9_-]{22};/);
      expect(await lastSession()).not.toBe(forged);
      expect(await lastSession()).toMatch(/^[A-Za-z0-9_-]{22}$/);
    }
  });

  it('answers signed-in operators and the automation token only, and refuses bad filters', async () => {
    const anonymous = await fetch(`${url}/ops/api/insights/sales.csv?${PERIOD}`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.text()).not.toMatch(/USD/);
    expect((await fetch(`${url}/ops/api/insights/funnel?${PERIOD}`, { headers: { authorization: 'Bearer wrong-token' } })).status).toBe(401);
    const viewer = new Console(url);
    expect((await viewer.signIn('viewer@ops.example')).status).toBe(200);
    const seen = await viewer.send('GET', `/insights/sales.csv?${PERIOD}`);
    expect(seen.status).toBe(200);
    expect(seen.text).toContain('2025-03-10,18,USD,1,499,0,0');
    for (const bad of ['from=2025-02-30&to=2025-03-01', 'from=2025-03-10&to=2025-03-01', 'from=2020-01-01&to=2025-01-01', 'from=2025-03-10&to=2025-03-11&tz=Mars/Olympus', "from=2025-03-10&to=2025-03-11&tz=UTC';--", 'to=2025-03-11', 'from=2025-03-10&to=2025-03-11&by=role_id']) {
      const refused = await api(`/insights/sales?${bad}`);
      expect([refused.status, bad]).toEqual([400, bad]);
    }
  });

  it('keeps a spreadsheet from reading a CSV field as a formula', async () => {
    await order(usd, '=HYPERLINK("http://x")', 100, { created: '2025-04-01T01:00:00Z', paid: '2025-04-01T01:00:00Z' });
    await db.query(`DELETE FROM insights_rollup_state`);
    let rolled = await rollUpInsights(db);
    for (let runs = 0; !rolled.caughtUp && runs < 100; runs += 1) rolled = await rollUpInsights(db);
    const csv = await api(`/insights/sales.csv?from=2025-04-01&to=2025-04-01`);
    expect(csv.text.split('\r\n')[1]).toBe(`2025-04-01,18,"'=HYPERLINK(""http://x"")",1,100,0,0`);
  });

  // Last: it forgets every report older than the keep window, the fixed days' above among them.
  it('forgets single reports older than REPORTS_KEEP_DAYS, oldest first, and still answers their days from the rollups', async () => {
    const KEEP_DAYS = 90;
    // Two days counted back from the database's clock: one well outside the window, one well inside.
    const [row] = await db.query<{ old: string; recent: string }>(
      `SELECT ((now() AT TIME ZONE 'UTC') - interval '92 days')::date::text AS old, ((now() AT TIME ZONE 'UTC') - interval '88 days')::date::text AS recent`,
    );
    const { old, recent } = row!;
    // Pages of game 18 in the 'en' area: two sessions on the old day (one confirms a character), two on the recent one.
    await report(18, 1, `${old}T12:00:00Z`, 'kept-a', 'phone', 'en');
    await report(18, 4, `${old}T12:01:00Z`, 'kept-a', 'phone', 'en');
    await report(18, 1, `${old}T12:02:00Z`, 'kept-b', 'phone', 'en');
    await report(18, 1, `${recent}T12:00:00Z`, 'kept-c', 'phone', 'en');
    await report(18, 1, `${recent}T12:01:00Z`, '', 'phone', 'en');
    // As if the chore had been running since the old day: its hours are made from the reports.
    await db.query(`UPDATE insights_rollup_state SET rolled_to = $1`, [`${old}T00:00:00Z`]);
    let rolled = await rollUpInsights(db);
    for (let runs = 0; !rolled.caughtUp && runs < 100; runs += 1) rolled = await rollUpInsights(db);
    expect(rolled.caughtUp).toBe(true);

    const thoseDays = () => json(`/insights/funnel?from=${old}&to=${recent}&tz=UTC&area=en`);
    const oldDay = () => json(`/insights/funnel?from=${old}&to=${old}&tz=UTC`);
    const march = () => json(`/insights/funnel?${PERIOD}&game_id=18`);
    const before = { thoseDays: await thoseDays(), oldDay: await oldDay(), march: await march(), may: await json(`/insights/funnel?${MAY}`) };
    expect(counts(before.thoseDays)).toEqual([4, 1, 0, 0, 0, 0]);
    expect(perDay(before.thoseDays).filter(([, pageLoads]) => pageLoads !== 0)).toEqual([[old, 2, 1, 0, 0, 0, 0], [recent, 2, 0, 0, 0, 0, 0]]);
    expect(counts(before.oldDay)).toEqual([2, 1, 0, 0, 0, 0]);
    expect(counts(before.march)).toEqual([4, 1, 1, 5, 3, 3]);
    expect(counts(before.may)).toEqual([4, 2, 1, 6, 5, 5]);

    const reportsLeft = async () => Number((await db.query<{ n: string }>(`SELECT count(*)::text AS n FROM reports`))[0]!.n);
    const total = await reportsLeft();
    // At most a batch a call, the oldest first: the page load of 2025-03-09 15:30 UTC.
    expect(await forgetOldReports(db, KEEP_DAYS, { batch: 1 })).toBe(1);
    expect(await db.query(`SELECT 1 FROM reports WHERE session_id = 'session-c'`)).toEqual([]);
    expect(await reportsLeft()).toBe(total - 1);
    // Then, as the chore does after each rollup: the other 9 of March, the 7 of May and the 3 of the old day.
    expect(await db.transaction(async (tx) => (await rollUpAndForgetReports(tx, KEEP_DAYS)).forgotten)).toBe(9 + 7 + 3);
    expect(await forgetOldReports(db, KEEP_DAYS)).toBe(0);
    expect(await reportsLeft()).toBe(total - 20);
    // The recent day's reports are kept one by one.
    const en = await db.query<{ session_id: string; day: string }>(
      `SELECT session_id, (created_at AT TIME ZONE 'UTC')::date::text AS day FROM reports WHERE area = 'en' ORDER BY id`,
    );
    expect(en).toEqual([{ session_id: 'kept-c', day: recent }, { session_id: '', day: recent }]);

    // The rollups stay: every day's figures are what they were, the days whose reports went included,
    // from the hours (a filter) and from the day rollups (the whole store) alike, after further runs too.
    await rollUpInsights(db);
    expect({ thoseDays: await thoseDays(), oldDay: await oldDay(), march: await march(), may: await json(`/insights/funnel?${MAY}`) }).toEqual(before);
  });
  // After the one above: a rollup far behind (an upgrade, a long pause) catches up a month a run.
  it('keeps an old report until the rollup that is catching up has counted it, then forgets it', async () => {
    const KEEP_DAYS = 90;
    const [row] = await db.query<{ start: string; today: string }>(
      `SELECT ((now() AT TIME ZONE 'UTC') - interval '210 days')::date::text AS start, (now() AT TIME ZONE 'UTC')::date::text AS today`,
    );
    const { start, today } = row!;
    const daysAgo = async (days: number) => (await db.query<{ at: string }>(`SELECT to_json(now() - $1 * interval '1 day') #>> '{}' AS at`, [days]))[0]!.at;
    for (const [days, session] of [[200, 'late-a'], [150, 'late-b'], [100, 'late-c'], [10, 'late-d']] as const) await report(18, 1, await daysAgo(days), session, 'phone', 'kr');
    await db.query(`UPDATE insights_rollup_state SET rolled_to = $1`, [`${start}T00:00:00Z`]);
    let runs = 0;
    for (let caughtUp = false; !caughtUp && runs < 20; runs += 1) caughtUp = (await db.transaction((tx) => rollUpAndForgetReports(tx, KEEP_DAYS))).rolled.caughtUp;
    expect(runs).toBeGreaterThan(3);
    // All four page loads are counted, though three of the reports are gone by now.
    expect(counts(await json(`/insights/funnel?from=${start}&to=${today}&tz=UTC&game_id=18&area=kr`))[0]).toBe(4);
    const left = await db.query<{ session_id: string }>(`SELECT session_id FROM reports WHERE session_id LIKE 'late-%' ORDER BY session_id`);
    expect(left.map((one) => one.session_id)).toEqual(['late-d']);
  });
});
