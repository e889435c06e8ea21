import { loadConfig } from '../src/config';
import type { Db } from '../src/db/db';
import { addOperator } from '../src/ops/operator-admin';
import { openTestStore, type TestStore } from './support/test-app';
import { testDbTargets } from './support/test-db';
import { Console, PASSWORD } from './support/ops-console-client';

jest.setTimeout(120_000);

const SETUP = { name: 'service:test-setup', operatorId: null, address: 'test' };

describe.each(testDbTargets())('operators, sign-ins and the audit log on $name', (target) => {
  let store: TestStore;
  let db: Db;
  let url = '';

  beforeAll(async () => {
    // One proxy in front: X-Forwarded-For names the client, so a test can speak from several addresses.
    store = await openTestStore(target, { trustProxy: 1, ops: { ...loadConfig({}).ops, signInsPerAddress: 10_000 } });
    db = store.db;
    await store.app.listen({ host: '127.0.0.1', port: 0 });
    const address = store.app.server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(() => store?.close());

  /** A back-office browser at a client address of its own. */
  const browserAt = (address: string) => {
    const browser = new Console(url);
    const from = { 'x-forwarded-for': address };
    return {
      browser,
      signIn: async (email: string, password = PASSWORD) => {
        await browser.send('GET', '/session', undefined, from);
        return browser.send('POST', '/session', { email, password }, from);
      },
      send: (method: string, path: string, body?: unknown) => browser.send(method, path, body, from),
    };
  };

  it('never leaves the store without an admin, even when two admins demote each other at the same moment', async () => {
    const first = await addOperator(db, SETUP, { email: 'first.admin@ops.example', role: 'admin', password: PASSWORD });
    const second = await addOperator(db, SETUP, { email: 'second.admin@ops.example', role: 'admin', password: PASSWORD });
    // Only these two are admins: the operators of other tests are not.
    await db.query(`UPDATE operators SET role = 'viewer' WHERE role = 'admin' AND id NOT IN ($1, $2)`, [first.id, second.id]);
    const one = browserAt('198.51.100.1');
    const two = browserAt('198.51.100.2');
    expect((await one.signIn('first.admin@ops.example')).status).toBe(200);
    expect((await two.signIn('second.admin@ops.example')).status).toBe(200);
    for (let round = 0; round < 8; round += 1) {
      await db.query(`UPDATE operators SET role = 'admin', disabled_at = NULL WHERE id IN ($1, $2)`, [first.id, second.id]);
      const change = round % 2 === 0 ? { role: 'viewer', reason: `round ${round}` } : { disabled: true, reason: `round ${round}` };
      const answers = await Promise.all([one.send('PATCH', `/operators/${second.id}`, change), two.send('PATCH', `/operators/${first.id}`, change)]);
      // One change is done; the other is refused: the last admin (409), or no longer an admin (403) or signed out as disabled (401) by the time it is checked.
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
      expect(answers.filter((answer) => answer.status !== 200).map((answer) => answer.body.code)).toEqual([expect.stringMatching(/^(lastAdmin|forbidden|signedOut)$/)]);
      const [admins] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM operators WHERE role = 'admin' AND disabled_at IS NULL`);
      expect(admins?.n).toBe(1);
      // A disabled admin is signed out: sign the pair in again for the next round.
      if (change.disabled) {
        await db.query(`UPDATE operators SET role = 'admin', disabled_at = NULL WHERE id IN ($1, $2)`, [first.id, second.id]);
        expect((await one.signIn('first.admin@ops.example')).status).toBe(200);
        expect((await two.signIn('second.admin@ops.example')).status).toBe(200);
      }
    }
  });

  it('records every refused sign-in and every lock in the audit log, with the address typed and where it came from', async () => {
    await addOperator(db, SETUP, { email: 'audited@ops.example', role: 'viewer', password: PASSWORD });
    const stranger = browserAt('203.0.113.7');
    for (let i = 0; i < 5; i += 1) await stranger.signIn('Audited@ops.example', `wrong password ${i}`);
    expect((await stranger.signIn('nobody.here@ops.example', 'wrong password')).status).toBe(401);
    const rows = await db.query<{ action: string; actor: string; target_id: string; address: string; after: { why?: string; lock?: number } }>(
      `SELECT action, actor, target_id, address, after FROM audit_log WHERE action IN ('session.sign_in_refused', 'session.locked') AND address = '203.0.113.7' ORDER BY id`,
    );
    expect(rows.map((row) => [row.action, row.target_id, row.after.why ?? row.after.lock])).toEqual([
      ...Array.from({ length: 5 }, () => ['session.sign_in_refused', 'audited@ops.example', 'wrong password']),
      ['session.locked', 'audited@ops.example', 1],
      ['session.sign_in_refused', 'nobody.here@ops.example', 'unknown address'],
    ]);
    expect(rows.every((row) => row.actor === row.target_id && row.address === '203.0.113.7')).toBe(true);
    expect(JSON.stringify(rows)).not.toContain('wrong password 0');
  });

  it('locks the stranger out, not the operator at their own address; each further lock of the stranger lasts longer', async () => {
    await addOperator(db, SETUP, { email: 'target@ops.example', role: 'viewer', password: PASSWORD });
    const stranger = browserAt('203.0.113.50');
    const operator = browserAt('192.0.2.10');
    for (let i = 0; i < 4; i += 1) expect((await stranger.signIn('target@ops.example', 'guessing wrong')).status).toBe(401);
    const locked = await stranger.signIn('target@ops.example', 'guessing wrong');
    expect(locked).toMatchObject({ status: 429, body: { code: 'locked' } });
    expect((await stranger.signIn('target@ops.example')).status).toBe(429);
    // The real operator, from their own address, signs in at once.
    expect((await operator.signIn('target@ops.example')).status).toBe(200);

    const lockOf = async () =>
      (await db.query<{ minutes: number }>(`SELECT round(extract(epoch FROM locked_until - now()) / 60)::int AS minutes FROM operator_sign_in_failures WHERE email = 'target@ops.example' AND address = '203.0.113.50'`))[0]?.minutes;
    const lengths = [await lockOf()];
    for (let lock = 2; lock <= 4; lock += 1) {
      await db.query(`UPDATE operator_sign_in_failures SET locked_until = now() - interval '1 second' WHERE address = '203.0.113.50'`);
      for (let i = 0; i < 5; i += 1) await stranger.signIn('target@ops.example', 'guessing wrong');
      lengths.push(await lockOf());
    }
    expect(lengths).toEqual([1, 2, 4, 8]);
    const locks = await db.query<{ lock: number }>(`SELECT (after->>'lock')::int AS lock FROM audit_log WHERE action = 'session.locked' AND address = '203.0.113.50' ORDER BY id`);
    expect(locks.map((row) => row.lock)).toEqual([1, 2, 3, 4]);
  });

  it('refuses to empty the audit log, by TRUNCATE or by a TRUNCATE that cascades from the operators', async () => {
    const [before] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log');
    expect(before?.n).toBeGreaterThan(0);
    await expect(db.query('TRUNCATE audit_log')).rejects.toThrow(/append-only/);
    await expect(db.query('TRUNCATE operators CASCADE')).rejects.toThrow(/append-only/);
    const [after] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log');
    expect(after?.n).toBe(before?.n);
  });

  it('gives the store\'s own role, set up as docs/operations.md says, no way to empty the audit log or touch its triggers', async () => {
    const role = `topup_store_test_${Math.random().toString(36).slice(2, 10)}`;
    const [where] = await db.query<{ schema: string }>('SELECT current_schema() AS schema');
    const schema = `"${where!.schema}"`;
    await db.query(`CREATE ROLE ${role} NOLOGIN`);
    const asStore = (sql: string) =>
      db.transaction(async (tx) => {
        await tx.query(`SET LOCAL ROLE ${role}`);
        return tx.query(sql);
      });
    try {
      for (const grant of [
        `GRANT USAGE ON SCHEMA ${schema} TO ${role}`,
        `GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA ${schema} TO ${role}`,
        `GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA ${schema} TO ${role}`,
        `REVOKE UPDATE, DELETE, TRUNCATE ON ${schema}.audit_log FROM ${role}`,
      ]) {
        await db.query(grant);
      }
      await asStore(`INSERT INTO audit_log (actor, action) VALUES ('service:role-test', 'test.role')`);
      expect(await asStore(`SELECT action FROM audit_log WHERE action = 'test.role'`)).toHaveLength(1);
      for (const statement of [
        'TRUNCATE audit_log',
        'ALTER TABLE audit_log DISABLE TRIGGER audit_log_never_truncated',
        'DROP TRIGGER audit_log_append_only ON audit_log',
        'DROP TABLE audit_log',
        `DELETE FROM audit_log WHERE action = 'test.role'`,
      ]) {
        await expect(asStore(statement)).rejects.toThrow(/permission denied|must be (the )?owner/);
      }
    } finally {
      await db.query(`DROP OWNED BY ${role}`);
      await db.query(`DROP ROLE ${role}`);
    }
  });
});
