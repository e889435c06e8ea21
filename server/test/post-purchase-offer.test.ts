import type { PurchaseOffer } from '@topup/shared/types';
import { updateCatalogue } from '../src/catalogue/update-catalogue';
import { upsertPostPurchaseOffers, type PostPurchaseOfferRecord } from '../src/discounts';
import { reconcileOrders } from '../src/orders/reconciliation';
import { ARIA, checkout, countRows, createOrder, mailsOf, mustCreateOrder, newToken, openOrderStore, orderInfo, waitForStatus, type OrderStore } from './support/order-helpers';
import { call } from './support/test-app';
import { testDbTargets } from './support/test-db';

jest.setTimeout(120_000);

// Borin and Cora on Emberwing Frontier NA-1 (accounts 2 and 1): characters with few other orders.
const BORIN = { role_id: '1801002', uid: '1800002' };
const OFFER: PostPurchaseOfferRecord = {
  game_id: 18,
  area: 'us',
  product_id: '18-us-currency-980',
  percent_off: 20,
  bonus_items: [{ name: 'Stamina Potion', quantity: 2, names: { ko: '스태미나 물약', zh: '体力药水' } }],
  minutes: 30,
  active: true,
};

describe.each(testDbTargets())('post-purchase offers on $name', (target) => {
  let store: OrderStore;
  beforeAll(async () => {
    store = await openOrderStore(target);
    await updateCatalogue(store.db, store.catalogue, (tx) => upsertPostPurchaseOffers(tx, [OFFER]));
  });
  afterAll(async () => {
    if (store) expect(await reconcileOrders(store.db)).toEqual([]);
    await store?.close();
  });

  const offerOf = async (orderId: string) => (await call<PurchaseOffer>(store.app, 'purchaseOffer', { order_id: orderId })).data.offer;

  /** A paid, delivered order of the character: what an offer follows. */
  async function paidOrder(who: Record<string, string> = BORIN): Promise<string> {
    const placed = await mustCreateOrder(store.app, { ...ARIA, ...who });
    expect((await checkout(store, placed.order_id, 'paid')).status).toBe(303);
    await waitForStatus(store.app, placed.order_id, ['delivered']);
    return placed.order_id;
  }

  const buyOffer = (source: string, extra: Record<string, string | number> = {}) =>
    createOrder(store.app, { ...BORIN, product_id: OFFER.product_id, offer_of: source, seen_amount: '11.99', ...extra });

  it('is shown after a paid order, priced by the server, and none before payment', async () => {
    const unpaid = await mustCreateOrder(store.app, BORIN);
    expect(await offerOf(unpaid.order_id)).toBeNull();
    expect(await offerOf('no-such-order')).toBeNull();
    const source = await paidOrder();
    const offer = await offerOf(source);
    // 14.99 less 20 %, rounded in the player's favour: 2.998 → 3.00 off.
    expect(offer).toMatchObject({ product_id: OFFER.product_id, percent_off: 20, list_amount: '14.99', amount: '11.99', pay_type: 'card', pay_amount: '11.99', currency: 'USD' });
    expect(offer?.bonus_items).toEqual([{ name: 'Stamina Potion', quantity: 2 }]);
    expect(offer?.seconds_left).toBeGreaterThan(0);
    expect(offer!.seconds_left).toBeLessThanOrEqual(30 * 60);
  });

  it('is bought once, at the server\'s price whatever the page sends, and mails the bonus', async () => {
    const source = await paidOrder();
    // A forged price is refused like a stale one: never charged.
    expect(await buyOffer(source, { seen_amount: '0.01' })).toMatchObject({ ret: 1021 });
    expect(await buyOffer(source, { seen_amount: '14.99' })).toMatchObject({ ret: 1021 });
    const token = newToken();
    const bought = await buyOffer(source, { order_token: token });
    expect(bought.ret).toBe(0);
    expect(await orderInfo(store.app, bought.data.order_id)).toMatchObject({ list_amount: '14.99', discount_amount: '3.00', amount: '11.99', discount_code: '' });
    // A retry with the same token is the same order; another token is refused: once.
    expect((await buyOffer(source, { order_token: token })).data.order_id).toBe(bought.data.order_id);
    expect(await buyOffer(source)).toMatchObject({ ret: 1031, msg: 'This offer has already been bought.' });
    expect(await offerOf(source)).toBeNull();
    expect((await checkout(store, bought.data.order_id, 'paid')).status).toBe(303);
    await waitForStatus(store.app, bought.data.order_id, ['delivered']);
    const [mail] = await mailsOf(store.db, bought.data.order_id);
    expect(JSON.stringify(mail?.items)).toContain('Stamina Potion');
    // An order bought with an offer makes no offer of its own.
    expect(await offerOf(bought.data.order_id)).toBeNull();
    expect(await countRows(store.db, 'orders WHERE offer_of = $1', [source])).toBe(1);
  });

  it('ignores a discount code sent with it', async () => {
    const source = await paidOrder();
    const bought = await buyOffer(source, { discount_code: 'WELCOME10' });
    expect(await orderInfo(store.app, bought.data.order_id)).toMatchObject({ amount: '11.99', discount_code: '' });
  });

  it('is refused for another character, another bundle, an unpaid order and an unknown one', async () => {
    const source = await paidOrder();
    const aria = await buyOffer(source, { role_id: ARIA.role_id, uid: ARIA.uid });
    expect(aria).toMatchObject({ ret: 1031, msg: 'This offer is not available for this character.' });
    expect(await buyOffer(source, { product_id: '18-us-currency-300', seen_amount: '' })).toMatchObject({ ret: 1031 });
    const unpaid = await mustCreateOrder(store.app, BORIN);
    expect(await buyOffer(unpaid.order_id)).toMatchObject({ ret: 1031 });
    expect(await buyOffer('no-such-order')).toMatchObject({ ret: 1031 });
    const korean = await call(store.app, 'createOrder', { ...ARIA, ...BORIN, product_id: OFFER.product_id, pay_type: 'card', order_token: newToken(), offer_of: source, role_id: ARIA.role_id, uid: ARIA.uid }, { headers: { 'accept-language': 'ko' } });
    expect(korean).toMatchObject({ ret: 1031, msg: '이 캐릭터에게는 제공되지 않는 특가입니다.' });
    // Nothing was placed by any of them.
    expect(await countRows(store.db, 'orders WHERE offer_of = $1', [source])).toBe(0);
  });

  it('is refused once its window after the payment has passed', async () => {
    const source = await paidOrder();
    // The payment moved back past the offer's 30 minutes: no clock is waited for.
    await store.db.query(`UPDATE orders SET paid_at = paid_at - interval '31 minutes' WHERE order_id = $1`, [source]);
    expect(await offerOf(source)).toBeNull();
    expect(await buyOffer(source)).toMatchObject({ ret: 1031, msg: 'This offer has ended.' });
  });

  it('is bought once when two tokens ask at the same moment', async () => {
    const source = await paidOrder();
    const answers = await Promise.all([buyOffer(source), buyOffer(source), buyOffer(source)]);
    expect(answers.map((answer) => answer.ret).sort()).toEqual([0, 1031, 1031]);
    expect(await countRows(store.db, 'orders WHERE offer_of = $1', [source])).toBe(1);
  });

  it('is not shown for a bundle the character bought as often as its limit allows', async () => {
    const cora = { role_id: '1802002', server_id: '1802', uid: '1800002' };
    // The Starter Pack: once per character.
    await updateCatalogue(store.db, store.catalogue, (tx) => upsertPostPurchaseOffers(tx, [{ ...OFFER, product_id: '18-us-starter-pack' }]));
    try {
      const source = await paidOrder(cora);
      expect((await offerOf(source))?.product_id).toBe('18-us-starter-pack');
      const pack = await mustCreateOrder(store.app, { ...ARIA, ...cora, product_id: '18-us-starter-pack' });
      expect((await checkout(store, pack.order_id, 'paid')).status).toBe(303);
      await waitForStatus(store.app, pack.order_id, ['delivered']);
      expect(await offerOf(source)).toBeNull();
    } finally {
      await updateCatalogue(store.db, store.catalogue, (tx) => upsertPostPurchaseOffers(tx, [OFFER]));
    }
  });

  it('is offered again when its unpaid order expired or was declined, and none for a retired offer', async () => {
    const source = await paidOrder();
    const first = await buyOffer(source);
    expect((await checkout(store, first.data.order_id, 'declined')).status).toBe(303);
    await waitForStatus(store.app, first.data.order_id, ['declined']);
    expect((await offerOf(source))?.amount).toBe('11.99');
    await updateCatalogue(store.db, store.catalogue, (tx) => upsertPostPurchaseOffers(tx, [{ ...OFFER, active: false }]));
    try {
      expect(await offerOf(source)).toBeNull();
      expect(await buyOffer(source)).toMatchObject({ ret: 1031 });
    } finally {
      await updateCatalogue(store.db, store.catalogue, (tx) => upsertPostPurchaseOffers(tx, [OFFER]));
    }
  });
});
