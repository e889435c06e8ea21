import { loadConfig } from '../src/config';
import type { Db } from '../src/db/db';
import { openIncident } from '../src/alerts';
import { addOperator } from '../src/ops/operator-admin';
import { openTestStore, type TestStore } from './support/test-app';
import { testDbTargets } from './support/test-db';
import { Console, PASSWORD } from './support/ops-console-client';

jest.setTimeout(180_000);

const SETUP = { name: 'service:test-setup', operatorId: null, address: 'test' };

/** The store's mails to an operator (reset link, alerts) in the language they last used in the console. */
describe.each(testDbTargets())('mails to operators in their language on $name', (target) => {
  let store: TestStore;
  let db: Db;
  let url = '';

  beforeAll(async () => {
    store = await openTestStore(target, { ops: { ...loadConfig({}).ops, signInsPerAddress: 1000 }, mail: { ...loadConfig({}).mail, publicUrl: 'https://store.example' } });
    db = store.db;
    await store.app.listen({ host: '127.0.0.1', port: 0 });
    const address = store.app.server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(() => store?.close());

  const signedIn = async (email: string, role: 'viewer' | 'support' = 'viewer') => {
    await addOperator(db, SETUP, { email, role, password: PASSWORD });
    const tab = new Console(url);
    expect((await tab.signIn(email)).status).toBe(200);
    return tab;
  };
  const resetMailOf = async (email: string) => {
    const stranger = new Console(url);
    await stranger.send('GET', '/session');
    expect((await stranger.send('POST', '/password-reset', { email })).status).toBe(202);
    const [mail] = await db.query<{ subject: string; body_text: string; locale: string }>(
      `SELECT subject, body_text, locale FROM mail_outbox WHERE recipient = $1 AND mail_key LIKE 'ops-reset:%' ORDER BY created_at DESC LIMIT 1`,
      [email],
    );
    return mail;
  };

  it('remembers the language last used in the console, English until then, and refuses one it does not speak', async () => {
    const tab = await signedIn('polyglot@ops.example');
    expect((await tab.send('GET', '/account')).body.language).toBe('en');
    expect((await tab.send('PUT', '/account/language', { language: 'ko' })).status).toBe(200);
    expect((await tab.send('GET', '/account')).body.language).toBe('ko');
    expect((await tab.send('PUT', '/account/language', { language: 'zh' })).body).toEqual({ language: 'zh' });
    expect((await tab.send('GET', '/account')).body.language).toBe('zh');
    for (const bad of ['fr', '', 'KO', 42, null]) expect((await tab.send('PUT', '/account/language', { language: bad })).status).toBe(400);
    expect((await tab.send('PUT', '/account/language', {})).status).toBe(400);
    const nobody = new Console(url);
    await nobody.send('GET', '/session');
    expect((await nobody.send('PUT', '/account/language', { language: 'ko' })).status).toBe(401);
    expect((await tab.send('GET', '/account')).body.language).toBe('zh');
  });

  it('writes the reset mail in the operator\'s language, never the asker\'s', async () => {
    const english = await resetMailOf((await signedIn('english@ops.example'), 'english@ops.example'));
    expect(english).toMatchObject({ subject: 'Reset your TopUp Store back-office password', locale: 'en' });
    expect(english?.body_text).toContain('within 30 minutes');

    const korean = await signedIn('korean@ops.example');
    await korean.send('PUT', '/account/language', { language: 'ko' });
    const mail = await resetMailOf('korean@ops.example');
    expect(mail).toMatchObject({ subject: 'TopUp Store 백오피스 비밀번호 재설정', locale: 'ko' });
    expect(mail?.body_text).toContain('30분 안에');
    expect(mail?.body_text).toContain('https://store.example/#/ops/reset?token=');

    const chinese = await signedIn('chinese@ops.example');
    await chinese.send('PUT', '/account/language', { language: 'zh' });
    expect(await resetMailOf('chinese@ops.example')).toMatchObject({ subject: '重置您的 TopUp Store 后台密码', locale: 'zh' });
  });

  it('writes each subscriber\'s alert mail, and a channel\'s test mail, in that subscriber\'s language', async () => {
    const subscribers = { 'alerts.en@ops.example': 'en', 'alerts.ko@ops.example': 'ko', 'alerts.zh@ops.example': 'zh' } as const;
    const channels: Record<string, number> = {};
    for (const [email, language] of Object.entries(subscribers)) {
      const tab = await signedIn(email, 'support');
      expect((await tab.send('PUT', '/account/language', { language })).status).toBe(200);
      const channel = await tab.send('POST', '/alerts/channels', { channel: 'email', email, label: 'me' });
      expect(channel.status).toBe(201);
      channels[email] = channel.body.channel.id;
      expect((await tab.send('POST', '/alerts/subscriptions', { kinds: ['ticket'] })).status).toBe(200);
      expect((await tab.send('POST', `/alerts/channels/${channel.body.channel.id}/test`)).status).toBe(202);
    }
    const incident = await db.transaction((tx) => openIncident(tx, { kind: 'ticket', subject: 'T-LANG-0001', title: 'T-LANG-0001: where are my gems?', facts: { game: 18 } }));
    expect(incident).not.toBeNull();
    const mails = await db.query<{ recipient: string; subject: string; body_text: string; locale: string; mail_key: string }>(
      `SELECT recipient, subject, body_text, locale, mail_key FROM mail_outbox WHERE recipient LIKE 'alerts.%' ORDER BY recipient, mail_key`,
    );
    const alert = (email: string) => mails.find((m) => m.recipient === email && m.mail_key.startsWith('alert:'));
    const test = (email: string) => mails.find((m) => m.recipient === email && m.mail_key.startsWith('alert-test:'));
    expect(alert('alerts.en@ops.example')).toMatchObject({ subject: '[TopUp Store] Support ticket: T-LANG-0001: where are my gems?', locale: 'en' });
    expect(alert('alerts.ko@ops.example')).toMatchObject({ subject: '[TopUp Store] 고객 문의: T-LANG-0001: where are my gems?', locale: 'ko' });
    expect(alert('alerts.ko@ops.example')?.body_text).toContain(`사건 ${incident}.`);
    expect(alert('alerts.zh@ops.example')).toMatchObject({ subject: '[TopUp Store] 客服工单：T-LANG-0001: where are my gems?', locale: 'zh' });
    expect(alert('alerts.zh@ops.example')?.body_text).toContain('game: 18');
    expect(test('alerts.en@ops.example')).toMatchObject({ subject: '[TopUp Store] Test alert', locale: 'en' });
    expect(test('alerts.ko@ops.example')).toMatchObject({ subject: '[TopUp Store] 테스트 알림', locale: 'ko' });
    expect(test('alerts.zh@ops.example')).toMatchObject({ subject: '[TopUp Store] 测试提醒', locale: 'zh' });
  });
});
