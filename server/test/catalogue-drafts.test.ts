import { buildApp } from '../src/http/app';
import { CatalogueCache } from '../src/catalogue/catalogue-cache';
import { checkCatalogueFile, exportCatalogue, importCatalogue } from '../src/catalogue/catalogue-file';
import { loadConfig } from '../src/config';
import { addOperator } from '../src/ops/operator-admin';
import { call, GENEROUS_LIMITS, openTestStore, type TestStore } from './support/test-app';
import { testDbTargets } from './support/test-db';
import { Console, PASSWORD, type Json } from './support/ops-console-client';

jest.setTimeout(120_000);

const SETUP = { name: 'service:test-setup', operatorId: null, address: 'test' };
const names = (en: string) => ({ en, ko: `${en} (ko)`, zh: `${en} (zh)` });

/** A game of its own, sold in one area, as the back office's forms write it row by row. */
const GAME = {
  game_id: 901,
  names: names('Starfall Harbor'),
  descriptions: names('Sail, trade and fight for the harbour.'),
  icon_url: '/assets/games/18.svg',
  role_lookup: 'id',
  server_sign_required: false,
  role_help_image: '',
  in_voucher_centre: true,
  sort: 50,
  help: { en: ['Pearls arrive in the harbour mailbox.', 'Collect them at the dock.'] },
};
const AREA = { game_id: 901, area: 'us', customer_service_url: null, sort: 0 };
const server = (id: string, name: string, sort: number, open = true) => ({ game_id: 901, area: 'us', region: '', server_id: id, server_name: name, server_sign: '', sort, open });
const TAB = { game_id: 901, area: 'us', type: 'Pearls', labels: { ko: '진주', zh: '珍珠' }, sort: 0 };
const PAY = { game_id: 901, area: 'us', pay_type: 'card', name: 'Credit or debit card', names: {}, icon_url: '/assets/pay/card.svg', brands: ['visa'], sort: 0, price_percent: 0 };
const bundle = (n: number, price: number) => ({
  game_id: 901,
  area: 'us',
  type: 'Pearls',
  product_id: `901-us-pearls-${n}`,
  product_name: `${n} Pearls`,
  product_content: `${n} Pearls by in-game mail.`,
  product_file_url: '/assets/products/currency-1.svg',
  price_minor: price,
  first_buy_offer: false,
  first_pay_icon: '',
  first_pay_content: '',
  pay_icon: '',
  pay_content: '',
  items: [{ name: 'Pearl', quantity: n }],
  first_buy_items: [],
  bonus_items: [],
  role_buy_limit: 0,
  texts: {},
  active: true,
  sort: n,
});

const bundlesOf = async (app: TestStore['app'], gameId: number) =>
  (await call<Array<{ product_id: string; amount: string }>>(app, 'getPayPrice', { type: '', game_id: gameId, area: 'us', role_id: '', ln_uid: '' })).data;

