import { countRows, openOrderStore, type OrderStore } from './support/order-helpers';
import { ARIA_CHARACTER, callWithCookie, linkCharacter, newSandboxCharacter } from './support/player-links';
import { openTestStore } from './support/test-app';
import { testDbTargets } from './support/test-db';
import { until } from './support/until';

jest.setTimeout(120_000);

type Character = Awaited<ReturnType<typeof newSandboxCharacter>>;
interface Offered {
  readonly game_id: string;
  readonly area: string;
  readonly server_id: string;
  readonly server_name: string;
  readonly role_id: string;
  readonly role_name: string;
  readonly linked_here: boolean;
}

const where = (c: Character) => ({ game_id: c.game_id, area: c.area, server_id: c.server_id, role_id: c.role_id });

describe.each(testDbTargets())('recent characters that follow the player on $name', (target) => {
  let store: OrderStore;
  beforeAll(async () => {
    store = await openOrderStore(target);
  });
  afterAll(async () => {
    await store?.close();
  });

  const following = async (cookie: string) => {
    const answer = await callWithCookie<Offered[]>(store.app, 'getLinkedCharacters', {}, cookie);
    expect(answer).toMatchObject({ status: 200, ret: 0 });
    return answer.data;
  };
  const ids = (offered: readonly Offered[]) => offered.map((one) => `${one.role_id}${one.linked_here ? ' here' : ''}`).sort();

  it('a second browser linked to a character is offered the characters linked together with it, and only those', async () => {
    const [mine, alt, stranger, strangersAlt] = [await newSandboxCharacter(store.app), await newSandboxCharacter(store.app), await newSandboxCharacter(store.app), await newSandboxCharacter(store.app)];
    // The phone links two characters; another player's browser links two others, one of them also linked by the phone's player's friend.
    let phone = await linkCharacter(store.app, mine);
    phone = await linkCharacter(store.app, alt, phone);
    await linkCharacter(store.app, strangersAlt, await linkCharacter(store.app, stranger));
    expect(ids(await following(phone))).toEqual([`${alt.role_id} here`, `${mine.role_id} here`].sort());

    // The laptop proves `mine` too: it is offered `alt` (linked in the phone with it), nothing of the stranger's.
    const laptop = await linkCharacter(store.app, mine);
    const offered = await following(laptop);
    expect(ids(offered)).toEqual([`${mine.role_id} here`, alt.role_id].sort());
    expect(offered.find((one) => one.role_id === alt.role_id)).toEqual({
      game_id: '18',
      area: 'us',
      server_id: '1801',
      server_name: expect.any(String),
      role_id: alt.role_id,
      role_name: expect.stringMatching(/^Tester /),
      linked_here: false,
    });
    // Nothing in the answer says which browser, when, or how many links.
    expect(Object.keys(offered[0]!).sort()).toEqual(['area', 'game_id', 'linked_here', 'role_id', 'role_name', 'server_id', 'server_name']);

    // The phone ends its link to `alt`: it no longer follows to the laptop.
    expect((await callWithCookie(store.app, 'endOwnership', where(alt), phone)).data).toEqual({ ended: true });
    expect(ids(await following(laptop))).toEqual([`${mine.role_id} here`]);
  });

  it('follows one step only, never a character merely looked up, and not through an ended or expired link', async () => {
    const [a, b, c, lookedUp] = [await newSandboxCharacter(store.app), await newSandboxCharacter(store.app), await newSandboxCharacter(store.app), await newSandboxCharacter(store.app)];
    let first = await linkCharacter(store.app, a);
    first = await linkCharacter(store.app, b, first);
    // A browser with b and c: c is two steps from a browser linked to a only.
    await linkCharacter(store.app, c, await linkCharacter(store.app, b));
    // A lookup (the character form's confirmation) in the first browser proves nothing.
    expect((await callWithCookie(store.app, 'getRoleInfo', where(lookedUp), first)).ret).toBe(0);
    const third = await linkCharacter(store.app, a);
    expect(ids(await following(third))).toEqual([`${a.role_id} here`, b.role_id].sort());
    expect(ids(await following(first))).toEqual([`${a.role_id} here`, `${b.role_id} here`, c.role_id].sort());

    // The first browser's link to a expires: the third browser, linked to a, no longer reaches b through it.
    await store.db.query(`UPDATE character_links SET expires_at = clock_timestamp() - interval '1 second' WHERE role_id = $1 AND link_id <> ALL($2::text[])`, [
      a.role_id,
      (await store.db.query<{ link_id: string }>('SELECT link_id FROM character_links WHERE role_id = $1 ORDER BY created_at DESC LIMIT 1', [a.role_id])).map((row) => row.link_id),
    ]);
    expect(ids(await following(third))).toEqual([`${a.role_id} here`]);
  });

  it('leaks nothing to a browser without a live link: none, forged, altered, ended', async () => {
    const character = await newSandboxCharacter(store.app);
    const cookie = await linkCharacter(store.app, character);
    expect(await following('')).toEqual([]);
    expect(await following(`${cookie.slice(0, -3)}abc`)).toEqual([]);
    expect(await following('topup_link=AAAAAAAAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).toEqual([]);
    expect((await callWithCookie(store.app, 'endOwnership', where(character), cookie)).data).toEqual({ ended: true });
    expect(await following(cookie)).toEqual([]);
    // An unsigned call is refused like any action's.
    const unsigned = await store.app.inject({ method: 'POST', url: '/api/getLinkedCharacters', headers: { 'content-type': 'application/json', cookie }, payload: '{}' });
    expect(unsigned.statusCode).toBeLessThan(500);
    expect((unsigned.json() as { ret: number }).ret).not.toBe(0);
  });

  it('a link made in a browser with live links joins their browser; a first link starts its own', async () => {
    const [x, y] = [await newSandboxCharacter(store.app), await newSandboxCharacter(store.app)];
    const alone = await linkCharacter(store.app, x);
    await linkCharacter(store.app, y, alone);
    await linkCharacter(store.app, y);
    const rows = await store.db.query<{ role_id: string; browser_id: string }>('SELECT role_id, browser_id FROM character_links WHERE role_id = ANY($1::text[]) ORDER BY created_at', [[x.role_id, y.role_id]]);
    expect(rows).toHaveLength(3);
    expect(rows[1]!.browser_id).toBe(rows[0]!.browser_id);
    expect(rows[2]!.browser_id).not.toBe(rows[0]!.browser_id);
    expect(await countRows(store.db, 'character_links WHERE browser_id IS NULL')).toBe(0);
  });
});

describe.each(testDbTargets())("the sandbox character's mailbox for demo visitors on $name", (target) => {
  const token = 'demo-ops-token-'.padEnd(40, 'x');

  it('in a demo store, shows a sandbox character its code mails without the operators\' token, and nothing else', async () => {
    const store = await openTestStore(target, { storeMode: 'demo', opsToken: token });
    try {
      const character = { game_id: 18, area: 'us', server_id: '1801', role_id: `1801990${process.pid % 1000}`, uid: `1800990${process.pid % 1000}` };
      const made = await store.app.inject({
        method: 'POST',
        url: '/sandbox/roles',
        headers: { authorization: `Bearer ${token}` },
        payload: { game_id: 18, server_id: '1801', role_id: character.role_id, role_name: 'Demo visitor', uid: character.uid },
      });
      expect(made.statusCode).toBe(200);
      expect((await callWithCookie(store.app, 'sendOwnershipCode', character)).ret).toBe(0);
      // The operators' mailbox stays behind the token.
      const query = { game_id: '18', server_id: '1801', role_id: character.role_id };
      expect((await store.app.inject({ method: 'GET', url: '/sandbox/mailbox', query })).statusCode).toBe(401);
      // A purchase mail in the same mailbox is not shown to visitors.
      await store.db.query(`INSERT INTO sandbox_mail (mail_key, game_id, server_id, role_id, title, items, kind, body) VALUES ($1, 18, '1801', $2, 'A purchase', '[]', 'purchase', '')`, [
        `demo-purchase-${character.role_id}`,
        character.role_id,
      ]);
      // The code mail, read where a visitor reads it.
      const mail = await until('the code in the visitors\' mailbox', async () =>
        ((await store.app.inject({ method: 'GET', url: '/sandbox/player-mailbox', query })).json() as { data: Array<{ kind: string; body: string }> }).data.find((one) => one.kind === 'ownership_code'),
      );
      const code = /\b([0-9]{6})\b/.exec(mail.body)?.[1] ?? '';
      const visitors = await store.app.inject({ method: 'GET', url: '/sandbox/player-mailbox', query });
      expect(visitors.statusCode).toBe(200);
      const mails = (visitors.json() as { data: Array<{ kind: string; title: string; body: string }> }).data;
      expect(mails.map((mail) => mail.kind)).toEqual(['ownership_code']);
      expect(mails[0]!.body).toContain(code);
      // The code read there links the character.
      expect((await callWithCookie(store.app, 'confirmOwnershipCode', { ...where(character), code })).ret).toBe(0);
      // A character the sandbox does not have: nothing, whatever the mail table holds.
      await store.db.query(`INSERT INTO sandbox_mail (mail_key, game_id, server_id, role_id, title, items, kind, body) VALUES ($1, 18, '1801', 'no-such-role', 'Code', '[]', 'ownership_code', '123456')`, [
        `demo-stranger-${process.pid}-${target.name}`,
      ]);
      expect((await store.app.inject({ method: 'GET', url: '/sandbox/player-mailbox', query: { ...query, role_id: 'no-such-role' } })).json()).toEqual({ ret: 0, data: [], msg: 'OK' });
      // Bad input is a clear refusal, never a server error.
      const bad = await store.app.inject({ method: 'GET', url: '/sandbox/player-mailbox', query: { game_id: 'x', server_id: '1801', role_id: '1' } });
      expect(bad.statusCode).toBeLessThan(500);
      expect((bad.json() as { ret: number }).ret).toBe(1003);
    } finally {
      await store.close();
    }
  });

  it('a production store never serves it, even with the sandbox routes on', async () => {
    const store = await openTestStore(target, { storeMode: 'production', sandboxRoutes: true, opsToken: token });
    try {
      const query = { game_id: '18', server_id: ARIA_CHARACTER.server_id, role_id: ARIA_CHARACTER.role_id };
      expect((await store.app.inject({ method: 'GET', url: '/sandbox/player-mailbox', query })).statusCode).toBe(404);
      expect((await store.app.inject({ method: 'GET', url: '/sandbox/player-mailbox', query, headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(404);
    } finally {
      await store.close();
    }
  });
});
