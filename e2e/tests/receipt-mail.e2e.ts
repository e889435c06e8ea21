import type { Page } from 'playwright-core';
import { DESKTOP, PHONE } from '../support/browser';
import { FAST_DELIVERY, resultStatus } from '../support/orders';
import { waitForRemotePage } from '../support/page-helpers';
import { saveScreenshot } from '../support/screenshots';
import { useE2e } from '../support/fixture';

// Development mode: the store's mails go to its own SMTP sink, shown at /sandbox/mail.
const { server, browser } = useE2e({ ownStore: { env: FAST_DELIVERY } });

interface CaughtMail {
  readonly to: string;
  readonly subject: string;
  readonly language: string;
  readonly text: string;
}

async function mailTo(address: string): Promise<CaughtMail[]> {
  const body = (await (await fetch(`${server.url}/sandbox/mail.json`)).json()) as { data: { mails: CaughtMail[] } };
  return body.data.mails.filter((mail) => mail.to === address);
}

async function waitForMailTo(address: string): Promise<CaughtMail> {
  for (let tries = 0; tries < 150; tries += 1) {
    const [mail] = await mailTo(address);
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail to ${address}`);
}

/** A field of the query of the page's hash route (`/?lang=zh#/pcpay?order_id=…`). */
function hashParam(page: Page, name: string): string {
  const hash = new URL(page.url()).hash;
  return new URLSearchParams(hash.slice(hash.indexOf('?') + 1)).get(name) ?? '';
}

const ROLE = { server_name: 'NA-1 Aurora', role_id: '1801003', role_name: 'Cyra Moonshadow', uid: '1800003', server_id: '1801' };

/** The phone's order page for 300 Dragon Gems, as the top-up page links to it. */
function submitRoute(): string {
  const query = new URLSearchParams({
    game_id: '18', area: 'us', product_id: '18-us-currency-300', product_name: '300 Dragon Gems', amount: '4.99', first_buy: '0',
    pmx_show: '1', type: 'Dragon Gems', roleInfo: JSON.stringify(ROLE), server_sign: '',
  });
  return `/submit?${query}`;
}

/** Phone: the address on /submit, the agreement, Pay, the sandbox checkout; the pay result follows the order to delivered. */
async function buyOnPhone(page: Page, lang: string, address: string, invalidText: string): Promise<string> {
  await page.goto(`${server.url}/?lang=${lang}#${submitRoute()}`);
  await waitForRemotePage(page, '/submit');
  await page.locator('[data-testid="submit-paybar"][data-check="confirmed"]').waitFor();
  const field = page.getByTestId('receipt-email').locator('input');
  await field.fill('cyra@');
  await page.getByRole('checkbox').check();
  await page.getByTestId('submit-paybar').getByRole('button').click();
  // Refused beside the field, nothing placed.
  await page.getByText(invalidText).waitFor();
  expect(await field.getAttribute('aria-invalid')).toBe('true');
  expect(page.url()).toContain('#/submit');
  await field.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await saveScreenshot(page, `receipt-email-field-${lang}`, { keepScroll: true });
  await field.fill(address);
  await page.getByTestId('submit-paybar').getByRole('button').click();
  await page.waitForURL(/\/sandbox\/checkout\//);
  await page.locator('button.pay').click();
  await page.waitForURL(/#\/payResult\?order_id=/);
  await waitForRemotePage(page, '/payResult');
  await resultStatus(page, 'delivered');
  return hashParam(page, 'order_id');
}

/** Desktop pay centre: the bundle, the address beside the order, the agreement, Pay; the checkout opens in a new tab. */
async function buyOnDesktop(page: Page, lang: string, address: string): Promise<string> {
  const query = new URLSearchParams({ game_id: '18', area: 'us', server_id: '1801', server_name: 'NA-1 Aurora', role_id: '1801003', role_name: 'Cyra Moonshadow', uid: '1800003', lang });
  await page.goto(`${server.url}/?lang=${lang}#/pcSubmit?${query}`);
  await waitForRemotePage(page, '/pcSubmit');
  await page.locator('[data-product-id="18-us-currency-300"] button[class="pc-price"]').click();
  await page.getByTestId('order-bundle').waitFor();
  await page.getByTestId('receipt-email').locator('input').fill(address);
  await page.getByRole('checkbox').check();
  await page.locator('.pc-order > button.pc-button--primary').click();
  await waitForRemotePage(page, '/pcpay');
  const orderId = hashParam(page, 'order_id');
  const [checkout] = await Promise.all([page.context().waitForEvent('page'), page.getByTestId('go-to-payment').click()]);
  await checkout.locator('button.pay').click();
  await page.locator('[data-testid="order-status"][data-status="delivered"]').waitFor({ timeout: 30_000 });
  return orderId;
}

const LANGUAGES = [
  { lang: 'en', device: 'phone', subject: 'Your receipt: ', orderLine: 'Order ID: ', invalid: 'Please enter a valid e-mail address, or leave the field empty.', receiptHeading: 'Receipt' },
  { lang: 'ko', device: 'phone', subject: '영수증: ', orderLine: '주문 번호: ', invalid: '올바른 이메일 주소를 입력하거나 칸을 비워 두세요.', receiptHeading: '영수증' },
  { lang: 'zh', device: 'desktop', subject: '您的收据：', orderLine: '订单号：', invalid: '', receiptHeading: '收据' },
] as const;

describe.each(LANGUAGES)('the receipt e-mail in $lang on the $device', ({ lang, device, subject, orderLine, invalid, receiptHeading }) => {
  it('is sent once, through SMTP, when the order is delivered, in the page language, and its link opens the receipt', async () => {
    const address = `cyra.${lang}@example.com`;
    const context = await browser.newContext(device === 'phone' ? PHONE : DESKTOP);
    const page = await context.newPage();
    try {
      const orderId = device === 'phone' ? await buyOnPhone(page, lang, address, invalid) : await buyOnDesktop(page, lang, address);
      expect(orderId).toMatch(/^TP/);
      const mail = await waitForMailTo(address);
      expect(mail.subject.startsWith(subject)).toBe(true);
      expect(mail.language).toBe(lang);
      expect(mail.text).toContain(`${orderLine}${orderId}`);
      expect(mail.text).toContain('Cyra Moonshadow (1801003)');

      // The sandbox's mail page shows it as the player would read it.
      await page.goto(`${server.url}/sandbox/mail`);
      const shown = page.locator(`[data-testid="caught-mail"][data-to="${address}"]`);
      expect(await shown.count()).toBe(1);
      expect(await shown.locator('h2').textContent()).toBe(mail.subject);
      await saveScreenshot(page, `receipt-mail-${lang}`);

      // The mail's link leads to the printable receipt, in the same language.
      const link = /https?:\/\/\S+#\/receipt\?\S+/.exec(mail.text)?.[0] ?? '';
      expect(link.startsWith(`${server.url}/#/receipt?order_id=${orderId}&role_id=1801003&lang=${lang}`)).toBe(true);
      await page.goto(link);
      await waitForRemotePage(page, '/receipt');
      await page.getByTestId('receipt-facts').waitFor();
      expect(await page.getByTestId('receipt-facts').textContent()).toContain(orderId);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain(receiptHeading);

      // Sent once: a while later there is still one mail to this address.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await mailTo(address)).toHaveLength(1);
    } finally {
      await context.close();
    }
  });
});