describe.each(testDbTargets())('the catalogue draft on $name', (target) => {
  let store: TestStore;
  let url: string;

  beforeAll(async () => {
    store = await openTestStore(target, { ops: { ...loadConfig({}).ops, signInsPerAddress: 10_000 } });
    await store.app.listen({ host: '127.0.0.1', port: 0 });
    const address = store.app.server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    await addOperator(store.db, SETUP, { email: 'merch@ops.example', role: 'merchandiser', password: PASSWORD });
    await addOperator(store.db, SETUP, { email: 'viewer@ops.example', role: 'viewer', password: PASSWORD });
    await addOperator(store.db, SETUP, { email: 'admin@ops.example', role: 'admin', password: PASSWORD });
  });
  afterAll(() => store.close());

  const signedIn = async (email: string) => {
    const console = new Console(url);
    expect((await console.signIn(email)).status).toBe(200);
    return console;
  };
  const save = (console: Console, list: string, row: unknown) => console.send('POST', '/catalogue/draft/rows', { list, row });

  it('collects a new game row by row without showing it to players, lists what is missing, then publishes it as one audited revision', async () => {
    const merch = await signedIn('merch@ops.example');
    const revision = (await merch.send('GET', '/catalogue/draft')).body.revision as number;
    expect((await save(merch, 'games', GAME)).status).toBe(200);
    expect((await save(merch, 'game_areas', AREA)).status).toBe(200);
    const partial: Json = (await save(merch, 'product_tabs', TAB)).body.draft;
    expect(partial.problems).toEqual(
      expect.arrayContaining([
        expect.stringContaining('the tab offers no active bundle'),
        expect.stringContaining('the area has no server'),
        expect.stringContaining('the area has no pay method'),
      ]),
    );
    // A draft that cannot be published is refused whole, with its problems, and kept.
    const refused = await merch.send('POST', '/catalogue/draft/publish', { reason: 'too early', request_key: 'draft-publish-0' });
    expect(refused).toMatchObject({ status: 400, body: { code: 'catalogueInvalid' } });
    expect(refused.body.problems).toEqual(partial.problems);

    for (const [list, row] of [
      ['servers', server('901-us-1', 'Harbor 1', 0)],
      ['servers', server('901-us-2', 'Harbor 2', 1)],
      ['pay_types', PAY],
      ['bundles', bundle(100, 199)],
      ['bundles', bundle(500, 899)],
      ['bundles', bundle(1200, 1999)],
    ] as const) {
      expect([list, (await save(merch, list, row)).status]).toEqual([list, 200]);
    }
    const ready: Json = (await merch.send('GET', '/catalogue/draft')).body;
    expect(ready.problems).toEqual([]);
    expect(ready.rows).toHaveLength(9);
    expect(ready.rows.every((row: Json) => row.kind === 'new' && row.updated_by === 'merch@ops.example' && !row.stale)).toBe(true);
    expect(ready.diff.lists.bundles).toMatchObject({ added: 3, changed: 0, retired: 0, rows: { added: [{ key: '901-us-pearls-100', name: '100 Pearls', to_minor: 199, game_id: 901, area: 'us' }, {}, {}] } });
    expect((await bundlesOf(store.app, 901)) ?? []).toEqual([]);

    const published = await merch.send('POST', '/catalogue/draft/publish', { reason: 'Starfall Harbor opens', request_key: 'draft-publish-1' });
    expect([published.status, published.body]).toEqual([200, { revision: revision + 1, done: true, counts: expect.objectContaining({ games: expect.any(Number) }) }]);
    expect((await merch.send('POST', '/catalogue/draft/publish', { reason: 'Starfall Harbor opens', request_key: 'draft-publish-1' })).body).toEqual({ revision: revision + 1, done: false });
    expect((await bundlesOf(store.app, 901)).map((b) => [b.product_id, b.amount])).toEqual([
      ['901-us-pearls-100', '1.99'],
      ['901-us-pearls-500', '8.99'],
      ['901-us-pearls-1200', '19.99'],
    ]);
    // The game's own instructions in the languages it has them in; the store's in the others.
    const tab = (language: string) => call<{ game: { help: string[] } }>(store.app, 'getTab', { game_id: 901, area: 'us' }, { headers: { 'accept-language': language } });
    expect((await tab('en')).data.game.help).toEqual(GAME.help.en);
    expect((await tab('ko')).data.game.help).toEqual([]);

    const after: Json = (await merch.send('GET', '/catalogue/draft')).body;
    expect(after).toMatchObject({ revision: revision + 1, rows: [], problems: [] });
    const audit = await store.db.query<{ action: string; n: number }>(
      `SELECT action, count(*)::int AS n FROM audit_log WHERE actor = 'merch@ops.example' AND action LIKE 'catalogue.%' GROUP BY action ORDER BY action`,
    );
    expect(audit).toEqual([
      { action: 'catalogue.draft', n: 9 },
      { action: 'catalogue.import', n: 1 },
    ]);
    expect((await merch.send('GET', '/catalogue')).body.revisions[0]).toMatchObject({ revision: revision + 1, actor: 'merch@ops.example', reason: 'Starfall Harbor opens' });
    // A server closed in the back office leaves the players' server list; closing every one is refused.
    const serverIds = async () => (await call<Array<{ server_id: string }>>(store.app, 'getServerList', { game_id: 901, area: 'us', region: '' })).data.map((s) => s.server_id);
    expect(await serverIds()).toEqual(['901-us-1', '901-us-2']);
    await store.db.exec(`INSERT INTO sandbox_roles (game_id, server_id, role_id, role_name, uid, last_login_at) VALUES (901, '901-us-2', '9012', 'Harbor Hand', '9010', now())`);
    const lookUp = () => call(store.app, 'getRoleInfo', { role_id: '9012', server_id: '901-us-2', area: 'us', game_id: 901, server_sign: '', role_name: '' });
    expect((await lookUp()).ret).toBe(0);
    await save(merch, 'servers', server('901-us-2', 'Harbor 2', 1, false));
    await merch.send('POST', '/catalogue/draft/publish', { reason: 'Harbor 2 merged', request_key: 'draft-publish-close' });
    expect(await serverIds()).toEqual(['901-us-1']);
    expect((await lookUp()).ret).not.toBe(0);
    const closedAll: Json = (await save(merch, 'servers', server('901-us-1', 'Harbor 1', 0, false))).body.draft;
    expect(closedAll.problems).toEqual([expect.stringContaining('us): every server of the area is closed (players could choose none)')]);
    await merch.send('POST', '/catalogue/draft/discard', { reason: 'keep Harbor 1 open' });
  });

  it('refuses a malformed row with every problem and keeps nothing of it; a row saved as the catalogue has it leaves the draft', async () => {
    const merch = await signedIn('merch@ops.example');
    const bad = await save(merch, 'bundles', { ...bundle(7, 0), area: 'US', extra: 1 });
    expect(bad).toMatchObject({ status: 400, body: { code: 'rowInvalid' } });
    expect(bad.body.problems).toEqual(
      expect.arrayContaining([expect.stringContaining('must NOT have additional properties (extra)'), expect.stringMatching(/^area: must match pattern/), expect.stringMatching(/^price_minor: must be >= 1/)]),
    );
    expect((await save(merch, 'dragons', GAME)).body.code).toBe('noSuchList');
    expect((await merch.send('GET', '/catalogue/draft')).body.rows).toEqual([]);

    const live = (await exportCatalogue(store.db)).bundles.find((b) => b.product_id === '18-us-currency-300')!;
    expect((await save(merch, 'bundles', { ...live, sort: live.sort + 1 })).body.draft.rows).toHaveLength(1);
    expect((await save(merch, 'bundles', live)).body.draft.rows).toEqual([]);
    await save(merch, 'bundles', { ...live, product_name: 'Renamed' });
    const dropped = await merch.send('POST', '/catalogue/draft/drop', { list: 'bundles', key: live.product_id });
    expect(dropped.body.draft.rows).toEqual([]);
    expect((await merch.send('POST', '/catalogue/draft/drop', { list: 'bundles', key: live.product_id })).body.code).toBe('notInDraft');
    expect((await merch.send('POST', '/catalogue/draft/publish', { reason: 'nothing', request_key: 'draft-publish-empty' })).body.code).toBe('emptyDraft');
  });

  it('asks a second confirmation for a large price change, and refuses a row the catalogue changed since it was drafted until it is saved again', async () => {
    const merch = await signedIn('merch@ops.example');
    const live = (await exportCatalogue(store.db)).bundles.find((b) => b.product_id === '18-us-currency-980')!;
    await save(merch, 'bundles', { ...live, price_minor: live.price_minor * 3 });
    const unconfirmed = await merch.send('POST', '/catalogue/draft/publish', { reason: 'triple', request_key: 'draft-publish-2' });
    expect(unconfirmed).toMatchObject({ status: 409, body: { code: 'confirmPriceChanges', price_changes: [{ product_id: '18-us-currency-980', percent: 200 }] } });

    // Meanwhile a file changes the same bundle: the draft's row was made from what it replaced.
    const file = await exportCatalogue(store.db);
    const changed = { ...file, bundles: file.bundles.map((b) => (b.product_id === live.product_id ? { ...b, product_name: 'Changed by a file' } : b)) };
    await importCatalogue(store.db, store.catalogue, changed, { actor: 'service:test', reason: 'file', source: 'import' });
    const draft: Json = (await merch.send('GET', '/catalogue/draft')).body;
    expect(draft.rows).toMatchObject([{ list: 'bundles', key: live.product_id, stale: true, live: { product_name: 'Changed by a file' } }]);
    const stale = await merch.send('POST', '/catalogue/draft/publish', { reason: 'triple', request_key: 'draft-publish-3', confirm_price_changes: true });
    expect(stale).toMatchObject({ status: 409, body: { code: 'staleDraft', problems: [`bundles: ${live.product_id}`] } });

    await save(merch, 'bundles', { ...draft.rows[0].live, price_minor: live.price_minor * 3 });
    const published = await merch.send('POST', '/catalogue/draft/publish', { reason: 'triple', request_key: 'draft-publish-4', confirm_price_changes: true });
    expect(published.status).toBe(200);
    const now = (await exportCatalogue(store.db)).bundles.find((b) => b.product_id === live.product_id)!;
    expect(now).toMatchObject({ price_minor: live.price_minor * 3, product_name: 'Changed by a file' });
  });

  it('refuses to draft a picture the store does not have (never uploaded, a missing file, another site\'s), and publishes one that was uploaded', async () => {
    const merch = await signedIn('merch@ops.example');
    const live = (await exportCatalogue(store.db)).bundles.find((b) => b.product_id === '18-us-currency-60')!;
    const never = '/assets/catalogue/0123456789abcdef0123.png';
    const refused = await save(merch, 'bundles', { ...live, product_file_url: never });
    expect(refused).toMatchObject({
      status: 400,
      body: { code: 'rowInvalid', problems: [`product_file_url: the picture ${never} was never uploaded to this store`], pictures: [{ field: 'product_file_url', url: never, reason: 'notUploaded' }] },
    });
    const banner = (await exportCatalogue(store.db)).banners[0]!;
    const gone = await save(merch, 'banners', { ...banner, slideshow_url: '/assets/banners/18-9.svg' });
    expect(gone.body).toMatchObject({ code: 'rowInvalid', pictures: [{ field: 'slideshow_url', url: '/assets/banners/18-9.svg', reason: 'notFound' }] });
    const elsewhere = await save(merch, 'banners', { ...banner, slideshow_url: 'https://cdn.example.com/slide.png' });
    expect(elsewhere.body).toMatchObject({ code: 'rowInvalid', pictures: [{ field: 'slideshow_url', reason: 'notOurs' }] });
    expect((await merch.send('GET', '/catalogue/draft')).body.rows).toEqual([]);
    // A store file that exists is taken.
    expect((await save(merch, 'banners', { ...banner, slideshow_url: '/assets/banners/18-2.svg' })).status).toBe(200);
    await merch.send('POST', '/catalogue/draft/discard', { reason: 'picture test' });

    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+KAAAAEUlEQVR42mP8z8BQz0AEYBxVSF8AAFeSBPkI2+HUAAAAAElFTkSuQmCC', 'base64');
    const upload = await fetch(`${url}/ops/api/catalogue/images`, { method: 'POST', headers: { ...merch.headers(), 'content-type': 'image/png' }, body: png });
    expect(upload.status).toBe(201);
    const picture = ((await upload.json()) as { url: string }).url;
    expect((await save(merch, 'bundles', { ...live, product_file_url: picture })).body.draft.problems).toEqual([]);
    expect((await merch.send('POST', '/catalogue/draft/publish', { reason: 'picture', request_key: 'draft-publish-picture-2' })).status).toBe(200);
    const served = await fetch(`${url}${picture}`);
    expect([served.status, served.headers.get('cache-control')]).toEqual([200, 'public, max-age=31536000, immutable']);
  });

  it('sets a game\'s server address and secret at once (an admin), audited without the secret, which no answer carries', async () => {
    const merchandiser = await signedIn('merch@ops.example');
    expect((await merchandiser.send('POST', '/catalogue/game-servers', { game_id: 18, reason: 'mine', url: '' })).status).toBe(403);
    const merch = await signedIn('admin@ops.example');
    const set = (body: Record<string, unknown>) => merch.send('POST', '/catalogue/game-servers', { game_id: 18, reason: 'new game server', ...body });
    expect((await set({ url: 'http://game.example.com/topup' })).body.code).toBe('badGameServer');
    expect((await set({ url: 'https://game.example.com/topup' })).body.code).toBe('weakGameServerSecret');
    expect((await set({ url: 'https://game.example.com/topup', secret: 'short' })).body.code).toBe('weakGameServerSecret');
    expect((await merch.send('POST', '/catalogue/game-servers', { game_id: 99999, url: '', reason: 'x' })).body.code).toBe('noSuchGame');
    const secret = 'a-game-server-secret-of-32-chars!';
    const revision = (await merch.send('GET', '/catalogue/draft')).body.revision as number;
    const done = await set({ url: 'https://game.example.com/topup', secret });
    expect(done.body).toEqual({ game_server: { game_id: 18, url: 'https://game.example.com/topup', secret_set: true } });
    expect((await merch.send('GET', '/catalogue/draft')).body.revision).toBe(revision + 1);
    const listed = await merch.send('GET', '/catalogue/game-servers');
    expect(listed.body.game_servers).toContainEqual({ game_id: 18, url: 'https://game.example.com/topup', secret_set: true });
    expect(listed.text).not.toContain(secret);
    // The address changes again; the secret stays when none is given.
    await set({ url: 'https://game2.example.com/topup' });
    const rows = await store.db.query<{ game_server_url: string; game_server_secret: string }>('SELECT game_server_url, game_server_secret FROM games WHERE game_id = 18');
    expect(rows).toEqual([{ game_server_url: 'https://game2.example.com/topup', game_server_secret: secret }]);
    const audit = await store.db.query<{ row: unknown }>(`SELECT to_jsonb(a) AS row FROM audit_log a WHERE action = 'catalogue.game_server'`);
    expect(audit).toHaveLength(2);
    expect(JSON.stringify(audit)).not.toContain(secret);
    expect((await store.catalogue.get()).games.get(18)?.gameServer).toEqual({ url: 'https://game2.example.com/topup', secret });
    await set({ url: '' });
  });

  it('offers the payment provider\'s pay types and refuses a pay method it does not take', async () => {
    const merch = await signedIn('merch@ops.example');
    const draft: Json = (await save(merch, 'pay_types', { ...PAY, game_id: 18, pay_type: 'carrier_pigeon' })).body.draft;
    expect(draft.provider_pay_types).toEqual(['card', 'wallet', 'bank', 'mobile']);
    expect(draft.problems).toEqual([expect.stringMatching(/\(18\/us\/carrier_pigeon\): the payment provider takes no pay type "carrier_pigeon" \(it takes card, wallet, bank, mobile\)$/)]);
    await merch.send('POST', '/catalogue/draft/discard', { reason: 'no pigeons' });
  });

  it('refuses a game\'s rewards the file check refuses (an unknown time zone, tiers out of order, a reward named twice) when drafted, and publishes a good change with what it changes named', async () => {
    const merch = await signedIn('merch@ops.example');
    const game = (await exportCatalogue(store.db)).games.find((g) => g.game_id === 18)!;
    const rewards = game.rewards!;
    const zone = await save(merch, 'games', { ...game, rewards: { ...rewards, time_zone: 'Asia/Atlantis' } });
    expect(zone).toMatchObject({
      status: 400,
      body: { code: 'rowInvalid', problems: ['rewards.time_zone "Asia/Atlantis" is not a time zone (use an IANA name such as Asia/Seoul)'], rewards: [{ field: 'time_zone', reason: 'timeZone', value: 'Asia/Atlantis' }] },
    });
    const order = await save(merch, 'games', { ...game, rewards: { ...rewards, tiers: [rewards.tiers[1], rewards.tiers[0]] } });
    expect(order.body).toMatchObject({ code: 'rowInvalid', rewards: [{ field: 'tiers', reason: 'tierOrder' }] });
    const twice = await save(merch, 'games', { ...game, rewards: { ...rewards, redeem: [rewards.redeem![0], { ...rewards.redeem![0], points: 900 }] } });
    expect(twice.body).toMatchObject({ code: 'rowInvalid', rewards: [{ field: 'redeem', reason: 'rewardTwice', value: '18-points-100' }] });
    expect((await merch.send('GET', '/catalogue/draft')).body.rows).toEqual([]);
    // The same rules judge a file.
    expect(checkCatalogueFile({ ...(await exportCatalogue(store.db)), games: [{ ...game, rewards: { ...rewards, time_zone: 'Asia/Atlantis' } }] })).toEqual(
      expect.arrayContaining([expect.stringMatching(/\(18\): rewards\.time_zone "Asia\/Atlantis" is not a time zone/)]),
    );

    const gift = [{ name: 'Dragon Gems', quantity: 25 }];
    const tiers = [rewards.tiers[0]!, { ...rewards.tiers[1]!, min_points: 400 }, ...rewards.tiers.slice(2)];
    const saved = await save(merch, 'games', { ...game, rewards: { ...rewards, daily_gift: gift, tiers } });
    expect(saved.status).toBe(200);
    const changed = (saved.body.draft as Json).diff.lists.games.rows.changed;
    expect(changed).toEqual([expect.objectContaining({ key: '18', fields: ['rewards.daily_gift', 'rewards.tiers'] })]);
    const published = await merch.send('POST', '/catalogue/draft/publish', { reason: 'a bigger daily gift', request_key: 'draft-publish-rewards' });
    expect(published.status).toBe(200);
    expect((await exportCatalogue(store.db)).games.find((g) => g.game_id === 18)!.rewards).toMatchObject({ daily_gift: gift, tiers: [{ min_points: 0 }, { min_points: 400 }, { min_points: 2000 }, { min_points: 10000 }] });
  });

  it('lets a viewer read the draft but change nothing', async () => {
    const viewer = await signedIn('viewer@ops.example');
    expect((await viewer.send('GET', '/catalogue/draft')).status).toBe(200);
    expect((await save(viewer, 'games', GAME)).status).toBe(403);
    expect((await viewer.send('POST', '/catalogue/draft/publish', { reason: 'x', request_key: 'draft-publish-viewer' })).status).toBe(403);
  });
});

