import { loadConfig } from '../src/config';
import { addOperator } from '../src/ops/operator-admin';
import { FAST_ORDERS, checkout, mustCreateOrder, waitForStatus, type OrderStore } from './support/order-helpers';
import { Console, PASSWORD, type Json } from './support/ops-console-client';
import { callWithCookie, linkCharacter, newSandboxCharacter, sandboxMailbox } from './support/player-links';
import { openTestStore } from './support/test-app';
import { testDbTargets } from './support/test-db';
import { until } from './support/until';

jest.setTimeout(120_000);

const SETUP = { name: 'service:test-setup', operatorId: null, address: 'test' };

describe.each(testDbTargets())('linked characters on the support desk\'s player page on $name', (target) => {
  let store: OrderStore;
  let keys = 0;
  const key = (what: string) => `${what}-${target.name}-${(keys += 1)}-key`;

  beforeAll(async () => {
    const opened = await openTestStore(target, { ops: { ...loadConfig({}).ops, signInsPerAddress: 10_000 } }, { orders: FAST_ORDERS });
    await opened.app.listen({ host: '127.0.0.1', port: 0 });
    const address = opened.app.server.address();
    store = { ...opened, url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`, settings: FAST_ORDERS };
    await addOperator(store.db, SETUP, { email: 'support@desk.example', role: 'support', password: PASSWORD });
    await addOperator(store.db, SETUP, { email: 'viewer@desk.example', role: 'viewer', password: PASSWORD });
  });
  afterAll(() => store.close());

  const signedIn = async (email: string) => {
    const console = new Console(store.url);
    expect((await console.signIn(email)).status).toBe(200);
    return console;
  };

  it('shows a character\'s links, points and gifts; an agent ends a link, corrects points and mails a gift again with a reason, audited', async () => {
    const character = await newSandboxCharacter(store.app);
    const where = { game_id: 18, area: 'us', server_id: character.server_id, role_id: character.role_id };
    const cookie = await linkCharacter(store.app, character);
    expect(await callWithCookie(store.app, 'claimDailyGift', where, cookie)).toMatchObject({ ret: 0 });
    const order = await mustCreateOrder(store.app, { ...character, product_id: '18-us-currency-300' });
    await checkout(store, order.order_id, 'paid');
    await waitForStatus(store.app, order.order_id, ['delivered']);

    const support = await signedIn('support@desk.example');
    const page = await support.send('GET', `/player?q=${character.role_id}`);
    expect(page.status).toBe(200);
    const rewards = (page.body.rewards as Json[]).find((row) => row.role_id === character.role_id);
    expect(rewards).toMatchObject({ game_id: 18, server_id: '1801', points: 49, gifts: [expect.objectContaining({ day: expect.any(String) })] });
    expect(rewards.links).toEqual([expect.objectContaining({ live: true, ended_at: null })]);
    expect(rewards.entries).toEqual([expect.objectContaining({ kind: 'purchase', points: 49, order_id: order.order_id })]);
    const linkId = rewards.links[0].link_id as string;

    // A viewer reads but does not act; a reason is needed; the same request twice is done once.
    const viewer = await signedIn('viewer@desk.example');
    expect((await viewer.send('POST', `/player/links/${linkId}/end`, { reason: 'asked by the player', request_key: key('end') })).status).toBe(403);
    expect(await support.send('POST', `/player/links/${linkId}/end`, { reason: ' ', request_key: key('end') })).toMatchObject({ status: 400, body: { code: 'reasonRequired' } });
    const endKey = key('end');
    expect(await support.send('POST', `/player/links/${linkId}/end`, { reason: 'the player lost the phone', request_key: endKey })).toMatchObject({ status: 200, body: { done: true } });
    expect(await support.send('POST', `/player/links/${linkId}/end`, { reason: 'the player lost the phone', request_key: endKey })).toMatchObject({ status: 200, body: { done: false } });
    expect(await support.send('POST', `/player/links/${linkId}/end`, { reason: 'again', request_key: key('end') })).toMatchObject({ status: 409, body: { code: 'linkEnded' } });
    expect(await support.send('POST', '/player/links/AAAAAAAAAAAAAAAAAAAAAA/end', { reason: 'x', request_key: key('end') })).toMatchObject({ status: 404, body: { code: 'noSuchLink' } });
    // The browser's cookie no longer counts.
    expect(await callWithCookie(store.app, 'getPoints', where, cookie)).toMatchObject({ ret: 1044 });

    const correction = { game_id: 18, server_id: '1801', role_id: character.role_id };
    expect(await support.send('POST', '/player/points', { ...correction, points: -50, reason: 'too much', request_key: key('points') })).toMatchObject({ status: 409, body: { code: 'pointsBelowZero' } });
    expect(await support.send('POST', '/player/points', { ...correction, points: 0, reason: 'nothing', request_key: key('points') })).toMatchObject({ status: 400, body: { code: 'pointsRequired' } });
    expect(await support.send('POST', '/player/points', { ...correction, points: 'many', reason: 'x', request_key: key('points') })).toMatchObject({ status: 400 });
    expect(await support.send('POST', '/player/points', { ...correction, points: 100, reason: 'goodwill: a late delivery', request_key: key('points') })).toMatchObject({
      status: 200,
      body: { done: true, balance: 149 },
    });

    // A gift that never reached the game is mailed again: the same items, under a new key, once per press.
    const giftDay = rewards.gifts[0].day as string;
    const giftMails = async () => (await sandboxMailbox(store.app, character)).filter((mail) => mail.kind === 'daily_gift');
    await until('the gift mail', async () => (await giftMails()).length === 1);
    const resend = (day: string, why: string, requestKey = key('gift')) => support.send('POST', '/player/gifts/resend', { ...correction, day, reason: why, request_key: requestKey });
    expect((await viewer.send('POST', '/player/gifts/resend', { ...correction, day: giftDay, reason: 'x', request_key: key('gift') })).status).toBe(403);
    expect(await resend(giftDay, '  ')).toMatchObject({ status: 400, body: { code: 'reasonRequired' } });
    for (const day of ['2001-01-01', '2026-02-30', 'yesterday', '2026-1-1']) expect({ day, ...(await resend(day, 'never arrived')) }).toMatchObject({ day, status: 404, body: { code: 'noSuchGift' } });
    expect(await support.send('POST', '/player/gifts/resend', { ...correction, role_id: '1801999', day: giftDay, reason: 'never arrived', request_key: key('gift') })).toMatchObject({ status: 404, body: { code: 'noSuchGift' } });
    const resendKey = key('gift');
    expect(await resend(giftDay, 'the gift never arrived', resendKey)).toMatchObject({ status: 200, body: { done: true } });
    expect(await resend(giftDay, 'the gift never arrived', resendKey)).toMatchObject({ status: 200, body: { done: false } });
    await until('the gift mailed again', async () => (await giftMails()).length === 2);
    const [again, first] = await giftMails();
    expect(again!.items).toEqual(first!.items);
    expect(again!.title).toBe(first!.title);

    const audit = await support.send('GET', `/audit?target_type=character&target_id=${encodeURIComponent(`18:1801:${character.role_id}`)}`);
    expect(audit.status).toBe(200);
    const actions = (audit.body.rows as Json[]).map((row) => [row.action, row.reason, row.actor]);
    expect(actions).toEqual(
      expect.arrayContaining([
        ['player.end_link', 'the player lost the phone', 'support@desk.example'],
        ['player.correct_points', 'goodwill: a late delivery', 'support@desk.example'],
        ['player.resend_gift', 'the gift never arrived', 'support@desk.example'],
      ]),
    );
    expect(actions).toHaveLength(3);
    const after = (await support.send('GET', `/player?q=${character.role_id}`)).body.rewards.find((row: Json) => row.role_id === character.role_id);
    expect(after).toMatchObject({ points: 149, links: [expect.objectContaining({ live: false, ended_by: expect.stringMatching(/^operator:\d+$/) })] });
    expect(after.entries[0]).toMatchObject({ kind: 'correction', points: 100, reason: 'goodwill: a late delivery', actor: 'support@desk.example' });
  });
});
