import { loadConfig } from '../src/config';
import type { Db } from '../src/db/db';
import { queueMail } from '../src/fulfilment/mail-outbox';
import { startMailSink, type CaughtMail, type MailSink } from '../src/fulfilment/mail-sink';
import { smtpTransport } from '../src/fulfilment/mail-transport';
import { MailWorker } from '../src/fulfilment/mail-worker';
import { productionProblems } from '../src/production/production-rules';
import { call } from './support/test-app';
import { checkout, countRows, createOrder, mustCreateOrder, openOrderStore, orderInfo, waitForStatus, type OrderStore } from './support/order-helpers';
import { testDbTargets } from './support/test-db';

jest.setTimeout(120_000);

const quietLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

async function waitForMail(sink: MailSink, matches: (mail: CaughtMail) => boolean, ms = 15_000): Promise<CaughtMail> {
  const until = Date.now() + ms;
  for (;;) {
    const found = sink.mails().find(matches);
    if (found) return found;
    if (Date.now() > until) throw new Error(`no such mail among ${sink.mails().length} caught`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('mail settings', () => {
  it('catch mail in development, and a production store refuses to start without SMTP or with the sink', () => {
    expect(loadConfig({}).mail).toMatchObject({ smtpUrl: null, sink: true, publicUrl: 'http://127.0.0.1:8080' });
    expect(loadConfig({ SMTP_URL: 'smtp://mailer:secret@mail.example.com:587' }).mail.sink).toBe(false);
    expect(() => loadConfig({ SMTP_URL: 'mail.example.com' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ PUBLIC_URL: 'shop.example.com/store' })).toThrow(/PUBLIC_URL/);
    const production = { NODE_ENV: 'production', APP_KEY: 'live-key', SANDBOX: 'off', SEED_DEMO: 'off' };
    const noSmtp = productionProblems(loadConfig(production)).join('\n');
    expect(noSmtp).toMatch(/SMTP_URL is unset/);
    expect(noSmtp).toMatch(/PUBLIC_URL is http:\/\/127\.0\.0\.1:8080/);
    const withSink = productionProblems(loadConfig({ ...production, MAIL_SINK: 'on', SMTP_URL: 'smtp://mail.example.com', PUBLIC_URL: 'https://shop.example.com' })).join('\n');
    expect(withSink).toMatch(/MAIL_SINK=on/);
    expect(withSink).not.toMatch(/SMTP_URL is unset|PUBLIC_URL is/);
  });
});

describe.each(testDbTargets())('receipt e-mails on $name', (target) => {
  let sink: MailSink;
  let store: OrderStore;
  beforeAll(async () => {
    sink = await startMailSink();
    store = await openOrderStore(target, {}, { mailTransport: smtpTransport(sink.url, 'TopUp Store <receipts@shop.example.com>'), mailSink: sink });
  });
  afterAll(async () => {
    await store?.close();
    await sink?.close();
  });

  it('e-mails one receipt in the order page\'s language when the order is delivered, with what the receipt page shows', async () => {
    const placed = (
      await call<{ order_id: string }>(
        store.app,
        'createOrder',
        { game_id: 18, area: 'us', server_id: '1801', role_id: '1801001', uid: '1800001', product_id: '18-us-currency-300', pay_type: 'card', discount_code: '', order_token: `receipt-${Date.now()}`, receipt_email: ' aria@example.com ' },
        { headers: { 'accept-language': 'ko' } },
      )
    ).data;
    const [row] = await store.db.query<{ receipt_email: string; locale: string }>('SELECT receipt_email, locale FROM orders WHERE order_id = $1', [placed.order_id]);
    expect(row).toEqual({ receipt_email: 'aria@example.com', locale: 'ko' });
    expect(await countRows(store.db, 'mail_outbox WHERE mail_key = $1', [`receipt:${placed.order_id}`])).toBe(0);

    await checkout(store, placed.order_id, 'paid');
    const delivered = await waitForStatus(store.app, placed.order_id, ['delivered']);
    const mail = await waitForMail(sink, (one) => one.text.includes(placed.order_id));
    expect(mail.to).toBe('aria@example.com');
    expect(mail.from).toContain('receipts@shop.example.com');
    expect(mail.subject).toBe(`영수증: ${delivered.product_name}`);
    expect(mail.language).toBe('ko');
    expect(mail.messageId).toBe(`<receipt.${placed.order_id}@shop.example.com>`);
    expect(mail.text).toContain(`주문 번호: ${placed.order_id}`);
    expect(mail.text).toContain(`캐릭터: ${delivered.role_name} (1801001)`);
    expect(mail.text).toContain(`결제 금액: $${delivered.amount}`);
    expect(mail.text).toContain('상태: 발송 완료');
    expect(mail.text).toMatch(/아이템: .+×\d/);
    // Items and pay method in the order page's Korean, not the US area's English (issue 34).
    expect(mail.text).toMatch(/아이템: 드래곤 젬 ×300(, 드래곤 젬 \(첫 충전 보너스\) ×300)?\n/);
    expect(mail.text).toContain('결제 수단: 신용/체크카드');
    expect(mail.text).not.toMatch(/Dragon|Credit/);
    expect(mail.text).toContain(`http://127.0.0.1:8080/#/receipt?order_id=${placed.order_id}&role_id=1801001&lang=ko`);
    expect(mail.html).toContain(`<html lang="ko">`);

    // The outbox row records the sending (just after the SMTP server took it); nothing sends it again, and
    // queuing it again changes nothing.
    const sentRow = () => store.db.query<{ sent_at: Date | null; attempts: number; message_id: string }>('SELECT sent_at, attempts, message_id FROM mail_outbox WHERE mail_key = $1', [`receipt:${placed.order_id}`]);
    let [sent] = await sentRow();
    for (let tries = 0; tries < 200 && !sent?.sent_at; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      [sent] = await sentRow();
    }
    expect(sent?.sent_at).not.toBeNull();
    expect(sent?.attempts).toBe(1);
    const again = new MailWorker({ db: store.db, transport: smtpTransport(sink.url, 'x@shop.example.com'), log: quietLog, pollIntervalMs: 1000 });
    expect(await again.sendDue()).toBe(0);
    expect(await queueMail(store.db, { key: `receipt:${placed.order_id}`, to: 'aria@example.com', subject: 's', text: 't', locale: 'en' })).toBe(false);
    expect(sink.mails().filter((one) => one.text.includes(placed.order_id))).toHaveLength(1);
  });

  it('sends no receipt for an order without an address, and refuses a malformed one without placing the order', async () => {
    const plain = await mustCreateOrder(store.app, { role_id: '1801002', uid: '1800002' });
    await checkout(store, plain.order_id, 'paid');
    await waitForStatus(store.app, plain.order_id, ['delivered']);
    expect(await countRows(store.db, 'mail_outbox WHERE mail_key = $1', [`receipt:${plain.order_id}`])).toBe(0);

    const token = `bad-mail-${Date.now()}`;
    const refused = await createOrder(store.app, { role_id: '1801002', uid: '1800002', order_token: token, receipt_email: 'aria at example' });
    expect(refused).toMatchObject({ ret: 1003, msg: 'Please enter a valid e-mail address.' });
    expect(await countRows(store.db, 'orders WHERE order_token = $1', [token])).toBe(0);
  });

  it('a declined order gets no receipt', async () => {
    const placed = await mustCreateOrder(store.app, { role_id: '1801003', uid: '1800003', receipt_email: 'decline@example.com' });
    await checkout(store, placed.order_id, 'declined');
    expect((await orderInfo(store.app, placed.order_id)).status).toBe('declined');
    expect(await countRows(store.db, 'mail_outbox WHERE recipient = $1', ['decline@example.com'])).toBe(0);
  });

  it('sends a support ticket\'s reference at once', async () => {
    const answer = await call<{ reference: string }>(store.app, 'createSupportTicket', { email: 'mina@example.com', message: 'Where are my gems, please?', order_id: '', game_id: '18', area: 'us' }, { headers: { 'accept-language': 'zh' } });
    expect(answer.ret).toBe(0);
    const mail = await waitForMail(sink, (one) => one.subject.includes(answer.data.reference));
    expect(mail.subject).toBe(`我们已收到你的留言（${answer.data.reference}）`);
    expect(mail.to).toBe('mina@example.com');
  });

});

describe.each(testDbTargets())('the mail worker on $name', (target) => {
  let sink: MailSink;
  let db: Db;
  beforeAll(async () => {
    sink = await startMailSink();
    db = await target.open();
  });
  afterAll(async () => {
    await db?.close();
    await sink?.close();
  });

  it('retries when the SMTP server cannot be reached and gives up after the last attempt, keeping the error', async () => {
    const key = `test:unreachable:${target.name}`;
    await queueMail(db, { key, to: 'nobody@example.com', subject: 'Unreachable', text: 'x', locale: 'en' });
    // Port 9 on the loopback address: nothing listens there.
    const down = new MailWorker({ db: db, transport: smtpTransport('smtp://127.0.0.1:9', 'x@shop.example.com', 2000), log: quietLog, pollIntervalMs: 1000, backoffMs: [50], maxAttempts: 2 });
    const attempt = async () => {
      await down.sendDue();
      const [row] = await db.query<{ attempts: number; sent_at: Date | null; failed_at: Date | null; last_error: string }>('SELECT attempts, sent_at, failed_at, last_error FROM mail_outbox WHERE mail_key = $1', [key]);
      return row;
    };
    const first = await attempt();
    expect(first).toMatchObject({ attempts: 1, sent_at: null, failed_at: null });
    expect(first?.last_error).toMatch(/ECONNREFUSED|connect/i);
    await new Promise((resolve) => setTimeout(resolve, 80));
    const second = await attempt();
    expect(second).toMatchObject({ attempts: 2, sent_at: null });
    expect(second?.failed_at).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect((await attempt())?.attempts).toBe(2);
  });

  it('two workers sending one outbox at once send every mail exactly once', async () => {
    const keys = Array.from({ length: 24 }, (_, index) => `test:pair:${target.name}:${index}`);
    const one = new MailWorker({ db: db, transport: smtpTransport(sink.url, 'a@shop.example.com'), log: quietLog, pollIntervalMs: 1000 });
    const two = new MailWorker({ db: db, transport: smtpTransport(sink.url, 'b@shop.example.com'), log: quietLog, pollIntervalMs: 1000 });
    await db.transaction(async (tx) => {
      for (const key of keys) await queueMail(tx, { key, to: 'pair@example.com', subject: key, text: key, locale: 'en' });
    });
    const drain = async (worker: MailWorker) => {
      while ((await worker.sendDue()) > 0) {
        /* next batch */
      }
    };
    await Promise.all([drain(one), drain(two)]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const caught = sink.mails().filter((mail) => mail.to === 'pair@example.com').map((mail) => mail.subject);
    expect(caught.sort()).toEqual([...keys].sort());
    expect(await countRows(db, "mail_outbox WHERE mail_key LIKE 'test:pair:%' AND sent_at IS NULL")).toBe(0);
  });
});
