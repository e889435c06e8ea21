import type { Page } from 'playwright-core';
import { expectNoAxeViolations } from '../support/axe';
import { PHONE } from '../support/browser';
import { useE2e } from '../support/fixture';
import { deliveredOrder, FAST_DELIVERY } from '../support/orders';
import { mustRunOps } from '../support/ops';
import { saveScreenshot } from '../support/screenshots';
import { ARIA, BORIN, EMBERWING } from '../support/seed';
import { callAction } from '../support/topup';

const VIEWER = { email: 'viewer@ops.example', password: 'viewer password for insights' };
const OPS_TOKEN = `ops-insights-${Math.random().toString(36).slice(2)}`;
const ZONE = 'Asia/Seoul';
const WIDE = { viewport: { width: 1440, height: 900 } };

const { server, browser } = useE2e({
  ownStore: {
    // The rollup every second, so the figures follow the seeding at once.
    env: { ...FAST_DELIVERY, OPS_TOKEN, INSIGHTS_ROLLUP_SECONDS: '1' },
    async prepare(dataDir) {
      await mustRunOps('ops', ['add-operator', VIEWER.email, '--role', 'viewer'], { DATA_DIR: dataDir }, `${VIEWER.password}\n`);
    },
  },
});

/** Today in Seoul, the operator's time zone of these tests. */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date());

/** The figures the store answers for the phone store's Emberwing Frontier today (with the automation token). */
async function salesToday(): Promise<{ currencies: { currency: string; paid_orders: number }[] }> {
  const query = new URLSearchParams({ from: today(), to: today(), tz: ZONE, game_id: EMBERWING.game_id, storefront: 'phone' });
  const answer = await fetch(`${server.url}/ops/api/insights/sales?${query}`, { headers: { authorization: `Bearer ${OPS_TOKEN}`, 'x-ops-actor': 'e2e' } });
  return (await answer.json()) as { currencies: { currency: string; paid_orders: number }[] };
}

