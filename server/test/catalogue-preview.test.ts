import { randomBytes } from 'node:crypto';
import { exportCatalogue } from '../src/catalogue/catalogue-file';
import { loadConfig } from '../src/config';
import { addOperator } from '../src/ops/operator-admin';
import { call, openTestStore, type TestStore } from './support/test-app';
import { testDbTargets } from './support/test-db';
import { Console, PASSWORD } from './support/ops-console-client';

jest.setTimeout(120_000);

const SETUP = { name: 'service:test-setup', operatorId: null, address: 'test' };
const OPS_TOKEN = 'preview-test-ops-token-0123456789abcdef';

type Bundle = { product_id: string; amount: string };

describe.each(testDbTargets())('the draft previewed on the player\'s pages on $name', (target) => {
  let store: TestStore;
  let url: string;

  beforeAll(async () => {
    store = await openTestStore(target, { ops: { ...loadConfig({}).ops, signInsPerAddress: 10_000 }, opsToken: OPS_TOKEN });
    await store.app.listen({ host: '127.0.0.1', port: 0 });
    const address = store.app.server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    await addOperator(store.db, SETUP, { email: 'merch@ops.example', role: 'merchandiser', password: PASSWORD });
    await addOperator(store.db, SETUP, { email: 'viewer@ops.example', role: 'viewer', password: PASSWORD });
  });
  afterAll(() => store.close());

  const signedIn = async (email: string) => {
    const console = new Console(url);
    expect((await console.signIn(email)).status).toBe(200);
    return console;
  };
  /** The preview cookie a back-office answer set, as a player's request would carry it. */
  const previewCookieOf = (console: Console) => {
    const line = console.setCookieLines.find((l) => l.startsWith('topup_catalogue_preview='));
    expect(line).toMatch(/; Path=\/api(;|$)/);
    expect(line).toMatch(/HttpOnly/);
    expect(line).toMatch(/SameSite=Strict/);
    return line!.split(';')[0]!;
  };
  const priceOf = async (cookie?: string) => {
    const answer = await call<Bundle[]>(store.app, 'getPayPrice', { type: '', game_id: 18, area: 'us', role_id: '', ln_uid: '' }, cookie ? { headers: { cookie } } : {});
    return answer.data.find((b) => b.product_id === '18-us-currency-300')?.amount;
  };
  const revisionOf = async () => (await store.db.query<{ revision: number }>('SELECT revision::int AS revision FROM catalogue_revision'))[0]!.revision;

  it('shows a signed-in operator the draft and everyone else the published catalogue; an ended session, a forged or a bearer preview shows nothing', async () => {
    const merch = await signedIn('merch@ops.example');
    const live = (await exportCatalogue(store.db)).bundles.find((b) => b.product_id === '18-us-currency-300')!;
    const published = await priceOf();
    expect((await merch.send('POST', '/catalogue/draft/rows', { list: 'bundles', row: { ...live, price_minor: live.price_minor + 100 } })).status).toBe(200);
    const revision = await revisionOf();

    // A viewer may preview too (read); the cookie names the session, never carries its token.
    const viewer = await signedIn('viewer@ops.example');
    expect((await viewer.send('POST', '/catalogue/draft/preview')).body).toMatchObject({ previewing: true });
    const cookie = previewCookieOf(viewer);
    const session = /topup_ops_session=([^;]+)/.exec(viewer.headers().cookie ?? '')![1]!;
    expect(cookie).not.toContain(session);
    const drafted = ((live.price_minor + 100) / 100).toFixed(2);
    expect(await priceOf(cookie)).toBe(drafted);
    // Players, and the catalogue itself, are untouched: no revision was made or announced.
    expect(await priceOf()).toBe(published);
    expect(await revisionOf()).toBe(revision);
    expect((await exportCatalogue(store.db)).bundles.find((b) => b.product_id === '18-us-currency-300')!.price_minor).toBe(live.price_minor);

    // A made-up cookie, junk, and one of a session that signed out are the published catalogue.
    expect(await priceOf(`topup_catalogue_preview=${randomBytes(32).toString('hex')}`)).toBe(published);
    expect(await priceOf(`topup_catalogue_preview=${"'; DROP TABLE bundles; --"}`)).toBe(published);
    expect(await priceOf(`topup_catalogue_preview=${'a'.repeat(9000)}`)).toBe(published);
    expect((await viewer.send('DELETE', '/session')).status).toBeLessThan(300);
    expect(await priceOf(cookie)).toBe(published);

    // Automation has no browser session to preview in; a stranger no session at all.
    const bearer = await fetch(`${url}/ops/api/catalogue/draft/preview`, { method: 'POST', headers: { authorization: `Bearer ${OPS_TOKEN}` } });
    expect([bearer.status, ((await bearer.json()) as { code: string }).code]).toEqual([400, 'previewNeedsSession']);
    expect((await new Console(url).send('POST', '/catalogue/draft/preview')).status).toBe(401);

    // Ending the preview clears the cookie; the draft is still the merchandiser's to publish or drop.
    expect((await merch.send('POST', '/catalogue/draft/preview')).status).toBe(200);
    const own = previewCookieOf(merch);
    expect(await priceOf(own)).toBe(drafted);
    expect((await merch.send('POST', '/catalogue/draft/preview/end')).body).toEqual({ previewing: false });
    expect(merch.setCookieLines.find((l) => l.startsWith('topup_catalogue_preview='))).toMatch(/Path=\/api/);
    expect((await merch.send('POST', '/catalogue/draft/discard', { reason: 'preview test' })).status).toBe(200);
    expect(await priceOf(own)).toBe(published);
  });
});
