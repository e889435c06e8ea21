import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { expectNoAxeViolations } from '../support/axe';
import { DESKTOP, PHONE } from '../support/browser';
import { useE2e } from '../support/fixture';
import { bundleCard, FAST_DELIVERY, mailbox, resultStatus, settleInSandbox } from '../support/orders';
import { mustRunOps } from '../support/ops';
import { waitForRemotePage } from '../support/page-helpers';
import { saveScreenshot } from '../support/screenshots';
import { confirmCharacter, openTopUp } from '../support/topup';

const MERCHANDISER = { email: 'merch@ops.example', password: 'merchandiser password 2026' };
const VIEWER = { email: 'viewer@ops.example', password: 'viewer password 2026 ok' };
const GAME_ID = '907';
const HELP = ['Tidewatch pearls arrive in the harbour master\'s mailbox.', 'Open the mailbox from the dock to collect them.'];
const CHARACTER = { server_id: '907-us-2', role_id: '9070001', role_name: 'Mira Saltwind', uid: '9070000' };

/** A small PNG (a 2×1 image), as a merchandiser's banner picture. */
const BANNER_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+KAAAAEUlEQVR42mP8z8BQz0AEYBxVSF8AAFeSBPkI2+HUAAAAAElFTkSuQmCC',
  'base64',
);

let bannerFile: string;

const { server, browser } = useE2e({
  ownStore: {
    env: FAST_DELIVERY,
    async prepare(dataDir) {
      for (const [who, role] of [
        [MERCHANDISER, 'merchandiser'],
        [VIEWER, 'viewer'],
      ] as const) {
        expect(await mustRunOps('ops', ['add-operator', who.email, '--role', role], { DATA_DIR: dataDir }, `${who.password}\n`)).toContain('can sign in');
      }
      bannerFile = path.join(dataDir, 'harbor-banner.png');
      fs.writeFileSync(bannerFile, BANNER_PNG);
    },
  },
});

async function openEditor(who: { email: string; password: string }): Promise<Page> {
  const page = await (await browser.newContext({ ...DESKTOP, viewport: { width: 1440, height: 900 } })).newPage();
  await page.goto(`${server.url}/#/ops`);
  await page.getByRole('heading', { name: 'Sign in to the back office' }).waitFor({ timeout: 20_000 });
  await page.getByLabel('E-mail address').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('link', { name: 'Catalogue' }).click();
  await page.getByRole('link', { name: /^(Edit|Browse) the catalogue$/ }).click();
  await page.getByRole('heading', { name: 'Edit the catalogue', level: 1 }).waitFor();
  return page;
}

const listButton = (page: Page, name: string) => page.getByRole('navigation', { name: 'Lists of the catalogue' }).getByRole('button', { name: new RegExp(`^${name}`) });

/** Adds one row through the list's form and waits until the list shows it as new. */
async function addRow(page: Page, list: string, key: string, fill: (form: Locator) => Promise<void>): Promise<void> {
  await listButton(page, list).click();
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const form = page.getByRole('form', { name: /^New row: / });
  await fill(form);
  await form.getByRole('button', { name: 'Save to draft' }).click();
  const saved = page.locator(`[data-row="${key}"]`).getByText('new', { exact: true });
  const refused = form.locator('[aria-invalid="true"], .ops-note--error').first();
  await saved.or(refused).waitFor();
  // A refusal names what is wrong: shown here, the test says why it stopped.
  if (await refused.isVisible()) throw new Error(`${list} ${key} refused: ${await form.innerText()}`);
}

const field = (form: Locator, label: string) => form.getByLabel(label, { exact: true });

async function inLanguages(form: Locator, group: string, en: string): Promise<void> {
  const fieldset = form.getByRole('group', { name: group });
  await fieldset.getByLabel('English').fill(en);
  await fieldset.getByLabel('Korean').fill(`${en} (한국어)`);
  await fieldset.getByLabel('Chinese').fill(`${en}（中文）`);
}

