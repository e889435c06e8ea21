import type { BrowserContext, Page } from 'playwright-core';
import { DESKTOP } from '../support/browser';
import { waitForRemotePage } from '../support/page-helpers';
import { findCharacterById, openPayCentre, routeOf } from '../support/pccenter';
import { useE2e } from '../support/fixture';

const { server, browser } = useE2e();
let context: BrowserContext;
let page: Page;

beforeEach(async () => {
  context = await browser.newContext({ ...DESKTOP, reducedMotion: 'reduce' });
  page = await context.newPage();
});
afterEach(async () => {
  await context.close();
});

/** Opens a pay-centre page and waits for its customerConfig answer. */
async function openAndWaitForSupport(route: string): Promise<void> {
  const answered = page.waitForResponse((response) => response.url().endsWith('/api/pcpay/customerConfig'));
  await openPayCentre(page, server.url, route);
  await answered;
}

describe('the pay centre', () => {
  it('keeps the voucher games\' place while they load: every game below stays where it was when they arrive', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/pcpay/getPcszGameList', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${server.url}/?lang=en#/pcIndex`);
    await waitForRemotePage(page, '/pcIndex');
    await page.locator('.pc-game').first().waitFor();
    const heading = page.locator('#pc-games-title');
    const before = await heading.evaluate((node) => node.getBoundingClientRect().top);
    release();
    await page.locator('.pc-voucher').first().waitFor();
    const after = await heading.evaluate((node) => node.getBoundingClientRect().top);
    expect(Math.abs(after - before)).toBeLessThanOrEqual(4);
  });

  it.each(['en', 'ko'])('fits 1280 px without sideways scroll, the customer-service button inside the window (%s)', async (lang) => {
    await page.goto(`${server.url}/?lang=${lang}#/pcIndex`);
    await waitForRemotePage(page, '/pcIndex');
    await page.locator('.pc-game').first().waitFor();
    const support = page.locator('a.customer-service');
    await support.waitFor();
    await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
    const fit = await support.evaluate((link) => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
      buttonRight: Math.round(link.getBoundingClientRect().right),
    }));
    expect(fit.scrollWidth).toBeLessThanOrEqual(fit.clientWidth);
    expect(fit.buttonRight).toBeLessThanOrEqual(fit.clientWidth);
  });

  it('shows the customer-service button only when the game has a link', async () => {
    await openAndWaitForSupport('/pcrole?game_id=18&area=us');
    await page.locator('a.customer-service[href^="/#/help?game_id=18&area=us&lang="]').waitFor();
    // Lantern Isle has no customer-service link in kr: the social-media page shown meanwhile goes, and no button stays.
    await openAndWaitForSupport('/pcrole?game_id=310&area=kr');
    await page.locator('a.customer-service').waitFor({ state: 'detached' });
    await page.waitForTimeout(500);
    expect(await page.locator('a.customer-service').count()).toBe(0);
  });

  it("finds a character through the account, with the last played one chosen, and buys for it", async () => {
    await openPayCentre(page, server.url, '/pcrole?game_id=44&area=us');
    await page.getByRole('tab', { name: 'By account ID' }).click();
    await page.getByLabel('Account ID (UID)').fill('4400003');
    const [list, last] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/pcpay/getPczsRoleList')),
      page.waitForResponse((r) => r.url().endsWith('/api/pcpay/getPcszLastLoginRole')),
      page.getByRole('button', { name: 'Find my characters' }).click(),
    ]);
    const roles = ((await list.json()) as { data: Array<{ role_id: string }> }).data;
    const lastPlayed = ((await last.json()) as { data: { role_id: string; role_name: string } }).data;
    expect(roles.length).toBeGreaterThan(1);
    const options = page.getByRole('radio');
    await options.first().waitFor({ state: 'attached' });
    expect(await page.locator('.pc-account-role').count()).toBe(roles.length);
    expect(await page.locator('.pc-account-role--chosen').getAttribute('data-role-id')).toBe(lastPlayed.role_id);
    expect(await page.locator('.pc-account-role--chosen').textContent()).toContain('Last played');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await waitForRemotePage(page, '/pcSubmit');
    expect(routeOf(page).query.get('role_id')).toBe(lastPlayed.role_id);
    expect(await page.getByTestId('bar-role-name').textContent()).toBe(lastPlayed.role_name);
    await page.locator('.pc-bundle').first().waitFor();
  });

  it("answers a refused lookup with the store's msg in a dialog, and a missing server with the spec's text", async () => {
    await openPayCentre(page, server.url, '/pcrole?game_id=18&area=us');
    await page.getByLabel('Character ID', { exact: true }).fill('1801002');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.locator('[data-toast]').filter({ hasText: 'Please select a server' }).waitFor();
    await page.getByRole('radio', { name: 'NA-2 Borealis', exact: true }).click();
    await page.getByLabel('Character ID', { exact: true }).fill('9999999');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: 'No character was found. Please check the server and your character information.' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.waitFor({ state: 'detached' });
    await findCharacterById(page, 'NA-2 Borealis', '1802001');
  });

  it('says on /pcpay, beside Check again, that the store does not know the order (no dialog)', async () => {
    await openPayCentre(page, server.url, '/pcpay?order_id=TP-NOT-AN-ORDER');
    const error = page.getByTestId('order-error');
    await error.getByText('This order does not exist.').waitFor();
    const asked = page.waitForResponse((r) => r.url().endsWith('/api/pcpay/getOrderInfo'));
    await error.getByRole('button', { name: 'Check again' }).click();
    await asked;
    await error.getByText('This order does not exist.').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it('speaks Korean and prices in won for a game bought in kr', async () => {
    await openPayCentre(page, server.url, '/pcSubmit?game_id=18&area=kr&server_id=1831&server_name=KR-1&role_id=1831001&role_name=x&uid=1800001&lang=ko');
    await page.getByRole('heading', { name: '상품 선택' }).waitFor();
    await page.locator('.pc-price').first().waitFor();
    for (const price of await page.locator('.pc-price').allTextContents()) expect(price).toMatch(/^₩[\d,]+$/);
  });

  it('keeps the store usable on a narrow window', async () => {
    await page.setViewportSize({ width: 760, height: 900 });
    await openPayCentre(page, server.url, '/pcIndex');
    await page.locator('.pc-game').first().waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
