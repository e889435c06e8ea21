import { sign } from '@topup/shared/sign';
import { loadConfig } from '../src/config';
import { productionProblems } from '../src/production/production-rules';
import { testDbTargets } from './support/test-db';
import { call, openTestStore, TEST_APP_KEY, type TestStore } from './support/test-app';

jest.setTimeout(60_000);

describe.each(testDbTargets())('refusals on $name', (target) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await openTestStore(target);
  });
  afterAll(async () => {
    await store?.close();
  });

  const post = (url: string, payload: string, contentType = 'application/json') =>
    store.app.inject({ method: 'POST', url, headers: { 'content-type': contentType }, payload });

  describe('the sign', () => {
    it('is checked on the raw values, before any coercion', async () => {
      // A JSON number signs as its text: 18 and "18" sign the same.
      expect((await call(store.app, 'banners', { game_id: 18, area: 'us' })).ret).toBe(0);
      // "018" coerces to game 18, but a sign made over "18" does not cover it.
      const signedFor18 = sign({ game_id: '18', area: 'us' }, TEST_APP_KEY);
      const response = await post('/api/banners', JSON.stringify({ game_id: '018', area: 'us', sign: signedFor18 }));
      expect(response.json()).toMatchObject({ ret: 1001 });
      // A one-element array would coerce to its element; the sign must cover the array as sent.
      const arrayBody = { game_id: ['18'], area: 'us' };
      const coercedSign = sign({ game_id: '18', area: 'us' }, TEST_APP_KEY);
      expect((await post('/api/banners', JSON.stringify({ ...arrayBody, sign: coercedSign }))).json()).toMatchObject({ ret: 1001 });
      expect((await post('/api/banners', JSON.stringify({ ...arrayBody, sign: sign(arrayBody, TEST_APP_KEY) }))).json()).toMatchObject({
        ret: 0,
      });
    });

    it('covers unknown keys and empty values too', async () => {
      expect((await call(store.app, 'banners', { game_id: 18, area: 'us', extra: '' })).ret).toBe(0);
      const signed = { game_id: 18, area: 'us', sign: sign({ game_id: 18, area: 'us' }, TEST_APP_KEY) };
      expect((await post('/api/banners', JSON.stringify({ ...signed, extra: '' }))).json()).toMatchObject({ ret: 1001 });
    });

    it('refuses a missing or wrong sign with ret 1001', async () => {
      expect(await call(store.app, 'getTab', { game_id: 18, area: 'us' }, { unsigned: true })).toMatchObject({
        status: 200,
        ret: 1001,
        data: null,
        msg: 'The request signature is missing or wrong.',
      });
      expect((await call(store.app, 'getTab', { game_id: 18, area: 'us', sign: 'f'.repeat(32) }, { unsigned: true })).ret).toBe(1001);
    });

    it('uses APP_KEY: a store with its own key refuses the development key', async () => {
      const own = await openTestStore(target, { appKey: 'store-key-2026' });
      try {
        expect((await call(own.app, 'getTab', { game_id: 18, area: 'us' })).ret).toBe(1001);
        const payload = { game_id: 18, area: 'us' };
        const answer = await call(own.app, 'getTab', { ...payload, sign: sign(payload, 'store-key-2026') }, { unsigned: true });
        expect(answer.ret).toBe(0);
      } finally {
        await own.close();
      }
    });
  });

  describe('the development key', () => {
    it('is refused under NODE_ENV=production, and a real key is accepted', () => {
      const demo = { NODE_ENV: 'production', STORE_MODE: 'demo', PAYMENT_WEBHOOK_SECRET: 'live-secret', PLAYER_LINK_SECRET: 'live-player-link-secret-0123456789', OPS_SECRET_KEY: 'live-ops-secret-key-0123456789abcdef' };
      expect(productionProblems(loadConfig(demo))).toEqual([expect.stringContaining('the development app key "topup-dev-key" is set')]);
      expect(productionProblems(loadConfig({ ...demo, APP_KEY: 'topup-dev-key' }))).toHaveLength(1);
      expect(productionProblems(loadConfig({ ...demo, APP_KEY: 'live-key' }))).toEqual([]);
      expect(loadConfig({ ...demo, APP_KEY: 'live-key' }).appKey).toBe('live-key');
      expect(loadConfig({}).appKey).toBe('topup-dev-key');
    });
  });

  describe('unreadable requests', () => {
    it.each([
      ['invalid JSON', '/api/getTab', '{"game_id": 18,', 'application/json', 400, 1009],
      ['a JSON array', '/api/getTab', '[1,2]', 'application/json', 400, 1009],
      ['a JSON string', '/api/getTab', '"x"', 'application/json', 400, 1009],
      ['an empty JSON body', '/api/getTab', '', 'application/json', 400, 1009],
      ['plain text', '/api/getTab', 'game_id=18', 'text/plain', 400, 1009],
      ['a multipart form', '/api/getTab', '--x--', 'multipart/form-data; boundary=x', 415, 1009],
      ['prototype poisoning', '/api/getTab', '{"__proto__": {"x": 1}}', 'application/json', 400, 1009],
      ['an unknown action', '/api/getEverything', '{}', 'application/json', 404, 1011],
      ['an unknown pay-centre action', '/api/pcpay/refund', '{}', 'application/json', 404, 1011],
    ])('answers %s with the envelope and a 4xx status', async (_name, url, payload, type, status, ret) => {
      const response = await post(url, payload, type);
      expect(response.statusCode).toBe(status);
      expect(response.json()).toMatchObject({ ret, data: null });
      expect(response.body).not.toMatch(/at .+\.(ts|js):\d+/);
    });

    it('refuses a body over the limit with HTTP 413 and ret 1010', async () => {
      const response = await post('/api/getTab', JSON.stringify({ game_id: 18, area: 'us', padding: 'x'.repeat(20_000) }));
      expect(response.statusCode).toBe(413);
      expect(response.json()).toMatchObject({ ret: 1010, msg: 'The request is too large.' });
    });

    it('refuses values of the wrong shape with ret 1003, naming the field', async () => {
      expect(await call(store.app, 'getTab', { game_id: 'eighteen', area: 'us' })).toMatchObject({ ret: 1003, msg: 'Invalid parameter: game_id' });
      expect(await call(store.app, 'getTab', { game_id: 18, area: 'u s' })).toMatchObject({ ret: 1003, msg: 'Invalid parameter: area' });
      const withNul = { game_id: 18, area: 'us', server_id: '1801', role_id: '1801\u0000001' };
      expect(await call(store.app, 'getRoleInfo', withNul)).toMatchObject({ ret: 1003, msg: 'Invalid parameter: role_id' });
      const nested = { game_id: 18, area: 'us', role_id: { $gt: '' } } as unknown as Record<string, string>;
      expect((await call(store.app, 'getPayPrice', nested)).ret).toBe(1003);
    });

    it('refuses a missing game with ret 1002', async () => {
      expect(await call(store.app, 'getTab', { area: 'us' })).toMatchObject({ ret: 1002, msg: 'Missing parameter: game_id' });
    });
  });

  describe('localized messages', () => {
    it('follow the area: kr answers in Korean, an unknown area in Chinese (spec §9)', async () => {
      expect((await call(store.app, 'getRoleInfo', { game_id: 18, area: 'kr', server_id: '', role_id: '' })).msg).toBe('서버를 선택해 주세요');
      expect((await call(store.app, 'banners', { game_id: 18, area: 'cn' })).msg).toBe('该游戏在此地区不可用。');
      expect((await call(store.app, 'getRoleInfo', { game_id: 232, area: 'asia', server_id: '', role_id: '' })).msg).toBe(
        'Please select a server',
      );
    });

    it('follow ACCEPT-LANGUAGE when the body has no area', async () => {
      const ask = (language: string) =>
        call(store.app, 'custUrl', { game_id: 999, area: '' }, { headers: { 'accept-language': language } });
      expect((await ask('kr')).msg).toBe('이 지역에서는 이용할 수 없는 게임입니다.');
      expect((await ask('zh-TW,zh;q=0.9')).msg).toBe('该游戏在此地区不可用。');
      expect((await ask('fr-FR,fr;q=0.9')).msg).toBe('This game is not available in this region.');
    });

    it("speak the page's language when the page sends one, whatever the area (one language per screen)", async () => {
      const ask = (language: string) => call(store.app, 'getTab', { game_id: 18, area: 'xx' }, { headers: { 'accept-language': language } });
      // The spec's area rule alone: an unknown area reads Chinese.
      expect((await call(store.app, 'getTab', { game_id: 18, area: 'xx' })).msg).toBe('该游戏在此地区不可用。');
      expect((await ask('en')).msg).toBe('This game is not available in this region.');
      expect((await ask('ko')).msg).toBe('이 지역에서는 이용할 수 없는 게임입니다.');
      // An area code in the header (Family B) does not override the body's area.
      expect((await ask('us')).msg).toBe('该游戏在此地区不可用。');
    });
  });

  describe('our own faults', () => {
    it('answer ret 1099 with HTTP 500 and no details when the database is gone', async () => {
      const broken = await openTestStore(target);
      await broken.db.close();
      try {
        const answer = await call(broken.app, 'getPayPrice', { type: '', game_id: 18, area: 'us', role_id: '', ln_uid: '' });
        expect(answer).toEqual({
          status: 500,
          ret: 1099,
          data: null,
          msg: 'Something went wrong on our side. Please try again later.',
        });
      } finally {
        await broken.app.close();
      }
    });
  });
});

