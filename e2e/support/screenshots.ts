import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { REPO_ROOT } from './server';

const ARTIFACTS = path.join(REPO_ROOT, 'e2e', 'artifacts');

/**
 * Saves a picture of the page: into docs/screenshots when `UPDATE_SCREENSHOTS=1` refreshes the
 * documentation, otherwise into e2e/artifacts for a look after the run.
 */
export async function saveScreenshot(page: Page, name: string, options: { fullPage?: boolean; keepScroll?: boolean; whileLoading?: boolean } = {}): Promise<void> {
  const folder = process.env.UPDATE_SCREENSHOTS ? path.join(REPO_ROOT, 'docs', 'screenshots') : ARTIFACTS;
  fs.mkdirSync(folder, { recursive: true });
  // Let images and fonts settle so the picture shows the page as a player sees it (unless the
  // picture is of the page while some of it is still on its way).
  if (!options.whileLoading) await page.waitForLoadState('networkidle').catch(() => undefined);
  // From the top, unless the picture is of a part further down (scrolled there by the test).
  if (!options.keepScroll) await page.evaluate(() => window.scrollTo(0, 0));
  // Two frames: what places itself after a scroll (the customer-service button's tuck) has done so.
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
  await page.screenshot({ path: path.join(folder, `${name}.png`), fullPage: options.fullPage ?? false });
}
