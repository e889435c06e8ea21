import type { BrowserContext, Page } from 'playwright-core';
import { PHONE } from '../support/browser';
import { expectNoAxeViolations } from '../support/axe';
import { bundleCard, deliveredOrder, FAST_DELIVERY, mailbox, resultStatus, settleInSandbox } from '../support/orders';
import { waitForRemotePage } from '../support/page-helpers';
import { saveScreenshot } from '../support/screenshots';
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
    await offer.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'purchase-offer-phone-en', { keepScroll: true });

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

describe('the post-purchase offer on a phone, in Chinese', () => {
  it('shows the shared card in Chinese on the result page of a paid order and buys it in one step', async () => {
    // Borin's order of 300 Dragon Gems, paid and delivered; its result page opened in Chinese.
    const paid = await deliveredOrder(server.url, { server_id: '1801', role_id: '1801002', uid: '1800002' }, 'offer-zh');
    await page.goto(`${server.url}/?lang=zh#/payResult?order_id=${paid.order_id}`);
    await waitForRemotePage(page, '/payResult');
    const offer = page.getByTestId('purchase-offer');
    await offer.waitFor();
    await offer.getByText('限时专属特惠').waitFor();
    expect(await offer.getByTestId('purchase-offer-price').textContent()).toBe('$11.99');
    expect(await offer.getByText('20% 折扣').count()).toBe(1);
    expect(await offer.getByTestId('purchase-offer-timer').textContent()).toMatch(/^剩余 (30:00|29:[0-5]\d)/);
    await expectNoAxeViolations(page, 'post-purchase offer · zh · phone');

    // Without the agreement: the checkout's words in Chinese; with it, one order, paid in the sandbox.
    await offer.getByRole('button', { name: '立即以 $11.99 购买' }).click();
    expect(await offer.getByRole('alert').count()).toBeGreaterThan(0);
    await offer.getByRole('checkbox').check();
    await offer.getByRole('button', { name: '立即以 $11.99 购买' }).click();
    // The sandbox checkout speaks Chinese too.
    await page.waitForURL(/\/sandbox\/checkout\//);
    await page.getByRole('button', { name: /^支付 / }).click();
    await page.waitForURL(/#\/payResult\?order_id=/);
    await waitForRemotePage(page, '/payResult');
    const bought = new URL(page.url().replace('#/', '')).searchParams.get('order_id') ?? '';
    expect(bought).not.toBe(paid.order_id);
    await resultStatus(page, 'delivered');
    const mails = (await mailbox(server.url, 18, '1801', '1801002')).filter((mail) => mail.order_id === bought);
    expect(mails).toHaveLength(1);
    expect(await page.getByTestId('purchase-offer').count()).toBe(0);
  });
});

describe('the post-purchase offer on a phone, in Korean', () => {
  it('shows the card in Korean on the result page of a paid order and buys it in one step', async () => {
    // Aria's order of 300 Dragon Gems, paid and delivered; its result page opened in Korean.
    const paid = await deliveredOrder(server.url, { server_id: '1801', role_id: '1801001', uid: '1800001' }, 'offer-ko');
    await page.goto(`${server.url}/?lang=ko#/payResult?order_id=${paid.order_id}`);
    await waitForRemotePage(page, '/payResult');
    const offer = page.getByTestId('purchase-offer');
    await offer.waitFor();
    await offer.getByText('지금만 드리는 특가').waitFor();
    expect(await offer.getByTestId('purchase-offer-price').textContent()).toBe('$11.99');
    expect(await offer.getByText('20% 할인').count()).toBe(1);
    expect(await offer.getByTestId('purchase-offer-timer').textContent()).toMatch(/^남은 시간 (30:00|29:[0-5]\d)/);
    await expectNoAxeViolations(page, 'post-purchase offer · ko · phone');

    await offer.getByRole('checkbox').check();
    await offer.getByRole('button', { name: '$11.99에 바로 구매' }).click();
    await page.waitForURL(/\/sandbox\/checkout\//);
    await page.getByRole('button', { name: / 결제$/ }).click();
    await page.waitForURL(/#\/payResult\?order_id=/);
    await waitForRemotePage(page, '/payResult');
    const bought = new URL(page.url().replace('#/', '')).searchParams.get('order_id') ?? '';
    expect(bought).not.toBe(paid.order_id);
    await resultStatus(page, 'delivered');
    const mails = (await mailbox(server.url, 18, '1801', '1801001')).filter((mail) => mail.order_id === bought);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.items).toEqual(expect.arrayContaining([{ name: '드래곤 젬', quantity: 980 }]));
    expect(await page.getByTestId('purchase-offer').count()).toBe(0);
  });
});
