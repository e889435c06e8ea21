import type { BrowserContext, Page } from 'playwright-core';
import { DESKTOP, PHONE } from '../support/browser';
import { expectNoAxeViolations } from '../support/axe';
import { useE2e } from '../support/fixture';
import { deliveredOrder, FAST_DELIVERY } from '../support/orders';
import { confirmCharacter, openTopUp, pick } from '../support/topup';
import { findCharacterById, openPayCentre } from '../support/pccenter';
import { narrowLayout, waitForRemotePage } from '../support/page-helpers';
import { saveScreenshot } from '../support/screenshots';

// A store of its own: this file asks for more codes from one address than a player may in a minute.
const { server, browser } = useE2e({
  ownStore: { env: { ...FAST_DELIVERY, OWNERSHIP_CODES_PER_MINUTE: '100', OWNERSHIP_CODES_PER_HOUR: '1000', OWNERSHIP_CODES_PER_MINUTE_PER_CHARACTER: '100', OWNERSHIP_CODES_PER_HOUR_PER_CHARACTER: '1000', OWNERSHIP_CONFIRMS_PER_MINUTE: '100' } },
});
let context: BrowserContext;
let page: Page;

beforeEach(async () => {
  context = await browser.newContext(PHONE);
  page = await context.newPage();
});
afterEach(async () => {
  await context.close();
});

interface SandboxMail {
  readonly mail_id: string;
  readonly kind: string;
  readonly body: string;
  readonly items: Array<{ name: string; quantity: number }>;
}

/** A character of its own on Emberwing Frontier NA-1: its codes, gift and points meet no other test's. */
async function newCharacter(suffix: string) {
  const character = { server_id: '1801', role_id: `18019${suffix}`, uid: `18009${suffix}`, role_name: `Linker ${suffix}` };
  const response = await fetch(`${server.url}/sandbox/roles`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ game_id: 18, ...character }),
  });
  if (!response.ok) throw new Error(`sandbox role: HTTP ${response.status}`);
  return character;
}

/** The character's game mailbox in the sandbox game, as a player of the demo reads it. */
async function gameMail(roleId: string, kind: string): Promise<SandboxMail[]> {
  const response = await fetch(`${server.url}/sandbox/mailbox?game_id=18&server_id=1801&role_id=${roleId}`);
  const body = (await response.json()) as { data: SandboxMail[] };
  return body.data.filter((mail) => mail.kind === kind);
}

async function until<T>(what: string, probe: () => Promise<T | undefined>): Promise<T> {
  for (let tries = 0; tries < 200; tries += 1) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`waited in vain for ${what}`);
}

