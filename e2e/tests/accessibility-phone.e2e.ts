import type { BrowserContext, Page } from 'playwright-core';
import { expectNoAxeViolations } from '../support/axe';
import { PHONE } from '../support/browser';
import { FAST_DELIVERY, resultStatus } from '../support/orders';
import { waitForRemotePage } from '../support/page-helpers';
import { openTopUp, pick } from '../support/topup';
import { useE2e } from '../support/fixture';

const { server, browser } = useE2e({ ownStore: { env: FAST_DELIVERY } });
let context: BrowserContext;
let page: Page;

beforeEach(async () => {
  context = await browser.newContext(PHONE);
  page = await context.newPage();
});
afterEach(async () => {
  await context.close();
});

const LANGUAGES = [
  {
    lang: 'en', help: 'Recharge instructions', search: 'Search', confirm: 'Confirm', confirmed: 'Confirmed',
    pay: /^Pay /,
  },
  {
    lang: 'ko', help: '충전 안내', search: '검색', confirm: '확인', confirmed: '확인 완료',
    pay: /결제/,
  },
] as const;

/** Waits for the dialog on top to finish its entrance (axe reads colours, an animation blends them). */
async function settledDialog(page: Page) {
  const dialog = page.locator('[role="dialog"], [role="alertdialog"]').last();
  await dialog.waitFor();
  await page.waitForTimeout(300);
  return dialog;
}

async function closeDialog(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await page.locator('[role="dialog"], [role="alertdialog"]').first().waitFor({ state: 'detached' });
}

describe.each(LANGUAGES)('the phone purchase path in $lang has no WCAG A/AA violations', ({ lang, help, search, confirm, confirmed, pay }) => {
  it('on every state from the top-up page to the pay result', async () => {
    await openTopUp(page, server.url, `game_id=18&area=us&lang=${lang}`);
    await page.waitForTimeout(300);
    await expectNoAxeViolations(page, `top-up page · ${lang} · before lookup`);

    await page.getByTestId('server-field').click();
    await settledDialog(page);
    await expectNoAxeViolations(page, `top-up page · ${lang} · server picker`);
    await closeDialog(page);

    await page.getByRole('button', { name: help, exact: true }).click();
    await settledDialog(page);
    await expectNoAxeViolations(page, `top-up page · ${lang} · help dialog`);
    await closeDialog(page);

    await page.locator('[data-product-id] .tp-bundle__info').first().click();
    await settledDialog(page);
    await expectNoAxeViolations(page, `top-up page · ${lang} · Bundle Details`);
    await closeDialog(page);

    // A character that does not exist: the error dialog.
    await pick(page, 'server-field', 'NA-1 Aurora');
    await page.locator('.tp-character-form input').fill('1809999');
    await page.getByRole('button', { name: search, exact: true }).click();
    await settledDialog(page);
    await expectNoAxeViolations(page, `top-up page · ${lang} · error dialog`);
    await closeDialog(page);
    // Focus back where the player was (the search), not lost to <body>.
    expect(await page.evaluate(() => document.activeElement?.matches('.tp-character-form button[type="submit"]') ?? false)).toBe(true);

    await page.locator('.tp-character-form input').fill('1801001');
    await page.getByRole('button', { name: search, exact: true }).click();
    await page.getByTestId('character-confirmation').waitFor();
    await expectNoAxeViolations(page, `top-up page · ${lang} · after lookup`);

    await page.getByTestId('character-confirmation').getByRole('button', { name: confirm, exact: true }).click();
    await page.getByRole('button', { name: confirmed, exact: true }).waitFor();
    await expectNoAxeViolations(page, `top-up page · ${lang} · after confirm`);

    await page.locator('[data-product-id="18-us-currency-300"] .tp-price').first().click();
    await waitForRemotePage(page, '/submit');
    await page.getByRole('button', { name: pay }).waitFor();
    await expectNoAxeViolations(page, `/submit · ${lang}`);

    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: pay }).click();
    await page.waitForURL(/\/sandbox\/checkout\//);
    await expectNoAxeViolations(page, `sandbox checkout · ${lang}`);

    await page.locator('button.pay').click();
    await page.waitForURL(/#\/payResult\?order_id=/);
    await waitForRemotePage(page, '/payResult');
    await page.locator('[data-testid="order-status"][data-status="delivered"]').waitFor({ timeout: 30_000 });
    // The demo's post-purchase offer (decision 307) is on the page too, in the page's language.
    await page.getByTestId('purchase-offer').waitFor();
    await expectNoAxeViolations(page, `/payResult · ${lang}`);
  });

  it('on a declined payment\'s result', async () => {
    await openTopUp(page, server.url, `game_id=18&area=us&lang=${lang}`);
    await pick(page, 'server-field', 'NA-1 Aurora');
    await page.locator('.tp-character-form input').fill('1801001');
    await page.getByRole('button', { name: search, exact: true }).click();
    await page.getByTestId('character-confirmation').getByRole('button', { name: confirm, exact: true }).click();
    await page.getByRole('button', { name: confirmed, exact: true }).waitFor();
    await page.locator('[data-product-id="18-us-currency-300"] .tp-price').first().click();
    await waitForRemotePage(page, '/submit');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: pay }).click();
    await page.waitForURL(/\/sandbox\/checkout\//);
    await page.locator('button.decline').click();
    await page.waitForURL(/#\/payResult\?order_id=/);
    await waitForRemotePage(page, '/payResult');
    await resultStatus(page, 'declined');
    await expectNoAxeViolations(page, `/payResult · ${lang} · declined`);
  });
});

