import type { BrowserContext, Page } from 'playwright-core';
import { PHONE } from '../support/browser';
import { waitForRemotePage } from '../support/page-helpers';
import {
  confirmCharacter,
  dialogWith,
  hashQuery,
  openTopUp,
  pick,
  recordCalls,
  sandboxRoles,
  searchCharacter,
  serverList,
  toastWith,
} from '../support/topup';
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

async function serverOptions(): Promise<string[]> {
  await page.getByTestId('server-field').click();
  const popup = page.getByRole('dialog');
  // The picker's code comes when it first opens: its list is there once the dialog is.
  await popup.waitFor();
  const names = await popup.locator('.tu-picker-list__item').allTextContents();
  await page.keyboard.press('Escape');
  await popup.waitFor({ state: 'detached' });
  return names;
}

describe('validation and errors (spec §5, §8)', () => {
  it('says each validation message with the spec words', async () => {
    await openTopUp(page, server.url, 'game_id=18&area=us');
    await page.getByRole('button', { name: 'Search' }).click();
    await toastWith(page, 'Please select a server');
    await pick(page, 'server-field', 'NA-1 Aurora');
    await page.getByRole('button', { name: 'Search' }).click();
    await toastWith(page, 'Please enter the role ID');
    await page.getByRole('button', { name: 'Buy 60 Dragon Gems for $0.99' }).click();
    const dialog = await dialogWith(page, 'Please confirm your character information first!');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(hashQuery(page).path).toBe('/');
  });

  it("shows a ret ≠ 0 answer as a confirm dialog with the server's message", async () => {
    await openTopUp(page, server.url, 'game_id=18&area=us');
    await searchCharacter(page, 'NA-1 Aurora', '424242');
    const dialog = await dialogWith(page, 'No character was found. Please check the server and your character information.');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.waitFor({ state: 'detached' });
    // An unknown game answers ret ≠ 0 on every call: one dialog with the message (the page behind it
    // moves to the game list, the way out of a game the area does not sell).
    await page.goto(`${server.url}/#/?game_id=999&area=us`);
    await dialogWith(page, 'This game is not available in this region.');
    expect(await page.locator('[role="dialog"]').count()).toBe(1);
  });

  it('Re-enter asks first, then returns to the input view un-confirmed', async () => {
    await openTopUp(page, server.url, 'game_id=18&area=us');
    await confirmCharacter(page, 'NA-1 Aurora', '1801001');
    await page.getByRole('button', { name: 'Change character' }).click();
    let dialog = await dialogWith(page, 'Re-enter the character information?');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.getByRole('button', { name: 'Confirmed' }).isDisabled()).toBe(true);

    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Change character' }).click();
    dialog = await dialogWith(page, 'Re-enter the character information?');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('button', { name: 'Search' }).waitFor();
    expect(await page.getByTestId('character-confirmation').count()).toBe(0);
    await page.getByRole('button', { name: 'Buy 60 Dragon Gems for $0.99' }).click();
    await dialogWith(page, 'Please confirm your character information first!');
  });
});

describe('special games (spec §9)', () => {
  it('looks a game 284 character up by name: role_name carries the text, role_id is empty', async () => {
    const calls = recordCalls(page);
    const role = (await sandboxRoles(server.url, 284)).find((r) => r.area === 'us' && r.server_id === '28402');
    if (!role) throw new Error('no demo character on 28402');
    await openTopUp(page, server.url, 'game_id=284&area=us');
    expect(await page.locator('.tp-character-form label').textContent()).toBe('Character name');
    await confirmCharacter(page, 'Orchard', role.role_name);
    expect(await page.getByTestId('confirmed-role-name').textContent()).toBe(role.role_name);
    const lookup = calls.find((c) => c.action === 'getRoleInfo');
    expect(lookup && [lookup.fields.get('role_id'), lookup.fields.get('role_name'), lookup.fields.has('server_sign')]).toEqual([
      '',
      role.role_name,
      false,
    ]);
  });

  it('sends game 134 lookups with the server_sign, and passes it to /submit', async () => {
    const calls = recordCalls(page);
    const [northAmerica] = await serverList(server.url, 134, 'multi', 'us');
    if (!northAmerica) throw new Error('no NA server for game 134');
    await openTopUp(page, server.url, 'game_id=134&area=multi');
    await confirmCharacter(page, northAmerica.server_name, `${northAmerica.server_id}002`);
    const lookup = calls.find((c) => c.action === 'getRoleInfo');
    expect(lookup?.fields.get('server_sign')).toBe(northAmerica.server_sign);
    await page.locator('[data-product-id] .tp-price').first().click();
    await waitForRemotePage(page, '/submit');
    expect(hashQuery(page).query.get('server_sign')).toBe(northAmerica.server_sign);
  });

  it('shows the character-ID help image for games 14, 136 and 182 only, and it enlarges', async () => {
    await openTopUp(page, server.url, 'game_id=136&area=us');
    await page.getByRole('button', { name: 'Where do I find my character ID?' }).click();
    const dialog = await dialogWith(page, 'Tap the image to enlarge it.');
    const image = dialog.getByRole('img');
    // Loaded, not broken: wait for the picture's load or error, then it must have a size.
    const loaded = await image.evaluate(
      (img: HTMLImageElement) =>
        new Promise<boolean>((resolve) => {
          if (img.complete) resolve(img.naturalWidth > 0);
          img.addEventListener('load', () => resolve(img.naturalWidth > 0), { once: true });
          img.addEventListener('error', () => resolve(false), { once: true });
        }),
    );
    expect(loaded).toBe(true);
    await dialog.getByRole('button', { name: /Enlarge/ }).click();
    // The viewer's code loads on the first tap (decision 015): wheel over it once it is there.
    const viewer = page.getByRole('dialog', { name: 'Image preview' });
    await viewer.locator('img').waitFor();
    const scale = async () => Number(await viewer.locator('img').getAttribute('data-scale'));
    await page.mouse.move(195, 300);
    await page.mouse.wheel(0, -400);
    await page.waitForFunction(() => Number(document.querySelector('.tu-preview img')?.getAttribute('data-scale')) > 1);
    const zoomIn = viewer.getByRole('button', { name: 'Zoom in' });
    while (!(await zoomIn.isDisabled())) await zoomIn.click();
    expect(await scale()).toBe(3);
    const zoomOut = viewer.getByRole('button', { name: 'Zoom out' });
    while (!(await zoomOut.isDisabled())) await zoomOut.click();
    expect(await scale()).toBeCloseTo(1 / 3, 3);
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });
    await openTopUp(page, server.url, 'game_id=18&area=us');
    expect(await page.getByRole('button', { name: 'Where do I find my character ID?' }).count()).toBe(0);
  });
});