describe('linking a character with a code from its game mail (phone)', () => {
  it('links with the code read in the sandbox mailbox, claims the daily gift, and shows points after a purchase', async () => {
    const character = await newCharacter(`${String(process.pid % 100).padStart(2, '0')}1`);
    await openTopUp(page, server.url, 'game_id=18&area=us');
    await confirmCharacter(page, 'NA-1 Aurora', character.role_id);

    const panel = page.getByTestId('linked-character');
    await panel.getByRole('heading', { name: 'Link this character' }).waitFor();
    await panel.getByRole('button', { name: 'Get a code in your game mail' }).click();
    await panel.getByText(`We sent a 6-digit code to the game mail of ${character.role_name}.`).waitFor();
    await expectNoAxeViolations(page, 'linked character · en · phone · code sent');

    const mail = await until('the code mail', async () => (await gameMail(character.role_id, 'ownership_code'))[0]);
    const code = /\b(\d{6})\b/.exec(mail.body)?.[1] ?? '';
    // A wrong code first: the store's refusal, read out.
    await panel.getByLabel('Code from your game mail').fill(code === '000000' ? '111111' : '000000');
    await panel.getByRole('button', { name: 'Link', exact: true }).click();
    expect(await panel.getByTestId('linked-refusal').textContent()).toBe('This code is not right. Check the code in your game mail and try again.');
    await panel.getByLabel('Code from your game mail').fill(code);
    await panel.getByRole('button', { name: 'Link', exact: true }).click();
    await panel.getByTestId('linked-state').waitFor();
    expect(await panel.getByTestId('linked-state').textContent()).toMatch(/^Linked to this browser until /);
    expect(await panel.getByTestId('points-balance').textContent()).toBe('0 points');

    await panel.getByRole('button', { name: "Claim today's gift" }).click();
    await panel.getByTestId('gift-claimed').waitFor();
    const gift = await until('the gift mail', async () => (await gameMail(character.role_id, 'daily_gift'))[0]);
    expect(gift.items).toEqual([{ name: 'Dragon Gems', quantity: 10 }]);
    await expectNoAxeViolations(page, 'linked character · en · phone · linked');

    // A purchase delivered: the next visit, on the same browser, shows its points (300 Dragon Gems, $4.99: 49 points).
    await deliveredOrder(server.url, character, 'linked-e2e');
    await page.reload();
    await openTopUp(page, server.url, 'game_id=18&area=us&finish_pay=1');
    await page.getByRole('button', { name: 'Confirmed', exact: true }).waitFor();
    await panel.getByTestId('points-balance').waitFor();
    expect(await panel.getByTestId('points-balance').textContent()).toBe('49 points');
    // The catalogue's reward costs 300 points: offered, not yet within reach.
    expect(await panel.getByRole('button', { name: 'Get 100 Dragon Gems' }).getAttribute('aria-disabled')).toBe('true');
    expect(await panel.getByTestId('gift-claimed').count()).toBe(1);

    // End link: the panel offers a code again, and the cookie no longer counts.
    await panel.getByRole('button', { name: 'End link' }).click();
    await panel.getByRole('button', { name: 'Get a code in your game mail' }).waitFor();
  });
});

/** The code the panel shows from the sandbox game's mailbox (a demo or development store only). */
async function codeOnPage(panel: ReturnType<Page['getByTestId']>, spent: readonly string[] = []): Promise<string> {
  const mail = panel.getByTestId('sandbox-code-mail');
  await mail.waitFor();
  // The box reads the mailbox again until the new code's mail is there (an older code may show first).
  return until('a new code in the sandbox mailbox', async () => {
    const code = /\b(\d{6})\b/.exec((await mail.textContent()) ?? '')?.[1];
    return code && !spent.includes(code) ? code : undefined;
  });
}

/** Confirms the character on the phone page and links it with the code the panel shows. */
async function linkOnPhone(target: Page, roleId: string, words: { search: string; confirm: string; confirmed: string; send: string; code: string; link: string; change: string }, spent: string[] = []) {
  await changeCharacter(target, words);
  await pick(target, 'server-field', 'NA-1 Aurora');
  await target.locator('.tp-character-form input').fill(roleId);
  await target.getByRole('button', { name: words.search, exact: true }).click();
  await target.getByTestId('character-confirmation').getByRole('button', { name: words.confirm, exact: true }).click();
  await target.getByRole('button', { name: words.confirmed, exact: true }).waitFor();
  const panel = target.getByTestId('linked-character');
  await panel.getByRole('button', { name: words.send }).click();
  const code = await codeOnPage(panel, spent);
  spent.push(code);
  await panel.getByLabel(words.code).fill(code);
  await panel.getByRole('button', { name: words.link, exact: true }).click();
  await panel.getByTestId('linked-state').waitFor();
  return panel;
}

/** Back to the character form when the page opened with a character confirmed before (the page keeps one). */
async function changeCharacter(target: Page, words: { confirm: string; change: string }) {
  await target.getByTestId('server-field').or(target.getByRole('button', { name: words.change })).first().waitFor();
  if ((await target.getByTestId('server-field').count()) > 0) return;
  await target.getByRole('button', { name: words.change }).click();
  await target.locator('[role="dialog"], [role="alertdialog"]').getByRole('button', { name: words.confirm, exact: true }).click();
  await target.getByTestId('server-field').waitFor();
}

