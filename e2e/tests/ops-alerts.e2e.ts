import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { DESKTOP } from '../support/browser';
import { expectNoAxeViolations } from '../support/axe';
import { useE2e } from '../support/fixture';
import { mustRunOps } from '../support/ops';
import { saveScreenshot } from '../support/screenshots';
import { callAction } from '../support/topup';

const VIEWER = { email: 'watcher@ops.example', password: 'watcher password 2026' };

const { server, browser } = useE2e({
  ownStore: {
    async prepare(dataDir) {
      await mustRunOps('ops', ['add-operator', VIEWER.email, '--role', 'viewer'], { DATA_DIR: dataDir }, `${VIEWER.password}\n`);
    },
  },
});

interface Received {
  readonly headers: http.IncomingHttpHeaders;
  readonly body: string;
}

/** The operator's own webhook receiver, on this machine (allowed outside production). */
async function startReceiver(): Promise<{ url: string; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const receiver = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const { port } = receiver.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/alerts`, received, close: () => new Promise((resolve) => receiver.close(() => resolve())) };
}

async function until<T>(what: string, probe: () => T | null | undefined | false, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() > end) throw new Error(`waited in vain for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('alerts in the back office', () => {
  it('a viewer adds a signed webhook, tests it, subscribes to tickets, sees the badge for a new ticket and the incident in Korean', async () => {
    const receiver = await startReceiver();
    try {
      const page = await (await browser.newContext(DESKTOP)).newPage();
      await page.goto(`${server.url}/#/ops`);
      await page.getByLabel('E-mail address').fill(VIEWER.email);
      await page.getByLabel('Password').fill(VIEWER.password);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      const nav = page.getByRole('navigation', { name: 'Back office' });
      await nav.getByRole('link', { name: /^Alerts/ }).click();
      await page.getByRole('heading', { name: 'Alerts', level: 1 }).waitFor();

      await page.getByLabel('Channel', { exact: true }).selectOption('webhook');
      await page.getByLabel('Webhook address (https)').fill(receiver.url);
      await page.getByLabel('Body format').selectOption('json');
      await page.getByRole('button', { name: 'Add channel' }).click();
      const secret = (await page.getByTestId('webhook-secret').textContent())?.trim() ?? '';
      expect(secret).toMatch(/^whsec_/);
      await page.getByRole('button', { name: 'I have kept it' }).click();
      await expectNoAxeViolations(page, 'the Alerts page with a webhook channel');

      await page.getByRole('button', { name: /^Send a test to http:\/\/127\.0\.0\.1:\d+\/… \(JSON, signed\)$/ }).click();
      const test = await until('the test post', () => receiver.received[0]);
      const stamp = String(test.headers['x-topup-timestamp']);
      expect(test.headers['x-topup-signature']).toBe(`sha256=${createHmac('sha256', secret).update(`${stamp}.${test.body}`).digest('hex')}`);
      expect(JSON.parse(test.body)).toMatchObject({ type: 'test', incident: null });

      await page.getByRole('checkbox', { name: /New or reopened ticket/ }).check();
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();

      // A player writes to support: one incident, one post, and a count in the menu on the next look.
      await callAction(server.url, 'createSupportTicket', { email: 'player@example.com', message: 'My gems did not arrive', order_id: '', game_id: '18', area: 'us' });
      const alert = await until('the ticket alert', () => receiver.received.find((entry) => entry.body.includes('"kind":"ticket"')));
      expect(alert.body).not.toContain('My gems');
      await nav.getByRole('link', { name: /^Orders/ }).click();
      await page.reload();
      await nav.getByText('1 new alert').waitFor({ state: 'attached' });

      await page.getByRole('combobox', { name: 'Language' }).selectOption('ko');
      await page.getByRole('navigation', { name: '백오피스' }).getByRole('link', { name: /^알림/ }).click();
      const table = page.getByRole('table', { name: '사건' });
      await table.getByRole('cell', { name: '새 문의 또는 다시 열린 문의' }).waitFor();
      await table.getByRole('cell', { name: /^new ticket T-/ }).waitFor();
      await page.getByTestId('alerts-badge').waitFor({ state: 'detached' });
      await saveScreenshot(page, 'ops-alerts');
      expect(receiver.received.filter((entry) => entry.body.includes('"kind":"ticket"'))).toHaveLength(1);
    } finally {
      await receiver.close();
    }
  });
});
