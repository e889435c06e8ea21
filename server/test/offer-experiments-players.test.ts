import type { FastifyInstance } from 'fastify';
import type { Bundle, CreatedOrder, DiscountCheck } from '@topup/shared/types';
import { sign } from '@topup/shared/sign';
import { methodPriceMinor } from '@topup/shared/rules';
import { CatalogueCache } from '../src/catalogue/catalogue-cache';
import type { Queryable } from '../src/db/db';
import { loadConfig } from '../src/config';
import { buildApp } from '../src/http/app';
import { CONTROL, evaluateExperiments, experimentFigures, findExperiment, newVisitor, RunningExperiments, startExperiment, stopVariant, variantFor, VISITOR_COOKIE, type ExperimentDefinition } from '../src/experiments';
import { auditExperimentStop } from '../src/ops/audit';
import { actOnOrder } from '../src/ops/order-actions';
import { reconcileOrders } from '../src/orders/reconciliation';
import { ARIA, checkout, countRows, FAST_ORDERS, mailsOf, newToken, openOrderStore, orderInfo, paidEvent, postWebhook, waitForStatus, type OrderStore } from './support/order-helpers';
import { GENEROUS_LIMITS, TEST_APP_KEY } from './support/test-app';
import { secondInstance, testDbTargets } from './support/test-db';
import { until } from './support/until';

jest.setTimeout(180_000);

const BUNDLE = '18-us-currency-300';
/** The store's development secret signs the visitor cookie in tests (PLAYER_LINK_SECRET unset). */
const SECRET = loadConfig({}).playerLinkSecret;

/** What a read answered, and the visitor cookie it set ('' when none). */
interface Read<T> {
  readonly ret: number;
  readonly data: T;
  readonly msg: string;
  readonly setVisitor: string;
}

/** A signed call as a page makes it, with the browser's cookie header. */
async function send<T>(app: FastifyInstance, action: string, payload: Record<string, string | number>, cookie = '', headers: Record<string, string> = {}): Promise<Read<T>> {
  const response = await app.inject({
    method: 'POST',
    url: `/api/${action}`,
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}), ...headers },
    payload: JSON.stringify({ ...payload, sign: sign(payload, TEST_APP_KEY) }),
  });
  const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
  const visitor = cookies.find((line) => line.startsWith(`${VISITOR_COOKIE}=`)) ?? '';
  return { ...(response.json() as { ret: number; data: T; msg: string }), setVisitor: visitor };
}

const cookieOf = (setCookie: string) => setCookie.split(';')[0]!;
const shelf = (app: FastifyInstance, cookie = '', extra: Record<string, string | number> = {}) => send<Bundle[]>(app, 'getPayPrice', { game_id: 18, area: 'us', type: 'Dragon Gems', ...extra }, cookie);
const cardOf = (answer: Read<Bundle[]>, productId = BUNDLE) => answer.data.find((bundle) => bundle.product_id === productId)!;
const order = (app: FastifyInstance, cookie: string, extra: Record<string, string | number> = {}) =>
  send<CreatedOrder>(app, 'createOrder', { ...ARIA, product_id: BUNDLE, pay_type: 'card', discount_code: '', order_token: newToken(), ...extra }, cookie);

/** A visitor cookie the store signed, for a visitor id whose variant in `experimentId` is `variant`. */
function visitorIn(experimentId: string, variants: ExperimentDefinition['variants'], variant: string): { id: string; cookie: string } {
  const shares = variants.map((entry) => ({ variant: entry.variant, share: entry.share, stopped: false }));
  for (;;) {
    const made = newVisitor(SECRET);
    if (variantFor(experimentId, made.id, shares) === variant) return { id: made.id, cookie: `${VISITOR_COOKIE}=${made.value}` };
  }
}

const VARIANTS: ExperimentDefinition['variants'] = [
  { variant: CONTROL, share: 50 },
  { variant: 'ten-off', share: 50, percentOff: 10, bonusItems: [{ item_id: 'Stamina Potion', count: 3 }] },
];

describe('the running experiments held in memory', () => {
  it('ask the database once, not on every read, and again only when reloaded or due', async () => {
    let queries = 0;
    let clock = 0;
    const db = { query: async () => (queries += 1, []) } as unknown as Queryable;
    const held = new RunningExperiments(db, { refreshMs: 5000, now: () => clock });
    for (let read = 0; read < 100; read += 1) expect((await held.ready()).of(18, 'us', BUNDLE)).toBeNull();
    expect(held.inGame(18)).toBe(false);
    expect(queries).toBe(1);
    clock = 5000;
    await held.ready();
    await held.ready();
    expect(queries).toBe(2);
    await held.reload();
    expect(queries).toBe(3);
  });
});