describe('the catalogue editor', () => {
  it('a merchandiser adds a game with two servers, a tab, three bundles, a banner and a code, publishes, and a player buys with the code on the phone', async () => {
    const page = await openEditor(MERCHANDISER);
    await page.getByText(/The draft changes nothing yet: players see revision \d+\./).waitFor();

    await addRow(page, 'Games', GAME_ID, async (form) => {
      await field(form, 'Game ID').fill(GAME_ID);
      await inLanguages(form, 'Name', 'Tidewatch Harbor');
      await inLanguages(form, 'Description', 'Sail, trade and hold the harbour.');
      await field(form, 'Icon').fill('/assets/games/18.svg');
      await field(form, 'Order').fill('40');
      await form.getByRole('group', { name: 'Recharge instructions (one paragraph per line)' }).getByLabel('English').fill(`${HELP[0]}\n${HELP[1]}`);
    });
    await addRow(page, 'Areas of games', `${GAME_ID}/us`, async (form) => {
      await field(form, 'Game ID').fill(GAME_ID);
      await field(form, 'Area').fill('us');
    });
    // The draft is not yet a catalogue: its problems are listed, and Publish waits for them.
    const problems = page.getByRole('alert').filter({ hasText: 'Publishing needs 2 problems fixed first' });
    await problems.getByText('the area has no server', { exact: false }).waitFor();
    await problems.getByText('the area has no pay method', { exact: false }).waitFor();
    expect(await page.getByRole('button', { name: /^Publish as revision/ }).isDisabled()).toBe(true);
    for (const [n, name] of [
      [1, 'Harbor East'],
      [2, 'Harbor West'],
    ] as const) {
      await addRow(page, 'Servers', `${GAME_ID}/${GAME_ID}-us-${n}`, async (form) => {
        await field(form, 'Game ID').fill(GAME_ID);
        await field(form, 'Area').fill('us');
        await field(form, 'Server ID').fill(`${GAME_ID}-us-${n}`);
        await field(form, 'Server name').fill(name);
        await field(form, 'Order').fill(String(n));
      });
    }
    await addRow(page, 'Product tabs', `${GAME_ID}/us/Pearls`, async (form) => {
      await field(form, 'Game ID').fill(GAME_ID);
      await field(form, 'Area').fill('us');
      await field(form, 'Tab').fill('Pearls');
      await field(form, 'Tab name in other languages (JSON)').fill('{"ko": "진주", "zh": "珍珠"}');
    });
    await addRow(page, 'Pay methods', `${GAME_ID}/us/card`, async (form) => {
      await field(form, 'Game ID').fill(GAME_ID);
      await field(form, 'Area').fill('us');
      await field(form, 'Pay type').selectOption('card');
      await field(form, 'Name').fill('Credit or debit card');
      await field(form, 'Icon').fill('/assets/pay/card.svg');
      await field(form, 'Card brands (JSON)').fill('["visa", "mastercard"]');
    });
    for (const [n, dollars] of [
      [100, '1.99'],
      [500, '8.99'],
      [1200, '19.99'],
    ] as const) {
      await addRow(page, 'Bundles', `${GAME_ID}-us-pearls-${n}`, async (form) => {
        await field(form, 'Product ID').fill(`${GAME_ID}-us-pearls-${n}`);
        await field(form, 'Game ID').fill(GAME_ID);
        await field(form, 'Area').fill('us');
        await field(form, 'Tab').fill('Pearls');
        await field(form, 'Bundle name').fill(`${n} Pearls`);
        await field(form, 'Bundle details').fill(`${n} Pearls, sent by in-game mail.`);
        await field(form, 'Bundle image').fill('/assets/products/currency-1.svg');
        await field(form, 'Price (USD)').fill(dollars);
        const items = form.getByRole('group', { name: 'Items delivered', exact: true });
        await items.getByRole('button', { name: 'Add an item' }).click();
        const item = items.getByRole('group', { name: 'Item 1' });
        await item.getByLabel('Item', { exact: true }).fill('Pearl');
        await item.getByLabel('Count', { exact: true }).fill(String(n));
        await field(form, 'Order').fill(String(n));
      });
    }

    // A bundle with a price that is not a number is refused next to the field, and nothing is lost.
    await listButton(page, 'Bundles').click();
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const wrong = page.getByRole('form', { name: /^New row: / });
    await field(wrong, 'Product ID').fill(`${GAME_ID}-us-typo`);
    await field(wrong, 'Game ID').fill(GAME_ID);
    await field(wrong, 'Area').fill('us');
    const price = field(wrong, 'Price (USD)');
    await price.fill('8.999');
    await wrong.getByRole('button', { name: 'Save to draft' }).click();
    await wrong.locator('[aria-invalid="true"]').first().waitFor();
    expect(await price.getAttribute('aria-invalid')).toBe('true');
    const describedBy = ((await price.getAttribute('aria-describedby')) ?? '').split(' ');
    const description = await Promise.all(describedBy.map((id) => page.locator(`[id="${id}"]`).innerText()));
    expect(description.join(' ')).toContain("Enter an amount in the currency's units");
    expect(await field(wrong, 'Product ID').inputValue()).toBe(`${GAME_ID}-us-typo`);
    await wrong.getByRole('button', { name: 'Close' }).click();

    await addRow(page, 'Banners', `${GAME_ID}-us-harbor`, async (form) => {
      await field(form, 'Banner key').fill(`${GAME_ID}-us-harbor`);
      await field(form, 'Game ID').fill(GAME_ID);
      await field(form, 'Area').fill('us');
      await field(form, 'Link').fill(`/prod?game_id=${GAME_ID}&area=us&product_id=${GAME_ID}-us-pearls-500`);
      await form.getByLabel('Upload an image for Image').setInputFiles(bannerFile);
      await expectValue(field(form, 'Image'), /^\/assets\/catalogue\/[0-9a-f]{20}\.png$/);
    });
    await addRow(page, 'Discount codes', 'HARBOR20', async (form) => {
      await field(form, 'Code').fill('HARBOR20');
      await fillDiscount(form);
    });

    await page.getByRole('button', { name: /^Publish as revision \d+$/ }).waitFor();
    await page.getByText(/The draft changes 11 rows/).waitFor();
    await saveScreenshot(page, 'ops-catalogue-editor', { fullPage: true });
    await page.getByRole('button', { name: /^Publish as revision \d+$/ }).click();
    const dialog = page.getByRole('dialog', { name: /^Publish the draft as revision \d+$/ });
    await dialog.getByLabel('Reason (kept in the audit log)').fill('Tidewatch Harbor opens');
    await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByRole('status').filter({ hasText: /Published: the catalogue is now revision \d+\./ }).waitFor();
    await page.getByText(/The draft changes nothing yet/).waitFor();

    // The sandbox game gets a character on the new game's server; a player buys on the phone with the code.
    const made = await fetch(`${server.url}/sandbox/roles`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ game_id: Number(GAME_ID), ...CHARACTER }),
    });
    expect(made.status).toBe(200);
    const player = await (await browser.newContext(PHONE)).newPage();
    await openTopUp(player, server.url, `game_id=${GAME_ID}&area=us`);
    expect(await player.locator('img[src^="/assets/catalogue/"]').count()).toBeGreaterThan(0);
    // The game's own recharge instructions, in place of the store's.
    await player.locator('.tp-header__help').click();
    const instructions = player.locator('.tp-instructions__list li');
    await instructions.first().waitFor();
    expect(await instructions.allInnerTexts()).toEqual(HELP);
    await player.keyboard.press('Escape');
    await instructions.first().waitFor({ state: 'detached' });
    await confirmCharacter(player, 'Harbor West', CHARACTER.role_id);
    await bundleCard(player, `${GAME_ID}-us-pearls-500`).locator('.tp-price').click();
    await waitForRemotePage(player, '/submit');
    await player.getByLabel('Discount code').fill('harbor20');
    await player.getByRole('button', { name: 'Apply' }).click();
    await player.getByTestId('discount-result').getByText(/^HARBOR20 applied: 20% off, you save \$1\.80$/).waitFor();
    expect(await player.getByTestId('submit-total').textContent()).toBe('$7.19');
    await player.getByRole('checkbox').check();
    await player.getByRole('button', { name: 'Pay $7.19' }).click();
    const orderId = await settleInSandbox(player, 'Pay');
    await resultStatus(player, 'delivered');
    const mails = (await mailbox(server.url, Number(GAME_ID), CHARACTER.server_id, CHARACTER.role_id)).filter((mail) => mail.order_id === orderId);
    expect(mails).toHaveLength(1);
    expect(JSON.stringify(mails[0])).toContain('Pearl');

    // Back in the editor, the code's use so far.
    await page.reload();
    await page.getByRole('heading', { name: 'Edit the catalogue', level: 1 }).waitFor();
    await listButton(page, 'Discount codes').click();
    await page.locator('[data-row="HARBOR20"] button').click();
    await page.getByTestId('discount-usage').getByText('Used by 1 paid order so far (1 delivered); 0 unpaid orders name it now.').waitFor();
  });

  it('a viewer sees the catalogue in the editor but cannot change it', async () => {
    const page = await openEditor(VIEWER);
    await page.getByText('Your role can look at the catalogue but not change it.').waitFor();
    expect(await page.getByRole('button', { name: 'Add', exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Publish as revision/ }).count()).toBe(0);
    await listButton(page, 'Bundles').click();
    await page.locator('[data-row="18-us-currency-300"] button').click();
    const form = page.getByRole('form').filter({ has: page.getByLabel('Product ID', { exact: true }) });
    expect(await field(form, 'Price (USD)').isDisabled()).toBe(true);
    expect(await form.getByRole('button', { name: 'Save to draft' }).count()).toBe(0);
  });

  it('refuses a banner with a missing picture, and shows everything a publish changes before and after it', async () => {
    const page = await openEditor(MERCHANDISER);
    await page.getByText(/The draft changes nothing yet/).waitFor();
    await listButton(page, 'Banners').click();
    await page.locator('[data-row="18-us-1"] button').click();
    let form = page.getByRole('form').filter({ has: page.getByLabel('Banner key', { exact: true }) });
    const image = field(form, 'Image');
    await image.fill('/assets/banners/18-9.svg');
    await form.getByRole('button', { name: 'Save to draft' }).click();
    await form.getByText('The picture /assets/banners/18-9.svg is missing: the store has no such file.', { exact: false }).waitFor();
    expect(await image.getAttribute('aria-invalid')).toBe('true');
    await page.getByText(/The draft changes nothing yet/).waitFor();
    // Nothing reached the draft: players keep the slide's own picture.

    // A price change and a bundle taken off sale: the publish dialog lists both, with the price old and new.
    await listButton(page, 'Bundles').click();
    await page.locator('[data-row="18-us-currency-300"] button').click();
    form = page.getByRole('form').filter({ has: page.getByLabel('Product ID', { exact: true }) });
    await field(form, 'Price (USD)').fill('5.49');
    await form.getByRole('button', { name: 'Save to draft' }).click();
    await page.locator('[data-row="18-us-currency-300"]').getByText('changed', { exact: true }).waitFor();
    await page.locator('[data-row="18-us-currency-60"] button').click();
    form = page.getByRole('form').filter({ has: page.getByLabel('Product ID', { exact: true }) });
    await form.getByLabel('On sale', { exact: true }).uncheck();
    await form.getByRole('button', { name: 'Save to draft' }).click();
    await page.locator('[data-row="18-us-currency-60"]').getByText('changed', { exact: true }).waitFor();
    await page.getByRole('button', { name: /^Publish as revision \d+$/ }).click();
    const dialog = page.getByRole('dialog', { name: /^Publish the draft as revision \d+$/ });
    const diff = dialog.getByRole('region', { name: 'What publishing changes' });
    await diff.getByRole('heading', { name: 'Bundles (0 added, 1 changed, 1 retired)' }).waitFor();
    await diff.locator('[data-key="18-us-currency-300"]').getByText('$4.99 → $5.49', { exact: false }).waitFor();
    await diff.locator('[data-kind="retired"][data-key="18-us-currency-60"]').waitFor();
    await expectNoAxeViolations(page, 'the publish dialog with its changes');
    await saveScreenshot(page, 'ops-catalogue-publish-diff');
    await dialog.getByLabel('Reason (kept in the audit log)').fill('Gem prices for the winter');
    await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
    const published = page.getByRole('status').filter({ hasText: /Published: the catalogue is now revision \d+\./ });
    await published.waitFor();
    const revision = /revision (\d+)/.exec(await published.innerText())![1]!;

    // Kept with the revision: shown again from the revision list.
    await page.getByRole('link', { name: 'Back to the catalogue' }).click();
    const row = page.locator(`tr[data-revision="${revision}"]`);
    await row.getByRole('button', { name: 'What it changed' }).click();
    const kept = page.locator('#catalogue-revision-diff');
    await kept.getByRole('heading', { name: `What revision ${revision} changed` }).waitFor();
    await kept.locator('[data-key="18-us-currency-300"]').getByText('$4.99 → $5.49', { exact: false }).waitFor();
    await expectNoAxeViolations(page, 'a revision\'s changes in the revision list');
  });

  it('previews the draft on the player\'s page in the operator\'s browser only', async () => {
    const page = await openEditor(MERCHANDISER);
    await page.getByText(/The draft changes nothing yet/).waitFor();
    await listButton(page, 'Bundles').click();
    await page.locator('[data-row="18-us-currency-300"] button').click();
    const form = page.getByRole('form').filter({ has: page.getByLabel('Product ID', { exact: true }) });
    const published = await field(form, 'Price (USD)').inputValue();
    await field(form, 'Price (USD)').fill('6.49');
    await form.getByRole('button', { name: 'Save to draft' }).click();
    await page.locator('[data-row="18-us-currency-300"]').getByText('changed', { exact: true }).waitFor();
    await page.getByRole('button', { name: "Preview the player's page" }).click();
    const open = page.getByRole('link', { name: 'Open game 18 in us with the draft' });
    const [preview] = await Promise.all([page.context().waitForEvent('page'), open.click()]);
    // A desktop opens the pay centre, which shows the draft's slides (its revision is never a published one's).
    await preview.locator('img[src*="/banner-slides/"][src*="r=-"]').first().waitFor({ timeout: 20_000 });
    // The phone page of the game, in the same browser: the draft's price.
    await preview.setViewportSize({ width: PHONE.viewport.width, height: PHONE.viewport.height });
    await openTopUp(preview, server.url, 'game_id=18&area=us');
    await bundleCard(preview, '18-us-currency-300').locator('.tp-price').getByText('$6.49').waitFor();

    // A player's browser gets the published price.
    const player = await (await browser.newContext(PHONE)).newPage();
    await openTopUp(player, server.url, 'game_id=18&area=us');
    await bundleCard(player, '18-us-currency-300').locator('.tp-price').getByText(`$${published}`).waitFor();

    // Ended: the operator's browser is back on the published catalogue; the draft is dropped.
    await page.getByRole('button', { name: 'End the preview' }).click();
    await page.getByRole('button', { name: "Preview the player's page" }).waitFor();
    await preview.reload();
    await bundleCard(preview, '18-us-currency-300').locator('.tp-price').getByText(`$${published}`).waitFor();
    await page.getByRole('button', { name: 'Discard the draft' }).click();
    const discard = page.getByRole('dialog');
    await discard.getByLabel('Reason (kept in the audit log)').fill('preview only');
    await discard.getByRole('button', { name: 'Discard the draft' }).click();
    await page.getByText(/The draft changes nothing yet/).waitFor();
  });
});

