import { buildApp } from '../src/http/app';
import { CatalogueCache } from '../src/catalogue/catalogue-cache';
import { loadConfig } from '../src/config';
import { linkToken } from '../src/players';
import { DEV_PLAYER_LINK_SECRET } from '../src/settings/development-secrets';
import { countRows, FAST_ORDERS, openOrderStore, type OrderStore } from './support/order-helpers';
import { ARIA_CHARACTER, callWithCookie, codeFromMailbox, linkCookieOf, newSandboxCharacter, sandboxMailbox } from './support/player-links';
import { testDbTargets } from './support/test-db';
import { GENEROUS_LIMITS, TEST_APP_KEY } from './support/test-app';
import { DEFAULT_LIMIT_SETTINGS } from '../src/http/api/limit-settings';
import { sign } from '@topup/shared/sign';
import { until } from './support/until';

jest.setTimeout(120_000);

const ARIA = { ...ARIA_CHARACTER, uid: '1800001' };

describe.each(testDbTargets())('proving a character with an in-game code on $name', (target) => {
  let store: OrderStore;
  beforeAll(async () => {
    store = await openOrderStore(target);
  });
  afterAll(async () => {
    await store?.close();
  });

  const newCharacter = () => newSandboxCharacter(store.app);
  const where = (c: { game_id: number; area: string; server_id: string; role_id: string }) => ({ game_id: c.game_id, area: c.area, server_id: c.server_id, role_id: c.role_id });

  async function askForCode(character: Awaited<ReturnType<typeof newCharacter>>, seen: string[] = []) {
    const sent = await callWithCookie(store.app, 'sendOwnershipCode', character);
    expect(sent).toMatchObject({ ret: 0, data: { sent: true, expires_in: 600, tries: 5 } });
    return codeFromMailbox(store.app, character, seen);
  }

  it('mails a 6-digit code once, in the page\'s language; the right code links this browser with an HttpOnly, signed cookie', async () => {
    const character = await newCharacter();
    const { code, mail } = await askForCode(character);
    expect(mail).toMatchObject({ kind: 'ownership_code', title: 'Your TopUp Store code', items: [] });
    expect(mail.body).toContain('within 10 minutes');
    expect(await countRows(store.db, `sandbox_mail WHERE role_id = $1 AND kind = 'ownership_code'`, [character.role_id])).toBe(1);
    // Once the game has it, the store keeps no copy of the code's text.
    await until('the mail recorded as sent', async () => (await countRows(store.db, `player_mails WHERE role_id = $1 AND sent_at IS NOT NULL`, [character.role_id])) === 1);
    expect(await countRows(store.db, `player_mails WHERE role_id = $1 AND body <> ''`, [character.role_id])).toBe(0);

    const before = await callWithCookie(store.app, 'getOwnership', where(character));
    expect(before.data).toMatchObject({ linked: false });

    const confirmed = await callWithCookie(store.app, 'confirmOwnershipCode', { ...where(character), code: `${code.slice(0, 3)} ${code.slice(3)}` });
    expect(confirmed).toMatchObject({ ret: 0, data: { linked: true, role_name: expect.stringMatching(/^Tester /) } });
    const setCookie = confirmed.setCookies.find((cookie) => cookie.startsWith('topup_link='))!;
    expect(setCookie).toMatch(/; Path=\/api; Max-Age=7776000; HttpOnly; SameSite=Lax$/);
    const cookie = linkCookieOf(confirmed)!;

    expect((await callWithCookie(store.app, 'getOwnership', where(character), cookie)).data).toMatchObject({ linked: true });
    // Another character is not linked by this cookie, and the code is spent.
    expect((await callWithCookie(store.app, 'getOwnership', { ...where(character), role_id: '1801001' }, cookie)).data).toMatchObject({ linked: false });
    expect(await callWithCookie(store.app, 'confirmOwnershipCode', { ...where(character), code })).toMatchObject({ ret: 1043 });
  });

  it('answers in the page\'s language: Korean and Chinese mails and refusals', async () => {
    const character = await newCharacter();
    expect(await callWithCookie(store.app, 'sendOwnershipCode', character, '', '127.0.0.1', 'ko')).toMatchObject({ ret: 0 });
    const korean = await codeFromMailbox(store.app, character);
    expect(korean.mail).toMatchObject({ title: 'TopUp Store 인증 코드', body: expect.stringContaining(`인증 코드는 ${korean.code}입니다`) });
    const wrong = korean.code === '000000' ? '111111' : '000000';
    expect(await callWithCookie(store.app, 'confirmOwnershipCode', { ...where(character), code: wrong }, '', '127.0.0.1', 'ko')).toMatchObject({
      ret: 1040,
      msg: '코드가 올바르지 않습니다. 게임 메일의 코드를 확인하고 다시 입력해 주세요.',
    });
    expect(await callWithCookie(store.app, 'sendOwnershipCode', character, '', '127.0.0.1', 'zh')).toMatchObject({ ret: 0 });
    const chinese = await codeFromMailbox(store.app, character, [korean.mail.mail_id]);
    expect(chinese.mail).toMatchObject({ title: '您的 TopUp Store 验证码', body: expect.stringContaining(`您的验证码是 ${chinese.code}`) });
    await store.db.query(`UPDATE ownership_codes SET expires_at = now() - interval '1 second' WHERE role_id = $1`, [character.role_id]);
    expect(await callWithCookie(store.app, 'confirmOwnershipCode', { ...where(character), code: chinese.code }, '', '127.0.0.1', 'zh')).toMatchObject({
      ret: 1041,
      msg: '验证码已过期，请重新获取验证码。',
    });
  });

  it('refuses a wrong code (counting tries), and spends the code at the fifth wrong try', async () => {
    const character = await newCharacter();
    const { code } = await askForCode(character);
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = [];
    for (let i = 0; i < 5; i += 1) answers.push(await callWithCookie(store.app, 'confirmOwnershipCode', { ...where(character), code: wrong }));
    expect(answers.map((answer) => answer.ret)).toEqual([1040, 1040, 1040, 1040, 1042]);
    expect(answers[0]!.msg).toBe('This code is not right. Check the code in your game mail and try again.');
    // The right code is of no use any more: a new one is needed.
    const late = await callWithCookie(store.app, 'confirmOwnershipCode', { ...where(character), code });
    expect(late).toMatchObject({ ret: 1042, msg: 'This code was tried too many times. Please ask for a new code.' });
    expect(linkCookieOf(late)).toBeNull();
  });

  it('counts tries made at the same moment: ten wrong tries at once spend the code, and none links', async () => {
    const character = await newCharacter();
    const { code } = await askForCode(character);
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = await Promise.all(Array.from({ length: 10 }, () => callWithCookie(store.app, 'confirmOwnershipCode', { ...where(character), code: wrong })));
    expect(answers.filter((answer) => answer.ret === 1040)).toHaveLength(4);
    expect(answers.filter((answer) => answer.ret === 1042)).toHaveLength(6);
    expect(await callWithCookie(store.app, 'confirmOwnershipCode', { ...where(character), code })).toMatchObject({ ret: 1042 });
  });

  it('refuses an expired code, and a character never sent one; a new code replaces the old', async () => {
    const character = await newCharacter();
    expect(await callWithCookie(store.app, 'confirmOwnershipCode', { ...where(character), code: '123456' })).toMatchObject({
      ret: 1043,
      msg: 'No code was sent to this character. Please ask for a code first.',
    });
    const first = await askForCode(character);
    await store.db.query(`UPDATE ownership_codes SET expires_at = now() - interval '1 second' WHERE role_id = $1`, [character.role_id]);
    expect(await callWithCookie(store.app, 'confirmOwnershipCode', { ...where(character), code: first.code })).toMatchObject({
      ret: 1041,
      msg: 'This code has expired. Please ask for a new code.',
    });
    const second = await askForCode(character, [first.mail.mail_id]);
    if (second.code !== first.code) {
      expect(await callWithCookie(store.app, 'confirmOwnershipCode', { ...where(character), code: first.code })).toMatchObject({ ret: 1040 });
    }
    expect(await callWithCookie(store.app, 'confirmOwnershipCode', { ...where(character), code: second.code })).toMatchObject({ ret: 0 });
  });

  it('mails no code for another account\'s character, an unknown one or a malformed request', async () => {
    const character = await newCharacter();
    expect(await callWithCookie(store.app, 'sendOwnershipCode', { ...character, uid: '1800001' })).toMatchObject({ ret: 1006 });
    expect(await callWithCookie(store.app, 'sendOwnershipCode', { ...character, role_id: '1801999' })).toMatchObject({ ret: 1006 });
    expect(await callWithCookie(store.app, 'sendOwnershipCode', { ...character, uid: '' })).toMatchObject({ ret: 1002 });
    expect(await callWithCookie(store.app, 'sendOwnershipCode', { ...character, server_id: '' })).toMatchObject({ ret: 1002, msg: 'Please select a server' });
    expect(await callWithCookie(store.app, 'confirmOwnershipCode', { ...where(character), code: '12a456' })).toMatchObject({ status: 200, ret: 1003 });
    expect(await callWithCookie(store.app, 'confirmOwnershipCode', { ...where(character), code: '12345' })).toMatchObject({ ret: 1003 });
    expect(await callWithCookie(store.app, 'confirmOwnershipCode', { ...where(character), code: '' })).toMatchObject({ ret: 1002, msg: 'Please enter the 6-digit code from your game mail.' });
    expect(await sandboxMailbox(store.app, character)).toEqual([]);
  });

  it('a forged, altered, expired or ended link is no link', async () => {
    const character = await newCharacter();
    const { code } = await askForCode(character);
    const cookie = linkCookieOf(await callWithCookie(store.app, 'confirmOwnershipCode', { ...where(character), code }))!;
    const [linkId] = cookie.slice('topup_link='.length).split('.');
    const linked = async (value: string) => ((await callWithCookie<{ linked: boolean }>(store.app, 'getOwnership', where(character), value)).data.linked);
    expect(await linked(cookie)).toBe(true);
    // Signed with another secret, a made-up id, or the signature altered.
    expect(await linked(`topup_link=${linkToken('another-secret-another-secret-xx', linkId!)}`)).toBe(false);
    expect(await linked(`topup_link=${linkToken(DEV_PLAYER_LINK_SECRET, 'AAAAAAAAAAAAAAAAAAAAAA')}`)).toBe(false);
    expect(await linked(`${cookie.slice(0, -2)}xx`)).toBe(false);
    expect(await linked('topup_link=garbage~.~..')).toBe(false);
    // Expired: the row says so, whatever the cookie.
    await store.db.query(`UPDATE character_links SET expires_at = now() - interval '1 second' WHERE link_id = $1`, [linkId]);
    expect(await linked(cookie)).toBe(false);
    await store.db.query(`UPDATE character_links SET expires_at = now() + interval '1 day' WHERE link_id = $1`, [linkId]);
    expect(await linked(cookie)).toBe(true);
    // Ended from the page: the cookie is cleared, and the old value no longer counts.
    const ended = await callWithCookie(store.app, 'endOwnership', where(character), cookie);
    expect(ended).toMatchObject({ ret: 0, data: { ended: true } });
    expect(ended.setCookies.find((one) => one.startsWith('topup_link='))).toMatch(/^topup_link=; Path=\/api; Max-Age=0;/);
    expect(await linked(cookie)).toBe(false);
    expect(await callWithCookie(store.app, 'endOwnership', where(character), cookie)).toMatchObject({ ret: 0, data: { ended: false } });
    expect(await countRows(store.db, `character_links WHERE link_id = $1 AND ended_by = 'player'`, [linkId])).toBe(1);
  });

  it('keeps one browser linked to several characters', async () => {
    const one = await newCharacter();
    const two = await newCharacter();
    const first = linkCookieOf(await callWithCookie(store.app, 'confirmOwnershipCode', { ...where(one), code: (await askForCode(one)).code }))!;
    const both = linkCookieOf(await callWithCookie(store.app, 'confirmOwnershipCode', { ...where(two), code: (await askForCode(two)).code }, first))!;
    for (const character of [one, two]) expect((await callWithCookie(store.app, 'getOwnership', where(character), both)).data).toMatchObject({ linked: true });
  });

  it('a game whose mail fails gets the code mail once, on a later attempt', async () => {
    const character = await newCharacter();
    await store.app.inject({ method: 'POST', url: '/sandbox/mail-failures', payload: { fail_next: 2 } });
    const { code } = await askForCode(character);
    expect(code).toMatch(/^[0-9]{6}$/);
    expect(await countRows(store.db, `sandbox_mail WHERE role_id = $1`, [character.role_id])).toBe(1);
  });

  it('two instances with their own workers send each code mail once', async () => {
    const second = await buildApp({ config: { ...loadConfig({}), sandboxGamePort: 0 }, db: store.db, catalogue: new CatalogueCache(store.db), orders: FAST_ORDERS, limits: GENEROUS_LIMITS });
    await second.ready();
    try {
      const characters = await Promise.all(Array.from({ length: 4 }, () => newCharacter()));
      await Promise.all(characters.map((character, index) => callWithCookie(index % 2 ? second : store.app, 'sendOwnershipCode', character)));
      for (const character of characters) await codeFromMailbox(store.app, character);
      await until('every code mail sent', async () => (await countRows(store.db, `player_mails WHERE kind = 'ownership_code' AND sent_at IS NULL`)) === 0);
      for (const character of characters) expect(await countRows(store.db, `sandbox_mail WHERE role_id = $1`, [character.role_id])).toBe(1);
    } finally {
      await second.close();
    }
  });
});

