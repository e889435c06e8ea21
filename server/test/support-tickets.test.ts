import { newTicketReference } from '../src/support/support-tickets';
import { testDbTargets } from './support/test-db';
import { call, GENEROUS_LIMITS, openTestStore, type TestStore } from './support/test-app';

jest.setTimeout(60_000);

const REFERENCE = /^T-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/;
const ticket = (overrides: Record<string, string> = {}) => ({
  email: 'mina@example.com',
  message: 'My 300 gems did not arrive after an hour.',
  order_id: 'TP20261124000001',
  game_id: '18',
  area: 'us',
  ...overrides,
});

describe('ticket references', () => {
  it('are T-XXXX-XXXX in letters and digits that cannot be mistaken, and do not repeat', () => {
    const seen = new Set(Array.from({ length: 2000 }, newTicketReference));
    expect(seen.size).toBe(2000);
    for (const reference of seen) expect(reference).toMatch(REFERENCE);
  });
});

describe.each(testDbTargets())('support tickets on $name', (target) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await openTestStore(target, {}, { limits: { ...GENEROUS_LIMITS, supportTicket: { perAddress: 3, perKey: 2 } } });
  });
  afterAll(async () => {
    await store?.close();
  });

  it('stores the ticket and queues one mail with its reference in the page language', async () => {
    const answer = await call<{ reference: string }>(store.app, 'createSupportTicket', ticket(), { headers: { 'accept-language': 'ko' }, remoteAddress: '10.0.0.1' });
    expect(answer.ret).toBe(0);
    const { reference } = answer.data;
    expect(reference).toMatch(REFERENCE);
    const [row] = await store.db.query<Record<string, unknown>>('SELECT order_id, game_id, area, email, message, locale, status FROM support_tickets WHERE reference = $1', [reference]);
    expect(row).toEqual({ order_id: 'TP20261124000001', game_id: 18, area: 'us', email: 'mina@example.com', message: 'My 300 gems did not arrive after an hour.', locale: 'ko', status: 'open' });
    const mails = await store.db.query<{ recipient: string; subject: string; body_text: string; sent_at: Date | null }>(
      'SELECT recipient, subject, body_text, sent_at FROM mail_outbox WHERE mail_key = $1',
      [`ticket:${reference}`],
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ recipient: 'mina@example.com', subject: `문의가 접수되었습니다 (${reference})` });
    expect(mails[0]?.body_text).toContain(`접수 번호: ${reference}`);
    // The reference and a fixed text only: the sender's words, and an order id that names no order, are not mailed.
    expect(mails[0]?.body_text).not.toContain('My 300 gems');
    expect(mails[0]?.body_text).not.toContain('TP20261124000001');
  });

  it('never mails what the sender wrote: a link in the message stays in the ticket, the acknowledgement is the fixed text', async () => {
    const bait = 'Your account is locked! Log in at https://phish.example/login to keep your gems.';
    const answers = await Promise.all(
      (['en', 'ko', 'zh'] as const).map((language, i) =>
        call<{ reference: string }>(store.app, 'createSupportTicket', ticket({ email: `victim${i}@example.net`, message: bait, order_id: '' }), {
          headers: { 'accept-language': language },
          remoteAddress: `10.0.3.${i + 1}`,
        }),
      ),
    );
    for (const answer of answers) {
      expect(answer.ret).toBe(0);
      const [mail] = await store.db.query<{ subject: string; body_text: string }>('SELECT subject, body_text FROM mail_outbox WHERE mail_key = $1', [`ticket:${answer.data.reference}`]);
      expect(mail?.body_text).toContain(answer.data.reference);
      expect(`${mail?.subject}\n${mail?.body_text}`).not.toMatch(/phish|https?:|locked|gems/i);
    }
    const stored = await store.db.query<{ message: string }>('SELECT message FROM support_tickets WHERE reference = $1', [answers[0]!.data.reference]);
    expect(stored[0]?.message).toBe(bait);
  });

  it('writes to one plain address only: lists, display names, angle brackets, line breaks are refused and nothing is queued', async () => {
    const before = await store.db.query<{ tickets: number; mails: number }>(
      'SELECT (SELECT count(*) FROM support_tickets)::int AS tickets, (SELECT count(*) FROM mail_outbox)::int AS mails',
    );
    const refused = [
      'k1,victim@example.net',
      'k1@example.net,victim@example.net',
      'k1;victim@example.net',
      'Victim <victim@example.net>',
      '<victim@example.net>',
      '"victim"@example.net',
      'victim@example.net\r\nBcc: other@example.net',
      'victim@example.net\nx',
      'vic tim@example.net',
      'victim@@example.net',
      'victim@example.net@other.example',
      'victim@localhost',
      `${'v'.repeat(65)}@example.net`,
      `victim@${'d'.repeat(64)}.example`,
    ];
    for (const [i, email] of refused.entries()) {
      const answer = await call(store.app, 'createSupportTicket', ticket({ email }), { remoteAddress: `10.0.4.${i + 1}` });
      expect({ email, ...answer }).toMatchObject({ email, status: 200, ret: 1003, data: null, msg: 'Please enter a valid e-mail address.' });
    }
    const after = await store.db.query<{ tickets: number; mails: number }>(
      'SELECT (SELECT count(*) FROM support_tickets)::int AS tickets, (SELECT count(*) FROM mail_outbox)::int AS mails',
    );
    expect(after).toEqual(before);
  });

  it('refuses a bad e-mail address or an empty message in the page language, storing nothing', async () => {
    const before = (await store.db.query<{ n: number }>('SELECT count(*)::int AS n FROM support_tickets'))[0]?.n;
    const badMail = await call(store.app, 'createSupportTicket', ticket({ email: 'mina at example' }), { headers: { 'accept-language': 'zh' }, remoteAddress: '10.0.0.2' });
    expect(badMail).toMatchObject({ status: 200, ret: 1003, data: null, msg: '请输入有效的电子邮件地址。' });
    const short = await call(store.app, 'createSupportTicket', ticket({ message: '  help  ' }), { remoteAddress: '10.0.0.2' });
    expect(short).toMatchObject({ status: 200, ret: 1002, msg: 'Please write your message (at least 10 characters).' });
    const tooLong = await call(store.app, 'createSupportTicket', ticket({ message: 'x'.repeat(4001) }), { remoteAddress: '10.0.0.2' });
    expect(tooLong).toMatchObject({ status: 200, ret: 1003 });
    expect((await store.db.query<{ n: number }>('SELECT count(*)::int AS n FROM support_tickets'))[0]?.n).toBe(before);
  });

  it('limits tickets per address and per e-mail address', async () => {
    const from = (address: string, email: string) => call(store.app, 'createSupportTicket', ticket({ email }), { remoteAddress: address });
    expect((await from('10.0.1.1', 'a@example.com')).ret).toBe(0);
    expect((await from('10.0.1.2', 'a@example.com')).ret).toBe(0);
    expect(await from('10.0.1.3', 'A@example.com ')).toMatchObject({ status: 429, ret: 1007 });
    // The same mailbox spelled another way, from other addresses, counts against the same limit.
    expect(await from('10.0.1.4', 'a+1@Example.com')).toMatchObject({ status: 429, ret: 1007 });
    expect(await from('10.0.1.5', 'A+x@EXAMPLE.COM')).toMatchObject({ status: 429, ret: 1007 });
    expect((await from('10.0.2.1', 'b@example.com')).ret).toBe(0);
    expect((await from('10.0.2.1', 'c@example.com')).ret).toBe(0);
    expect((await from('10.0.2.1', 'd@example.com')).ret).toBe(0);
    expect(await from('10.0.2.1', 'e@example.com')).toMatchObject({ status: 429, ret: 1007 });
  });

  it('limits the acknowledgements one mailbox gets in a day, whichever addresses send them', async () => {
    const daily = await openTestStore(target, {}, { limits: { ...GENEROUS_LIMITS, supportTicket: { perAddress: 100, perKey: 100, perKeyPerDay: 3 } } });
    try {
      const send = (address: string, email: string) => call(daily.app, 'createSupportTicket', ticket({ email }), { remoteAddress: address });
      expect((await send('10.0.5.1', 'day@example.org')).ret).toBe(0);
      expect((await send('10.0.5.2', 'Day+2@example.org')).ret).toBe(0);
      expect((await send('10.0.5.3', 'day@EXAMPLE.org')).ret).toBe(0);
      expect(await send('10.0.5.4', 'day+4@example.org')).toMatchObject({ status: 429, ret: 1007 });
      expect((await send('10.0.5.4', 'night@example.org')).ret).toBe(0);
    } finally {
      await daily.close();
    }
  });
});
