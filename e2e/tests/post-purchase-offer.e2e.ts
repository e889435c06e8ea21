import type { BrowserContext, Page } from 'playwright-core';
import { PHONE } from '../support/browser';
import { bundleCard, FAST_DELIVERY, mailbox, resultStatus, settleInSandbox } from '../support/orders';
import { waitForRemotePage } from '../support/page-helpers';
import { confirmCharacter, openTopUp } from '../support/topup';
import { useE2e } from '../support/fixture';

// The demo catalogue's offer after a paid order of Emberwing Frontier (us): 980 Dragon Gems, 20 % off, 30 minutes.
const { server, browser } = useE2e({ ownStore: { env: FAST_DELIVERY } });
let context: BrowserContext;
let page: Page;

beforeEach(async () => {
  context = await browser.newContext(PHONE);
  page = await context.newPage();
});
afterEach(async () => {
  await context.close();
});

describe('the post-purchase offer on a phone, in English', () => {
  it('shows after a paid order with its countdown, is bought in one step for the same character, and is gone once bought', async () => {
    await openTopUp(page, server.url, 'game_id=18&area=us');
    await confirmCharacter(page, 'NA-1 Aurora', '1801003');
    await page.getByRole('tab', { name: 'Dragon Gems' }).click();
    await bundleCard(page, '18-us-currency-300').locator('.tp-price').click();
    await waitForRemotePage(page, '/submit');
    await page.locator('[data-testid="submit-paybar"][data-check="confirmed"]').waitFor();
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Pay $4.99' }).click();
    const first = await settleInSandbox(page, 'Pay');
    await resultStatus(page, 'delivered');

    // The offer: the bundle, its old and new price, what it gives and the time left.
    const offer = page.getByTestId('purchase-offer');
    await offer.waitFor();
    await offer.getByRole('heading', { name: '980 Dragon Gems' }).waitFor();
    expect(await offer.getByTestId('purchase-offer-price').textContent()).toBe('$11.99');
    expect(await offer.getByText('20% off').count()).toBe(1);
    expect(await offer.getByTestId('purchase-offer-timer').textContent()).toMatch(/^Ends in (30:00|29:[0-5]\d)/);
    await offer.getByText('For Cyra Moonshadow on NA-1 Aurora, paid the same way as your order.').waitFor();

    // Without the agreement nothing is sent; with it, one order for the same character and method.
    const orderCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/createOrder')) orderCalls.push(request.postData() ?? '');
    });
    await offer.getByRole('button', { name: 'Buy now for $11.99' }).click();
    await offer.getByText('Please agree protocal').waitFor();
    expect(orderCalls).toHaveLength(0);
    await offer.getByRole('checkbox').check();
    await offer.getByRole('button', { name: 'Buy now for $11.99' }).click();
    const offerAsked = page.waitForResponse((response) => response.url().endsWith('/api/purchaseOffer'));
    const second = await settleInSandbox(page, 'Pay');
    expect(orderCalls).toHaveLength(1);
    expect(Object.fromEntries(new URLSearchParams(orderCalls[0]))).toMatchObject({
      game_id: '18', area: 'us', server_id: '1801', role_id: '1801003', product_id: '18-us-currency-980', pay_type: 'card', offer_of: first, seen_amount: '11.99',
    });
    expect(second).not.toBe(first);
    await resultStatus(page, 'delivered');
    await page.getByTestId('order-status').getByText('Delivered').waitFor();
    const mails = (await mailbox(server.url, 18, '1801', '1801003')).filter((mail) => mail.order_id === second);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.items[0]).toEqual({ name: 'Dragon Gems', quantity: 980 });
    // The offer order makes no offer, and the first order's offer is taken.
    expect(await (await offerAsked).json()).toMatchObject({ ret: 0, data: { offer: null } });
    expect(await page.getByTestId('purchase-offer').count()).toBe(0);
    const firstPage = await context.newPage();
    const askedAgain = firstPage.waitForResponse((response) => response.url().endsWith('/api/purchaseOffer'));
    await firstPage.goto(`${server.url}/#/payResult?order_id=${first}`);
    expect(await (await askedAgain).json()).toMatchObject({ ret: 0, data: { offer: null } });
    await resultStatus(firstPage, 'delivered');
    expect(await firstPage.getByTestId('purchase-offer').count()).toBe(0);
  });
});
