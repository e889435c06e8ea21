import type { Page } from 'playwright-core';
import type { CreatedOrder } from '@topup/shared/types';
import { DESKTOP, PHONE } from '../support/browser';
import { deliveredOrder, FAST_DELIVERY } from '../support/orders';
import { narrowLayout, waitForRemotePage } from '../support/page-helpers';
import { findCharacterById, openPayCentre } from '../support/pccenter';
import { saveScreenshot } from '../support/screenshots';
import { ARIA, BORIN, EMBERWING, GEMS_60 } from '../support/seed';
import { callAction, confirmCharacter, openTopUp } from '../support/topup';
import { useE2e } from '../support/fixture';

const PUBLISHER = { PUBLISHER_NAME: 'Dragon Works Ltd', PUBLISHER_ADDRESS: '1 Harbour Road, Busan 48058, Korea', SUPPORT_EMAIL: 'help@dragonworks.example', LEGAL_DATE: '2026-11-02' };
const OPS_TOKEN = `honest-pages-${Math.random().toString(36).slice(2)}-0123456789abcdef`;
// Ticket lookups: the three languages' tests come from one address within a minute (the limit's own test is the server's).
const { server, browser } = useE2e({ ownStore: { env: { ...FAST_DELIVERY, ...PUBLISHER, OPS_TOKEN, TICKET_LOOKUPS_PER_MINUTE: '100', TICKET_LOOKUPS_PER_MINUTE_PER_TICKET: '100' } } });

/** An order of 60 Dragon Gems for Borin, declined in the sandbox checkout: it was never paid. */
async function declinedOrder(): Promise<CreatedOrder> {
  const order = await callAction<CreatedOrder>(server.url, 'createOrder', {
    game_id: EMBERWING.game_id, area: EMBERWING.area, server_id: BORIN.server_id, role_id: BORIN.role_id, uid: BORIN.uid,
    product_id: GEMS_60.product_id, pay_type: 'card', discount_code: '', order_token: `e2e-declined-${Date.now()}-${Math.random()}`,
  });
  const declined = await fetch(`${server.url}/sandbox/checkout/${order.order_id}`, {
    method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'result=declined', redirect: 'manual',
  });
  if (declined.status !== 303) throw new Error(`sandbox decline of ${order.order_id}: HTTP ${declined.status}`);
  return order;
}

const LANGUAGES = [
  { lang: 'en', receipt: 'Receipt', print: 'Print', notPaid: 'There is no receipt for this order: it was not paid.', items: 'What arrives in the in-game mailbox', bonus: 'Bonus', seller: 'Seller', delivered: 'Delivered', payMethod: 'Credit or debit card', orders: 'My orders' },
  { lang: 'ko', receipt: '영수증', print: '인쇄', notPaid: '결제되지 않은 주문이라 영수증이 없습니다.', items: '인게임 우편함으로 지급되는 아이템', bonus: '보너스', seller: '판매자', delivered: '지급 일시', payMethod: '신용/체크카드', orders: '내 주문' },
  { lang: 'zh', receipt: '收据', print: '打印', notPaid: '此订单未支付，因此没有收据。', items: '发往游戏内邮箱的道具', bonus: '奖励', seller: '销售方', delivered: '发货时间', payMethod: '信用卡或借记卡', orders: '我的订单' },
] as const;

let firstTopUp: CreatedOrder;
let declined: CreatedOrder;
beforeAll(async () => {
  // Aria's first 300 Dragon Gems: 300 and the first top-up bonus of 300 go out in one mail.
  firstTopUp = await deliveredOrder(server.url, ARIA, 'e2e-honest-first');
  declined = await declinedOrder();
});

