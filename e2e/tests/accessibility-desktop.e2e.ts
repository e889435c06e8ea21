import type { BrowserContext, Page } from 'playwright-core';
import { expectNoAxeViolations } from '../support/axe';
import { DESKTOP } from '../support/browser';
import { waitForRemotePage } from '../support/page-helpers';
import { openPayCentre, routeOf } from '../support/pccenter';
import { useE2e } from '../support/fixture';

const { server, browser } = useE2e({ ownStore: { env: { ROLE_LOOKUPS_PER_MINUTE: '10000' } } });
let context: BrowserContext;
let page: Page;

afterEach(async () => {
  await context?.close();
});

async function newPage(options: { readonly reducedMotion: 'reduce' | 'no-preference' }): Promise<Page> {
  context = await browser.newContext({ ...DESKTOP, reducedMotion: options.reducedMotion });
  return context.newPage();
}

/** The element that has the keyboard focus, described by what a test can name: its tag, role, name or test id. */
async function focused(target: Page): Promise<{ tag: string; role: string | null; text: string; testId: string | null; id: string }> {
  return target.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    return {
      tag: element?.tagName.toLowerCase() ?? '',
      role: element?.getAttribute('role') ?? null,
      text: (element?.getAttribute('aria-label') || element?.textContent || '').trim(),
      testId: element?.getAttribute('data-testid') ?? null,
      id: element?.id ?? '',
    };
  });
}