describe("a game's rewards in the catalogue editor", () => {
  it('a merchandiser changes the daily gift and a tier of game 18, is refused tiers out of order by the field, publishes, and a linked player gets the new gift and tier', async () => {
    const page = await openEditor(MERCHANDISER);
    await page.getByText(/The draft changes nothing yet/).waitFor();
    await listButton(page, 'Games').click();
    await page.locator('[data-row="18"] button').click();
    const form = page.getByRole('form', { name: 'Emberwing Frontier' });
    const rewards = form.getByRole('group', { name: 'Rewards for linked characters', exact: true });
    expect(await rewards.getByLabel('Time zone', { exact: true }).inputValue()).toBe('America/New_York');
    expect(await rewards.getByLabel('Points per 10.00 USD').inputValue()).toBe('100');
    const gift = rewards.getByRole('group', { name: 'Daily gift', exact: true });
    await gift.getByRole('group', { name: 'Item 1' }).getByLabel('Count', { exact: true }).fill('25');
    const tiers = rewards.getByRole('group', { name: 'Tiers', exact: true });
    const first = tiers.getByRole('group', { name: 'Tier 1' });
    await first.getByLabel('Name in English').fill('Deckhand');
    await first.getByLabel('Name in Korean').fill('갑판원');
    await first.getByLabel('Name in Chinese').fill('水手');
    // Silver from 0 points, as Bronze: the store's rule, said by the tiers in the operator's words.
    const silver = tiers.getByRole('group', { name: 'Tier 2' }).getByLabel('From points');
    await silver.fill('0');
    await form.getByRole('button', { name: 'Save to draft' }).click();
    await tiers.getByText('Tiers go from the fewest points up: each needs more points than the one before.').waitFor();
    expect(await silver.getAttribute('aria-invalid')).toBe('true');
    await page.getByText(/The draft changes nothing yet/).waitFor();
    await expectNoAxeViolations(page, "a game's rewards refused in the catalogue editor");

    await silver.fill('400');
    await form.getByRole('button', { name: 'Save to draft' }).click();
    await page.locator('[data-row="18"]').getByText('changed', { exact: true }).waitFor();
    await expectNoAxeViolations(page, "a game's rewards in the catalogue editor");
    await rewards.evaluate((element) => element.scrollIntoView({ block: 'start' }));
    await saveScreenshot(page, 'ops-catalogue-rewards', { keepScroll: true });
    // On a phone the form fits without sideways scrolling.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    await page.setViewportSize({ width: 1440, height: 900 });

    await page.getByRole('button', { name: /^Publish as revision \d+$/ }).click();
    const dialog = page.getByRole('dialog', { name: /^Publish the draft as revision \d+$/ });
    await dialog.locator('[data-key="18"]').getByText('changes Rewards: daily gift, Rewards: tiers', { exact: false }).waitFor();
    await dialog.getByLabel('Reason (kept in the audit log)').fill('A bigger daily gift and a first tier of its own');
    await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByRole('status').filter({ hasText: /Published: the catalogue is now revision \d+\./ }).waitFor();

    // A player links a character of game 18 with the code from its game mail: the new gift and tier.
    const character = { server_id: '1801', role_id: `18017${String(process.pid % 100).padStart(2, '0')}`, uid: `18007${String(process.pid % 100).padStart(2, '0')}`, role_name: 'Rewarded Linker' };
    expect((await fetch(`${server.url}/sandbox/roles`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ game_id: 18, ...character }) })).status).toBe(200);
    const player = await (await browser.newContext(PHONE)).newPage();
    await openTopUp(player, server.url, 'game_id=18&area=us');
    await confirmCharacter(player, 'NA-1 Aurora', character.role_id);
    const panel = player.getByTestId('linked-character');
    await panel.getByRole('button', { name: 'Get a code in your game mail' }).click();
    const code = await waitFor('the code mail', async () => /\b(\d{6})\b/.exec((await gameMail(character.role_id, 'ownership_code'))[0]?.body ?? '')?.[1]);
    await panel.getByLabel('Code from your game mail').fill(code);
    await panel.getByRole('button', { name: 'Link', exact: true }).click();
    await panel.getByTestId('linked-state').waitFor();
    await panel.getByText('Tier: Deckhand').waitFor();
    await panel.getByText('400 more points to Silver').waitFor();
    await panel.getByText('Dragon Gems ×25', { exact: false }).waitFor();
    await panel.getByRole('button', { name: "Claim today's gift" }).click();
    await panel.getByTestId('gift-claimed').waitFor();
    const mail = await waitFor('the gift mail', async () => (await gameMail(character.role_id, 'daily_gift'))[0]);
    expect(mail.items).toEqual([{ name: 'Dragon Gems', quantity: 25 }]);
  });
});

/** The character's mail of one kind in the sandbox game (game 18, server 1801). */
async function gameMail(roleId: string, kind: string): Promise<Array<{ kind: string; body: string; items: Array<{ name: string; quantity: number }> }>> {
  const response = await fetch(`${server.url}/sandbox/mailbox?game_id=18&server_id=1801&role_id=${roleId}`);
  const body = (await response.json()) as { data: Array<{ kind: string; body: string; items: Array<{ name: string; quantity: number }> }> };
  return body.data.filter((mail) => mail.kind === kind);
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>): Promise<T> {
  for (let tries = 0; tries < 200; tries += 1) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`waited in vain for ${what}`);
}

async function expectValue(input: Locator, pattern: RegExp): Promise<void> {
  const deadline = Date.now() + 10_000;
  let value = await input.inputValue();
  while (!pattern.test(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await input.inputValue();
  }
  expect(value).toMatch(pattern);
}

/** The code's own fields: 20 % off the new game, one use per character. */
async function fillDiscount(form: Locator): Promise<void> {
  await field(form, 'Percent off').fill('20');
  await field(form, 'Games (JSON)').fill(`[${GAME_ID}]`);
  await field(form, 'Uses per character (0: no limit)').fill('1');
}
