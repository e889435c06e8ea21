import { bundleSubtitle, bundleTag } from '@topup/shared/rules';
import type { Bundle } from '@topup/shared/types';
import { reconcileOrders } from '../src/orders/reconciliation';
import { ARIA, checkout, mailsOf, mustCreateOrder, openOrderStore, orderInfo, orderRequest, waitForStatus, type OrderStore } from './support/order-helpers';
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
    expect(placed.pay_url).toBe(`/sandbox/checkout/${placed.order_id}?lang=en`);
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
    // The pack's items, and the doubled stamina potions its first-purchase text promises.
    expect(mails[0]!.items).toEqual([
      { name: 'Dragon Gems', quantity: 100 },
      { name: 'Stamina Potion', quantity: 3 },
      { name: 'Stamina Potion (first supply bonus)', quantity: 3 },
    ]);

    const after = await weeklySupply();
    expect([after.first_buy, after.role_buy_limit_progress]).toEqual([0, '1/3']);
    expect(await reconcileOrders(store.db)).toEqual([]);
  });
});

describe.each(testDbTargets())('what a card promises, the mail delivers, on $name', (target) => {
  let store: OrderStore;
  beforeAll(async () => {
    store = await openOrderStore(target);
  });
  afterAll(async () => {
    await store?.close();
  });

  /** The card a character sees for a Dragon Gems bundle: its tag and its text (spec §2). */
  const card = async (role: { role_id: string; uid: string }, productId: string) => {
    const prices = await call<Bundle[]>(store.app, 'getPayPrice', { type: 'Dragon Gems', game_id: 18, area: 'us', role_id: role.role_id, ln_uid: role.uid });
    const bundle = prices.data.find((b) => b.product_id === productId)!;
    return { tag: bundleTag(bundle), text: bundleSubtitle(bundle, false), firstBuy: bundle.first_buy };
  };
  /** Buys the bundle for the character, pays it in the sandbox, and reads the mail it got. */
  const buy = async (role: { role_id: string; uid: string; server_id: string }, productId: string) => {
    const placed = await mustCreateOrder(store.app, { ...role, product_id: productId });
    expect((await checkout(store, placed.order_id, 'paid')).status).toBe(303);
    await waitForStatus(store.app, placed.order_id, ['delivered']);
    const [mail] = await mailsOf(store.db, placed.order_id);
    return mail!.items;
  };

  it('a first purchase: the bundle and its first top-up bonus', async () => {
    expect(await card(ARIA, '18-us-currency-300')).toEqual({ tag: 'First top-up ×2', text: 'First top-up: 300 Dragon Gems + 300 first-time bonus', firstBuy: 1 });
    expect(await buy(ARIA, '18-us-currency-300')).toEqual([
      { name: 'Dragon Gems', quantity: 300 },
      { name: 'Dragon Gems (first top-up bonus)', quantity: 300 },
    ]);
  });

  it("a repeat purchase: the bundle and the card's +10% bonus (the pay centre's 1801001 after its first 300 gems)", async () => {
    expect(await card(ARIA, '18-us-currency-300')).toEqual({ tag: '+10%', text: '300 Dragon Gems + 30 bonus', firstBuy: 0 });
    expect(await buy(ARIA, '18-us-currency-300')).toEqual([
      { name: 'Dragon Gems', quantity: 300 },
      { name: 'Dragon Gems (bonus)', quantity: 30 },
    ]);
  });

  it('no bonus: the bundle alone (the returning player buys 60 gems again)', async () => {
    const returning = { role_id: '1801003', uid: '1800003', server_id: '1801' };
    expect(await card(returning, '18-us-currency-60')).toEqual({ tag: 'Popular', text: '60 Dragon Gems', firstBuy: 0 });
    expect(await buy(returning, '18-us-currency-60')).toEqual([{ name: 'Dragon Gems', quantity: 60 }]);
  });
});

describe.each(testDbTargets())('the mail is written in the language the player bought in, on $name', (target) => {
  let store: OrderStore;
  beforeAll(async () => {
    store = await openOrderStore(target);
  });
  afterAll(async () => {
    await store?.close();
  });

  /** Buys on a page in `language` (ACCEPT-LANGUAGE, as the store's pages send it), pays, and reads the mail. */
  const buyIn = async (language: string, overrides: Record<string, string | number>) => {
    const placed = await call<{ order_id: string }>(store.app, 'createOrder', orderRequest(overrides), { headers: { 'accept-language': language } });
    expect(placed.ret).toBe(0);
    expect((await checkout(store, placed.data.order_id, 'paid')).status).toBe(303);
    await waitForStatus(store.app, placed.data.order_id, ['delivered']);
    const [mail] = await mailsOf(store.db, placed.data.order_id);
    return mail!;
  };

  it('Chinese on the US store: title and every item in Chinese, the first top-up bonus too', async () => {
    const mail = await buyIn('zh', { role_id: '1801002', uid: '1800002', product_id: '18-us-currency-300' });
    expect(mail.title).toBe('您购买的 300 龙晶');
    expect(mail.items).toEqual([
      { name: '龙晶', quantity: 300 },
      { name: '龙晶（首充奖励）', quantity: 300 },
    ]);
  });

  it('Korean on the US store, and English on the Korean store', async () => {
    // The returning player has had this pack's first-purchase bonus already.
    const ko = await buyIn('ko', { role_id: '1801003', uid: '1800003', product_id: '18-us-weekly-supply' });
    expect(ko.title).toBe('구매하신 주간 보급');
    expect(ko.items).toEqual([
      { name: '드래곤 젬', quantity: 100 },
      { name: '스태미나 물약', quantity: 3 },
    ]);
    const en = await buyIn('en', { area: 'kr', server_id: '1831', role_id: '1831001', uid: '1800001', product_id: '18-kr-currency-60' });
    expect(en.title).toBe('Your purchase: 60 Dragon Gems');
    expect(en.items).toEqual([
      { name: 'Dragon Gems', quantity: 60 },
      { name: 'Dragon Gems (first top-up bonus)', quantity: 60 },
    ]);
  });
});
