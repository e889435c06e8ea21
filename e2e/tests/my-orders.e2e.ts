import { DESKTOP, PHONE } from '../support/browser';
import { deliveredOrder, FAST_DELIVERY } from '../support/orders';
import { waitForRemotePage } from '../support/page-helpers';
import { saveScreenshot } from '../support/screenshots';
import { BORIN } from '../support/seed';
import { useE2e } from '../support/fixture';

const { server, browser } = useE2e({ ownStore: { env: FAST_DELIVERY } });

/** An order of Borin Ironfist (Emberwing Frontier NA-1), paid in the sandbox and delivered. */
const paidOrder = () => deliveredOrder(server.url, BORIN, 'e2e-my-orders');

const LANGUAGES = [
  { lang: 'en', title: 'My orders', delivered: 'Delivered', receipt: 'Receipt', orderLabel: 'Order number' },
  { lang: 'ko', title: '내 주문', delivered: '지급 완료', receipt: '영수증', orderLabel: '주문 번호' },
  { lang: 'zh', title: '我的订单', delivered: '已到账', receipt: '收据', orderLabel: '订单号' },
] as const;

describe.each(LANGUAGES)('My orders and the receipt in $lang', ({ lang, title, delivered, receipt, orderLabel }) => {
  it('finds a delivered order by its number and character ID, keeps it in the list, and shows its receipt', async () => {
    const order = await paidOrder();
    const context = await browser.newContext(lang === 'zh' ? DESKTOP : PHONE);
    const page = await context.newPage();
    try {
      // From the store's footer (phone) or top bar (pay centre), like a player would.
      await page.goto(`${server.url}/?lang=${lang}#/${lang === 'zh' ? 'pcIndex' : '?game_id=18&area=us'}`);
      await page.getByRole('link', { name: title, exact: true }).click();
      await waitForRemotePage(page, '/orders');
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(title);
      await page.getByLabel(orderLabel).fill(order.order_id);
      await page.getByLabel(lang === 'en' ? 'Character ID' : lang === 'ko' ? '캐릭터 ID' : '角色ID').fill(BORIN.role_id);
      await page.locator('.mo-find button[type="submit"]').click();
      const row = page.locator(`[data-order-id="${order.order_id}"][data-status]`);
      await page.locator(`[data-order-id="${order.order_id}"][data-status="delivered"]`).waitFor();
      expect(await row.getByTestId('my-order-status').textContent()).toBe(delivered);
      await saveScreenshot(page, `my-orders-${lang}`);

      // Kept in this browser: a reload still lists it.
      await page.goto(`${server.url}/?lang=${lang}#/orders`);
      await page.locator(`[data-order-id="${order.order_id}"][data-status="delivered"]`).waitFor();

      await row.getByRole('link', { name: receipt }).click();
      await waitForRemotePage(page, '/receipt');
      const facts = page.getByTestId('receipt-facts');
      await facts.waitFor();
      const text = (await facts.textContent()) ?? '';
      expect(text).toContain(order.order_id);
      expect(text).toContain('Borin Ironfist');
      expect(text).toContain('$4.99 USD');
      expect(text).toContain(delivered);
      expect(text).toContain(orderLabel);
      await saveScreenshot(page, `receipt-${lang}`);
    } finally {
      await context.close();
    }
  });
});
