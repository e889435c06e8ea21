import type { Page } from 'playwright-core';
import type { CreatedOrder } from '@topup/shared/types';
import { DESKTOP } from '../support/browser';
import { expectNoAxeViolations } from '../support/axe';
import { useE2e } from '../support/fixture';
import { failNextMails, FAST_DELIVERY, mailbox } from '../support/orders';
import { mustRunOps } from '../support/ops';
import { saveScreenshot } from '../support/screenshots';
import { CYRA, EMBERWING, GEMS_300 } from '../support/seed';
import { withSign } from '@topup/shared/sign';
import { callAction } from '../support/topup';

const SUPPORT = { email: 'desk@ops.example', password: 'support desk password 1' };
const PLAYER_EMAIL = 'cyra.moon@example.com';

const { server, browser } = useE2e({
  ownStore: {
    env: FAST_DELIVERY,
    async prepare(dataDir) {
      await mustRunOps('ops', ['add-operator', SUPPORT.email, '--role', 'support'], { DATA_DIR: dataDir }, `${SUPPORT.password}\n`);
    },
  },
});

/** An order of 300 Dragon Gems for Cyra Moonshadow with a receipt to `email`, paid in the sandbox. */
async function paidOrder(email: string): Promise<CreatedOrder> {
  const order = await callAction<CreatedOrder>(server.url, 'createOrder', {
    game_id: EMBERWING.game_id, area: EMBERWING.area, server_id: CYRA.server_id, role_id: CYRA.role_id, uid: CYRA.uid,
    product_id: GEMS_300.product_id, pay_type: 'card', discount_code: '', receipt_email: email, order_token: `e2e-desk-${Date.now()}-${Math.random()}`,
  });
  const paid = await fetch(`${server.url}/sandbox/checkout/${order.order_id}`, {
    method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'result=paid', redirect: 'manual',
  });
  if (paid.status !== 303) throw new Error(`sandbox checkout of ${order.order_id}: HTTP ${paid.status}`);
  return order;
}

async function statusOf(orderId: string): Promise<string> {
  return (await callAction<{ status: string }>(server.url, 'orderInfo', { order_id: orderId })).status;
}

async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let tries = 0; tries < 300; tries += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`waited in vain for ${what}`);
}

