import type { BrowserContext, Page } from 'playwright-core';
import { DESKTOP, PHONE } from '../support/browser';
import { waitForRemotePage } from '../support/page-helpers';
import { confirmCharacter, hashQuery, openTopUp, recordCalls, sandboxRoles, serverList } from '../support/topup';
import { useE2e } from '../support/fixture';

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

describe('buying on the mobile top-up page', () => {
  it('goes from the link to /submit with the bundle, pmx_show, type, roleInfo and the reports 1, 2 and 3', async () => {
    const calls = recordCalls(page);
    await openTopUp(page, server.url, 'game_id=18&area=us&from=e2e');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Emberwing Frontier');
    // The floating customer-service button shows the game's link, in a new tab.
    const support = page.locator('a.customer-service');
    await support.waitFor();
    expect(await support.getAttribute('target')).toBe('_blank');
    expect(await support.getAttribute('href')).toContain('game_id=18');

    await confirmCharacter(page, 'NA-2 Borealis', '1802001');
    await page.getByRole('tab', { name: 'Packs' }).click();
    await page.getByRole('tab', { name: 'Dragon Gems' }).click();
    await page.getByRole('button', { name: 'Buy 300 Dragon Gems for $4.99' }).click();
    await waitForRemotePage(page, '/submit');

    const { path, query } = hashQuery(page);
    expect(path).toBe('/submit');
    expect(query.get('product_id')).toBe('18-us-currency-300');
    expect(query.get('amount')).toBe('4.99');
    expect(query.get('pmx_show')).toBe('1');
    expect(query.get('type')).toBe('Dragon Gems');
    expect(JSON.parse(query.get('roleInfo') ?? '{}')).toEqual({
      server_name: 'NA-2 Borealis',
      role_id: '1802001',
      role_name: expect.any(String),
      uid: '1800001',
      server_id: '1802',
    });

    const reports = calls.filter((c) => c.action === 'report').map((c) => Object.fromEntries(c.fields));
    expect(reports.map((r) => [r.report_type, r.product_type, r.product_id])).toEqual([
      ['1', 'Dragon Gems', ''],
      // The character confirmed (a report type of the store's own: docs/api.md).
      ['4', '', ''],
      ['2', 'Packs', ''],
      ['2', 'Dragon Gems', ''],
      ['3', 'Dragon Gems', '18-us-currency-300'],
    ]);
    expect(reports.every((r) => r.from === 'e2e' && typeof r.sign === 'string' && r.sign.length === 32)).toBe(true);
    // Buying looked the character up again, and /submit confirmed it with the store (decision 203).
    await page.getByRole('button', { name: 'Pay $4.99' }).waitFor();
    expect(calls.filter((c) => c.action === 'getRoleInfo')).toHaveLength(3);
  });

  it('starts confirmed when the player comes back with finish_pay', async () => {
    await openTopUp(page, server.url, 'game_id=18&area=us');
    await confirmCharacter(page, 'NA-1 Aurora', '1801002');
    await openTopUp(page, server.url, 'game_id=18&area=us&finish_pay=1');
    const confirmed = page.getByRole('button', { name: 'Confirmed', exact: true });
    await confirmed.waitFor();
    expect(await confirmed.isDisabled()).toBe(true);
    expect(await page.getByTestId('confirmed-role-id').textContent()).toBe('1801002');
  });

  it('shows the Korean page priced in won', async () => {
    await openTopUp(page, server.url, 'game_id=18&area=kr');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('엠버윙 프론티어');
    await page.getByRole('heading', { name: '캐릭터 선택' }).waitFor();
    const prices = await page.locator('.tp-price').allTextContents();
    expect(prices.length).toBeGreaterThan(0);
    for (const price of prices) expect(price).toMatch(/^₩[\d,]+$/);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ko');
  });

  it('goes to the pay centre with the same game on a desktop-wide window, and stays on a phone', async () => {
    const desktop = await browser.newContext(DESKTOP);
    try {
      const wide = await desktop.newPage();
      await wide.goto(`${server.url}/#/?game_id=44&area=us`);
      await waitForRemotePage(wide, '/pcIndex');
      const { path, query } = hashQuery(wide);
      expect([path, query.get('game_id'), query.get('area')]).toEqual(['/pcIndex', '44', 'us']);
    } finally {
      await desktop.close();
    }
    await openTopUp(page, server.url, 'game_id=44&area=us');
    expect(hashQuery(page).path).toBe('/');
  });
});

describe('every demo game, in every language, reaches /submit', () => {
  const CASES: Array<{ gameId: number; area: string; lang: 'en' | 'ko' | 'zh' }> = [
    { gameId: 18, area: 'eu', lang: 'en' },
    { gameId: 44, area: 'us', lang: 'zh' },
    { gameId: 232, area: 'en', lang: 'ko' },
    { gameId: 134, area: 'multi', lang: 'en' },
    { gameId: 284, area: 'us', lang: 'en' },
    { gameId: 14, area: 'kr', lang: 'ko' },
    { gameId: 136, area: 'us', lang: 'zh' },
    { gameId: 182, area: 'us', lang: 'en' },
    { gameId: 27, area: 'kr', lang: 'ko' },
    { gameId: 310, area: 'us', lang: 'zh' },
  ];
  const LABELS = {
    en: { confirm: 'Confirm', confirmed: 'Confirmed', search: 'Search' },
    ko: { confirm: '확인', confirmed: '확인 완료', search: '검색' },
    zh: { confirm: '确认', confirmed: '已确认', search: '搜索' },
  };

  for (const { gameId, area, lang } of CASES) {
    it(`game ${gameId} in ${area}, ${lang}`, async () => {
      const roles = (await sandboxRoles(server.url, gameId)).filter((r) => r.area === area);
      // The first server the page lists (its default region), and a character on it.
      const servers = await page.goto('about:blank').then(() => serverList(server.url, gameId, area));
      const first = servers[0];
      const role = roles.find((r) => first && r.server_id === first.server_id);
      if (!first || !role) throw new Error(`no demo character for game ${gameId} in ${area}`);
      await openTopUp(page, server.url, `game_id=${gameId}&area=${area}&lang=${lang}`);
      const labels = LABELS[lang];
      await page.getByTestId('server-field').click();
      await page.getByRole('dialog').getByRole('button', { name: first.server_name, exact: true }).click();
      await page.locator('.tp-character-form input').fill(gameId === 284 ? role.role_name : role.role_id);
      await page.getByRole('button', { name: labels.search, exact: true }).click();
      await page.getByTestId('character-confirmation').getByRole('button', { name: labels.confirm, exact: true }).click();
      await page.getByRole('button', { name: labels.confirmed, exact: true }).waitFor();
      await page.locator('[data-product-id] .tp-price').first().click();
      await waitForRemotePage(page, '/submit');
      const { query } = hashQuery(page);
      expect(query.get('game_id')).toBe(String(gameId));
      expect(JSON.parse(query.get('roleInfo') ?? '{}').role_id).toBe(role.role_id);
      expect(query.get('amount')).toMatch(area === 'kr' ? /^\d+$/ : /^\d+\.\d\d$/);
    });
  }
});