describe.each(LANGUAGES)('honest order pages in $lang', (words) => {
  it('the result page lists every item that arrives, the bonus too, with dates and time zones', async () => {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    try {
      await page.goto(`${server.url}/?lang=${words.lang}#/payResult?order_id=${firstTopUp.order_id}`);
      await waitForRemotePage(page, '/payResult');
      await page.locator('[data-testid="order-status"][data-status="delivered"]').waitFor();
      const items = page.getByTestId('order-items');
      await items.waitFor();
      expect(await page.getByRole('heading', { name: words.items }).count()).toBe(1);
      const lines = await items.locator('li').allTextContents();
      expect(lines).toEqual([expect.stringMatching(/^Dragon Gems\s*×300$/), expect.stringMatching(new RegExp(`^Dragon Gems \\(first top-up bonus\\)\\s*×300\\s*${words.bonus}$`))]);
      // Not "collect 300 Dragon Gems" when 600 arrive.
      expect(await page.getByTestId('order-status').textContent()).not.toContain('300 Dragon Gems');
      // Every time on the page says its day and its time zone.
      const times = await page.locator('[data-testid="order-history"] time').allTextContents();
      expect(times.length).toBeGreaterThan(2);
      for (const time of times) expect(time).toMatch(/(GMT|UTC)/);
      for (const time of times) expect(time).toMatch(/\d{1,2}(월|月|\s|,)/);
      await saveScreenshot(page, `pay-result-items-${words.lang}`, { fullPage: true });

      // Its receipt: the seller, the items with the bonus, the pay method and when the items went out.
      await page.getByTestId('order-receipt').click();
      await waitForRemotePage(page, '/receipt');
      const facts = page.getByTestId('receipt-facts');
      await facts.waitFor();
      const text = (await facts.textContent()) ?? '';
      expect(text).toContain(`${words.seller}Dragon Works Ltd, 1 Harbour Road, Busan 48058, Korea`);
      expect(text).toContain(words.payMethod);
      // When the items went out, with its date, time and time zone ("Nov 28, 2026, 01:15 UTC", "2026年11月28日 UTC 01:15").
      expect(text).toMatch(new RegExp(`${words.delivered}\\D{0,5}\\d(?=.{0,30}?(GMT|UTC))(?=.{0,30}?\\d{1,2}:\\d{2})`));
      expect(await page.getByTestId('order-items').locator('li').allTextContents()).toHaveLength(2);
      expect(await page.getByTestId('order-items').textContent()).toContain(words.bonus);
      expect(await page.getByRole('button', { name: words.print }).count()).toBe(1);
      await saveScreenshot(page, `receipt-items-${words.lang}`, { fullPage: true });
    } finally {
      await context.close();
    }
  });

  it('offers no receipt for a declined order: not on its result page, not in My orders, and /receipt says it was not paid', async () => {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    try {
      await page.goto(`${server.url}/?lang=${words.lang}#/payResult?order_id=${declined.order_id}`);
      await waitForRemotePage(page, '/payResult');
      await page.locator('[data-testid="order-status"][data-status="declined"]').waitFor();
      expect(await page.getByTestId('order-try-again').count()).toBe(1);
      expect(await page.getByTestId('order-receipt').count()).toBe(0);
      expect(await page.getByTestId('order-items').count()).toBe(0);

      await page.goto(`${server.url}/?lang=${words.lang}#/orders`);
      await waitForRemotePage(page, '/orders');
      await page.locator('.mo-find input').first().fill(declined.order_id);
      await page.locator('.mo-find input').nth(1).fill(BORIN.role_id);
      await page.locator('.mo-find button[type="submit"]').click();
      const row = page.locator(`[data-order-id="${declined.order_id}"][data-status="declined"]`);
      await row.waitFor();
      expect(await row.getByRole('link', { name: words.receipt }).count()).toBe(0);

      // A receipt link typed or kept from before: no "Amount $0.99" and no Print.
      await page.goto(`${server.url}/?lang=${words.lang}#/receipt?order_id=${declined.order_id}&role_id=${BORIN.role_id}`);
      await waitForRemotePage(page, '/receipt');
      const notPaid = page.getByTestId('receipt-not-paid');
      await notPaid.waitFor();
      expect(await notPaid.textContent()).toContain(words.notPaid);
      expect(await page.getByTestId('receipt-facts').count()).toBe(0);
      expect(await page.getByRole('button', { name: words.print }).count()).toBe(0);
      await saveScreenshot(page, `receipt-not-paid-${words.lang}`);
    } finally {
      await context.close();
    }
  });

  it('the pay centre offers no receipt for the declined order, and one for the paid order', async () => {
    const context = await browser.newContext(DESKTOP);
    const page = await context.newPage();
    try {
      await page.goto(`${server.url}/?lang=${words.lang}#/pcpay?order_id=${declined.order_id}`);
      await waitForRemotePage(page, '/pcpay');
      await page.getByTestId('order-try-again').waitFor();
      expect(await page.getByTestId('order-receipt').count()).toBe(0);
      expect(await page.getByTestId('order-items').count()).toBe(0);
      const paid = await context.newPage();
      await paid.goto(`${server.url}/?lang=${words.lang}#/pcpay?order_id=${firstTopUp.order_id}`);
      await waitForRemotePage(paid, '/pcpay');
      await paid.getByTestId('order-receipt').waitFor();
      // What arrives, as the phone's result page lists it: the 300 and the first top-up bonus.
      const items = paid.getByTestId('order-items');
      await items.waitFor();
      expect(await paid.getByRole('heading', { name: words.items }).count()).toBe(1);
      expect(await items.locator('li').allTextContents()).toEqual([expect.stringMatching(/^Dragon Gems\s*×300$/), expect.stringMatching(new RegExp(`^Dragon Gems \\(first top-up bonus\\)\\s*×300\\s*${words.bonus}$`))]);
    } finally {
      await context.close();
    }
  });
});

