import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { DESKTOP, PHONE } from '../support/browser';
import { bundleCard, FAST_DELIVERY, mailbox, resultStatus, settleInSandbox } from '../support/orders';
import { waitForRemotePage } from '../support/page-helpers';
import { findCharacterById, openPayCentre } from '../support/pccenter';
import { REPO_ROOT } from '../support/server';
import { confirmCharacter, openTopUp } from '../support/topup';
import { useE2e } from '../support/fixture';

// An experiment on 300 Dragon Gems of Emberwing Frontier (us): 10 % off and 3 Stamina Potions against the catalogue's offer.
const EXPERIMENT = {
  experimentId: 'e2e-gems',
  gameId: 18,
  area: 'us',
  productId: '18-us-currency-300',
  guardrail: 'conversion',
  variants: [
    { variant: 'control', share: 50 },
    { variant: 'ten-off', share: 50, percentOff: 10, bonusItems: [{ item_id: 'Stamina Potion', count: 3 }] },
  ],
};
let visitors: Record<string, string> = {};

const { server, browser } = useE2e({
  ownStore: {
    env: { ...FAST_DELIVERY, ROLE_LOOKUPS_PER_MINUTE: '10000' },
    prepare(dataDir) {
      const tsx = path.join(REPO_ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
      const run = spawnSync(process.execPath, [tsx, path.join('e2e', 'support', 'start-experiment.ts'), JSON.stringify(EXPERIMENT), 'ten-off', 'control'], {
        cwd: REPO_ROOT,
        env: { ...process.env, NODE_OPTIONS: '', DATA_DIR: dataDir },
        encoding: 'utf8',
        timeout: 180_000,
      });
      if (run.status !== 0) throw new Error(`starting the experiment failed:\n${run.stdout}${run.stderr}`);
      visitors = JSON.parse(run.stdout) as Record<string, string>;
    },
  },
});
let context: BrowserContext;
let page: Page;

afterEach(async () => {
  await context.close();
});

/** A browser that is the given variant's visitor (its cookie as the store set it on an earlier visit). */
async function visitorPage(variant: string, device: BrowserContextOptions): Promise<void> {
  context = await browser.newContext(device);
  await context.addCookies([{ name: 'topup_visitor', value: visitors[variant]!, url: `${server.url}/api/`, httpOnly: true, sameSite: 'Lax' }]);
  page = await context.newPage();
}

describe('an offer experiment on the storefronts', () => {
  it('shows a phone visitor its variant’s price and bonus, charges that price and mails the bonus', async () => {
    await visitorPage('ten-off', PHONE);
    await openTopUp(page, server.url, 'game_id=18&area=us');
    await confirmCharacter(page, 'NA-1 Aurora', '1801002');
    await page.getByRole('tab', { name: 'Dragon Gems' }).click();
    const card = bundleCard(page, '18-us-currency-300');
    await card.getByRole('button', { name: 'Buy 300 Dragon Gems for $4.49' }).waitFor();
    expect(await card.getByTestId('bundle-subtitle').textContent()).toContain('Bonus: Stamina Potion ×3');
    // The other bundles are the catalogue's.
    await bundleCard(page, '18-us-currency-980').getByRole('button', { name: 'Buy 980 Dragon Gems for $14.99' }).waitFor();
    await card.locator('.tp-price').click();
    await waitForRemotePage(page, '/submit');
    await page.locator('[data-testid="submit-paybar"][data-check="confirmed"]').waitFor();
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Pay $4.49' }).click();
    const orderId = await settleInSandbox(page, 'Pay');
    await resultStatus(page, 'delivered');
    const mails = (await mailbox(server.url, 18, '1801', '1801002')).filter((mail) => mail.order_id === orderId);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.items).toEqual(expect.arrayContaining([{ name: 'Stamina Potion', quantity: 3 }]));
  });

  it('shows the control’s visitor the catalogue’s price', async () => {
    await visitorPage('control', PHONE);
    await openTopUp(page, server.url, 'game_id=18&area=us');
    await page.getByRole('tab', { name: 'Dragon Gems' }).click();
    const card = bundleCard(page, '18-us-currency-300');
    await card.getByRole('button', { name: 'Buy 300 Dragon Gems for $4.99' }).waitFor();
    expect(await card.getByTestId('bundle-subtitle').textContent()).not.toContain('Bonus:');
  });

  it('makes a new browser a visitor of its own, kept by the browser and out of reach of scripts, in the same variant after a reload', async () => {
    context = await browser.newContext(PHONE);
    page = await context.newPage();
    await openTopUp(page, server.url, 'game_id=18&area=us');
    await page.getByRole('tab', { name: 'Dragon Gems' }).click();
    const price = bundleCard(page, '18-us-currency-300').locator('.tp-price');
    await price.waitFor();
    const shown = await price.textContent();
    expect(['$4.49', '$4.99']).toContain(shown);
    const cookies = (await context.cookies(`${server.url}/api/`)).filter((cookie) => cookie.name === 'topup_visitor');
    expect(cookies).toHaveLength(1);
    expect(cookies[0]).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api' });
    expect(await page.evaluate(() => document.cookie)).not.toContain('topup_visitor');
    await page.reload();
    await page.getByRole('tab', { name: 'Dragon Gems' }).click();
    await bundleCard(page, '18-us-currency-300').getByRole('button', { name: `Buy 300 Dragon Gems for ${shown}` }).waitFor();
  });

  it('shows the pay centre’s visitor the same variant price and bonus', async () => {
    await visitorPage('ten-off', DESKTOP);
    await openPayCentre(page, server.url, '/pcrole?game_id=18&area=us');
    await findCharacterById(page, 'NA-1 Aurora', '1801003');
    await page.getByTestId('found-character').getByRole('button', { name: 'Confirm' }).click();
    await waitForRemotePage(page, '/pcSubmit');
    const card = bundleCard(page, '18-us-currency-300');
    await card.getByRole('button', { name: 'Choose 300 Dragon Gems for $4.49' }).waitFor();
    expect(await card.getByTestId('bundle-subtitle').textContent()).toContain('Bonus: Stamina Potion ×3');
  });
});
