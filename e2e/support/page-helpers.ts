import type { Locator, Page } from 'playwright-core';

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

/** What a narrow screen got wrong: the document wider than the window, and text squeezed to a letter or two per line. */
export interface NarrowLayout {
  readonly scrollWidth: number;
  readonly clientWidth: number;
  /** Visible texts of 4 letters or more laid out in 3 lines or more of fewer than 3 letters on average. */
  readonly squeezed: string[];
}

/** Lines of fewer than 3 letters on average, for `selector`'s texts (every text of the page when absent). */
export function narrowLayout(page: Page, selector = 'body *'): Promise<NarrowLayout> {
  return page.evaluate((scope) => {
    const root = document.documentElement;
    const squeezed: string[] = [];
    for (const element of Array.from(document.querySelectorAll<HTMLElement>(scope))) {
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden') continue;
      for (const node of Array.from(element.childNodes)) {
        const letters = (node.textContent ?? '').replace(/\s+/g, '').length;
        if (node.nodeType !== Node.TEXT_NODE || letters < 4) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        // One box per line (and per bidi run): the distinct tops are the lines.
        const boxes = Array.from(range.getClientRects()).filter((box) => box.width > 0 && box.height > 0);
        // Visually hidden (a 1 px clip for screen readers) or not shown.
        if (boxes.length === 0 || element.getBoundingClientRect().width <= 1) continue;
        const lines = new Set(boxes.map((box) => Math.round(box.top))).size;
        // Two lines are a text wrapping at the end of a line; three or more of under 3 letters each are a squeezed column.
        if (lines >= 3 && letters / lines < 3) squeezed.push(`${element.tagName.toLowerCase()}.${element.className} "${(node.textContent ?? '').trim().slice(0, 24)}" in ${lines} lines`);
      }
    }
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, squeezed };
  }, selector);
}

/**
 * Waits until the dialog's layer has finished sliding or fading in. A click aimed while the sheet still
 * moves can land beside its target (the point is measured, then the sheet moves on before the press).
 */
export async function settled(dialog: Locator): Promise<void> {
  await dialog.waitFor();
  await dialog.evaluate(async (element) => {
    const layer = element.closest('.tu-layer') ?? element;
    // Only what ends: a spinner turns for ever.
    const ending = layer.getAnimations({ subtree: true }).filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(ending.map((animation) => animation.finished.catch(() => undefined)));
  });
}
