import type { BrowserContext, Page } from 'playwright-core';
import { PHONE } from '../support/browser';
import { bundleCard, failNextMails, FAST_DELIVERY, mailbox, resultStatus, settleInSandbox } from '../support/orders';
import { waitForRemotePage } from '../support/page-helpers';
import { confirmCharacter, openTopUp, pick, serverList, toastWith } from '../support/topup';
import { useE2e } from '../support/fixture';

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

/** From the top-up page to /submit with a character confirmed and a bundle of the Packs tab chosen. */
async function chooseBundle(serverName: string, roleId: string, productId: string): Promise<void> {
  await openTopUp(page, server.url, 'game_id=18&area=us');
  await confirmCharacter(page, serverName, roleId);
  await page.getByRole('tab', { name: 'Packs' }).click();
  await bundleCard(page, productId).locator('.tp-price').click();
  await waitForRemotePage(page, '/submit');
}

describe('buying on a phone, from the top-up page to the mailbox', () => {
  it('submits, pays in the sandbox, watches delivery, finds the mail, and sees first-buy and limit change', async () => {
    await openTopUp(page, server.url, 'game_id=18&area=us');
    await confirmCharacter(page, 'NA-1 Aurora', '1801001');
    await page.getByRole('tab', { name: 'Packs' }).click();
    const supply = bundleCard(page, '18-us-weekly-supply');
    expect(await supply.getByTestId('bundle-tag').textContent()).toBe('First: +3 potions');
    expect(await supply.getByTestId('bundle-limit').textContent()).toBe('Purchased 0/3');
    await supply.locator('.tp-price').click();
    await waitForRemotePage(page, '/submit');

    // The summary: game, server, character, bundle and price.
    await page.getByTestId('submit-page').getByText('Emberwing Frontier').waitFor();
    expect(await page.getByTestId('submit-server').textContent()).toBe('NA-1 Aurora');
    expect(await page.getByTestId('submit-role-id').textContent()).toBe('1801001');
    expect(await page.getByTestId('submit-role-name').textContent()).toBe('Aria Stormblade');
    // The bundle and its price show once the store confirmed them (a link's are never shown).
    await page.locator('[data-testid="submit-paybar"][data-check="confirmed"]').waitFor();
    expect(await page.getByTestId('submit-bundle').textContent()).toBe('Weekly Supply');
    expect(await page.getByTestId('submit-price').textContent()).toContain('$2.99');
    // Pay methods from getTab, the first checked.
    expect(await page.getByRole('radio', { name: 'Credit or debit card' }).isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: 'E-wallet' }).isChecked()).toBe(false);
    await page.getByRole('radio', { name: 'E-wallet' }).check();

    // An empty code, then a real one: the result shows under the field.
    await page.getByRole('button', { name: 'Apply' }).click();
    expect(await page.getByTestId('discount-result').textContent()).toBe('Please fill in your discount code');
    await page.getByLabel('Discount code').fill('spring2024');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByTestId('discount-result').getByText('This discount code has expired.').waitFor();
    await page.getByLabel('Discount code').fill('welcome10');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByTestId('discount-result').getByText('WELCOME10 applied: 10% off, you save $0.30').waitFor();
    // The box now shows the code as the store knows it, and that is what the order sends.
    expect(await page.getByLabel('Discount code').inputValue()).toBe('WELCOME10');
    expect(await page.getByTestId('submit-total').textContent()).toBe('$2.69');

    // Not agreed yet: the spec's words, and no order.
    const orderCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/createOrder')) orderCalls.push(request.postData() ?? '');
    });
    await page.getByRole('button', { name: 'Pay $2.69' }).click();
    await toastWith(page, 'Please agree protocal');
    expect(orderCalls).toHaveLength(0);
    expect(await page.getByTestId('terms-link').getAttribute('target')).toBe('_blank');

    await page.getByRole('checkbox').check();
    // A double tap places one order.
    await page.getByRole('button', { name: 'Pay $2.69' }).dblclick();
    const orderId = await settleInSandbox(page, 'Pay');
    expect(orderCalls).toHaveLength(1);
    const sent = new URLSearchParams(orderCalls[0]);
    expect(Object.fromEntries(sent)).toMatchObject({
      game_id: '18', area: 'us', server_id: '1801', role_id: '1801001', uid: '1800001',
      product_id: '18-us-weekly-supply', pay_type: 'wallet', discount_code: 'WELCOME10',
    });
    expect(sent.get('order_token')).toMatch(/^web-/);
    expect(sent.has('amount')).toBe(false);

    // The pay result page follows the order to delivered, then stops asking.
    await resultStatus(page, 'delivered');
    for (const step of ['created', 'paid', 'mail_sent', 'delivered']) expect(await page.getByTestId(`step-${step}`).getAttribute('data-state')).toBe('done');
    await page.locator('[data-testid="pay-result"][data-polling="stopped"]').waitFor();
    expect(await page.getByText('If your items have not arrived 30 minutes after a successful payment, please contact in-game customer service.').count()).toBe(1);
    expect(await page.getByTestId('order-customer-service').getAttribute('href')).toContain('game_id=18');
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/orderInfo')) asked.push(request.url());
    });
    await page.waitForTimeout(2500);
    expect(asked).toHaveLength(0);

    const mails = (await mailbox(server.url, 18, '1801', '1801001')).filter((mail) => mail.order_id === orderId);
    expect(mails).toHaveLength(1);
    // What the card promised: the pack's gems and potions, and the first supply's extra potions.
    expect(mails[0]!.items).toEqual([
      { name: 'Dragon Gems', quantity: 100 },
      { name: 'Stamina Potion', quantity: 3 },
      { name: 'Stamina Potion (first supply bonus)', quantity: 3 },
    ]);

    // Back in the store, still confirmed: the first-buy tag is gone and the limit moved on.
    await page.getByRole('link', { name: 'Back to the store' }).click();
    await waitForRemotePage(page, '/');
    await page.getByRole('button', { name: 'Confirmed', exact: true }).waitFor();
    await page.getByRole('tab', { name: 'Packs' }).click();
    await bundleCard(page, '18-us-weekly-supply').getByText('Purchased 1/3').waitFor();
    expect(await bundleCard(page, '18-us-weekly-supply').getByTestId('bundle-tag').textContent()).toBe('Limited');
  });

  it('a declined payment shows its state and delivers nothing', async () => {
    await chooseBundle('NA-1 Aurora', '1801002', '18-us-hero-chest');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Pay $19.99' }).click();
    const orderId = await settleInSandbox(page, 'Decline');
    await resultStatus(page, 'declined');
    await page.getByRole('heading', { name: 'Payment declined' }).waitFor();
    await page.getByText('Nothing was charged and nothing will be delivered. You can place a new order.').waitFor();
    expect(await page.getByTestId('step-paid').count()).toBe(0);
    await page.locator('[data-testid="pay-result"][data-polling="stopped"]').waitFor();
    expect((await mailbox(server.url, 18, '1801', '1801002')).filter((mail) => mail.order_id === orderId)).toEqual([]);
  });

  it('a delivery the game refuses at first shows as retried, then delivered', async () => {
    await failNextMails(server.url, 1);
    await chooseBundle('NA-2 Borealis', '1802003', '18-us-starter-pack');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Pay $1.99' }).click();
    await settleInSandbox(page, 'Pay');
    await resultStatus(page, 'delivering');
    await page.getByText('Delivery is being retried').waitFor();
    expect(await page.getByTestId('step-mail_sent').getAttribute('data-state')).toBe('current');
    await resultStatus(page, 'delivered');
    await page.getByTestId('order-history').getByText('Mail not accepted (attempt 1), trying again').waitFor();
  });

  it('speaks Korean in kr, with its own words for the code and the agreement', async () => {
    const [first] = await serverList(server.url, 18, 'kr');
    if (!first) throw new Error('no Korean server');
    await openTopUp(page, server.url, 'game_id=18&area=kr');
    await pick(page, 'server-field', first.server_name);
    await page.locator('.tp-character-form input').fill(`${first.server_id}002`);
    await page.getByRole('button', { name: '검색', exact: true }).click();
    await page.getByTestId('character-confirmation').getByRole('button', { name: '확인', exact: true }).click();
    await page.getByRole('button', { name: '확인 완료', exact: true }).waitFor();
    await page.locator('[data-product-id="18-kr-currency-300"] .tp-price').click();
    await waitForRemotePage(page, '/submit');
    await page.getByRole('heading', { level: 1, name: '주문하기' }).waitFor();
    await page.locator('[data-testid="submit-paybar"][data-check="confirmed"]').waitFor();
    expect(await page.getByTestId('submit-price').textContent()).toContain('₩5,900');
    expect(await page.getByRole('radio', { name: '신용/체크카드' }).isChecked()).toBe(true);
    await page.getByRole('button', { name: '적용' }).click();
    expect(await page.getByTestId('discount-result').textContent()).toBe('할인 코드를 입력해 주세요');
    await page.getByRole('button', { name: '₩5,900 결제하기' }).click();
    await toastWith(page, '이용약관에 동의해 주세요');
  });
});
