import { loadConfig } from '../src/config';
import type { Db } from '../src/db/db';
import { addOperator } from '../src/ops/operator-admin';
import { TotpSecretBox } from '../src/ops/totp-secret-box';
import { sealClearTotpSecrets } from '../src/ops/operators';
import { newTotpSecret, totpCode } from '../src/ops/two-factor';
import { DEV_OPS_SECRET_KEY } from '../src/settings/development-secrets';
import { openTestStore, type TestStore } from './support/test-app';
import { testDbTargets } from './support/test-db';
import { Console, PASSWORD } from './support/ops-console-client';

jest.setTimeout(180_000);

const SETUP = { name: 'service:test-setup', operatorId: null, address: 'test' };
const KEY = 'a-test-ops-secret-key-of-forty-characters!';

describe('the TOTP secret box', () => {
  const box = new TotpSecretBox(KEY);

  it('seals a secret so that only the same key and operator open it, and refuses an altered one', () => {
    const secret = newTotpSecret();
    const sealed = box.seal(7, secret);
    expect(sealed.startsWith('v1.')).toBe(true);
    expect(sealed).not.toContain(secret);
    expect(box.seal(7, secret)).not.toBe(sealed); // a fresh IV every time
    expect(box.open(7, sealed)).toBe(secret);
    expect(box.open(8, sealed)).toBeNull(); // copied onto another operator's row
    expect(new TotpSecretBox(DEV_OPS_SECRET_KEY).open(7, sealed)).toBeNull(); // another key
    const [head, iv, tag, body] = sealed.split('.');
    const flipped = `${head}.${iv}.${tag}.${Buffer.from(Buffer.from(body ?? '', 'base64url').map((byte, i) => (i === 0 ? byte ^ 1 : byte))).toString('base64url')}`;
    expect(box.open(7, flipped)).toBeNull();
    expect(box.open(7, 'v1.garbage')).toBeNull();
  });

  it('reads a secret stored in the clear (as the store wrote it before decision 297) as it is', () => {
    expect(box.open(7, 'JBSWY3DPEHPK3PXP')).toBe('JBSWY3DPEHPK3PXP');
  });
});

describe.each(testDbTargets())('TOTP secrets at rest on $name', (target) => {
  let store: TestStore;
  let db: Db;
  let url = '';
  let now = new Date('2026-11-28T10:00:00Z');
  const box = new TotpSecretBox(KEY);

  beforeAll(async () => {
    store = await openTestStore(target, { ops: { ...loadConfig({}).ops, secretKey: KEY, developmentSecretKey: false, signInsPerAddress: 1000 } }, { clock: () => now });
    db = store.db;
    await store.app.listen({ host: '127.0.0.1', port: 0 });
    const address = store.app.server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(() => store?.close());

  const signIn = async (email: string) => {
    const tab = new Console(url);
    await tab.send('GET', '/session');
    const answer = await tab.send('POST', '/session', { email, password: PASSWORD });
    return { tab, answer };
  };
  const stored = async (email: string) =>
    (await db.query<{ id: number; totp_secret: string | null; totp_pending_secret: string | null }>('SELECT id, totp_secret, totp_pending_secret FROM operators WHERE email = $1', [email]))[0]!;

  it('keeps a new enrolment\'s secret sealed, pending and confirmed, and signs in with its codes', async () => {
    const email = 'sealed@ops.example';
    await addOperator(db, SETUP, { email, role: 'viewer', password: PASSWORD });
    const { tab } = await signIn(email);
    const started = await tab.send('POST', '/account/two-factor/start');
    const secret: string = started.body.secret;
    const pending = await stored(email);
    expect(pending.totp_pending_secret?.startsWith('v1.')).toBe(true);
    expect(pending.totp_pending_secret).not.toContain(secret);
    expect((await tab.send('POST', '/account/two-factor/confirm', { code: totpCode(secret, email, now) })).status).toBe(200);
    const row = await stored(email);
    expect(row.totp_secret?.startsWith('v1.')).toBe(true);
    expect(row.totp_secret).not.toContain(secret);
    expect(box.open(row.id, row.totp_secret ?? '')).toBe(secret);

    now = new Date(now.getTime() + 30_000);
    const again = await signIn(email);
    expect(again.answer.body.stage).toBe('secondFactor');
    expect((await again.tab.send('POST', '/session/second-factor', { code: totpCode(secret, email, now) })).status).toBe(200);
  });

  it('still signs in an operator whose secret the earlier migration left in the clear, and seals it at the next start', async () => {
    const email = 'clear@ops.example';
    const secret = newTotpSecret();
    await addOperator(db, SETUP, { email, role: 'viewer', password: PASSWORD });
    await db.query(`UPDATE operators SET totp_secret = $2, totp_enrolled_at = now() WHERE email = $1`, [email, secret]);

    now = new Date(now.getTime() + 60_000);
    const first = await signIn(email);
    expect(first.answer.body.stage).toBe('secondFactor');
    expect((await first.tab.send('POST', '/session/second-factor', { code: totpCode(secret, email, now) })).status).toBe(200);

    // What every instance does at start: the clear rows are sealed, once.
    expect(await sealClearTotpSecrets(db, box)).toBe(1);
    expect(await sealClearTotpSecrets(db, box)).toBe(0);
    const row = await stored(email);
    expect(row.totp_secret?.startsWith('v1.')).toBe(true);
    expect(box.open(row.id, row.totp_secret ?? '')).toBe(secret);

    now = new Date(now.getTime() + 60_000);
    const second = await signIn(email);
    expect((await second.tab.send('POST', '/session/second-factor', { code: totpCode(secret, email, now) })).status).toBe(200);
  });

  it('refuses every code of a sealed secret copied onto another operator, without a server error', async () => {
    const victim = await stored('sealed@ops.example');
    const email = 'copier@ops.example';
    await addOperator(db, SETUP, { email, role: 'viewer', password: PASSWORD });
    await db.query(`UPDATE operators SET totp_secret = $2, totp_enrolled_at = now() WHERE email = $1`, [email, victim.totp_secret]);
    const secret = box.open(victim.id, victim.totp_secret ?? '') ?? '';
    now = new Date(now.getTime() + 60_000);
    const { tab, answer } = await signIn(email);
    expect(answer.body.stage).toBe('secondFactor');
    const refused = await tab.send('POST', '/session/second-factor', { code: totpCode(secret, email, now) });
    expect([refused.status, refused.body.code]).toEqual([400, 'wrongCode']);
  });
});
