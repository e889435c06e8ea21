import { spawnSync } from 'node:child_process';
import type { Page } from 'playwright-core';
import { expectNoAxeViolations } from '../support/axe';
import { PHONE } from '../support/browser';
import { useE2e } from '../support/fixture';
import { mustRunOps } from '../support/ops';
import { saveScreenshot } from '../support/screenshots';
import { REPO_ROOT } from '../support/server';

const MERCHANDISER = { email: 'merch@ops.example', password: 'merchandiser password for experiments' };
const WIDE = { viewport: { width: 1440, height: 900 } };

/**
 * A running experiment on 300 Dragon Gems with known figures, written into the store's data before it
 * starts (the visits and paid orders players would make): control 100 visitors, 20 buying at $4.99;
 * ten-off 100 visitors, 30 buying at $4.49; bonus 50 visitors, 5 buying at $4.99. Its guardrail waits
 * for 1,000 visitors, so nothing stops by itself during the test.
 */
const SEEDED = `
  INSERT INTO offer_experiments (experiment_id, game_id, area, product_id, guardrail, min_visitors) VALUES ('winter-gems', 18, 'us', '18-us-currency-300', 'conversion', 1000);
  INSERT INTO offer_experiment_variants (experiment_id, variant, share, percent_off, bonus_items) VALUES
    ('winter-gems', 'control', 50, 0, '[]'), ('winter-gems', 'ten-off', 30, 10, '[]'), ('winter-gems', 'bonus', 20, 0, '[{"item_id":"Dragon Gems","count":30}]');
  INSERT INTO offer_experiment_visits (experiment_id, visitor, variant)
    SELECT 'winter-gems', 'control-' || i, 'control' FROM generate_series(1, 100) i
    UNION ALL SELECT 'winter-gems', 'ten-off-' || i, 'ten-off' FROM generate_series(1, 100) i
    UNION ALL SELECT 'winter-gems', 'bonus-' || i, 'bonus' FROM generate_series(1, 50) i;
  INSERT INTO offer_experiment_conversions (order_id, experiment_id, visitor, variant, amount_minor)
    SELECT 'wg-control-' || i, 'winter-gems', 'control-' || i, 'control', 499 FROM generate_series(1, 20) i
    UNION ALL SELECT 'wg-ten-off-' || i, 'winter-gems', 'ten-off-' || i, 'ten-off', 449 FROM generate_series(1, 30) i
    UNION ALL SELECT 'wg-bonus-' || i, 'winter-gems', 'bonus-' || i, 'bonus', 499 FROM generate_series(1, 5) i;
`;

function seedExperiment(dataDir: string): void {
  const script = `import { PGlite } from '@electric-sql/pglite'; const pg = await PGlite.create({ dataDir: process.env.SEED_DIR }); await pg.exec(process.env.SEED_SQL); await pg.close();`;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: REPO_ROOT, env: { ...process.env, SEED_DIR: dataDir, SEED_SQL: SEEDED }, encoding: 'utf8', timeout: 120_000 });
  if (result.status !== 0) throw new Error(`seeding the experiment failed:\n${result.stdout}${result.stderr}`);
}

const { server, browser } = useE2e({
  ownStore: {
    async prepare(dataDir) {
      await mustRunOps('ops', ['add-operator', MERCHANDISER.email, '--role', 'merchandiser'], { DATA_DIR: dataDir }, `${MERCHANDISER.password}\n`);
      seedExperiment(dataDir);
    },
  },
});