describe.each(testDbTargets())('offer experiments for players on $name', (target) => {
  let store: OrderStore;
  beforeAll(async () => {
    store = await openOrderStore(target);
    await startExperiment(store.db, { experimentId: 'gems-300', gameId: 18, area: 'us', productId: BUNDLE, guardrail: 'conversion', variants: VARIANTS });
    await store.experiments.reload();
  });
  afterAll(async () => {
    if (store) expect(await reconcileOrders(store.db)).toEqual([]);
    await store?.close();
  });

  /** An order left unpaid is declined, so that the character's cap on unpaid orders never refuses the next test's. */
  const decline = async (orderId: string) => expect((await checkout(store, orderId, 'declined')).status).toBe(303);
  const visitsOf = (visitor: string) => countRows(store.db, `offer_experiment_visits WHERE experiment_id = 'gems-300' AND visitor = $1`, [visitor]);

  it('shows a variant visitor its price and bonus, charges that price, records the order’s variant and mails the bonus', async () => {
    const visitor = visitorIn('gems-300', VARIANTS, 'ten-off');
    const read = await shelf(store.app, visitor.cookie);
    expect(read.ret).toBe(0);
    // The browser kept its cookie: nothing new is set.
    expect(read.setVisitor).toBe('');
    const card = cardOf(read);
    // 4.99 less 10 %, rounded in the player's favour: 0.499 → 0.50 off.
    expect(card.amount).toBe('4.49');
    expect(card.bonus_items).toEqual([{ name: 'Stamina Potion', quantity: 3 }]);
    expect(card.pay_content).toBe('300 Dragon Gems + 30 bonus · Bonus: Stamina Potion ×3');
    // The other bundles of the tab are the catalogue's.
    expect(cardOf(read, '18-us-currency-980')).toMatchObject({ amount: '14.99' });
    expect(cardOf(read, '18-us-currency-980').bonus_items).toBeUndefined();
    expect(await visitsOf(visitor.id)).toBe(1);
    // In Korean and Chinese the bonus is named in the page's language, the item by the catalogue's name for it.
    const korean = cardOf(await send<Bundle[]>(store.app, 'getPayPrice', { game_id: 18, area: 'us', type: 'Dragon Gems' }, visitor.cookie, { 'accept-language': 'ko' }));
    expect(korean.bonus_items).toEqual([{ name: '스태미나 물약', quantity: 3 }]);
    expect(korean.pay_content).toMatch(/ · 보너스: 스태미나 물약 ×3$/);
    const chinese = cardOf(await send<Bundle[]>(store.app, 'getPayPrice', { game_id: 18, area: 'us', type: 'Dragon Gems' }, visitor.cookie, { 'accept-language': 'zh' }));
    expect(chinese.pay_content).toMatch(/ · 赠送：体力药水 ×3$/);
    expect(await visitsOf(visitor.id)).toBe(1);

    // The control's price is refused for this visitor, as any stale price is: never charged.
    expect(await order(store.app, visitor.cookie, { seen_amount: '4.99' })).toMatchObject({ ret: 1021 });
    const placed = await order(store.app, visitor.cookie, { seen_amount: card.amount });
    expect(placed.ret).toBe(0);
    expect(await orderInfo(store.app, placed.data.order_id)).toMatchObject({ list_amount: '4.99', discount_amount: '0.50', amount: '4.49' });
    const [row] = await store.db.query<{ experiment_id: string; experiment_variant: string; experiment_visitor: string }>(
      'SELECT experiment_id, experiment_variant, experiment_visitor FROM orders WHERE order_id = $1',
      [placed.data.order_id],
    );
    expect(row).toEqual({ experiment_id: 'gems-300', experiment_variant: 'ten-off', experiment_visitor: visitor.id });
    expect((await checkout(store, placed.data.order_id, 'paid')).status).toBe(303);
    await waitForStatus(store.app, placed.data.order_id, ['delivered']);
    const [mail] = await mailsOf(store.db, placed.data.order_id);
    expect(mail?.items).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'Stamina Potion', quantity: 3 })]));
    // The receipt names the bonus with the bundle's items.
    expect((await orderInfo(store.app, placed.data.order_id)).items).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'Stamina Potion', quantity: 3 })]));
  });

  it('gives the control’s visitor the catalogue’s price, and counts its paid orders too', async () => {
    const visitor = visitorIn('gems-300', VARIANTS, CONTROL);
    const card = cardOf(await shelf(store.app, visitor.cookie));
    expect(card).toMatchObject({ amount: '4.99', pay_content: '300 Dragon Gems + 30 bonus' });
    expect(card.bonus_items).toBeUndefined();
    const placed = await order(store.app, visitor.cookie, { seen_amount: '4.99' });
    expect(placed.ret).toBe(0);
    expect((await checkout(store, placed.data.order_id, 'paid')).status).toBe(303);
    await waitForStatus(store.app, placed.data.order_id, ['delivered']);
    expect(await store.db.query('SELECT variant, visitor, amount_minor::int AS amount FROM offer_experiment_conversions WHERE order_id = $1', [placed.data.order_id])).toEqual([
      { variant: CONTROL, visitor: visitor.id, amount: 499 },
    ]);
  });

  it('makes a new browser a visitor on its first price read, keeps it in its variant across reads and instances, and counts one visit', async () => {
    const first = await shelf(store.app);
    expect(first.setVisitor).toMatch(new RegExp(`^${VISITOR_COOKIE}=[A-Za-z0-9_-]{22}\\.[A-Za-z0-9_-]{22}; Path=/api; Max-Age=31536000; HttpOnly; SameSite=Lax$`));
    const cookie = cookieOf(first.setVisitor);
    const id = cookie.slice(VISITOR_COOKIE.length + 1).split('.')[0]!;
    const price = cardOf(first).amount;
    for (let read = 0; read < 3; read += 1) expect(cardOf(await shelf(store.app, cookie)).amount).toBe(price);
    // A character's own read (not kept for everyone) shows the same variant.
    expect(cardOf(await shelf(store.app, cookie, { role_id: ARIA.role_id })).amount).toBe(price);

    const other = await secondInstance(target, store.db);
    const config = { ...loadConfig({}), roleLookupsPerMinute: 10_000, sandboxGamePort: 0 };
    const experiments = new RunningExperiments(other.db, { refreshMs: 3_600_000 });
    const second = await buildApp({ config, db: other.db, catalogue: new CatalogueCache(other.db), limits: GENEROUS_LIMITS, experiments });
    try {
      await second.ready();
      expect(cardOf(await shelf(second, cookie)).amount).toBe(price);
      // And it charges what it shows there.
      const placed = await order(second, cookie, { seen_amount: price });
      expect(placed.ret).toBe(0);
      expect((await orderInfo(store.app, placed.data.order_id)).amount).toBe(price);
      await decline(placed.data.order_id);
    } finally {
      await second.close();
      await other.close();
    }
    expect(await visitsOf(id)).toBe(1);
  });

  it('treats a forged or garbage visitor cookie as none: a new visitor, and the catalogue’s price at createOrder', async () => {
    const real = newVisitor(SECRET);
    const forged = [
      `${VISITOR_COOKIE}=${real.id}.${'A'.repeat(22)}`,
      `${VISITOR_COOKIE}=${newVisitor('another-secret-entirely').value}`,
      `${VISITOR_COOKIE}=../../etc/passwd`,
      `${VISITOR_COOKIE}=${'x'.repeat(3000)}`,
    ];
    for (const cookie of forged) {
      const read = await shelf(store.app, cookie);
      expect(read.ret).toBe(0);
      // A new visitor is made in its place, its own signed id.
      expect(read.setVisitor).toMatch(new RegExp(`^${VISITOR_COOKIE}=[A-Za-z0-9_-]{22}\\.[A-Za-z0-9_-]{22};`));
      expect(cookieOf(read.setVisitor)).not.toBe(cookie);
      // createOrder never makes a visitor: a browser without a signed one pays the catalogue's price.
      const placed = await order(store.app, cookie, { seen_amount: '4.99' });
      expect(placed.ret).toBe(0);
      expect((await orderInfo(store.app, placed.data.order_id)).amount).toBe('4.99');
      expect(await countRows(store.db, 'orders WHERE order_id = $1 AND experiment_id IS NULL', [placed.data.order_id])).toBe(1);
      await decline(placed.data.order_id);
    }
    // Nothing the forged values named reached the figures.
    expect(await visitsOf(real.id)).toBe(0);
    expect(await countRows(store.db, `offer_experiment_visits WHERE visitor LIKE '%.%' OR visitor LIKE '%/%'`)).toBe(0);
  });

  it('takes a discount code’s part of the variant’s price, as createOrder charges it', async () => {
    const visitor = visitorIn('gems-300', VARIANTS, 'ten-off');
    const check = await send<DiscountCheck>(store.app, 'checkDiscountCode', { game_id: 18, area: 'us', role_id: ARIA.role_id, product_id: BUNDLE, discount_code: 'EMBER15', pay_type: 'card' }, visitor.cookie);
    // 4.49 less 15 % (0.6735 → 0.68 off): 3.81, the list price still the catalogue's.
    expect(check.data).toMatchObject({ list_amount: '4.99', discount_amount: '1.18', amount: '3.81' });
    const placed = await order(store.app, visitor.cookie, { seen_amount: '4.49', discount_code: 'EMBER15' });
    expect(placed.ret).toBe(0);
    expect((await orderInfo(store.app, placed.data.order_id)).amount).toBe('3.81');
    await decline(placed.data.order_id);
  });

  it('records one conversion per paid order, even when the payment is confirmed twice', async () => {
    const visitor = visitorIn('gems-300', VARIANTS, 'ten-off');
    await shelf(store.app, visitor.cookie);
    const placed = await order(store.app, visitor.cookie, { seen_amount: '4.49' });
    const info = await orderInfo(store.app, placed.data.order_id);
    expect((await checkout(store, info.order_id, 'paid')).status).toBe(303);
    // The provider confirms the same payment again, twice at once: each is a replay.
    const again = await Promise.all([postWebhook(store, paidEvent(info, { id: `sbx_evt_${info.order_id}` })), postWebhook(store, paidEvent(info, { id: `sbx_evt_${info.order_id}` }))]);
    expect(again.map((answer) => answer.body.outcome)).toEqual(['replay', 'replay']);
    await waitForStatus(store.app, info.order_id, ['delivered']);
    expect(await store.db.query('SELECT experiment_id, variant, visitor, amount_minor::int AS amount FROM offer_experiment_conversions WHERE order_id = $1', [info.order_id])).toEqual([
      { experiment_id: 'gems-300', variant: 'ten-off', visitor: visitor.id, amount: 449 },
    ]);
    // An order left unpaid is no conversion.
    const unpaid = await order(store.app, visitor.cookie, { seen_amount: '4.49' });
    await decline(unpaid.data.order_id);
    expect(await countRows(store.db, 'offer_experiment_conversions WHERE order_id = $1', [unpaid.data.order_id])).toBe(0);
  });

  it('counts a sale refunded as a whole or disputed as no conversion, and a part given back out of its revenue', async () => {
    const none = { variant: 'ten-off', visitors: 0, converted: 0, revenue: 0, revenueSquares: 0 };
    const figuresOf = async () => (await experimentFigures(store.db, 'gems-300')).find((entry) => entry.variant === 'ten-off') ?? none;
    const buyers = [visitorIn('gems-300', VARIANTS, 'ten-off'), visitorIn('gems-300', VARIANTS, 'ten-off'), visitorIn('gems-300', VARIANTS, 'ten-off')];
    const before = await figuresOf();
    const orderIds: string[] = [];
    for (const buyer of buyers) {
      await shelf(store.app, buyer.cookie);
      const placed = await order(store.app, buyer.cookie, { seen_amount: '4.49' });
      expect((await checkout(store, placed.data.order_id, 'paid')).status).toBe(303);
      await waitForStatus(store.app, placed.data.order_id, ['delivered']);
      orderIds.push(placed.data.order_id);
    }
    const [refunded, partly, disputed] = orderIds as [string, string, string];
    const paid = await figuresOf();
    expect([paid.visitors - before.visitors, paid.converted - before.converted, paid.revenue - before.revenue]).toEqual([3, 3, 3 * 449]);

    const desk = { name: 'support@ops.example', operatorId: null, address: 'test' };
    await actOnOrder(store.db, desk, { action: 'refund', orderId: refunded, reason: 'asked', requestKey: `exp-refund-${refunded}` });
    await actOnOrder(store.db, desk, { action: 'partial_refund', orderId: partly, reason: 'one potion short', requestKey: `exp-part-${partly}`, amountMinor: 100 });
    await actOnOrder(store.db, desk, { action: 'mark_disputed', orderId: disputed, reason: 'chargeback', requestKey: `exp-dispute-${disputed}` });
    await waitForStatus(store.app, refunded, ['refunded']);
    for (let tries = 0; tries < 400 && (await countRows(store.db, `refunds WHERE order_id = $1 AND kind = 'partial'`, [partly])) === 0; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const after = await figuresOf();
    // The visitors stay; two sales are undone; the third keeps 4.49 less the 1.00 given back.
    expect([after.visitors - before.visitors, after.converted - before.converted, after.revenue - before.revenue]).toEqual([3, 1, 349]);
    expect(after.revenueSquares - before.revenueSquares).toBe(349 * 349);
    // The rows stay as the payments' record: the figures read the refunds, nothing was deleted.
    expect(await countRows(store.db, `offer_experiment_conversions WHERE order_id = ANY($1)`, [orderIds])).toBe(3);
  });

  it('gives a stopped variant’s visitors the control’s price, charged at once on every instance', async () => {
    await startExperiment(store.db, { experimentId: 'gems-980', gameId: 18, area: 'us', productId: '18-us-currency-980', guardrail: 'conversion', variants: VARIANTS });
    await store.experiments.reload();
    const visitor = visitorIn('gems-980', VARIANTS, 'ten-off');
    expect(cardOf(await shelf(store.app, visitor.cookie), '18-us-currency-980').amount).toBe('13.49');
    expect(await stopVariant(store.db, 'gems-980', 'ten-off', 'stopped in a test')).toBe(true);
    // This instance still holds the variant as running: the order reads the experiment again and is refused the stale price.
    expect(await order(store.app, visitor.cookie, { product_id: '18-us-currency-980', seen_amount: '13.49' })).toMatchObject({ ret: 1021 });
    await store.experiments.reload();
    const card = cardOf(await shelf(store.app, visitor.cookie), '18-us-currency-980');
    expect(card.amount).toBe('14.99');
    expect(card.bonus_items).toBeUndefined();
    const placed = await order(store.app, visitor.cookie, { product_id: '18-us-currency-980', seen_amount: '14.99' });
    expect(placed.ret).toBe(0);
    expect(await store.db.query('SELECT experiment_variant, amount_minor::int AS amount FROM orders WHERE order_id = $1', [placed.data.order_id])).toEqual([{ experiment_variant: CONTROL, amount: 1499 }]);
    await decline(placed.data.order_id);
  });

  it('leaves a game with no experiment as it was: no cookie, the catalogue’s prices, answers kept for everyone', async () => {
    const read = await send<Bundle[]>(store.app, 'getPayPrice', { game_id: 44, area: 'us' });
    expect(read.ret).toBe(0);
    expect(read.setVisitor).toBe('');
    expect(read.data.every((bundle) => bundle.bonus_items === undefined)).toBe(true);
    const again = await send<Bundle[]>(store.app, 'getPayPrice', { game_id: 44, area: 'us' });
    expect(again.data).toEqual(read.data);
    // Nor does a visitor's order of a bundle with no experiment record one.
    const visitor = visitorIn('gems-300', VARIANTS, 'ten-off');
    const placed = await order(store.app, visitor.cookie, { product_id: '18-us-currency-60', seen_amount: '0.99' });
    expect(placed.ret).toBe(0);
    expect(await countRows(store.db, 'orders WHERE order_id = $1 AND experiment_id IS NULL', [placed.data.order_id])).toBe(1);
    await decline(placed.data.order_id);
  });

  it('charges with a pay method’s difference exactly what the page works out from the card’s price', async () => {
    const KR_VARIANTS: ExperimentDefinition['variants'] = [{ variant: CONTROL, share: 50 }, { variant: 'fifteen', share: 50, percentOff: 15 }];
    await startExperiment(store.db, { experimentId: 'kr-gems', gameId: 18, area: 'kr', productId: '18-kr-currency-300', guardrail: 'revenue_per_visitor', variants: KR_VARIANTS });
    await store.experiments.reload();
    const visitor = visitorIn('kr-gems', KR_VARIANTS, 'fifteen');
    const card = (await send<Bundle[]>(store.app, 'getPayPrice', { game_id: 18, area: 'kr', type: '드래곤 젬' }, visitor.cookie)).data.find((bundle) => bundle.product_id === '18-kr-currency-300')!;
    // ₩5,900 less 15 % (885): ₩5,015; the mobile method's +10 % on it, as the pay method list shows it: ₩5,516.
    expect(card.amount).toBe('5015');
    // The pay method list's formula (checkout's methodAmount) on the card's won.
    const shown = String(methodPriceMinor(Number(card.amount), 10));
    expect(shown).toBe('5516');
    const placed = await order(store.app, visitor.cookie, { area: 'kr', server_id: '1831', role_id: '1831001', uid: '1800001', product_id: '18-kr-currency-300', pay_type: 'mobile', seen_amount: card.amount });
    expect(placed.ret).toBe(0);
    expect(await orderInfo(store.app, placed.data.order_id)).toMatchObject({ list_amount: '6490', discount_amount: '974', amount: shown });
    await decline(placed.data.order_id);
  });

  it('shows the pay centre the same variant price', async () => {
    const visitor = visitorIn('gems-300', VARIANTS, 'ten-off');
    const read = await send<Bundle[]>(store.app, 'pcpay/priceList', { game_id: 18, area: 'us', type: 'Dragon Gems' }, visitor.cookie);
    expect(cardOf(read)).toMatchObject({ amount: '4.49', bonus_items: [{ name: 'Stamina Potion', quantity: 3 }] });
  });
});

