import type { BrowserContext, Page } from 'playwright-core';
import type { DiscountCheck } from '@topup/shared/types';
import { DESKTOP } from '../support/browser';
import { waitForRemotePage } from '../support/page-helpers';
import { callPayCentre, findCharacterById, openPayCentre, recordPayCentreCalls, routeOf, sandboxMailbox } from '../support/pccenter';
import { saveScreenshot } from '../support/screenshots';
import { useE2e } from '../support/fixture';

const { server, browser } = useE2e({ ownStore: { env: { ROLE_LOOKUPS_PER_MINUTE: '10000' } } });
let context: BrowserContext;
let page: Page;

beforeEach(async () => {
  context = await browser.newContext({ ...DESKTOP, reducedMotion: 'reduce' });
  page = await context.newPage();
});
afterEach(async () => {
  await context.close();
});

describe('buying in the desktop pay centre (1280×800)', () => {
  it('goes from /pcIndex to delivered with a discount code, charging the discounted amount', async () => {
    const calls = recordPayCentreCalls(page);
    await openPayCentre(page, server.url, '/pcIndex?from=e2e-desktop');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Pay Center');
    await page.getByRole('heading', { name: 'Voucher games' }).waitFor();
    await page.locator('.pc-game').first().waitFor();
    expect(await page.locator('.pc-game').count()).toBe(10);
    await saveScreenshot(page, 'pccenter-index');

    // Search narrows the list; clearing it brings everything back.
    await page.getByRole('searchbox', { name: 'Search games' }).fill('dragons');
    await page.getByText('1 game matches “dragons”').waitFor();
    expect(await page.locator('.pc-game h3').allTextContents()).toEqual(['Emberwing Frontier']);
    await page.getByRole('button', { name: 'Clear the search' }).click();
    await page.getByRole('link', { name: 'Top up Emberwing Frontier in North America' }).click();

    // The character: server, ID, confirmation.
    await waitForRemotePage(page, '/pcrole');
    expect(Object.fromEntries(routeOf(page).query)).toMatchObject({ game_id: '18', area: 'us', from: 'e2e-desktop' });
    await findCharacterById(page, 'NA-1 Aurora', '1801002');
    expect(await page.getByTestId('found-role-name').textContent()).toBe('Borin Ironfist');
    await saveScreenshot(page, 'pccenter-role');
    await page.getByTestId('found-character').getByRole('button', { name: 'Confirm' }).click();

    // The bundle, the code, the pay method, the agreement.
    await waitForRemotePage(page, '/pcSubmit');
    expect(await page.getByTestId('bar-role-name').textContent()).toBe('Borin Ironfist');
    await page.getByRole('button', { name: 'Choose 300 Dragon Gems for $4.99' }).click();
    await page.getByTestId('order-bundle').getByText('300 Dragon Gems').waitFor();
    const expected = await callPayCentre<DiscountCheck>(server.url, 'checkDiscountCode', {
      game_id: '18',
      area: 'us',
      role_id: '1801002',
      product_id: '18-us-currency-300',
      discount_code: 'WELCOME10',
    });
    expect(Number(expected.amount)).toBeLessThan(4.99);
    await page.getByLabel('Discount code').fill('welcome10');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText(`WELCOME10: 10% off, you save $${expected.discount_amount}`).waitFor();
    expect(await page.getByTestId('order-total').textContent()).toBe(`$${expected.amount}`);
    await page.locator('label[data-pay-type="wallet"]').click();
    expect(await page.getByRole('radio', { name: 'E-wallet' }).isChecked()).toBe(true);

    await page.getByRole('button', { name: `Pay $${expected.amount}` }).click();
    await page.locator('[data-toast]').filter({ hasText: 'Please agree protocal' }).waitFor();
    await page.getByRole('checkbox', { name: /I have read and agree/ }).check();
    await page.locator('[data-toast]').waitFor({ state: 'detached' });
    await saveScreenshot(page, 'pccenter-submit');
    await page.getByRole('button', { name: `Pay $${expected.amount}` }).click();

    // The hand-off: the payment page opens in a new tab while this one follows the order.
    await waitForRemotePage(page, '/pcpay');
    const orderId = routeOf(page).query.get('order_id') ?? '';
    expect(orderId).not.toBe('');
    await page.locator('[data-testid="order-status"][data-status="created"]').waitFor();
    expect(await page.getByTestId('order-amount').textContent()).toBe(`$${expected.amount}`);
    await saveScreenshot(page, 'pccenter-pay-handoff');
    const [checkout] = await Promise.all([context.waitForEvent('page'), page.getByTestId('go-to-payment').click()]);
    await checkout.getByTestId('checkout-amount').waitFor();
    expect(await checkout.getByTestId('checkout-amount').textContent()).toBe(`$${expected.amount}`);
    await checkout.getByRole('button', { name: `Pay $${expected.amount}` }).click();
    // The checkout tab comes back to the pay centre's result page, not the phone's /payResult.
    await checkout.waitForURL(/#\/pcpay\?order_id=/);
    await waitForRemotePage(checkout, '/pcpay');
    expect(routeOf(checkout).query.get('order_id')).toBe(orderId);

    await page.locator('[data-testid="order-status"][data-status="delivered"]').waitFor({ timeout: 30_000 });
    expect(await page.locator('.pc-timeline__step').evaluateAll((steps) => steps.map((s) => `${s.getAttribute('data-step')}:${s.getAttribute('data-state')}`))).toEqual([
      'created:done',
      'paid:done',
      'mail_sent:done',
      'delivered:done',
    ]);
    expect(await page.getByTestId('order-amount').textContent()).toBe(`$${expected.amount}`);
    // What arrives in the mailbox, listed as the phone's result page lists it.
    expect(await page.getByRole('heading', { name: 'What arrives in the in-game mailbox' }).count()).toBe(1);
    expect((await page.getByTestId('order-items').locator('li').allTextContents())[0]).toMatch(/^Dragon Gems\s*×300$/);
    await saveScreenshot(page, 'pccenter-pay-delivered');

    // The store charged the discounted amount and the mail reached the character.
    const order = await callPayCentre<{ status: string; amount: string; discount_code: string; pay_type: string }>(server.url, 'getOrderInfo', { order_id: orderId });
    expect(order).toMatchObject({ status: 'delivered', amount: expected.amount, discount_code: 'WELCOME10', pay_type: 'wallet' });
    const mail = await sandboxMailbox(server.url, 18, '1801', '1801002');
    expect(mail.filter((m) => m.order_id === orderId)).toHaveLength(1);

    // The page views, the character confirmed (the store's own type 4) and the purchase intent were reported.
    const reports = calls.filter((c) => c.action === 'report').map((c) => [c.fields.get('report_type'), c.fields.get('product_id'), c.fields.get('from')]);
    expect(reports).toEqual([
      ['1', '', 'e2e-desktop'],
      ['4', '', 'e2e-desktop'],
      ['1', '', 'e2e-desktop'],
      ['3', '18-us-currency-300', 'e2e-desktop'],
    ]);

    // The paid order's post-purchase offer (decision 307): bought in one step with the same character and
    // pay method, its order then followed on this page.
    const offer = page.getByTestId('purchase-offer');
    await offer.getByRole('heading', { name: '980 Dragon Gems' }).waitFor();
    expect(await offer.getByTestId('purchase-offer-price').textContent()).toBe('$11.99');
    await saveScreenshot(page, 'pccenter-pay-offer');
    await offer.getByRole('checkbox', { name: /I have read and agree/ }).check();
    await offer.getByRole('button', { name: 'Buy now for $11.99' }).click();
    await page.waitForURL((url) => url.hash.includes('order_id=') && !url.hash.includes(orderId));
    await waitForRemotePage(page, '/pcpay');
    const offerOrderId = routeOf(page).query.get('order_id') ?? '';
    await page.locator('[data-testid="order-status"][data-status="created"]').waitFor();
    expect(await page.getByTestId('order-amount').textContent()).toBe('$11.99');
    const pay = calls.filter((c) => c.action === 'pay').at(-1);
    expect(Object.fromEntries(pay!.fields)).toMatchObject({ role_id: '1801002', product_id: '18-us-currency-980', pay_type: 'wallet', offer_of: orderId, seen_amount: '11.99' });
    const placed = await callPayCentre<{ amount: string; discount_amount: string; product_id: string }>(server.url, 'getOrderInfo', { order_id: offerOrderId });
    expect(placed).toMatchObject({ product_id: '18-us-currency-980', amount: '11.99', discount_amount: '3.00' });
    expect(await page.getByTestId('purchase-offer').count()).toBe(0);
  });
});