const ZH = { search: '搜索', confirm: '确认', confirmed: '已确认', send: '通过游戏邮件获取验证码', code: '游戏邮件中的验证码', link: '关联', change: '更换角色' };
const EN = { search: 'Search', confirm: 'Confirm', confirmed: 'Confirmed', send: 'Get a code in your game mail', code: 'Code from your game mail', link: 'Link', change: 'Change character' };

describe('a linked character in Chinese on the phone, then on a second phone', () => {
  it('links two characters with the codes the sandbox mailbox shows, claims the gift, sees points; the second device is offered the other character and sees the orders', async () => {
    const suffix = String(process.pid % 100).padStart(2, '0');
    const [first, second] = [await newCharacter(`${suffix}4`), await newCharacter(`${suffix}5`)];
    await openTopUp(page, server.url, 'game_id=18&area=us&lang=zh');
    const spent: string[] = [];
    let panel = await linkOnPhone(page, first.role_id, ZH, spent);
    await panel.getByRole('button', { name: '领取今日礼物' }).click();
    await panel.getByTestId('gift-claimed').waitFor();
    await expectNoAxeViolations(page, 'linked character · zh · phone · linked');

    // The same phone links its player's second character; a purchase for it is delivered.
    await openTopUp(page, server.url, 'game_id=18&area=us&lang=zh');
    panel = await linkOnPhone(page, second.role_id, ZH, spent);
    const order = await deliveredOrder(server.url, second, 'linked-zh-e2e');
    await page.reload();
    await openTopUp(page, server.url, 'game_id=18&area=us&lang=zh&finish_pay=1');
    await page.getByRole('button', { name: '已确认', exact: true }).waitFor();
    await panel.getByTestId('points-balance').waitFor();
    expect(await panel.getByTestId('points-balance').textContent()).toBe('49 积分');

    // My orders by character, in Chinese: the delivered order with its receipt.
    await panel.getByTestId('linked-orders-open').click();
    await waitForRemotePage(page, '/orders');
    const zhOrders = page.getByTestId('linked-characters-orders');
    await zhOrders.locator(`[data-order-id="${order.order_id}"]`).waitFor();
    expect(await zhOrders.getByTestId('linked-order-status').first().textContent()).toBe('已发放');
    await expectNoAxeViolations(page, 'my orders by character · zh · phone');
    await saveScreenshot(page, 'linked-orders-phone-zh');
    // At 320 and 195 px the list, its long order numbers and receipt links wrap: nothing scrolls sideways.
    for (const width of [320, 195]) {
      await page.setViewportSize({ width, height: 844 });
      const layout = await narrowLayout(page, '[data-testid="linked-characters-orders"] *');
      expect([width, layout.scrollWidth <= layout.clientWidth, layout.squeezed]).toEqual([width, true, []]);
    }
    await page.setViewportSize(PHONE.viewport);

    // A second phone (another browser): it links the second character, and is offered the first one too.
    const other = await browser.newContext(PHONE);
    try {
      const device = await other.newPage();
      await openTopUp(device, server.url, 'game_id=18&area=us');
      const otherPanel = await linkOnPhone(device, second.role_id, EN, spent);
      await otherPanel.evaluate((element) => element.scrollIntoView({ block: 'start' }));
      await saveScreenshot(device, 'linked-panel-phone-en', { keepScroll: true });
      await expectNoAxeViolations(device, 'linked character · en · second phone · linked');
      // Back on the character form: the recent characters offer the other character, linked on the first phone.
      await changeCharacter(device, EN);
      const recent = device.getByTestId('recent-characters');
      await recent.locator(`[data-followed="true"] [data-role-id="${first.role_id}"]`).waitFor();
      expect(await recent.locator(`[data-role-id="${second.role_id}"]`).count()).toBe(1);
      expect(await recent.locator(`[data-followed="true"]`).textContent()).toContain('Linked to you');
      await expectNoAxeViolations(device, 'recent characters that follow the player · en · second phone');
      // A tap looks the followed character up afresh.
      await recent.locator(`[data-role-id="${first.role_id}"]`).click();
      await device.getByTestId('character-confirmation').getByText(first.role_name).waitFor();

      // My orders on the second phone: the linked character's order placed elsewhere, and its receipt.
      await device.goto(`${server.url}/#/orders`);
      await waitForRemotePage(device, '/orders');
      await device.getByRole('button', { name: `Orders of ${second.role_name} (${second.role_id})` }).click();
      const orders = device.getByTestId('linked-characters-orders');
      const row = orders.locator(`[data-order-id="${order.order_id}"]`);
      await row.waitFor();
      expect(await row.textContent()).toContain('300 Dragon Gems');
      await expectNoAxeViolations(device, 'my orders by character · en · second phone');
      await saveScreenshot(device, 'linked-orders-phone-en', { fullPage: true });
      await row.getByRole('link', { name: `Receipt of order ${order.order_id}` }).click();
      await waitForRemotePage(device, '/receipt');
      await device.getByText(order.order_id).first().waitFor();

      // The link ends (here from another tab of the same browser) while My orders lists the character: its
      // orders are refused, and the page says the link ended.
      await device.goto(`${server.url}/#/orders`);
      await waitForRemotePage(device, '/orders');
      const listed = device.getByRole('button', { name: `Orders of ${second.role_name} (${second.role_id})` });
      await listed.waitFor();
      const tab = await other.newPage();
      await openTopUp(tab, server.url, 'game_id=18&area=us');
      await changeCharacter(tab, EN);
      await tab.getByTestId('recent-characters').locator(`[data-role-id="${second.role_id}"]`).click();
      await tab.getByTestId('character-confirmation').getByRole('button', { name: 'Confirm', exact: true }).click();
      await tab.getByTestId('linked-character').getByRole('button', { name: 'End link' }).click();
      await tab.getByTestId('linked-character').getByRole('button', { name: 'Get a code in your game mail' }).waitFor();
      await listed.click();
      const ended = device.getByTestId('linked-orders-ended');
      await ended.waitFor();
      expect(await ended.textContent()).toBe(`This browser is no longer linked to ${second.role_name}. Link it again with a code from its game mail to see its orders.`);
    } finally {
      await other.close();
    }
  });
});