describe('region pickers (spec §9)', () => {
  it('game 18 switches area: NA, EU, AS, each with its own servers', async () => {
    const calls = recordCalls(page);
    await openTopUp(page, server.url, 'game_id=18&area=us');
    expect(await page.getByTestId('region-field').textContent()).toContain('NA');
    expect(await serverOptions()).toEqual(['NA-1 Aurora', 'NA-2 Borealis']);
    await pick(page, 'server-field', 'NA-1 Aurora');
    await pick(page, 'region-field', 'EU');
    // A new region clears the chosen server.
    expect(await page.getByTestId('server-field').textContent()).toContain('Select a server');
    expect(await serverOptions()).toEqual(['EU-1 Avalon', 'EU-2 Camelot']);
    // The EU store's own bundles.
    await page.locator('[data-product-id^="18-eu-"]').first().waitFor();
    expect(await page.locator('[data-product-id^="18-us-"]').count()).toBe(0);
    await pick(page, 'region-field', 'AS');
    expect(await serverOptions()).toEqual(['AS-1 Sakura', 'AS-2 Lotus']);
    const areas = calls.filter((c) => c.action === 'getServerList').map((c) => [c.fields.get('area'), c.fields.get('region')]);
    expect(areas).toEqual([
      ['us', ''],
      ['eu', ''],
      ['en', ''],
    ]);
    // The character is looked up in the area of its server.
    await confirmCharacter(page, 'AS-2 Lotus', '1822003');
    expect(calls.find((c) => c.action === 'getRoleInfo')?.fields.get('area')).toBe('en');
    await page.locator('[data-product-id="18-en-currency-300"] .tp-price').click();
    await waitForRemotePage(page, '/submit');
    expect([hashQuery(page).query.get('area'), hashQuery(page).query.get('product_id')]).toEqual(['en', '18-en-currency-300']);
  });

  it('game 44 offers AM and EU, sent as region', async () => {
    const calls = recordCalls(page);
    await openTopUp(page, server.url, 'game_id=44&area=us');
    expect(await page.getByTestId('region-field').textContent()).toContain('AM');
    expect(await serverOptions()).toEqual(['AM-1 Condor', 'AM-2 Jaguar']);
    await pick(page, 'region-field', 'EU');
    expect(await serverOptions()).toEqual(['EU-1 Falcon', 'EU-2 Lynx']);
    expect(calls.filter((c) => c.action === 'getServerList').map((c) => c.fields.get('region'))).toEqual(['am', 'eu']);
  });

  it('game 232 in area en starts in America and offers Asia and Europe', async () => {
    const calls = recordCalls(page);
    await openTopUp(page, server.url, 'game_id=232&area=en');
    expect(await page.getByTestId('region-field').textContent()).toContain('America');
    expect(await serverOptions()).toEqual(['America-1 Harbor', 'America-2 Cape']);
    await pick(page, 'region-field', 'Asia');
    expect(await serverOptions()).toEqual(['Asia-1 Coral', 'Asia-2 Lagoon']);
    await pick(page, 'region-field', 'Europe');
    expect(await serverOptions()).toEqual(['Europe-1 Fjord', 'Europe-2 Strait']);
    expect(calls.filter((c) => c.action === 'getServerList').map((c) => c.fields.get('area'))).toEqual(['america', 'asia', 'europe']);
  });

  it('game 134 in area multi offers NA and EU, and no picker shows for a plain game', async () => {
    await openTopUp(page, server.url, 'game_id=134&area=multi');
    expect(await page.getByTestId('region-field').textContent()).toContain('NA');
    expect(await serverOptions()).toEqual(['NA-1 Citadel', 'NA-2 Bastion']);
    await pick(page, 'region-field', 'EU');
    expect(await serverOptions()).toEqual(['EU-1 Rampart', 'EU-2 Keep']);
    await openTopUp(page, server.url, 'game_id=27&area=us');
    expect(await page.getByTestId('region-field').count()).toBe(0);
  });
});