async function signIn(page: Page): Promise<void> {
  await page.goto(`${server.url}/#/ops`);
  await page.getByRole('heading', { name: 'Sign in to the back office' }).waitFor({ timeout: 20_000 });
  await page.getByLabel('E-mail address').fill(VIEWER.email);
  await page.getByLabel('Password').fill(VIEWER.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('navigation', { name: 'Back office' }).waitFor();
}

/** The cells of a table's row named by its header cell, once it is there. */
async function rowCells(page: Page, table: string, row: string): Promise<string[]> {
  const found = page.locator(`table[data-insights="${table}"] tr`).filter({ has: page.getByRole('rowheader', { name: row, exact: true }) });
  // The row shows once its read (and the catalogue's names) arrived.
  await found.first().waitFor();
  return (await found.getByRole('cell').allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim());
}

describe('Insights in the back office', () => {
  beforeAll(async () => {
    // Three browser sessions of the phone store: all load the page, two confirm a character, two choose a bundle.
    for (const [session, steps] of [['e2e-a', ['1', '4', '3']], ['e2e-b', ['1', '4', '3']], ['e2e-c', ['1']]] as const) {
      for (const type of steps) {
        await callAction(server.url, 'report', { game_id: EMBERWING.game_id, area: EMBERWING.area, report_type: type, session_id: session });
      }
    }
    // A reload of the same session counts once.
    await callAction(server.url, 'report', { game_id: EMBERWING.game_id, area: EMBERWING.area, report_type: '1', session_id: 'e2e-a' });
    // Two orders of 300 Dragon Gems ($4.99), paid and delivered.
    await deliveredOrder(server.url, ARIA, 'e2e-insights');
    await deliveredOrder(server.url, BORIN, 'e2e-insights');
    for (let tries = 0; ; tries += 1) {
      const sales = await salesToday();
      if (sales.currencies.find((c) => c.currency === 'USD')?.paid_orders === 2) break;
      if (tries > 100) throw new Error(`the insights did not count the two orders: ${JSON.stringify(sales)}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  });

  it('shows a viewer the known figures under the charts, in English and in Korean, in the operator\'s time zone', async () => {
    const context = await browser.newContext({ ...WIDE, timezoneId: ZONE });
    const page = await context.newPage();
    await signIn(page);
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Insights' }).click();
    await page.getByRole('heading', { name: 'Insights', level: 1 }).waitFor();
    await page.getByText(`Days are days in your time zone (${ZONE}).`, { exact: false }).waitFor();
    // Narrowed to the phone store's Emberwing Frontier (the demo's own purchases came by no storefront).
    const filters = page.getByRole('search', { name: 'Insights filters' });
    await filters.getByLabel('Game').selectOption(EMBERWING.game_id);
    await filters.getByLabel('Storefront').selectOption('phone');
    await filters.getByRole('button', { name: 'Show' }).click();
    await page.locator('table[data-insights="funnel"]').waitFor();

    expect((await rowCells(page, 'funnel', 'Page loads'))[0]).toBe('3');
    expect(await rowCells(page, 'funnel', 'Character confirmed')).toEqual(['2', '66.7%', '1', '0', '–']);
    expect((await rowCells(page, 'funnel', 'Bundle chosen')).slice(0, 3)).toEqual(['2', '100%', '0']);
    expect((await rowCells(page, 'funnel', 'Paid')).slice(0, 2)).toEqual(['2', '100%']);
    expect((await rowCells(page, 'funnel', 'Delivered')).slice(0, 2)).toEqual(['2', '100%']);
    expect(await rowCells(page, 'sales-days', today())).toEqual(['USD', '2', '$9.98', '$0.00', '$0.00', '$9.98']);
    expect((await rowCells(page, 'sales-breakdown', 'Emberwing Frontier')).slice(0, 4)).toEqual(['USD', '2', '$9.98', '$9.98']);
    expect((await rowCells(page, 'delivery', 'Emberwing Frontier')).slice(0, 4)).toEqual(['2', '2', '0', '0%']);
    // The charts are drawn (uPlot, loaded with the page, not before).
    await page.locator('.ops-insights__chart canvas').first().waitFor();
    expect(await page.locator('.ops-insights__chart canvas').count()).toBeGreaterThanOrEqual(4);
    // The CSV links carry the filters and the time zone.
    expect(await page.getByRole('link', { name: 'Sales CSV' }).getAttribute('href')).toContain(`game_id=18&storefront=phone&tz=${encodeURIComponent(ZONE)}`);
    await expectNoAxeViolations(page, 'Insights, desktop');
    await saveScreenshot(page, 'ops-insights', { fullPage: true });

    await page.locator('select.ops-language').selectOption('ko');
    await page.getByRole('heading', { name: '인사이트', level: 1 }).waitFor();
    expect((await rowCells(page, 'funnel', '페이지 로드'))[0]).toBe('3');
    expect((await rowCells(page, 'funnel', '캐릭터 확인')).slice(0, 2)).toEqual(['2', '66.7%']);
    expect(await rowCells(page, 'sales-days', today())).toEqual(['USD', '2', 'US$9.98', 'US$0.00', 'US$0.00', 'US$9.98']);
    expect((await rowCells(page, 'delivery', '엠버윙 프론티어')).slice(0, 2)).toEqual(['2', '2']);
    await saveScreenshot(page, 'ops-insights-ko', { fullPage: true });
  });

  it('reads well on a 390 px phone', async () => {
    const context = await browser.newContext({ ...PHONE, timezoneId: ZONE });
    const page = await context.newPage();
    await signIn(page);
    await page.goto(`${server.url}/#/ops/insights?game_id=${EMBERWING.game_id}&storefront=phone`);
    await page.locator('table[data-insights="funnel"]').waitFor();
    await page.locator('.ops-insights__chart canvas').first().waitFor();
    expect((await rowCells(page, 'funnel', 'Page loads'))[0]).toBe('3');
    // Nothing but the tables' own boxes scrolls sideways.
    const wide = await page.evaluate(() =>
      document.documentElement.scrollWidth <= 390
        ? []
        : [...document.querySelectorAll('.ops *')].filter((e) => e.getBoundingClientRect().right > 391 && !e.closest('.ops-table-wrap, .ops-nav')).map((e) => `${e.tagName}.${e.className}`).slice(0, 8),
    );
    expect(wide).toEqual([]);
    await expectNoAxeViolations(page, 'Insights, phone');
    await page.getByRole('heading', { name: 'Sales', level: 2 }).scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'ops-insights-phone', { keepScroll: true });
  });
});
