import type { BrowserContext, Page } from 'playwright-core';
import { DESKTOP, PHONE } from '../support/browser';
import { waitForRemotePage } from '../support/page-helpers';
import { saveScreenshot } from '../support/screenshots';
import { pick } from '../support/topup';
import { useE2e } from '../support/fixture';

const { server, browser } = useE2e();

const LANGUAGES = [
  { lang: 'en', device: 'phone', title: 'Recent characters', remove: 'Remove Cyra Moonshadow from recent characters' },
  { lang: 'ko', device: 'phone', title: '최근 캐릭터', remove: '최근 캐릭터에서 Cyra Moonshadow 삭제' },
  { lang: 'zh', device: 'desktop', title: '最近使用的角色', remove: '从最近使用中移除Cyra Moonshadow' },
] as const;

/** Phone: the server, the ID, Search, Confirm — the character is then remembered on this device. */
async function confirmOnPhone(page: Page, lang: string, roleId: string): Promise<void> {
  await page.goto(`${server.url}/?lang=${lang}#/?game_id=18&area=us`);
  await waitForRemotePage(page, '/');
  await pick(page, 'server-field', 'NA-1 Aurora');
  await page.locator('.tp-character-form input').fill(roleId);
  await page.locator('.tp-character-form button[type="submit"]').click();
  await page.getByTestId('character-confirmation').locator('.tp-button--primary').click();
  await page.locator('.tp-confirmation--done').waitFor();
}

/** Desktop pay centre: the server, the ID, Search, Confirm — on to the bundles, the character remembered. */
async function confirmOnDesktop(page: Page, lang: string, roleId: string): Promise<void> {
  await page.goto(`${server.url}/?lang=${lang}#/pcrole?game_id=18&area=us`);
  await waitForRemotePage(page, '/pcrole');
  await page.locator('.pc-server', { hasText: 'NA-1 Aurora' }).click();
  await page.locator('#pc-character-input').fill(roleId);
  await page.locator('.pc-inline-form button[type="submit"]').click();
  await page.getByTestId('found-character').locator('button').last().click();
  await waitForRemotePage(page, '/pcSubmit');
}

async function recentIds(page: Page): Promise<string[]> {
  return page.getByTestId('recent-characters').locator('[data-role-id]').evaluateAll((buttons) => buttons.map((b) => b.getAttribute('data-role-id') ?? ''));
}

describe.each(LANGUAGES)('recent characters in $lang on the $device', ({ lang, device, title, remove }) => {
  let context: BrowserContext;
  afterEach(async () => {
    await context?.close();
  });

  it('lists the characters used on this device, looks one up again with one tap, and forgets one on request', async () => {
    context = await browser.newContext(device === 'phone' ? PHONE : DESKTOP);
    const confirm = device === 'phone' ? confirmOnPhone : confirmOnDesktop;
    // Each in a tab of its own, as a player coming back another day.
    await confirm(await context.newPage(), lang, '1801002');
    await confirm(await context.newPage(), lang, '1801003');

    // Another visit (a new tab of this browser): both are offered, the latest first.
    const later = await context.newPage();
    await later.goto(`${server.url}/?lang=${lang}#/${device === 'phone' ? '?game_id=18&area=us' : 'pcrole?game_id=18&area=us'}`);
    await waitForRemotePage(later, device === 'phone' ? '/' : '/pcrole');
    const list = later.getByTestId('recent-characters');
    await list.waitFor();
    expect(await list.getByRole('heading').textContent()).toBe(title);
    expect(await recentIds(later)).toEqual(['1801003', '1801002']);
    await saveScreenshot(later, `recent-characters-${lang}`);

    // One tap: the server and ID are filled in and looked up afresh; the player confirms what the game answered.
    await list.locator('[data-role-id="1801002"]').click();
    const found = later.getByTestId(device === 'phone' ? 'character-confirmation' : 'found-character');
    await found.waitFor();
    expect(await found.getByTestId(device === 'phone' ? 'confirmed-role-id' : 'found-role-id').textContent()).toBe('1801002');
    expect(await found.getByTestId(device === 'phone' ? 'confirmed-role-name' : 'found-role-name').textContent()).toBe('Borin Ironfist');

    // Removed: gone from the list and from the device.
    if (device === 'phone') {
      await later.reload();
      await waitForRemotePage(later, '/');
    }
    await later.getByRole('button', { name: remove, exact: true }).click();
    await later.waitForFunction(() => document.querySelectorAll('[data-testid="recent-characters"] [data-role-id]').length === 1);
    expect(await recentIds(later)).toEqual(['1801002']);
    const kept = await later.evaluate(() => JSON.parse(localStorage.getItem('topup:recent-characters') ?? '[]') as Array<{ roleId: string }>);
    expect(kept.map((entry) => entry.roleId)).toEqual(['1801002']);
  });
});
