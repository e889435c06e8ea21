import { buildApp } from '../src/http/app';
import { CatalogueCache } from '../src/catalogue/catalogue-cache';
import { loadConfig } from '../src/config';
import { queueOrderJob } from '../src/fulfilment';
import { requestRefund } from '../src/orders';
import { correctPoints, earnPointsForOrder, reconcilePoints, removePointsForRefund } from '../src/players';
import { checkout, countRows, FAST_ORDERS, mustCreateOrder, openOrderStore, waitForStatus, type OrderStore } from './support/order-helpers';
import { callWithCookie, linkCharacter, newSandboxCharacter, sandboxMailbox } from './support/player-links';
import { GENEROUS_LIMITS } from './support/test-app';
import { testDbTargets } from './support/test-db';
import { until } from './support/until';

jest.setTimeout(120_000);

type Character = Awaited<ReturnType<typeof newSandboxCharacter>>;
const where = (c: Character) => ({ game_id: c.game_id, area: c.area, server_id: c.server_id, role_id: c.role_id });

describe.each(testDbTargets())('what a linked character gets on $name', (target) => {
  let store: OrderStore;
  beforeAll(async () => {
    store = await openOrderStore(target);
  });
  afterAll(async () => {
    if (store) expect(await reconcilePoints(store.db)).toEqual([]);
    await store?.close();
  });

  const giftMails = async (character: Character) => (await sandboxMailbox(store.app, character)).filter((mail) => mail.kind === 'daily_gift');

  it('refuses every linked action without a link that holds: none, forged, for another character, expired', async () => {
    const character = await newSandboxCharacter(store.app);
    const other = await newSandboxCharacter(store.app);
    const cookie = await linkCharacter(store.app, other);
    const refusal = { ret: 1044, data: null, msg: 'Link this character first: get a code in your game mail.' };
    for (const action of ['getPoints', 'claimDailyGift', 'getDailyGift', 'getLinkedOrders']) {
      expect(await callWithCookie(store.app, action, where(character))).toMatchObject(refusal);
      expect(await callWithCookie(store.app, action, where(character), cookie)).toMatchObject(refusal);
      expect(await callWithCookie(store.app, action, where(other), `${cookie.slice(0, -3)}abc`)).toMatchObject(refusal);
    }
    await store.db.query(`UPDATE character_links SET expires_at = now() - interval '1 second' WHERE role_id = $1`, [other.role_id]);
    expect(await callWithCookie(store.app, 'claimDailyGift', where(other), cookie)).toMatchObject(refusal);
    expect(await giftMails(other)).toEqual([]);
  });

  it('mails the daily gift once a day, in the page\'s language; a second claim is refused', async () => {
    const character = await newSandboxCharacter(store.app);
    const cookie = await linkCharacter(store.app, character);
    expect((await callWithCookie(store.app, 'getDailyGift', where(character), cookie)).data).toMatchObject({ offered: true, claimed: false });
    const claimed = await callWithCookie(store.app, 'claimDailyGift', where(character), cookie);
    expect(claimed).toMatchObject({ ret: 0, data: { claimed: true, items: [{ name: 'Dragon Gems', quantity: 10 }], day: expect.stringMatching(/^\d{4}-\d\d-\d\d$/) } });
    expect(await callWithCookie(store.app, 'claimDailyGift', where(character), cookie)).toMatchObject({
      ret: 1045,
      msg: "You have already claimed today's gift. Come back tomorrow for the next one.",
    });
    expect((await callWithCookie(store.app, 'getDailyGift', where(character), cookie)).data).toMatchObject({ claimed: true });
    const [mail] = await until('the gift mail', async () => (await giftMails(character)).length === 1 && giftMails(character));
    expect(mail).toMatchObject({ title: 'Your daily gift from TopUp Store', items: [{ name: 'Dragon Gems', quantity: 10 }] });
    // The next day (in the game's time zone) brings the next gift: here yesterday's claim is moved back a day.
    await store.db.query('UPDATE daily_gifts SET day = day - 1 WHERE role_id = $1', [character.role_id]);
    const korean = await callWithCookie(store.app, 'claimDailyGift', where(character), cookie, '127.0.0.1', 'ko');
    expect(korean).toMatchObject({ ret: 0, data: { items: [{ name: '드래곤 젬', quantity: 10 }] } });
    await until('the second gift mail', async () => (await giftMails(character)).length === 2);
    expect((await giftMails(character))[0]).toMatchObject({ title: 'TopUp Store 일일 선물' });
  });

  it('a gift claimed many times at once on two instances is mailed once', async () => {
    const second = await buildApp({ config: { ...loadConfig({}), sandboxGamePort: 0 }, db: store.db, catalogue: new CatalogueCache(store.db), orders: FAST_ORDERS, limits: GENEROUS_LIMITS });
    await second.ready();
    try {
      const character = await newSandboxCharacter(store.app);
      const cookie = await linkCharacter(store.app, character);
      const answers = await Promise.all(Array.from({ length: 10 }, (_, index) => callWithCookie(index % 2 ? second : store.app, 'claimDailyGift', where(character), cookie)));
      expect(answers.filter((answer) => answer.ret === 0)).toHaveLength(1);
      expect(answers.filter((answer) => answer.ret === 1045)).toHaveLength(9);
      await until('the gift mail sent', async () => (await countRows(store.db, `player_mails WHERE role_id = $1 AND kind = 'daily_gift' AND sent_at IS NOT NULL`, [character.role_id])) === 1);
      expect(await giftMails(character)).toHaveLength(1);
      expect(await countRows(store.db, 'daily_gifts WHERE role_id = $1', [character.role_id])).toBe(1);
    } finally {
      await second.close();
    }
  });

  it('a delivered purchase earns points, shown with My orders from any linked browser; its refund takes them back', async () => {
    const character = await newSandboxCharacter(store.app);
    const phone = await linkCharacter(store.app, character);
    const desktop = await linkCharacter(store.app, character);
    expect((await callWithCookie(store.app, 'getPoints', where(character), phone)).data).toMatchObject({ balance: 0, tier: { name: 'Bronze', min_points: 0 }, next_tier: { name: 'Silver', min_points: 500 } });
    const placed = await mustCreateOrder(store.app, { ...character, product_id: '18-us-currency-300' });
    await checkout(store, placed.order_id, 'paid');
    const delivered = await waitForStatus(store.app, placed.order_id, ['delivered']);
    const earned = Math.floor((Number(delivered.amount) * 100 * 100) / 1000);
    expect(earned).toBeGreaterThan(0);
    const points = await callWithCookie(store.app, 'getPoints', where(character), desktop, '127.0.0.1', 'zh');
    expect(points.data).toMatchObject({ balance: earned, tier: { name: '青铜' }, entries: [{ kind: 'purchase', points: earned, order_id: placed.order_id }] });
    const orders = await callWithCookie<Array<{ order_id: string; status: string; receipt: string }>>(store.app, 'getLinkedOrders', where(character), desktop);
    expect(orders.data).toEqual([expect.objectContaining({ order_id: placed.order_id, status: 'delivered', amount: delivered.amount, receipt: `#/receipt?order_id=${placed.order_id}&role_id=${character.role_id}&lang=en` })]);

    await store.db.transaction(async (tx) => {
      expect(await requestRefund(tx, placed.order_id, 'test: the player asked')).toBe(true);
      await queueOrderJob(tx, placed.order_id, 'refund', 'the player asked');
    });
    await waitForStatus(store.app, placed.order_id, ['refunded']);
    const after = await callWithCookie<{ balance: number; entries: Array<{ kind: string; points: number }> }>(store.app, 'getPoints', where(character), phone);
    expect(after.data.balance).toBe(0);
    expect(after.data.entries.map((entry) => [entry.kind, entry.points])).toEqual([['refund', -earned], ['purchase', earned]]);
  });

  it('each points event counts once however often it is recorded at the same moment, and a refund never takes back more than was earned', async () => {
    const character = await newSandboxCharacter(store.app);
    const placed = await mustCreateOrder(store.app, { ...character, product_id: '18-us-currency-980' });
    await checkout(store, placed.order_id, 'paid');
    await waitForStatus(store.app, placed.order_id, ['delivered']);
    const balance = async () => (await store.db.query<{ n: number }>('SELECT coalesce(sum(points), 0)::int AS n FROM points_ledger WHERE role_id = $1', [character.role_id]))[0]!.n;
    const earned = await balance();
    expect(earned).toBeGreaterThan(0);
    await Promise.all(Array.from({ length: 8 }, () => store.db.transaction((tx) => earnPointsForOrder(tx, placed.order_id))));
    expect(await balance()).toBe(earned);
    // Parts refunded at once, each its own event, then the whole refund twice: never below zero.
    await Promise.all(
      Array.from({ length: 6 }, (_, part) => store.db.transaction((tx) => removePointsForRefund(tx, placed.order_id, `refund:${placed.order_id}:part:${part}`, 300))),
    );
    const afterParts = await balance();
    expect(afterParts).toBeGreaterThanOrEqual(0);
    expect(afterParts).toBe(Math.max(0, earned - 6 * 30));
    await Promise.all(Array.from({ length: 4 }, () => store.db.transaction((tx) => removePointsForRefund(tx, placed.order_id, `refund:${placed.order_id}`))));
    expect(await balance()).toBe(0);
    expect(await countRows(store.db, `points_ledger WHERE event_key = $1`, [`refund:${placed.order_id}`])).toBe(afterParts > 0 ? 1 : 0);
    // The order is still delivered here (its refund was recorded by hand): the reconciliation sees points taken back from a delivered order as fine.
    expect((await reconcilePoints(store.db)).filter((row) => row.order_id === placed.order_id)).toEqual([]);
  });

  it('tiers follow the balance; the desk\'s corrections never take it below zero', async () => {
    const character = await newSandboxCharacter(store.app);
    const cookie = await linkCharacter(store.app, character);
    const who = { gameId: 18, serverId: character.server_id, roleId: character.role_id };
    expect(await store.db.transaction((tx) => correctPoints(tx, who, 600, 'goodwill: a delayed delivery', 'operator:1'))).toEqual({ balance: 600 });
    expect(await store.db.transaction((tx) => correctPoints(tx, who, -700, 'too much', 'operator:1'))).toBeNull();
    expect((await callWithCookie(store.app, 'getPoints', where(character), cookie, '127.0.0.1', 'ko')).data).toMatchObject({
      balance: 600,
      tier: { name: '실버', min_points: 500 },
      next_tier: { name: '골드', min_points: 2000 },
      entries: [{ kind: 'correction', points: 600, order_id: '' }],
    });
  });

  it('redeems points for a reward mailed into the game: never more than the balance, even at once, and one press spends once', async () => {
    const character = await newSandboxCharacter(store.app);
    const cookie = await linkCharacter(store.app, character);
    const who = { gameId: 18, serverId: character.server_id, roleId: character.role_id };
    await store.db.transaction((tx) => correctPoints(tx, who, 700, 'test: points to spend', 'operator:1'));
    const offered = await callWithCookie<{ rewards: Array<{ reward_id: string; points: number; name: string }> }>(store.app, 'getPoints', where(character), cookie);
    expect(offered.data.rewards).toEqual([expect.objectContaining({ reward_id: '18-points-100', points: 300, name: '100 Dragon Gems' })]);
    const redeem = (token: string, app = store.app) => callWithCookie(app, 'redeemPoints', { ...where(character), reward_id: '18-points-100', redeem_token: token }, cookie);
    // Five presses at once (each its own token): 700 points pay for two.
    const answers = await Promise.all(Array.from({ length: 5 }, (_, index) => redeem(`press-${index}-${character.role_id}-token`)));
    expect(answers.filter((answer) => answer.ret === 0)).toHaveLength(2);
    expect(answers.filter((answer) => answer.ret === 1047).map((answer) => answer.msg)).toEqual(Array(3).fill('This character does not have enough points for this reward.'));
    // The same press again spends nothing more.
    const first = answers.find((answer) => answer.ret === 0)!;
    const again = await redeem(`press-${answers.indexOf(first)}-${character.role_id}-token`);
    expect(again).toMatchObject({ ret: 0, data: { balance: 100 } });
    expect((await callWithCookie<{ balance: number }>(store.app, 'getPoints', where(character), cookie)).data.balance).toBe(100);
    await until('two reward mails', async () => (await countRows(store.db, `player_mails WHERE role_id = $1 AND kind = 'points_reward' AND sent_at IS NOT NULL`, [character.role_id])) === 2);
    const mails = (await sandboxMailbox(store.app, character)).filter((mail) => mail.kind === 'points_reward');
    expect(mails.map((mail) => [mail.title, mail.items])).toEqual(Array(2).fill(['Your reward from TopUp Store: 100 Dragon Gems', [{ name: 'Dragon Gems', quantity: 100 }]]));
    expect(await redeem('short')).toMatchObject({ ret: 1003 });
    expect(await callWithCookie(store.app, 'redeemPoints', { ...where(character), reward_id: 'no-such-reward', redeem_token: `x-${character.role_id}-token-1234` }, cookie)).toMatchObject({ ret: 1003 });
    expect(await callWithCookie(store.app, 'redeemPoints', { ...where(character), reward_id: '18-points-100', redeem_token: `y-${character.role_id}-token-1234` })).toMatchObject({ ret: 1044 });
  });
});