/** What has focus: its tag, accessible text and test id, to say where the player is. */
async function focused(page: Page): Promise<{ tag: string; text: string; label: string; testId: string }> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    return {
      tag: element?.tagName.toLowerCase() ?? '',
      text: (element?.textContent ?? '').trim(),
      label: element?.getAttribute('aria-label') ?? '',
      testId: element?.dataset.testid ?? '',
    };
  });
}

/** Presses Tab (or Shift+Tab) until focus is on an element matching `selector`. */
async function tabTo(page: Page, selector: string, key: 'Tab' | 'Shift+Tab' = 'Tab'): Promise<void> {
  for (let presses = 0; presses < 80; presses += 1) {
    await page.keyboard.press(key);
    if (await page.evaluate((wanted) => document.activeElement?.matches(wanted) ?? false, selector)) return;
  }
  throw new Error(`Tab never reached ${selector}; focus is on ${JSON.stringify(await focused(page))}`);
}

describe('a phone purchase with the keyboard alone', () => {
  it('goes from the top-up page to the paid result with Tab, Enter, Space and the arrows', async () => {
    await openTopUp(page, server.url, 'game_id=18&area=us');
    expect(await page.title()).toBe('Emberwing Frontier · TopUp Store');

    // The skip link comes first and lands in the page.
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ tag: 'a', text: 'Skip to main content' });
    await page.keyboard.press('Enter');
    expect(await focused(page)).toMatchObject({ tag: 'main' });

    // The server picker: focus goes into it, typing filters, Enter picks, focus comes back.
    await tabTo(page, '[data-testid="server-field"]');
    await page.keyboard.press('Enter');
    const picker = page.getByRole('dialog');
    await picker.waitFor();
    await page.waitForFunction(() => document.activeElement?.closest('[role="dialog"]') !== null);
    await page.keyboard.type('NA-1');
    await tabTo(page, '[role="dialog"] .tu-picker-list__item');
    expect(await focused(page)).toMatchObject({ text: 'NA-1 Aurora' });
    await page.keyboard.press('Enter');
    await picker.waitFor({ state: 'detached' });
    expect(await focused(page)).toMatchObject({ testId: 'server-field' });

    // Character ID, Enter searches; Space confirms, and focus stays on the button that says so.
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ tag: 'input' });
    await page.keyboard.type('1801001');
    await page.keyboard.press('Enter');
    await page.getByTestId('character-confirmation').waitFor();
    await tabTo(page, '[data-testid="character-confirmation"] .tp-button');
    expect(await focused(page)).toMatchObject({ text: 'Confirm' });
    await page.keyboard.press('Space');
    await page.getByRole('button', { name: 'Confirmed', exact: true }).waitFor();
    expect(await focused(page)).toMatchObject({ tag: 'button', text: 'Confirmed' });
    expect(await page.getByTestId('character-confirmation').getByRole('status').textContent()).toMatch(/^Confirmed: .+ \(1801001\)$/);

    // The bundle tabs move with the arrows.
    await tabTo(page, '[role="tab"][aria-selected="true"]');
    const firstTab = (await focused(page)).text;
    await page.keyboard.press('ArrowRight');
    expect((await focused(page)).text).not.toBe(firstTab);
    await page.keyboard.press('ArrowLeft');
    expect(await focused(page)).toMatchObject({ text: firstTab });

    // Bundle Details: focus is trapped inside, Escape gives it back to the icon that opened it.
    await tabTo(page, '[data-product-id="18-us-currency-300"] .tp-bundle__info');
    const info = await focused(page);
    await page.keyboard.press('Enter');
    const details = page.getByRole('dialog', { name: 'Bundle Details' });
    await details.waitFor();
    for (let presses = 0; presses < 6; presses += 1) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null)).toBe(true);
    }
    await page.keyboard.press('Escape');
    await details.waitFor({ state: 'detached' });
    expect(await focused(page)).toEqual(info);

    // The price button buys; after the route change focus is on the order page's heading.
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ label: 'Buy 300 Dragon Gems for $4.99' });
    await page.keyboard.press('Enter');
    await waitForRemotePage(page, '/submit');
    await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
    expect(await focused(page)).toMatchObject({ tag: 'h1', text: 'Submit order' });
    expect(await page.title()).toBe('Submit order · TopUp Store');

    // Pay without the agreement: the error stays beside the box; Space ticks it, Enter pays.
    await tabTo(page, '.od-paybar .od-button--primary');
    await page.keyboard.press('Enter');
    const agreement = page.getByRole('checkbox');
    await page.waitForFunction(() => document.querySelector('input[type="checkbox"][aria-invalid="true"]') !== null);
    expect(await agreement.evaluate((box) => document.getElementById(box.getAttribute('aria-describedby') ?? '')?.textContent)).toBe('Please agree protocal');
    await tabTo(page, 'input[type="checkbox"]', 'Shift+Tab');
    await page.keyboard.press('Space');
    expect(await agreement.isChecked()).toBe(true);
    await tabTo(page, '.od-paybar .od-button--primary');
    await page.keyboard.press('Enter');

    // The sandbox's checkout, then the result page, named after its heading.
    await page.waitForURL(/\/sandbox\/checkout\//);
    await tabTo(page, 'button.pay');
    await page.keyboard.press('Enter');
    await page.waitForURL(/#\/payResult\?order_id=/);
    await waitForRemotePage(page, '/payResult');
    await page.locator('[data-testid="order-status"][data-status="delivered"]').waitFor({ timeout: 30_000 });
    expect(await page.title()).toMatch(/ · TopUp Store$/);
  });
});
