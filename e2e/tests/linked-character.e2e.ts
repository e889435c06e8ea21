import type { BrowserContext, Page } from 'playwright-core';
import { DESKTOP, PHONE } from '../support/browser';
import { expectNoAxeViolations } from '../support/axe';
import { useE2e } from '../support/fixture';
import { deliveredOrder } from '../support/orders';
import { confirmCharacter, openTopUp, pick } from '../support/topup';
import { findCharacterById, openPayCentre } from '../support/pccenter';
import { waitForRemotePage } from '../support/page-helpers';

const { server, browser } = useE2e();
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

describe('linking a character in Korean on the phone', () => {
  it('sends the code mail in Korean and answers a wrong code in Korean', async () => {
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
  });
});

describe('linking a character in the pay centre (desktop)', () => {
  it('links on /pcSubmit with the code from the game mail and claims the gift', async () => {
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
    await expectNoAxeViolations(page, 'linked character · en · desktop · linked');
  });
});
