import { buildApp } from '../src/http/app';
import { CatalogueCache } from '../src/catalogue/catalogue-cache';
import { loadConfig } from '../src/config';
import { queueOrderJob } from '../src/fulfilment';
import { reconciles, reconcileStore, requestRefund } from '../src/orders';
import { correctPoints, earnPointsForOrder, giftDay, reconcilePoints, removePointsForRefund } from '../src/players';
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

  it("a gift's day is the game's own day, and the next gift comes at the game's midnight", async () => {
    const dayIn = (zone: string, at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
    const clockIn = (zone: string, at: Date) => new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).format(at);
    const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    // Kiritimati (UTC+14) and Pago Pago (UTC−11) are 25 hours apart: they never share a day.
    const east = await giftDay(store.db, 'Pacific/Kiritimati');
    const west = await giftDay(store.db, 'Pacific/Pago_Pago');
    expect(east.day > west.day).toBe(true);
    for (const [zone, today] of [['Pacific/Kiritimati', east], ['Pacific/Pago_Pago', west], ['Asia/Seoul', await giftDay(store.db, 'Asia/Seoul')]] as const) {
      expect({ zone, day: dayIn(zone, today.nextAt), clock: clockIn(zone, today.nextAt) }).toEqual({ zone, day: dayAfter(today.day), clock: '00:00:00' });
    }
    // The claim answers the day of the game's zone (game 18: America/New_York) and when the next one starts.
    const character = await newSandboxCharacter(store.app);
    const cookie = await linkCharacter(store.app, character);
    const before = new Date();
    const claimed = await callWithCookie<{ day: string; next_at: string }>(store.app, 'claimDailyGift', where(character), cookie);
    const after = new Date();
    expect([dayIn('America/New_York', before), dayIn('America/New_York', after)]).toContain(claimed.data.day);
    const next = new Date(claimed.data.next_at);
    expect([dayIn('America/New_York', next), clockIn('America/New_York', next)]).toEqual([dayAfter(claimed.data.day), '00:00:00']);
    expect((await store.db.query<{ day: string }>('SELECT day::text AS day FROM daily_gifts WHERE role_id = $1', [character.role_id])).map((row) => row.day)).toEqual([claimed.data.day]);
  });

  it('reconcile flags points that disagree with their orders, and is quiet again once they agree', async () => {
    const character = await newSandboxCharacter(store.app);
    const placed = await mustCreateOrder(store.app, { ...character, product_id: '18-us-currency-300' });
    await checkout(store, placed.order_id, 'paid');
    await waitForStatus(store.app, placed.order_id, ['delivered']);
    const flagged = async () => (await reconcilePoints(store.db)).filter((row) => row.order_id === placed.order_id).map((row) => [row.status, row.points, row.problem]);
    const report = async () => {
      const sections = await reconcileStore(store.db, { provider: null, giveUpAfterMs: 3_600_000 });
      return sections.find((section) => section.key === 'pointsDisagree')!.rows!.filter((row) => (row as { order_id: string }).order_id === placed.order_id).length;
    };
    const earned = (await store.db.query<{ earned: number }>(`SELECT points AS earned FROM points_ledger WHERE order_id = $1 AND kind = 'purchase'`, [placed.order_id]))[0]?.earned ?? 0;
    expect(earned).toBeGreaterThan(0);
    expect(await flagged()).toEqual([]);

    // A delivered order whose points were lost.
    await store.db.query(`DELETE FROM points_ledger WHERE order_id = $1 AND kind = 'purchase'`, [placed.order_id]);
    expect(await flagged()).toEqual([['delivered', 0, 'delivered order earned no points']]);
    expect(await report()).toBe(1);
    await store.db.transaction((tx) => earnPointsForOrder(tx, placed.order_id));
    expect(await flagged()).toEqual([]);

    // A refunded order that kept its points, then one that took back more than it earned.
    await store.db.transaction(async (tx) => {
      expect(await requestRefund(tx, placed.order_id, 'test: the player asked')).toBe(true);
      await queueOrderJob(tx, placed.order_id, 'refund', 'the player asked');
    });
    await waitForStatus(store.app, placed.order_id, ['refunded']);
    expect(await flagged()).toEqual([]);
    const refundRow = { key: `refund:${placed.order_id}` };
    await store.db.query('DELETE FROM points_ledger WHERE event_key = $1', [refundRow.key]);
    expect(await flagged()).toEqual([['refunded', earned, 'refunded order still holds points']]);
    await store.db.transaction((tx) => removePointsForRefund(tx, placed.order_id, refundRow.key));
    expect(await flagged()).toEqual([]);
    await store.db.query('UPDATE points_ledger SET points = $2 WHERE event_key = $1', [refundRow.key, -earned - 5]);
    expect(await flagged()).toEqual([['refunded', -5, 'order took back more points than it earned']]);
    expect(await report()).toBe(1);
    await store.db.query('UPDATE points_ledger SET points = $2 WHERE event_key = $1', [refundRow.key, -earned]);
    expect(await flagged()).toEqual([]);
    expect(reconciles((await reconcileStore(store.db, { provider: null, giveUpAfterMs: 3_600_000 })).filter((section) => section.key === 'pointsDisagree'))).toBe(true);
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