describe.each(testDbTargets())('a store with an empty catalogue on $name', (target) => {
  it('is filled entirely through the draft: one game, its area, servers, tab, pay method and bundles, published, then offered to players', async () => {
    const db = await target.open();
    const app = await buildApp({
      config: { ...loadConfig({}), seedDemo: false, sandboxGamePort: 0, ops: { ...loadConfig({}).ops, signInsPerAddress: 10_000 } },
      db,
      catalogue: new CatalogueCache(db),
      limits: GENEROUS_LIMITS,
    });
    try {
      await app.listen({ host: '127.0.0.1', port: 0 });
      const address = app.server.address();
      const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      await addOperator(db, SETUP, { email: 'first@ops.example', role: 'merchandiser', password: PASSWORD });
      const merch = new Console(url);
      expect((await merch.signIn('first@ops.example')).status).toBe(200);
      const empty: Json = (await merch.send('GET', '/catalogue/draft')).body;
      expect(Object.values(empty.file).filter(Array.isArray).every((list) => (list as unknown[]).length === 0)).toBe(true);
      for (const [list, row] of [
        ['games', GAME],
        ['game_areas', AREA],
        ['servers', server('901-us-1', 'Harbor 1', 0)],
        ['product_tabs', TAB],
        ['pay_types', PAY],
        ['bundles', bundle(100, 199)],
      ] as const) {
        expect([list, (await merch.send('POST', '/catalogue/draft/rows', { list, row })).status]).toEqual([list, 200]);
      }
      expect((await merch.send('GET', '/catalogue/draft')).body.problems).toEqual([]);
      expect((await merch.send('POST', '/catalogue/draft/publish', { reason: 'first game', request_key: 'empty-store-publish' })).status).toBe(200);
      expect((await bundlesOf(app, 901)).map((b) => [b.product_id, b.amount])).toEqual([['901-us-pearls-100', '1.99']]);
      const servers = await call<Array<{ server_id: string }>>(app, 'getServerList', { game_id: 901, area: 'us', region: '' });
      expect(servers.data.map((s) => s.server_id)).toEqual(['901-us-1']);
    } finally {
      await app.close();
      await db.close();
    }
  });
});