describe.each(testDbTargets())('the guardrail over real orders on $name', (target) => {
  let store: OrderStore;
  beforeAll(async () => {
    store = await openOrderStore(target);
  });
  afterAll(async () => {
    if (store) expect(await reconcileOrders(store.db)).toEqual([]);
    await store?.close();
  });

  it('stops a variant whose visitors buy nothing while the control’s buy', async () => {
    await startExperiment(store.db, { experimentId: 'losing', gameId: 18, area: 'us', productId: BUNDLE, guardrail: 'conversion', minVisitors: 12, variants: VARIANTS });
    await store.experiments.reload();
    const control: string[] = [];
    let variant = 0;
    // New browsers read the shelf until each side has its visitors.
    for (let reads = 0; reads < 200 && (control.length < 12 || variant < 12); reads += 1) {
      const read = await shelf(store.app);
      if (cardOf(read).amount === '4.99') control.push(cookieOf(read.setVisitor));
      else variant += 1;
    }
    expect(control.length).toBeGreaterThanOrEqual(12);
    expect(variant).toBeGreaterThanOrEqual(12);
    // Half the control's visitors buy and pay; the variant's none.
    for (const cookie of control.slice(0, Math.ceil(control.length / 2) + 2)) {
      const placed = await order(store.app, cookie, { seen_amount: '4.99' });
      expect(placed.ret).toBe(0);
      expect((await checkout(store, placed.data.order_id, 'paid')).status).toBe(303);
    }
    const figures = await experimentFigures(store.db, 'losing');
    expect(figures.find((entry) => entry.variant === CONTROL)?.converted).toBe(Math.ceil(control.length / 2) + 2);
    expect(figures.find((entry) => entry.variant === 'ten-off')).toMatchObject({ visitors: variant, converted: 0 });

    // Nothing is called by hand: an instance whose guardrail runs every 200 ms stops the variant by itself,
    // writes its audit row, and shows the catalogue's price at once (the experiment ended with its last variant).
    const ops = loadConfig({}).ops;
    const guarded = await buildApp({
      config: { ...loadConfig({}), sandboxGamePort: 0, ops: { ...ops, insightsRollupMs: 200 } },
      db: store.db,
      catalogue: new CatalogueCache(store.db),
      orders: FAST_ORDERS,
      limits: GENEROUS_LIMITS,
    });
    await guarded.ready();
    try {
      const variantVisitor = visitorIn('losing', VARIANTS, 'ten-off');
      await until('the guardrail stopped the losing variant', async () => (await findExperiment(store.db, 'losing'))?.state === 'stopped');
      expect(await countRows(store.db, "audit_log WHERE action = 'experiment.variant_stopped' AND target_id = 'losing:ten-off'")).toBe(1);
      await until('the instance shows the catalogue price', async () => cardOf(await shelf(guarded, variantVisitor.cookie)).amount === '4.99');
      expect(cardOf(await shelf(guarded, variantVisitor.cookie)).bonus_items).toBeUndefined();
    } finally {
      await guarded.close();
    }
    // Later periods find nothing more to stop: one stop, one audit row.
    expect(await store.db.transaction((tx) => evaluateExperiments(tx, auditExperimentStop()))).toEqual([]);
    expect(await countRows(store.db, "audit_log WHERE action = 'experiment.variant_stopped' AND target_id = 'losing:ten-off'")).toBe(1);
  });
});