async function signIn(page: Page): Promise<void> {
  await page.goto(`${server.url}/#/ops`);
  await page.getByRole('heading', { name: 'Sign in to the back office' }).waitFor({ timeout: 20_000 });
  await page.getByLabel('E-mail address').fill(SUPPORT.email);
  await page.getByLabel('Password').fill(SUPPORT.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('navigation', { name: 'Back office' }).waitFor();
}

/** A signed call as a player's browser makes it, with its cookie; answers the body and the cookie it set. */
async function playerCall(action: string, payload: Record<string, string>, cookie = ''): Promise<{ ret: number; setCookie: string }> {
  const response = await fetch(`${server.url}/api/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
    body: new URLSearchParams(withSign(payload) as Record<string, string>),
  });
  const body = (await response.json()) as { ret: number; msg: string };
  if (body.ret !== 0) throw new Error(`${action}: ret ${body.ret} ${body.msg}`);
  return { ret: body.ret, setCookie: (response.headers.get('set-cookie') ?? '').split(';')[0]! };
}

/** Cyra links a browser with the code from her game mail and claims today's gift, as the store's panel does. */
async function linkCyraAndClaimGift(): Promise<void> {
  const where = { game_id: String(EMBERWING.game_id), area: EMBERWING.area, server_id: CYRA.server_id, role_id: CYRA.role_id };
  const mails = async () =>
    ((await (await fetch(`${server.url}/sandbox/mailbox?game_id=${EMBERWING.game_id}&server_id=${CYRA.server_id}&role_id=${CYRA.role_id}`)).json()) as { data: Array<{ kind: string; body: string }> }).data;
  await playerCall('sendOwnershipCode', { ...where, uid: CYRA.uid });
  let code = '';
  await until(async () => {
    code = /\b(\d{6})\b/.exec((await mails()).find((mail) => mail.kind === 'ownership_code')?.body ?? '')?.[1] ?? '';
    return code !== '';
  }, 'the code mail');
  const { setCookie } = await playerCall('confirmOwnershipCode', { ...where, uid: CYRA.uid, code });
  await playerCall('claimDailyGift', where, setCookie);
}

/** Reloads an order's page until `text` shows (the worker moves the order meanwhile). */
async function reloadUntil(page: Page, orderId: string, text: string | RegExp): Promise<void> {
  for (let tries = 0; tries < 100; tries += 1) {
    await page.reload();
    await page.getByRole('heading', { name: new RegExp(`Order ${orderId}`) }).waitFor();
    if (await page.getByText(text).count()) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await page.getByText(text).first().waitFor({ timeout: 1000 });
}

describe('the support desk centred on the player, in the browser', () => {
  it('support finds a player by e-mail and sees their orders and tickets, links a ticket, keeps a note, and refunds a part', async () => {
    const order = await paidOrder(PLAYER_EMAIL);
    await until(async () => (await statusOf(order.order_id)) === 'delivered', 'the delivery');
    await linkCyraAndClaimGift();
    const { reference } = await callAction<{ reference: string }>(server.url, 'createSupportTicket', {
      email: PLAYER_EMAIL, message: 'I was charged but one of the gems packs looks short.', order_id: '', game_id: '18', area: 'us',
    });
    const page = await (await browser.newContext(DESKTOP)).newPage();
    await signIn(page);
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Players' }).click();
    await page.getByRole('heading', { name: 'Player', level: 1 }).waitFor();
    const search = page.getByRole('search', { name: 'Find a player' });
    await search.getByLabel('Find a player').fill(PLAYER_EMAIL.toUpperCase());
    await search.getByRole('button', { name: 'Find' }).click();
    await page.getByRole('heading', { name: `Orders and tickets of the e-mail address ${PLAYER_EMAIL}`, level: 1 }).waitFor();
    const orders = page.getByRole('region', { name: 'Orders' });
    await orders.getByRole('link', { name: order.order_id }).waitFor();
    // The address led to Cyra's account: its other orders (the demo's purchases) are the player's too.
    await page.getByRole('region', { name: 'Characters' }).getByRole('link', { name: CYRA.uid, exact: true }).waitFor();
    expect(await orders.getByRole('row').count()).toBeGreaterThan(2);
    await page.getByRole('region', { name: 'Characters' }).getByRole('link', { name: CYRA.role_name }).waitFor();
    await page.getByRole('region', { name: 'Tickets' }).getByRole('link', { name: reference }).waitFor();
    // Cyra's linked browser, her points and today's gift, each with what an agent may do about it.
    const rewards = page.getByTestId(`rewards-${CYRA.role_id}`);
    await rewards.getByRole('button', { name: 'End link' }).waitFor();
    await rewards.getByRole('button', { name: /^Send again: the gift of \d{4}-\d\d-\d\d$/ }).waitFor();
    await expectNoAxeViolations(page, 'player page · en');
    await saveScreenshot(page, 'ops-player', { fullPage: true });

    // The ticket named no order: the agent links it to the one it is about, and gives it to themself.
    await page.getByRole('region', { name: 'Tickets' }).getByRole('link', { name: reference }).click();
    const ticket = page.getByRole('article', { name: new RegExp(reference) });
    await ticket.getByLabel('Link to order').fill(order.order_id);
    await ticket.getByRole('button', { name: 'Link', exact: true }).click();
    await ticket.getByRole('link', { name: order.order_id }).waitFor();
    await ticket.getByLabel('Give to').selectOption({ label: SUPPORT.email });
    await ticket.getByRole('button', { name: 'Assign', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'The ticket is assigned.' }).waitFor();
    await page.getByRole('button', { name: 'Mine', exact: true }).click();
    await page.getByRole('button', { name: new RegExp(reference) }).waitFor();
    await ticket.getByLabel('New note').fill('Player sent a screenshot: one 300-gem pack arrived as 250.');
    await ticket.getByRole('button', { name: 'Add note' }).click();
    await ticket.getByText('Player sent a screenshot: one 300-gem pack arrived as 250.').waitFor();

    // The order shows the ticket; a part of its money goes back, with its reason.
    await ticket.getByRole('link', { name: order.order_id }).click();
    await page.getByRole('heading', { name: new RegExp(`Order ${order.order_id}`) }).waitFor();
    await page.getByRole('region', { name: 'Tickets about this order' }).getByRole('link', { name: reference }).waitFor();
    await page.getByRole('button', { name: 'Refund a part' }).click();
    const dialog = page.getByRole('dialog', { name: 'Refund a part of this order' });
    await dialog.getByLabel(/^Amount to refund/).fill('1.00');
    await dialog.getByLabel('Reason (kept in the audit log)').fill('50 gems short, refunded pro rata');
    await dialog.getByRole('button', { name: 'Refund a part' }).click();
    await page.getByRole('status').filter({ hasText: 'The partial refund is under way.' }).waitFor();
    await reloadUntil(page, order.order_id, 'Refunded so far: $1.00 of $4.99');
    await page.getByText(/Partial refund · support desk \(desk@ops\.example\): 50 gems short, refunded pro rata/).waitFor();
    expect(await statusOf(order.order_id)).toBe('delivered');
    await saveScreenshot(page, 'ops-partial-refund', { fullPage: true });

    // The same page in Korean.
    await page.goto(`${server.url}/#/ops/player?q=${encodeURIComponent(PLAYER_EMAIL)}`);
    await page.locator('select.ops-language').selectOption('ko');
    await page.getByRole('heading', { name: `이메일 주소 ${PLAYER_EMAIL}의 주문과 문의`, level: 1 }).waitFor();
    await page.getByRole('region', { name: '환불' }).getByText('부분 환불').waitFor();
    await expectNoAxeViolations(page, 'player page · ko');
  });

  it('support refunds an order whose delivery keeps failing: the delivery stops, the refund is made once and the mail never arrives', async () => {
    await failNextMails(server.url, 'always');
    const order = await paidOrder('');
    try {
      await until(async () => (await statusOf(order.order_id)) === 'delivering', 'a failing delivery');
      const page = await (await browser.newContext(DESKTOP)).newPage();
      await signIn(page);
      await page.goto(`${server.url}/#/ops/orders/${order.order_id}`);
      await reloadUntil(page, order.order_id, 'Mail not sent; will retry');
      await page.getByRole('button', { name: 'Refund', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Refund this order' });
      await dialog.getByText('The delivery is stopped first').waitFor();
      await dialog.getByLabel('Reason (kept in the audit log)').fill('Game server down for this character');
      // A delivery attempt may hold the job for a moment: the desk says so and the operator presses again.
      for (let tries = 0; tries < 20; tries += 1) {
        await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
        const outcome = await Promise.race([
          page.getByRole('status').filter({ hasText: 'The refund is under way.' }).waitFor().then(() => 'done'),
          dialog.getByRole('alert').filter({ hasText: 'A delivery attempt is under way' }).waitFor().then(() => 'busy'),
        ]);
        if (outcome === 'done') break;
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
      await until(async () => (await statusOf(order.order_id)) === 'refunded', 'the refund');
      await reloadUntil(page, order.order_id, /Refunded so far: \$4\.99 of \$4\.99/);
      await page.getByText(/Whole refund · support desk \(desk@ops\.example\): Game server down for this character/).waitFor();
      await saveScreenshot(page, 'ops-stopped-delivery-refunded', { fullPage: true });
    } finally {
      await failNextMails(server.url, 'off');
    }
    // The game works again; the stopped order is never mailed.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const mails = await mailbox(server.url, Number(EMBERWING.game_id), CYRA.server_id, CYRA.role_id);
    expect(mails.filter((mail) => mail.order_id === order.order_id)).toEqual([]);
    expect(await statusOf(order.order_id)).toBe('refunded');
  });
});