const TAGS = [
  { lang: 'en', weekly: 'First: +3 potions', doubled: 'First ×2' },
  { lang: 'ko', weekly: '첫 구매 물약 +3', doubled: '첫 구매 2배' },
  { lang: 'zh', weekly: '首购加赠药水', doubled: '首购双倍' },
] as const;

describe.each(TAGS)('bundle cards in $lang say no more than the items give, in full', (words) => {
  /** Whether any card's bonus line or tag is cut off (clamped, or "…" at its end). */
  const cutOff = (page: import('playwright-core').Page) =>
    page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('.tp-bundle__subtitle, .tp-bundle__tag')]
        .filter((element) => element.scrollHeight > element.clientHeight + 1 || element.scrollWidth > element.clientWidth + 1)
        .map((element) => element.textContent),
    );

  // "+24%" for 1,600 on 6,480 (24.7 %) is the catalogue check's (server/test/bundle-tags.test.ts): a new player sees first-purchase tags.
  it('never tags Weekly Supply as doubled (its first purchase adds 3 potions only), and shows every bonus line and tag whole', async () => {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    try {
      await page.goto(`${server.url}/?lang=${words.lang}#/?game_id=18&area=us`);
      const gems = page.locator('[data-product-id="18-us-currency-6480"]').first();
      await gems.waitFor();
      expect(await cutOff(page)).toEqual([]);
      await saveScreenshot(page, `bundle-cards-gems-${words.lang}`);
      await page.getByRole('tab').nth(1).click();
      const supply = page.locator('[data-product-id="18-us-weekly-supply"]').first();
      await supply.waitFor();
      expect(await supply.getByTestId('bundle-tag').textContent()).toBe(words.weekly);
      expect(await page.locator('.tp-bundle__tag').allTextContents()).not.toContain(words.doubled);
      expect(await cutOff(page)).toEqual([]);
      await saveScreenshot(page, `bundle-cards-packs-${words.lang}`);
    } finally {
      await context.close();
    }
  });
});

const UNSOLD = [
  { lang: 'en', notice: 'Emberwing Frontier is not sold in this region (TW).', choose: 'Top up in a region where it is sold:', retry: 'Retry', failed: 'The bundles could not be loaded.' },
  { lang: 'ko', notice: '이 지역(TW)에서는 판매하지 않는 게임입니다.', choose: '판매 중인 지역에서 충전하세요:', retry: '다시 시도', failed: '상품을 불러오지 못했습니다.' },
  { lang: 'zh', notice: '在此地区（TW）不可购买。', choose: '请在有售的地区充值：', retry: '重试', failed: '礼包加载失败。' },
] as const;