describe('linking a character in Korean on the phone', () => {
  it('sends the code mail in Korean, answers a wrong code in Korean, links with the right one, claims the gift and shows points after a purchase', async () => {
    const character = await newCharacter(`${String(process.pid % 100).padStart(2, '0')}2`);
    await openTopUp(page, server.url, 'game_id=18&area=us&lang=ko');
    await pick(page, 'server-field', 'NA-1 Aurora');
    await page.locator('.tp-character-form input').fill(character.role_id);
    await page.getByRole('button', { name: '검색' }).click();
    await page.getByTestId('character-confirmation').getByRole('button', { name: '확인', exact: true }).click();
    await page.getByRole('button', { name: '확인 완료', exact: true }).waitFor();
    const panel = page.getByTestId('linked-character');
    await panel.getByRole('button', { name: '게임 메일로 코드 받기' }).click();
    const mail = await until('the code mail', async () => (await gameMail(character.role_id, 'ownership_code'))[0]);
    expect(mail.body).toMatch(/^인증 코드는 \d{6}입니다\./);
    const code = /(\d{6})/.exec(mail.body)?.[1] ?? '';
    await panel.getByLabel('게임 메일로 받은 코드').fill(code === '000000' ? '111111' : '000000');
    await panel.getByRole('button', { name: '연결', exact: true }).click();
    expect(await panel.getByTestId('linked-refusal').textContent()).toBe('코드가 올바르지 않습니다. 게임 메일의 코드를 확인하고 다시 입력해 주세요.');
    await expectNoAxeViolations(page, 'linked character · ko · phone · wrong code');

    // The right code links; the gift is claimed and mailed; a delivered purchase shows its points in Korean.
    await panel.getByLabel('게임 메일로 받은 코드').fill(code);
    await panel.getByRole('button', { name: '연결', exact: true }).click();
    await panel.getByTestId('linked-state').waitFor();
    expect(await panel.getByTestId('points-balance').textContent()).toBe('0 포인트');
    await panel.getByRole('button', { name: '오늘의 선물 받기' }).click();
    await panel.getByTestId('gift-claimed').waitFor();
    const gift = await until('the gift mail', async () => (await gameMail(character.role_id, 'daily_gift'))[0]);
    // The gift's mail names its items in the language the player claimed it in.
    expect(gift.items).toEqual([{ name: '드래곤 젬', quantity: 10 }]);
    await deliveredOrder(server.url, character, 'linked-ko-e2e');
    await page.reload();
    await openTopUp(page, server.url, 'game_id=18&area=us&lang=ko&finish_pay=1');
    await page.getByRole('button', { name: '확인 완료', exact: true }).waitFor();
    await panel.getByTestId('points-balance').waitFor();
    expect(await panel.getByTestId('points-balance').textContent()).toBe('49 포인트');
    await expectNoAxeViolations(page, 'linked character · ko · phone · linked');
  });
});

