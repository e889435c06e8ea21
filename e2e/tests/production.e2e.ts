import type { Page } from 'playwright-core';
import { DESKTOP, PHONE } from '../support/browser';
import { useE2e } from '../support/fixture';
import { bundleCard, FAST_DELIVERY, resultStatus, settleInSandbox } from '../support/orders';
import { waitForRemotePage } from '../support/page-helpers';
import { confirmCharacter, openTopUp } from '../support/topup';

/** A public demo run as production: its own keys, nothing of development's. */
const PRODUCTION_DEMO = {
  ...FAST_DELIVERY,
  NODE_ENV: 'production',
  STORE_MODE: 'demo',
  APP_KEY: 'e2e-production-app-key-1c9a2f',
  PAYMENT_WEBHOOK_SECRET: 'e2e-production-webhook-secret-77b1',
  PLAYER_LINK_SECRET: 'e2e-production-player-link-secret-5e0c9d21',
  OPS_TOKEN: 'e2e-ops-token-0123456789abcdef0123456789',
  OPS_SECRET_KEY: 'e2e-ops-secret-key-0123456789abcdef0123456789',
};

const ROUTES = [
  '/?game_id=18&area=us',
  '/index_1',
  '/game',
  '/prod?game_id=18&area=us',
  '/submit?game_id=18&area=us&server_id=1801&role_id=1801001&product_id=18-us-currency-60',
  '/payResult?order_id=unknown',
  '/pcIndex',
  '/pcrole?game_id=18&area=us',
  '/pcSubmit?game_id=18&area=us&server_id=1801&role_id=1801001',
  '/pcpay?order_id=unknown',
];

// A first start of its own: production checks the data it finds, so not the development template.
const { server, browser } = useE2e({ ownStore: { env: PRODUCTION_DEMO, fresh: true } });

/** Every store API answer a page gets, read on its way to the page (navigation cannot lose it). */
async function watch(page: Page) {
  const answers: Array<{ action: string; ret: number }> = [];
  await page.route('**/api/**', async (route) => {
    try {
      const response = await route.fetch();
      const body = (await response.json().catch(() => ({ ret: -1 }))) as { ret: number };
      answers.push({ action: new URL(route.request().url()).pathname, ret: body.ret });
      await route.fulfill({ response });
    } catch (error) {
      // A read the page cancelled or left behind (it moved on, or the test closed it) has no one
      // left to answer; anything else is a failure.
      if (!/disposed|cancel|abort|closed/i.test((error as Error).message)) throw error;
    }
  });
  return answers;
}

async function violations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
}

async function newPage(options: typeof PHONE | typeof DESKTOP): Promise<Page> {
  const context = await browser.newContext(options);
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.effectiveDirective} ${event.blockedURI}`));
  });
  return context.newPage();
}

describe('a production store (NODE_ENV=production, STORE_MODE=demo, its own APP_KEY)', () => {
  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ])('serves every route on a %s with its CSP on, no violation, the demo ribbon, and every call answering ret 0', async (_name, options) => {
    const page = await newPage(options);
    const answers = await watch(page);
    for (const route of ROUTES) {
      // A new document each time: its HTML answer carries the policy the page runs under.
      await page.goto('about:blank');
      const response = await page.goto(`${server.url}/#${route}`);
      expect(response?.headers()['content-security-policy']).toMatch(/script-src 'self' 'sha256-/);
      await page.locator('[data-remote-root] h1').first().waitFor({ timeout: 20_000 });
      await page.waitForLoadState('networkidle');
      expect(await violations(page)).toEqual([]);
      await page.getByText('Demo store — no real payments').waitFor();
    }
    expect(answers.length).toBeGreaterThan(10);
    // Following an unknown order is the one expected refusal (1012), on each storefront.
    expect(answers.filter((answer) => answer.ret !== 0)).toEqual([
      { action: '/api/orderInfo', ret: 1012 },
      { action: '/api/pcpay/getOrderInfo', ret: 1012 },
    ]);
    await page.context().close();
  });

  it('serves the legal and support pages under the same policy, with the ribbon', async () => {
    const page = await newPage(PHONE);
    // The legal pages and the support page are pages of their own, under the same policy: their
    // inline script shows the player's language (blocked, the page would stay empty).
    await page.goto(`${server.url}/#/?game_id=18&area=us`);
    const terms = await page.locator('a[href*="/static/terms."]').first().getAttribute('href');
    await page.goto(new URL(terms!, server.url).href);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await page.locator('h1:visible').count()).toBe(1);
    expect(await violations(page)).toEqual([]);
    await page.getByText('Demo store — no real payments').waitFor();
    // The help page and the refund policy it links, under the same policy.
    await page.goto(`${server.url}/#/help?game_id=18&area=us`);
    await page.getByTestId('help-page').waitFor();
    expect(await violations(page)).toEqual([]);
    const refund = await page.getByRole('link', { name: 'Refund policy' }).getAttribute('href');
    await page.goto(new URL(refund!, server.url).href);
    await page.getByRole('heading', { level: 1, name: 'Refund Policy' }).waitFor();
    expect(await violations(page)).toEqual([]);
    await page.getByText('Demo store — no real payments').waitFor();
    await page.context().close();
  });

  it('takes a phone purchase through the checkout to delivered, every call signed with the run-time key', async () => {
    const page = await newPage(PHONE);
    const answers = await watch(page);
    await openTopUp(page, server.url, 'game_id=18&area=us&lang=ko');
    // The ribbon follows the player's language.
    await page.getByText('데모 스토어 — 실제 결제가 이루어지지 않습니다').waitFor();
    expect(await page.getByText('Demo store — no real payments').isVisible()).toBe(false);
    await page.goto(`${server.url}/#/?game_id=18&area=us&lang=en`);
    await page.reload();
    await waitForRemotePage(page, '/');
    await confirmCharacter(page, 'NA-1 Aurora', '1801002');
    await page.getByRole('tab', { name: 'Packs' }).click();
    await bundleCard(page, '18-us-weekly-supply').locator('.tp-price').click();
    await waitForRemotePage(page, '/submit');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL(/\/sandbox\/checkout\//);
    await page.getByText('Demo store — no real payments').waitFor();
    expect(await violations(page)).toEqual([]);
    await settleInSandbox(page, 'Pay');
    await resultStatus(page, 'delivered');
    expect(await violations(page)).toEqual([]);
    expect(answers.map((answer) => answer.action)).toEqual(expect.arrayContaining(['/api/getRoleInfo', '/api/createOrder', '/api/orderInfo']));
    expect(answers.filter((answer) => answer.ret !== 0)).toEqual([]);
    await page.context().close();
  });
});