async function signIn(page: Page): Promise<void> {
  await page.goto(`${server.url}/#/ops`);
  await page.getByRole('heading', { name: 'Sign in to the back office' }).waitFor({ timeout: 20_000 });
  await page.getByLabel('E-mail address').fill(MERCHANDISER.email);
  await page.getByLabel('Password').fill(MERCHANDISER.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('navigation', { name: 'Back office' }).waitFor();
}

/** The cells of the results table of `experiment`, row by row (the variant's name first), once they are there. */
async function resultRows(page: Page, caption: string): Promise<string[][]> {
  const table = page.getByRole('table', { name: caption });
  await table.waitFor();
  const rows = await table.locator('tbody tr').all();
  return Promise.all(rows.map(async (row) => (await row.locator('th, td').allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim())));
}

describe('offer experiments in the back office', () => {
  it('lets a merchandiser define one, read the results with their intervals, and stop a variant with a reason, in English and Korean', async () => {
    const context = await browser.newContext(WIDE);
    const page = await context.newPage();
    await signIn(page);
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Experiments' }).click();
    await page.getByRole('heading', { name: 'Offer experiments', level: 1 }).waitFor();

    // The known figures, with their 95 % intervals, under the charts.
    expect(await resultRows(page, 'Results of winter-gems')).toEqual([
      ['control', 'The catalogue’s offer', '50%', '100', '20', '20% 95 %: 12.2% – 27.8%', '$1.00 95 %: $0.60 – $1.39'],
      ['bonus', '+30 Dragon Gems', '20%', '50', '5', '10% 95 %: 1.7% – 18.3%', '$0.50 95 %: $0.08 – $0.92'],
      ['ten-off', '10 % off', '30%', '100', '30', '30% 95 %: 21% – 39%', '$1.35 95 %: $0.94 – $1.75'],
    ]);
    await page.locator('.ops-insights__chart canvas').first().waitFor();
    expect(await page.locator('.ops-insights__chart canvas').count()).toBe(2);

    // Define another on 980 Dragon Gems: the variants as rows, the control first.
    await page.getByRole('button', { name: 'Define an experiment' }).click();
    const form = page.getByRole('form', { name: 'Define an experiment' });
    await form.getByLabel('Name').fill('spring-gems');
    await form.getByLabel('Game and area').selectOption('18/us');
    await form.getByLabel('Bundle').selectOption('18-us-currency-980');
    await form.getByLabel('Guardrail').selectOption('conversion');
    const variant = form.getByRole('group', { name: 'Variant 1' });
    await variant.getByLabel('Variant', { exact: true }).fill('bonus-gems');
    await variant.getByLabel('Share (%)').fill('40');
    await variant.getByLabel('Per cent off').fill('0');
    await variant.getByLabel('Bonus item').selectOption('Dragon Gems');
    await variant.getByLabel('How many').fill('100');
    await form.getByRole('group', { name: 'Control' }).getByLabel('Share (%)').fill('60');
    await form.getByText('The shares add up to 100 %.', { exact: true }).waitFor();
    await expectNoAxeViolations(page, 'Experiments, the form');
    await form.getByRole('button', { name: 'Start the experiment' }).click();
    await page.getByText('Experiment spring-gems started.').waitFor();
    const spring = page.getByRole('region', { name: /^spring-gems/ });
    await spring.getByText('No visitor has seen this experiment yet.').waitFor();
    expect(await resultRows(page, 'Results of spring-gems')).toEqual([
      ['control', 'The catalogue’s offer', '60%', '0', '0', '0% 95 %: 0% – 0%', '$0.00 95 %: $0.00 – $0.00'],
      ['bonus-gems', '+100 Dragon Gems', '40%', '0', '0', '0% 95 %: 0% – 0%', '$0.00 95 %: $0.00 – $0.00'],
    ]);

    // A second one on the same bundle is refused, in words.
    await page.getByRole('button', { name: 'Define an experiment' }).click();
    await form.getByLabel('Name').fill('spring-gems-2');
    await form.getByLabel('Game and area').selectOption('18/us');
    await form.getByLabel('Bundle').selectOption('18-us-currency-980');
    await form.getByRole('button', { name: 'Start the experiment' }).click();
    await form.getByRole('alert').getByText('This bundle already has a running experiment: stop it first.').waitFor();
    await form.getByRole('button', { name: 'Cancel' }).click();

    // Stop the bonus variant of winter-gems, with a reason and a confirmation.
    const winter = page.getByRole('region', { name: /^winter-gems/ });
    await winter.getByRole('button', { name: 'Stop bonus' }).click();
    const dialog = page.getByRole('dialog', { name: 'Stop variant bonus of winter-gems' });
    await dialog.getByLabel('Reason (kept in the audit log)').fill('too generous for the margin');
    await dialog.getByRole('checkbox').check();
    await dialog.getByRole('button', { name: 'Stop bonus' }).click();
    await page.getByText('Variant bonus stopped.').waitFor();
    expect((await resultRows(page, 'Results of winter-gems'))[1]![0]).toBe('bonus Stopped too generous for the margin');
    expect(await winter.getByRole('button', { name: 'Stop bonus' }).count()).toBe(0);
    await expectNoAxeViolations(page, 'Experiments, desktop');
    await saveScreenshot(page, 'ops-experiments', { fullPage: true });

    // The same in Korean.
    await page.locator('select.ops-language').selectOption('ko');
    await page.getByRole('heading', { name: '오퍼 실험', level: 1 }).waitFor();
    const korean = await resultRows(page, 'winter-gems의 결과');
    expect(korean[0]).toEqual(['control', '카탈로그의 오퍼', '50%', '100', '20', '20% 95 %: 12.2% – 27.8%', 'US$1.00 95 %: US$0.60 – US$1.39']);
    expect(korean[1]![0]).toBe('bonus 중지됨 too generous for the margin');
    expect(korean[2]![1]).toBe('10 % 할인');
    await expectNoAxeViolations(page, 'Experiments, Korean');

    // Insights shows the running experiments' results too.
    await page.locator('select.ops-language').selectOption('en');
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Insights' }).click();
    const insights = page.getByRole('region', { name: 'Offer experiments' });
    expect((await resultRows(page, 'Results of winter-gems'))[2]).toEqual(['ten-off', '10 % off', '30%', '100', '30', '30% 95 %: 21% – 39%', '$1.35 95 %: $0.94 – $1.75']);
    await insights.getByRole('link', { name: 'All experiments' }).click();
    await page.getByRole('heading', { name: 'Offer experiments', level: 1 }).waitFor();
  });

  it('reads well on a 390 px phone and at 320 px', async () => {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    await signIn(page);
    await page.goto(`${server.url}/#/ops/experiments`);
    await resultRows(page, 'Results of winter-gems');
    await page.locator('.ops-insights__chart canvas').first().waitFor();
    await page.getByRole('button', { name: 'Define an experiment' }).click();
    await page.getByRole('form', { name: 'Define an experiment' }).waitFor();
    // Nothing but the tables' own boxes scrolls sideways, at 390 px and at 320 px.
    for (const width of [390, 320]) {
      await page.setViewportSize({ width, height: 844 });
      const wide = await page.evaluate(
        (w) =>
          document.documentElement.scrollWidth <= w
            ? []
            : [...document.querySelectorAll('.ops *')].filter((e) => e.getBoundingClientRect().right > w + 1 && !e.closest('.ops-table-wrap, .ops-nav')).map((e) => `${e.tagName}.${e.className}`).slice(0, 8),
        width,
      );
      expect({ width, wide }).toEqual({ width, wide: [] });
    }
    await expectNoAxeViolations(page, 'Experiments, phone');
  });
});