describe.each(UNSOLD)('a region that does not sell the game, in $lang', (words) => {
  it('offers the regions that do sell it and every game, and no Retry that cannot succeed', async () => {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    try {
      await page.goto(`${server.url}/?lang=${words.lang}#/?game_id=18&area=tw`);
      // The store's message says why; once read, the way out is under it.
      const dialog = page.locator('.tu-dialog');
      await dialog.waitFor();
      await dialog.locator('.tu-dialog__actions button').last().click();
      await dialog.waitFor({ state: 'detached' });
      const notice = page.getByTestId('unsold-notice');
      await notice.waitFor();
      expect(await notice.getByRole('heading', { level: 2 }).textContent()).toContain(words.notice);
      expect(await notice.textContent()).toContain(words.choose);
      const regions = await notice.locator('a[data-area]').evaluateAll((links) => links.map((link) => link.getAttribute('data-area')));
      expect(regions).toEqual(expect.arrayContaining(['us', 'kr']));
      expect(regions).not.toContain('tw');
      expect(await page.locator('.tp-game-list [data-game-id]').count()).toBeGreaterThan(1);
      expect(await page.getByRole('button', { name: words.retry }).count()).toBe(0);
      expect(await page.getByText(words.failed).count()).toBe(0);
      await saveScreenshot(page, `unsold-region-${words.lang}`);
      // A region's link opens the game's top-up page there.
      await notice.locator('a[data-area="us"]').click();
      await page.locator('[data-product-id="18-us-currency-300"]').first().waitFor();
    } finally {
      await context.close();
    }
  });
});

const TICKETS = [
  { lang: 'en', title: 'My tickets', reference: 'Ticket reference', email: 'E-mail address you wrote from', find: 'Show my ticket', waiting: 'Waiting for an answer', answered: 'Answered', notFound: 'No ticket has this reference and this e-mail address.' },
  { lang: 'ko', title: '내 문의', reference: '접수 번호', email: '문의하신 이메일 주소', find: '내 문의 보기', waiting: '답변 대기 중', answered: '답변 완료', notFound: '이 접수 번호와 이메일 주소로 접수된 문의가 없습니다.' },
  { lang: 'zh', title: '我的工单', reference: '工单号', email: '提交工单时的邮箱地址', find: '查看我的工单', waiting: '等待回复', answered: '已回复', notFound: '没有与此工单号和邮箱地址匹配的工单。' },
] as const;