describe('linking a character in the pay centre (desktop)', () => {
  it('links on /pcSubmit with the code from the game mail, claims the gift, and shows points and the order after a purchase', async () => {
    await context.close();
    context = await browser.newContext({ ...DESKTOP, reducedMotion: 'reduce' });
    page = await context.newPage();
    const character = await newCharacter(`${String(process.pid % 100).padStart(2, '0')}3`);
    await openPayCentre(page, server.url, '/pcrole?game_id=18&area=us');
    await findCharacterById(page, 'NA-1 Aurora', character.role_id);
    await page.getByTestId('found-character').getByRole('button', { name: 'Confirm' }).click();
    await waitForRemotePage(page, '/pcSubmit');
    const panel = page.getByTestId('linked-character');
    await panel.getByRole('button', { name: 'Get a code in your game mail' }).click();
    const mail = await until('the code mail', async () => (await gameMail(character.role_id, 'ownership_code'))[0]);
    await panel.getByLabel('Code from your game mail').fill(/(\d{6})/.exec(mail.body)?.[1] ?? '');
    await panel.getByRole('button', { name: 'Link', exact: true }).click();
    await panel.getByTestId('linked-state').waitFor();
    await panel.getByRole('button', { name: "Claim today's gift" }).click();
    await panel.getByTestId('gift-claimed').waitFor();
    expect(await panel.getByTestId('points-balance').textContent()).toBe('0 points');
    // My orders by character opens inside the panel: none paid yet for this new character.
    await panel.getByRole('button', { name: 'My orders by character' }).click();
    await panel.getByTestId('linked-orders-empty').waitFor();
    expect(await panel.getByTestId('linked-orders-empty').textContent()).toBe(`${character.role_name} has no paid orders yet.`);
    await expectNoAxeViolations(page, 'linked character · en · desktop · linked');

    // A purchase delivered: the pay centre shows its points (300 Dragon Gems, $4.99: 49) and lists the order.
    const order = await deliveredOrder(server.url, character, 'linked-pc-e2e');
    await page.reload();
    await waitForRemotePage(page, '/pcSubmit');
    await panel.getByTestId('points-balance').waitFor();
    expect(await panel.getByTestId('points-balance').textContent()).toBe('49 points');
    await panel.getByRole('button', { name: 'My orders by character' }).click();
    await panel.locator(`[data-order-id="${order.order_id}"]`).waitFor();
  });
});