describe.each(testDbTargets())('limits on ownership codes on $name', (target) => {
  let store: OrderStore;
  beforeAll(async () => {
    store = await openOrderStore(target, {}, { limits: { ...GENEROUS_LIMITS, ownershipCode: DEFAULT_LIMIT_SETTINGS.ownershipCode } });
  });
  afterAll(async () => {
    await store?.close();
  });

  it('mails a character at most one code a minute, whichever address asks, and refuses with Retry-After', async () => {
    const first = await callWithCookie(store.app, 'sendOwnershipCode', ARIA, '', '10.1.0.1');
    expect(first.ret).toBe(0);
    const response = await store.app.inject({
      method: 'POST',
      url: '/api/sendOwnershipCode',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ ...ARIA, sign: sign(ARIA, TEST_APP_KEY) }),
      remoteAddress: '10.1.0.2',
    });
    expect(response.statusCode).toBe(429);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    expect(response.json()).toMatchObject({ ret: 1007, msg: 'Too many requests. Please wait a minute and try again.' });
    // Another character from the stranger's address is still served.
    const other = await newSandboxCharacter(store.app);
    expect(await callWithCookie(store.app, 'sendOwnershipCode', other, '', '10.1.0.2')).toMatchObject({ ret: 0 });
    await codeFromMailbox(store.app, ARIA);
    expect((await sandboxMailbox(store.app, ARIA)).filter((mail) => mail.kind === 'ownership_code')).toHaveLength(1);
  });

  it('serves one address at most three codes a minute', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await callWithCookie(store.app, 'sendOwnershipCode', await newSandboxCharacter(store.app), '', '10.2.0.1')).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