describe.each(TICKETS)('My tickets on the help page in $lang', (words) => {
  it('shows a ticket and, once support has answered, the answer; a wrong address reads like a wrong reference', async () => {
    const email = `player-${words.lang}-${Date.now()}@example.com`;
    const { reference } = await callAction<{ reference: string }>(server.url, 'createSupportTicket', {
      email, message: 'My 300 gems did not arrive after an hour.', order_id: '', game_id: '18', area: 'us',
    });
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    try {
      await page.goto(`${server.url}/?lang=${words.lang}#/help?game_id=18&area=us`);
      await waitForRemotePage(page, '/help');
      const tickets = page.getByTestId('my-tickets');
      expect(await tickets.getByRole('heading', { level: 2 }).textContent()).toBe(words.title);
      const ask = async (typedReference: string, typedEmail: string) => {
        await tickets.getByLabel(words.reference).fill(typedReference);
        await tickets.getByLabel(words.email).fill(typedEmail);
        await tickets.getByRole('button', { name: words.find }).click();
      };
      // A wrong address: the same words as a wrong reference, nothing shown.
      await ask(reference, `someone-${email}`);
      await page.waitForFunction(() => (document.querySelector('[data-testid="ticket-lookup-refusal"]')?.textContent ?? '') !== '');
      const wrongAddress = await tickets.getByTestId('ticket-lookup-refusal').textContent();
      expect(wrongAddress).toContain(words.notFound);
      await ask('T-2222-2222', email);
      await page.waitForFunction((previous) => document.querySelector('[data-testid="ticket-lookup-refusal"]')?.textContent === previous, wrongAddress);
      expect(await tickets.getByTestId('ticket').count()).toBe(0);

      await ask(reference.toLowerCase(), email.toUpperCase());
      const ticket = tickets.locator(`[data-testid="ticket"][data-status="open"]`);
      await ticket.waitFor();
      expect(await ticket.textContent()).toContain(words.waiting);
      expect(await ticket.getByTestId('ticket-message').textContent()).toBe('My 300 gems did not arrive after an hour.');
      expect(await ticket.getByTestId('ticket-no-answer').count()).toBe(1);

      // The desk answers in the back office.
      const answered = await fetch(`${server.url}/ops/api/tickets/${reference}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${OPS_TOKEN}`, 'content-type': 'application/json', 'x-ops-actor': 'e2e' },
        body: JSON.stringify({ answer: 'We sent the gems again: please look in your in-game mailbox.', request_key: `e2e-${reference}` }),
      });
      expect(answered.status).toBe(200);
      await tickets.getByRole('button', { name: words.find }).click();
      const withAnswer = tickets.locator(`[data-testid="ticket"][data-status="answered"]`);
      await withAnswer.waitFor();
      expect(await withAnswer.textContent()).toContain(words.answered);
      expect(await withAnswer.getByTestId('ticket-answer').textContent()).toBe('We sent the gems again: please look in your in-game mailbox.');
      await withAnswer.scrollIntoViewIfNeeded();
      await saveScreenshot(page, `my-tickets-${words.lang}`, { keepScroll: true });
    } finally {
      await context.close();
    }
  });
});

/** Where a 320 px phone lays out, and the same phone at 200 % zoom (a 195 px wide layout). */
const NARROW = [
  { width: 320, height: 640 },
  { width: 195, height: 422 },
] as const;

/** Two frames: what places itself after a resize or a scroll (the customer-service button) has done so. */
const settle = (page: Page) => page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));

