import type { Page, Request } from 'playwright-core';
import { withSign } from '@topup/shared/sign';
import type { Server, SandboxRole } from '@topup/shared/types';
import { settled, waitForRemotePage } from './page-helpers';

/** The demo characters of a game, as the sandbox lists them. */
export async function sandboxRoles(baseUrl: string, gameId: number): Promise<SandboxRole[]> {
  const response = await fetch(`${baseUrl}/sandbox/roles?game_id=${gameId}`);
  const body = (await response.json()) as { ret: number; data: SandboxRole[] };
  if (body.ret !== 0) throw new Error(`sandbox roles of game ${gameId}: ret ${body.ret}`);
  return body.data;
}

/** A signed Family A call from the test itself (to learn server names and signs). */
export async function callAction<T>(baseUrl: string, action: string, payload: Record<string, string>): Promise<T> {
  const response = await fetch(`${baseUrl}/api/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(withSign(payload) as Record<string, string>),
  });
  const body = (await response.json()) as { ret: number; data: T; msg: string };
  if (body.ret !== 0) throw new Error(`${action}: ret ${body.ret} ${body.msg}`);
  return body.data;
}

export function serverList(baseUrl: string, gameId: number, area: string, region = ''): Promise<Server[]> {
  return callAction<Server[]>(baseUrl, 'getServerList', { game_id: String(gameId), area, region });
}

/** Opens the top-up page for a link like `?game_id=18&area=us` and waits for its bundles. */
export async function openTopUp(page: Page, baseUrl: string, query: string): Promise<void> {
  await page.goto(`${baseUrl}/#/?${query}`);
  await waitForRemotePage(page, '/');
  await page.locator('[data-product-id]').first().waitFor({ timeout: 20_000 });
}

export async function pick(page: Page, field: 'server-field' | 'region-field', option: string): Promise<void> {
  await page.getByTestId(field).click();
  const popup = page.getByRole('dialog');
  await settled(popup);
  await popup.getByRole('button', { name: option, exact: true }).click();
  await popup.waitFor({ state: 'detached' });
}

/** Chooses a server, types the character (ID, or name for game 284) and searches. */
export async function searchCharacter(page: Page, serverName: string, typed: string): Promise<void> {
  await pick(page, 'server-field', serverName);
  await page.locator('.tp-character-form input').fill(typed);
  await page.getByRole('button', { name: 'Search' }).click();
}

export async function confirmCharacter(page: Page, serverName: string, typed: string, confirmLabel = 'Confirm', doneLabel = 'Confirmed'): Promise<void> {
  await searchCharacter(page, serverName, typed);
  await page.getByTestId('character-confirmation').getByRole('button', { name: confirmLabel, exact: true }).click();
  await page.getByRole('button', { name: doneLabel, exact: true }).waitFor();
}

/** The form fields of every Family A call the page makes, in order. */
export function recordCalls(page: Page): Array<{ action: string; fields: URLSearchParams }> {
  const calls: Array<{ action: string; fields: URLSearchParams }> = [];
  page.on('request', (request: Request) => {
    const match = /\/api\/([A-Za-z]+)$/.exec(new URL(request.url()).pathname);
    if (match && request.method() === 'POST') calls.push({ action: match[1] as string, fields: new URLSearchParams(request.postData() ?? '') });
  });
  return calls;
}

/** The query of the hash route the page is on (`#/submit?…`). */
export function hashQuery(page: Page): { path: string; query: URLSearchParams } {
  const hash = new URL(page.url()).hash.replace(/^#/, '');
  const [path = '', search = ''] = hash.split('?');
  return { path, query: new URLSearchParams(search) };
}

/** The text of the dialog on top, once one shows `text`. */
export async function dialogWith(page: Page, text: string) {
  const dialog = page.locator('[role="dialog"], [role="alertdialog"]').filter({ hasText: text });
  await settled(dialog);
  return dialog;
}

export async function toastWith(page: Page, text: string): Promise<void> {
  await page.locator('[data-toast]').filter({ hasText: text }).waitFor();
}
