import type { Page } from 'playwright-core';

/** Opens a hash route and waits until its remote page has rendered inside the shell. */
export async function openRoute(page: Page, baseUrl: string, route: string): Promise<void> {
  await page.goto(`${baseUrl}/#${route}`);
  await waitForRemotePage(page, route);
}

export async function waitForRemotePage(page: Page, route: string): Promise<void> {
  const path = route.split('?')[0];
  // The remote's own page, not the shell's "unavailable" panel that stands in for it.
  await page
    .locator(`[data-remote-root][data-route="${path}"]:not(:has([data-remote-unavailable])) h1`)
    .first()
    .waitFor({ state: 'visible', timeout: 20_000 });
}