/** Presses Tab (Shift+Tab `backwards`) until the focused element matches `selector`, at most 60 times; fails otherwise. */
async function tabTo(target: Page, selector: string, { backwards = false } = {}): Promise<void> {
  for (let n = 0; n < 60; n += 1) {
    if (await target.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
    await target.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`Tab never reached ${selector}; focus is on ${JSON.stringify(await focused(target))}`);
}

describe.each(['en', 'ko'])('the desktop pay centre in %s (1280×800) has no WCAG 2.2 AA violations', (lang) => {
  it('on every page and state of a purchase', async () => {
    page = await newPage({ reducedMotion: 'reduce' });
    await openPayCentre(page, server.url, `/pcIndex?lang=${lang}`);
    await page.locator('.pc-game').first().waitFor();
    await page.locator('.pc-voucher').first().waitFor();
    await page.locator('.pc-banner__slide').first().waitFor();
    // Reduced motion: the offers do not turn until the player presses Play.
    expect(await page.locator('.pc-banner').getAttribute('data-rotating')).toBe('false');
    await expectNoAxeViolations(page, `/pcIndex · ${lang}`);

    await page.locator('.pc-game[data-game-id="18"] .pc-area-chip[data-area="us"]').click();
    await waitForRemotePage(page, '/pcrole');
    await page.locator('.pc-server').first().waitFor();
    await expectNoAxeViolations(page, `/pcrole · ${lang} · before lookup`);

    await page.locator('#pc-character-input').fill('1801002');
    await page.locator('#pc-character-input').press('Enter');
    await page.locator('[data-field-error]').first().waitFor();
    await expectNoAxeViolations(page, `/pcrole · ${lang} · "Please select a server" shown`);

    await page.locator('.pc-server[data-server-id="1801"]').click();
    await page.locator('#pc-character-input').fill('');
    await page.locator('#pc-character-input').press('Enter');
    await page.locator('#pc-character-input[aria-invalid="true"]').waitFor();
    await expectNoAxeViolations(page, `/pcrole · ${lang} · "Please enter the role ID" shown`);

    await page.locator('#pc-character-input').fill('1801002');
    await page.locator('#pc-character-input').press('Enter');
    await page.getByTestId('found-character').waitFor();
    await expectNoAxeViolations(page, `/pcrole · ${lang} · after lookup`);

    await page.getByTestId('found-character').locator('button').click();
    await waitForRemotePage(page, '/pcSubmit');
    await page.locator('.pc-bundle').first().waitFor();
    await page.locator('[data-testid="character-bar"][data-check="confirmed"]').waitFor();
    await expectNoAxeViolations(page, `/pcSubmit · ${lang}`);

    await page.locator('.pc-bundle .pc-price').first().click();
    await page.getByTestId('order-bundle').waitFor();
    await page.getByTestId('pay-button').click();
    await page.locator('.pc-agreement__error').waitFor();
    await expectNoAxeViolations(page, `/pcSubmit · ${lang} · bundle chosen, "Please agree protocal" shown`);

    await page.locator('.pc-agreement input[type="checkbox"]').check();
    await page.getByTestId('pay-button').click();
    await waitForRemotePage(page, '/pcpay');
    await page.locator('[data-testid="order-status"][data-status="created"]').waitFor();
    await expectNoAxeViolations(page, `/pcpay · ${lang} · waiting for payment`);
  });
});

describe('a desktop purchase with the keyboard only (1280×800, en)', () => {
  it('goes from /pcIndex to the delivered order with Tab, Enter, Space and the arrow keys', async () => {
    page = await newPage({ reducedMotion: 'no-preference' });
    await openPayCentre(page, server.url, '/pcIndex?lang=en');
    await page.locator('.pc-game').first().waitFor();

    // The offers turn by themselves; the keyboard stops them with the visible control.
    const play = page.getByTestId('banner-play');
    expect(await play.getAttribute('aria-label')).toBe('Stop the offers turning');
    await tabTo(page, '[data-testid="banner-play"]');
    expect(await page.locator('.pc-banner').getAttribute('data-rotating')).toBe('false');
    await page.keyboard.press('Enter');
    expect(await play.getAttribute('aria-label')).toBe('Turn the offers');
    expect(await focused(page)).toMatchObject({ testId: 'banner-play', text: 'Turn the offers' });
    // Only the offer shown can be reached.
    expect(await page.locator('.pc-banner__slide:not([inert])').count()).toBe(1);

    await tabTo(page, '.pc-game[data-game-id="18"] .pc-area-chip[data-area="us"]');
    expect((await focused(page)).text).toBe('Top up Emberwing Frontier in North America');
    await page.keyboard.press('Enter');

    // /pcrole: the page's heading has the focus; regions and servers are radio groups.
    await waitForRemotePage(page, '/pcrole');
    await page.waitForFunction(() => document.activeElement?.matches('h1') ?? false);
    expect(await focused(page)).toMatchObject({ tag: 'h1', text: 'Find your character' });
    await page.locator('.pc-server').first().waitFor();
    await tabTo(page, '[role="radio"][data-region]');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-region'))).toBe('us');
    await page.keyboard.press('ArrowRight');
    await page.locator('[data-region="eu"][aria-checked="true"]:focus').waitFor();
    await page.locator('.pc-server[data-server-id="1811"]').waitFor();
    await page.keyboard.press('ArrowLeft');
    await page.locator('[data-region="us"][aria-checked="true"]:focus').waitFor();
    await page.locator('.pc-server[data-server-id="1801"]').waitFor();

    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ role: 'radio', text: 'NA-1 Aurora' });
    await page.keyboard.press('ArrowDown');
    await page.locator('.pc-server[data-server-id="1802"][aria-checked="true"]:focus').waitFor();
    await page.keyboard.press('ArrowUp');
    await page.locator('.pc-server[data-server-id="1801"][aria-checked="true"]:focus').waitFor();

    await page.keyboard.press('Tab');
    expect((await focused(page)).id).toBe('pc-character-input');
    await page.keyboard.type('1801002');
    await page.keyboard.press('Enter');
    await page.getByTestId('found-character').waitFor();
    expect((await focused(page)).id).toBe('pc-character-input');
    expect(await page.getByTestId('found-status').textContent()).toBe('Character found: Borin Ironfist, NA-1 Aurora, character ID 1801002.');

    await tabTo(page, '[data-testid="found-character"] button');
    expect((await focused(page)).text).toBe('Confirm');
    await page.keyboard.press('Enter');

    // /pcSubmit: the heading again, and the confirmed character said.
    await waitForRemotePage(page, '/pcSubmit');
    await page.waitForFunction(() => document.activeElement?.matches('h1') ?? false);
    expect(await focused(page)).toMatchObject({ tag: 'h1', text: 'Choose a bundle' });
    await page.getByTestId('character-confirmed').filter({ hasText: 'Confirmed: Borin Ironfist, NA-1 Aurora.' }).waitFor({ state: 'attached' });

    const price = '.pc-bundle[data-product-id="18-us-currency-300"] .pc-price';
    await tabTo(page, price);
    expect((await focused(page)).text).toBe('Choose 300 Dragon Gems for $4.99');
    await page.keyboard.press('Space');
    await page.locator(`${price}[aria-pressed="true"]:focus`).waitFor();
    await page.getByTestId('order-bundle').getByText('300 Dragon Gems').waitFor();

    // Pay without the agreement: the error is beside the box, which it describes.
    await tabTo(page, '[data-testid="pay-button"]');
    await page.keyboard.press('Enter');
    const agreement = page.locator('.pc-agreement input[type="checkbox"]');
    await page.locator('.pc-agreement__error').filter({ hasText: 'Please agree protocal' }).waitFor();
    expect(await agreement.getAttribute('aria-invalid')).toBe('true');
    expect(await focused(page)).toMatchObject({ testId: 'pay-button' });
    await tabTo(page, '.pc-agreement input[type="checkbox"]', { backwards: true });
    await page.keyboard.press('Space');
    expect(await agreement.isChecked()).toBe(true);
    await tabTo(page, '[data-testid="pay-button"]');
    expect(await focused(page)).toMatchObject({ testId: 'pay-button', text: 'Pay $4.99' });
    await page.keyboard.press('Enter');

    // /pcpay: the heading, then the payment page in a new tab, paid with the keyboard too.
    await waitForRemotePage(page, '/pcpay');
    expect(routeOf(page).query.get('order_id')).not.toBe('');
    await page.waitForFunction(() => document.activeElement?.matches('h1') ?? false);
    expect(await focused(page)).toMatchObject({ tag: 'h1', text: 'Payment' });
    await page.locator('[data-testid="order-status"][data-status="created"]').waitFor();
    await tabTo(page, '[data-testid="go-to-payment"]');
    const [checkout] = await Promise.all([context.waitForEvent('page'), page.keyboard.press('Enter')]);
    await checkout.getByTestId('checkout-amount').waitFor();
    await tabTo(checkout, 'button.pay');
    await checkout.keyboard.press('Enter');

    await page.locator('[data-testid="order-status"][data-status="delivered"]').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('order-amount').textContent()).toBe('$4.99');
    // The paid order's post-purchase offer (decision 307) is checked with the page, and reached by the keyboard.
    await page.getByTestId('purchase-offer').waitFor();
    await expectNoAxeViolations(page, '/pcpay · en · delivered');
    await tabTo(page, '[data-testid="purchase-offer-buy"]');
    expect(await focused(page)).toMatchObject({ testId: 'purchase-offer-buy', text: 'Buy now for $11.99' });
  });
});
