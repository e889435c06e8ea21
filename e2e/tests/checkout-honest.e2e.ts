import type { Page } from 'playwright-core';
import { DESKTOP, PHONE } from '../support/browser';
import { editCatalogue, setPrice } from '../support/catalogue';
import { useE2e } from '../support/fixture';
import { bundleCard } from '../support/orders';
import { waitForRemotePage } from '../support/page-helpers';
import { openPayCentre } from '../support/pccenter';
import { saveScreenshot } from '../support/screenshots';
import { BORIN, CYRA, EMBERWING } from '../support/seed';
import { confirmCharacter, openTopUp } from '../support/topup';

/**
 * Issue 34, the checkout: a price changed before or during checkout is named with both prices and
 * payable in one tap; a forged link's bundle is never shown; a bundle at its limit says so before
 * Pay; a pay method's fee is a fee; each method says its price. The catalogue is changed as a
 * merchandiser does (a file imported in the back office), so the file has a store of its own.
 */
const OPS_TOKEN = `checkout-honest-${Math.random().toString(36).slice(2)}`;
const { server, browser } = useE2e({ ownStore: { env: { OPS_TOKEN, ROLE_LOOKUPS_PER_MINUTE: '10000' } } });

/** Pictures for docs/screenshots: a phone at 390 px and the pay centre at 1280 px, one device pixel each. */
const PHONE_1X = { ...PHONE, deviceScaleFactor: 1 };
const KOREA_1 = { server_id: '1831', server_name: '한국 1서버 (Korea 1)' } as const;

const roleInfo = (role: { server_id: string; server_name: string; role_id: string; role_name: string; uid: string }) =>
  JSON.stringify({ server_name: role.server_name, role_id: role.role_id, role_name: role.role_name, uid: role.uid, server_id: role.server_id });

/** /submit's link as the shelf writes it (spec §2). */
function submitLink(fields: Record<string, string>): string {
  return `/submit?${new URLSearchParams({ game_id: EMBERWING.game_id, area: EMBERWING.area, pmx_show: '1', type: 'Dragon Gems', first_buy: '0', ...fields })}`;
}

async function openPhone(route: string, lang?: string): Promise<Page> {
  const page = await (await browser.newContext(PHONE_1X)).newPage();
  await page.goto(`${server.url}/#${route}${lang ? `&lang=${lang}` : ''}`);
  await waitForRemotePage(page, route.split('?')[0] ?? route);
  return page;
}