describe('every player page at 320 px and at 200 % zoom (195 px wide)', () => {
  // Reached as a player reaches them: a character confirmed, a bundle tapped.
  let submit = '';
  let pcSubmit = '';
  beforeAll(async () => {
    const phone = await (await browser.newContext(PHONE)).newPage();
    await openTopUp(phone, server.url, 'game_id=18&area=us');
    await confirmCharacter(phone, BORIN.server_name, BORIN.role_id);
    await phone.getByRole('button', { name: 'Buy 300 Dragon Gems for $4.99' }).click();
    await waitForRemotePage(phone, '/submit');
    submit = new URL(phone.url()).hash.slice(1);
    const desktop = await (await browser.newContext(DESKTOP)).newPage();
    await openPayCentre(desktop, server.url, '/pcrole?game_id=18&area=us');
    await findCharacterById(desktop, BORIN.server_name, BORIN.role_id);
    await desktop.getByTestId('found-character').getByRole('button', { name: 'Confirm' }).click();
    await waitForRemotePage(desktop, '/pcSubmit');
    pcSubmit = new URL(desktop.url()).hash.slice(1);
  });

  /** Each route, and what shows once its content is there. */
  const routes = (): Array<[string, string]> => [
    ['/?game_id=18&area=us', '[data-product-id]'],
    ['/game', '[data-game-id]'],
    ['/prod?game_id=18&area=us&product_id=18-us-currency-980', '[data-product-id]'],
    [submit, '.od-card[data-confirmed="true"]'],
    [`/payResult?order_id=${firstTopUp.order_id}`, '[data-testid="order-items"]'],
    ['/help?game_id=18&area=us', '[data-testid="my-tickets"]'],
    ['/orders', '.mo-find'],
    // My orders by character, opened at a character (this browser holds no link to it: the section says so).
    [`/orders?character=18~us~${BORIN.server_id}~${BORIN.role_id}`, '[data-testid="linked-orders-none"]'],
    ['/index_1', 'article[data-game-id]'],
    ['/pcIndex', '.pc-game'],
    ['/pcrole?game_id=18&area=us', '.pc-server'],
    [pcSubmit, '.pc-bundle'],
    [`/pcpay?order_id=${firstTopUp.order_id}`, '[data-testid="order-status"][data-status="delivered"]'],
  ];

  it.each(['en', 'ko', 'zh'])('%s: nothing scrolls sideways, no word is squeezed to a letter per line, the customer-service button stays in the window', async (lang) => {
    const context = await browser.newContext({ ...PHONE, viewport: NARROW[0], reducedMotion: 'reduce' });
    const page = await context.newPage();
    const found: string[] = [];
    for (const [route, ready] of routes()) {
      const path = route.split('?')[0];
      await page.goto(`${server.url}/?lang=${lang}#${route}`);
      await waitForRemotePage(page, route);
      await page.locator(ready).first().waitFor();
      for (const size of NARROW) {
        await page.setViewportSize(size);
        await settle(page);
        const layout = await narrowLayout(page);
        if (layout.scrollWidth > layout.clientWidth) found.push(`${path} at ${size.width}: ${layout.scrollWidth} px wide`);
        for (const text of layout.squeezed) found.push(`${path} at ${size.width}: ${text}`);
        const support = await page.locator('a.customer-service').evaluateAll((links) => links.map((link) => link.getBoundingClientRect().right));
        for (const right of support) if (right > layout.clientWidth + 0.5) found.push(`${path} at ${size.width}: the customer-service button reaches ${right} px`);
      }
      if (route === submit) {
        // /submit's headings, labels and Pay button each keep a few letters a line at 195 px.
        const keyTexts = '.od-header h1, .od-card__title, .od-pay-methods__title, .od-receipt-email label, .od-bundle__name, .od-paybar .od-button';
        expect(await page.locator(keyTexts).count()).toBeGreaterThanOrEqual(6);
        expect((await narrowLayout(page, keyTexts)).squeezed).toEqual([]);
      }
      await page.setViewportSize(NARROW[0]);
    }
    expect(found).toEqual([]);
    await context.close();
  });

  it("keeps the customer-service button off the result page's buttons at every scroll, at 390, 320 and 195 px", async () => {
    const context = await browser.newContext({ ...PHONE, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto(`${server.url}/#/payResult?order_id=${firstTopUp.order_id}`);
    await page.getByTestId('order-items').waitFor();
    const support = page.locator('a.customer-service');
    await support.waitFor();
    const problems: string[] = [];
    for (const size of [{ width: 390, height: 844 }, ...NARROW]) {
      await page.setViewportSize(size);
      const height = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
      for (let y = 0; y <= height; y += Math.max(40, Math.floor(height / 12))) {
        await page.evaluate((top) => window.scrollTo(0, top), y);
        await settle(page);
        problems.push(
          ...(await support.evaluate((link, at) => {
            const window_ = document.documentElement.clientWidth;
            const box = link.getBoundingClientRect();
            const out = box.right > window_ + 0.5 || box.left < 0 ? [`${at}: the button spans ${Math.round(box.left)}-${Math.round(box.right)} of ${window_}`] : [];
            // Every point of the page's actions that shows below the sticky bar answers a tap itself, its right end included.
            const barBottom = document.querySelector('.shell__bar')?.getBoundingClientRect().bottom ?? 0;
            for (const action of Array.from(document.querySelectorAll<HTMLElement>('.pr-actions a, .pr-actions button, .pr-more a'))) {
              const own = action.getBoundingClientRect();
              const y = own.top + own.height / 2;
              if (y < barBottom + 2 || y > window.innerHeight - 2) continue;
              for (const x of [own.right - 2, own.right - 8, own.left + own.width / 2]) {
                const hit = document.elementFromPoint(x, y);
                if (hit && !action.contains(hit)) out.push(`${at}: "${action.textContent}" at ${Math.round(x)},${Math.round(y)} is covered by ${hit.tagName.toLowerCase()}.${hit.getAttribute('class')}`);
              }
            }
            return out;
          }, `${size.width} px, scrolled ${y}`)),
        );
      }
    }
    expect(problems).toEqual([]);
    await context.close();
  });
});