describe.each(testDbTargets())('role lookup rate limit on $name', (target) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await openTestStore(target, { roleLookupsPerMinute: 3 });
  });
  afterAll(async () => {
    await store?.close();
  });

  const lookUp = (action: string, remoteAddress: string) =>
    call(store.app, action, { game_id: 18, area: 'us', server_id: '1801', role_id: '1801001' }, { remoteAddress });

  it('allows a few lookups per address per minute, across every lookup action, then answers 429 / ret 1007', async () => {
    expect((await lookUp('getRoleInfo', '10.0.0.1')).ret).toBe(0);
    expect((await lookUp('pcpay/roleInfo', '10.0.0.1')).ret).toBe(0);
    expect((await call(store.app, 'pcpay/getPczsRoleList', { game_id: 18, area: '', uid: '1800001' }, { remoteAddress: '10.0.0.1' })).ret).toBe(0);
    const limited = await lookUp('getRoleInfo', '10.0.0.1');
    expect(limited).toMatchObject({ status: 429, ret: 1007, data: null, msg: 'Too many character lookups. Please wait a minute and try again.' });
    expect((await lookUp('pcpay/roleInfo', '10.0.0.1')).ret).toBe(1007);
    // Another address is not affected, nor are catalogue reads from the limited one.
    expect((await lookUp('getRoleInfo', '10.0.0.2')).ret).toBe(0);
    expect((await call(store.app, 'getTab', { game_id: 18, area: 'us' }, { remoteAddress: '10.0.0.1' })).ret).toBe(0);
  });
});