describe('a price changed during checkout is named and payable, never a loop', () => {
  it('names a price raised between the shelf and /submit ($49.99 → $59.99) and pays the new one in one tap', async () => {
    const page = await (await browser.newContext(PHONE_1X)).newPage();
    await openTopUp(page, server.url, 'game_id=18&area=us');
    await confirmCharacter(page, BORIN.server_name, BORIN.role_id);
    await bundleCard(page, '18-us-currency-3280').filter({ hasText: '$49.99' }).waitFor();
    // The merchandiser raises the price while the shelf is open.
    await setPrice(server.url, OPS_TOKEN, '18-us-currency-3280', 5999);
    await bundleCard(page, '18-us-currency-3280').locator('.tp-price').click();
    await waitForRemotePage(page, '/submit');

    const notice = page.getByTestId('price-change');
    await notice.getByText('The price of this bundle went up').waitFor();
    expect(await notice.getByTestId('price-change-prices').textContent()).toBe('$49.99 → $59.99');
    expect(await page.getByTestId('submit-price').textContent()).toContain('$59.99');
    await notice.getByRole('link', { name: 'Back to the store' }).waitFor();
    await saveScreenshot(page, 'submit-price-rose-en');
    await page.getByRole('checkbox', { name: /I have read and agree/ }).check();
    await page.getByRole('button', { name: 'Pay $59.99' }).click();
    await page.waitForURL(/\/sandbox\/checkout\//);
    await page.getByText('$59.99').first().waitFor();
  });

  it('after Pay meets a price lowered meanwhile, shows $29.99 → $24.99 and the next Pay charges $24.99', async () => {
    const page = await openPhone(submitLink({ product_id: '18-us-currency-1980', product_name: '1,980 Dragon Gems', amount: '29.99', roleInfo: roleInfo(BORIN) }));
    await page.getByRole('button', { name: 'Pay $29.99' }).waitFor();
    await page.getByRole('checkbox', { name: /I have read and agree/ }).check();
    await setPrice(server.url, OPS_TOKEN, '18-us-currency-1980', 2499);
    await page.getByRole('button', { name: 'Pay $29.99' }).click();

    const notice = page.getByTestId('price-change');
    await notice.getByText('The price of this bundle went down').waitFor();
    expect(await notice.getByTestId('price-change-prices').textContent()).toBe('$29.99 → $24.99');
    // No error dialog to dismiss: the page says it, the summary and Pay show the store's price.
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await page.getByTestId('submit-price').textContent()).toContain('$24.99');
    await page.getByRole('button', { name: 'Pay $24.99' }).click();
    await page.waitForURL(/\/sandbox\/checkout\//);
    await page.getByText('$24.99').first().waitFor();
  });

  it('checks an applied code again at the new price: $19.99 less 10 % → $15.99 less 10 %', async () => {
    const page = await openPhone(submitLink({ product_id: '18-us-hero-chest', product_name: 'Hero Chest', amount: '19.99', type: 'Packs', roleInfo: roleInfo(BORIN) }));
    await page.getByLabel('Discount code').fill('welcome10');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('button', { name: 'Pay $17.99' }).waitFor();
    await page.getByRole('checkbox', { name: /I have read and agree/ }).check();
    await setPrice(server.url, OPS_TOKEN, '18-us-hero-chest', 1599);
    await page.getByRole('button', { name: 'Pay $17.99' }).click();
    expect(await page.getByTestId('price-change').getByTestId('price-change-prices').textContent()).toBe('$19.99 → $15.99');
    // The code is checked again for the new price: Pay says what the store charges.
    await page.getByRole('button', { name: 'Pay $14.39' }).click();
    await page.waitForURL(/\/sandbox\/checkout\//);
    await page.getByText('$14.39').first().waitFor();
  });

  it('says it in Korean on the kr store (₩37,000 → ₩33,000)', async () => {
    const role = { ...KOREA_1, role_id: '1831002', role_name: '', uid: '1800002' };
    const page = await openPhone(
      `/submit?${new URLSearchParams({ game_id: '18', area: 'kr', pmx_show: '1', first_buy: '0', product_id: '18-kr-currency-1980', product_name: '1,980 드래곤 젬', amount: '37000', roleInfo: roleInfo(role) })}`,
    );
    await page.getByRole('button', { name: '₩37,000 결제하기' }).waitFor();
    await page.getByRole('checkbox', { name: /동의합니다/ }).check();
    await setPrice(server.url, OPS_TOKEN, '18-kr-currency-1980', 33000);
    await page.getByRole('button', { name: '₩37,000 결제하기' }).click();
    const notice = page.getByTestId('price-change');
    await notice.getByText('이 상품의 가격이 내렸습니다').waitFor();
    expect(await notice.getByTestId('price-change-prices').textContent()).toBe('₩37,000 → ₩33,000');
    await notice.getByRole('link', { name: '스토어로 돌아가기' }).waitFor();
    await saveScreenshot(page, 'submit-price-fell-ko');
    await page.getByRole('button', { name: '₩33,000 결제하기' }).click();
    await page.waitForURL(/\/sandbox\/checkout\//);
  });

  it('says it in Chinese (¥ is not sold: $14.99 → $12.99 on the us store in 中文)', async () => {
    const page = await openPhone(submitLink({ product_id: '18-us-currency-980', product_name: '980 Dragon Gems', amount: '14.99', roleInfo: roleInfo(CYRA) }), 'zh');
    await page.getByRole('button', { name: /\$14\.99/ }).waitFor();
    await page.getByRole('checkbox').first().check();
    await setPrice(server.url, OPS_TOKEN, '18-us-currency-980', 1299);
    await page.getByRole('button', { name: /\$14\.99/ }).click();
    const notice = page.getByTestId('price-change');
    await notice.getByText('该礼包的价格已下调').waitFor();
    expect(await notice.getByTestId('price-change-prices').textContent()).toBe('$14.99 → $12.99');
    await saveScreenshot(page, 'submit-price-fell-zh');
  });

  it('in the pay centre, Pay after a price change shows both prices, and the next Pay charges the new one', async () => {
    const page = await (await browser.newContext(DESKTOP)).newPage();
    const character = new URLSearchParams({ game_id: '18', area: 'us', server_id: BORIN.server_id, server_name: BORIN.server_name, role_id: BORIN.role_id, role_name: BORIN.role_name, uid: BORIN.uid });
    await openPayCentre(page, server.url, `/pcSubmit?${character}`);
    await page.getByRole('button', { name: 'Choose 6,480 Dragon Gems for $99.99' }).click();
    await page.getByTestId('order-bundle').getByText('6,480 Dragon Gems').waitFor();
    await page.getByRole('checkbox', { name: /I have read and agree/ }).check();
    await setPrice(server.url, OPS_TOKEN, '18-us-currency-6480', 8999);
    await page.getByTestId('pay-button').filter({ hasText: '$99.99' }).click();
    const notice = page.getByTestId('price-change');
    await notice.getByText('The price of this bundle went down').waitFor();
    expect(await notice.getByTestId('price-change-prices').textContent()).toBe('$99.99 → $89.99');
    expect(await page.getByRole('dialog').count()).toBe(0);
    await notice.getByRole('button', { name: 'Choose another bundle' }).waitFor();
    await saveScreenshot(page, 'pcsubmit-price-fell-en');
    await page.getByTestId('pay-button').filter({ hasText: '$89.99' }).click();
    await waitForRemotePage(page, '/pcpay');
  });
});

describe('honest order pages', () => {
  it('never shows a forged link\'s bundle ("$0.01 / FREE GEMS") for a character the store does not know', async () => {
    const page = await openPhone(
      submitLink({ product_id: '18-us-currency-300', product_name: 'FREE GEMS', amount: '0.01', pay_content: 'FREE GEMS', roleInfo: roleInfo({ ...BORIN, role_id: '1809999', role_name: 'Nobody' }) }),
    );
    await page.locator('[data-testid="submit-paybar"][data-check="characterRefused"]').waitFor();
    expect(await page.getByText('FREE GEMS').count()).toBe(0);
    expect(await page.getByText('$0.01').count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Pay/ }).count()).toBe(0);
  });

  it('says a bundle at its purchase limit before Pay, on the phone and in the pay centre', async () => {
    // Cyra bought Weekly Supply once; the merchandiser makes it once per character.
    await editCatalogue(server.url, OPS_TOKEN, (file) => {
      const supply = file.bundles.find((row) => row.product_id === '18-us-weekly-supply');
      if (!supply) throw new Error('no Weekly Supply');
      supply.role_buy_limit = 1;
    });
    const page = await openPhone(submitLink({ product_id: '18-us-weekly-supply', product_name: 'Weekly Supply', amount: '2.99', type: 'Packs', roleInfo: roleInfo(CYRA) }));
    await page.getByTestId('limit-reached').getByText('You have bought this bundle as many times as it allows (1/1). Choose another bundle.').waitFor();
    const pay = page.getByRole('button', { name: 'Limit reached' });
    expect(await pay.getAttribute('aria-disabled')).toBe('true');
    expect(await page.getByRole('button', { name: /^Pay/ }).count()).toBe(0);
    await saveScreenshot(page, 'submit-limit-en');
    // The same line and button in Korean and Chinese.
    for (const [lang, line, button] of [
      ['ko', '이 상품의 구매 한도에 도달했습니다(1/1). 다른 상품을 선택해 주세요.', '구매 한도 도달'],
      ['zh', '您购买此礼包的次数已达上限（1/1），请选择其他礼包。', '已达购买上限'],
    ] as const) {
      const translated = await openPhone(submitLink({ product_id: '18-us-weekly-supply', product_name: 'Weekly Supply', amount: '2.99', type: 'Packs', roleInfo: roleInfo(CYRA) }), lang);
      await translated.getByTestId('limit-reached').getByText(line).waitFor();
      expect(await translated.getByRole('button', { name: button }).getAttribute('aria-disabled')).toBe('true');
      await saveScreenshot(translated, `submit-limit-${lang}`);
      await translated.context().close();
    }

    const desk = await (await browser.newContext(DESKTOP)).newPage();
    const character = new URLSearchParams({ game_id: '18', area: 'us', product_id: '18-us-weekly-supply', server_id: CYRA.server_id, server_name: CYRA.server_name, role_id: CYRA.role_id, role_name: CYRA.role_name, uid: CYRA.uid });
    // The link asks for Weekly Supply (Try again after a payment): chosen once its tab shows it.
    await openPayCentre(desk, server.url, `/pcSubmit?${character}`);
    await desk.getByRole('tab', { name: 'Packs' }).click();
    await desk.getByTestId('order-bundle').getByText('Weekly Supply').waitFor();
    await desk.getByTestId('limit-reached').getByText('You have bought this bundle as many times as it allows (1/1). Choose another bundle.').waitFor();
    expect(await desk.getByTestId('pay-button').textContent()).toContain('Limit reached');
    expect(await desk.getByTestId('pay-button').getAttribute('aria-disabled')).toBe('true');
    await saveScreenshot(desk, 'pcsubmit-limit-en');
  });

  it('shows a pay method\'s fee as a fee, and every method\'s price before it is chosen (ko)', async () => {
    const role = { ...KOREA_1, role_id: '1831001', role_name: '', uid: '1800001' };
    const page = await openPhone(
      `/submit?${new URLSearchParams({ game_id: '18', area: 'kr', pmx_show: '1', first_buy: '0', product_id: '18-kr-currency-980', product_name: '980 드래곤 젬', amount: '19000', roleInfo: roleInfo(role) })}`,
    );
    await page.getByRole('button', { name: '₩19,000 결제하기' }).waitFor();
    // Each method says its price before the player chooses it.
    await page.getByRole('radio', { name: /^신용\/체크카드 .*이 결제 수단으로 ₩19,000/ }).waitFor();
    const mobile = page.getByRole('radio', { name: /^휴대폰 결제 .*이 결제 수단으로 ₩20,900/ });
    await mobile.check();
    // The bundle's price stays the bundle's; the carrier's fee is its own line.
    expect(await page.getByTestId('submit-price').textContent()).toContain('₩19,000');
    const breakdown = page.getByTestId('submit-breakdown');
    expect(await breakdown.getByText('상품 가격').locator('..').textContent()).toContain('₩19,000');
    expect(await page.getByTestId('submit-fee').textContent()).toBe('휴대폰 결제 수수료+₩1,900');
    expect(await page.getByTestId('submit-total').textContent()).toBe('₩20,900');
    // The bank-transfer tile carries the easy-pay marks it shows.
    await page.getByRole('radio', { name: /^계좌이체·간편결제/ }).waitFor();
    // The methods and the breakdown in one picture (the pay bar is fixed at the bottom).
    await page.getByRole('group').first().evaluate((list) => list.scrollIntoView({ block: 'start' }));
    await saveScreenshot(page, 'submit-fee-ko', { keepScroll: true });
  });

  it.each([
    ['zh', /^手机话费支付 .*使用此方式 ₩20,900/, '手机话费支付手续费+₩1,900'],
    ['en', /^Mobile phone billing .*₩20,900 with this method/, 'Mobile phone billing fee+₩1,900'],
  ] as const)('says the fee in %s on the kr store, as its own line', async (lang, method, fee) => {
    const role = { ...KOREA_1, role_id: '1831003', role_name: '', uid: '1800003' };
    const page = await openPhone(
      `/submit?${new URLSearchParams({ game_id: '18', area: 'kr', pmx_show: '1', first_buy: '0', product_id: '18-kr-currency-980', product_name: '980 드래곤 젬', amount: '19000', roleInfo: roleInfo(role) })}`,
      lang,
    );
    const mobile = page.getByRole('radio', { name: method });
    await mobile.check();
    expect(await page.getByTestId('submit-fee').textContent()).toBe(fee);
    expect(await page.getByTestId('submit-total').textContent()).toBe('₩20,900');
    // The methods and the breakdown in one picture (the pay bar is fixed at the bottom).
    await page.getByRole('group').first().evaluate((list) => list.scrollIntoView({ block: 'start' }));
    await saveScreenshot(page, `submit-fee-${lang}`, { keepScroll: true });
  });

  it('in the pay centre, the fee is a line of its own and each method says its price', async () => {
    const page = await (await browser.newContext(DESKTOP)).newPage();
    const role = { ...KOREA_1, role_id: '1831001', role_name: '', uid: '1800001' };
    const character = new URLSearchParams({ game_id: '18', area: 'kr', ...role });
    await openPayCentre(page, server.url, `/pcSubmit?${character}`);
    await page.locator('[data-product-id="18-kr-currency-980"] .pc-price').click();
    // The radio is drawn by its label.
    await page.getByRole('radio', { name: /^휴대폰 결제 .*₩20,900/ }).waitFor({ state: 'attached' });
    await page.locator('label[data-pay-type="mobile"]').click();
    expect(await page.getByTestId('order-fee').textContent()).toBe('휴대폰 결제 수수료+₩1,900');
    expect(await page.getByTestId('order-total').textContent()).toBe('₩20,900');
    await page.getByRole('radio', { name: /^신용\/체크카드 .*₩19,000/ }).waitFor({ state: 'attached' });
    await saveScreenshot(page, 'pcsubmit-fee-ko');
  });
});

describe('a closed server', () => {
  const NA_2 = { server_id: '1802', server_name: 'NA-2 Borealis', role_id: '1802001' };

  it('is said to be closed: a confirmed character on it loses its prices at once, and its recent character is marked, not offered', async () => {
    const page = await (await browser.newContext(PHONE_1X)).newPage();
    await openTopUp(page, server.url, 'game_id=18&area=us');
    await confirmCharacter(page, NA_2.server_name, NA_2.role_id);
    await editCatalogue(server.url, OPS_TOKEN, (file) => {
      const row = file.servers.find((one) => one.game_id === 18 && one.server_id === NA_2.server_id);
      if (!row) throw new Error('no NA-2 Borealis');
      row.open = false;
    });
    // Buying for the character confirmed before the closing: the store says the server is closed.
    await bundleCard(page, '18-us-currency-300').locator('.tp-price').click();
    const said = page.getByRole('dialog').filter({ hasText: 'This server is closed.' });
    await said.waitFor();
    expect(await page.getByText('This server does not exist').count()).toBe(0);
    await said.getByRole('button', { name: 'Confirm' }).click();

    // The page again (a reload in the same tab keeps the confirmation): at once, no longer confirmed.
    await page.reload();
    await waitForRemotePage(page, '/');
    await page.getByRole('dialog').filter({ hasText: 'This server is closed.' }).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    expect(await page.getByRole('button', { name: 'Confirmed', exact: true }).count()).toBe(0);
    // Its recent character is shown as closed, with nothing to tap.
    const entry = page.getByTestId('recent-characters').locator(`[data-role-id="${NA_2.role_id}"]`);
    await entry.filter({ hasText: 'Server closed' }).waitFor();
    expect(await entry.getAttribute('data-closed')).toBe('true');
    expect(await page.getByTestId('recent-characters').getByRole('button', { name: new RegExp(NA_2.role_id) }).count()).toBe(0);
    await saveScreenshot(page, 'recent-character-closed-en');
    // Marked in the player's language too.
    for (const [lang, closed] of [['ko', '운영이 종료된 서버'], ['zh', '服务器已关闭']] as const) {
      await page.locator('.language-switch').selectOption(lang);
      await entry.filter({ hasText: closed }).waitFor();
      await saveScreenshot(page, `recent-character-closed-${lang}`);
    }
  });

  it('says so in Korean when a lookup meets it', async () => {
    await editCatalogue(server.url, OPS_TOKEN, (file) => {
      const row = file.servers.find((one) => one.game_id === 18 && one.server_id === '1832');
      if (!row) throw new Error('no Korea 2');
      row.open = false;
    });
    const page = await openPhone(
      `/submit?${new URLSearchParams({ game_id: '18', area: 'kr', pmx_show: '1', first_buy: '0', product_id: '18-kr-currency-300', product_name: '300 드래곤 젬', amount: '5900', roleInfo: JSON.stringify({ server_name: '한국 2서버 (Korea 2)', role_id: '1832001', role_name: '', uid: '1800001', server_id: '1832' }) })}`,
    );
    await page.locator('[data-testid="submit-paybar"][data-check="characterRefused"]').getByText('운영이 종료된 서버입니다.', { exact: false }).waitFor();
    expect(await page.getByText('존재하지 않는 서버').count()).toBe(0);
  });
});
