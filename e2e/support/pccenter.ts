import type { Page, Request } from 'playwright-core';
import { withSign } from '@topup/shared/sign';
import { waitForRemotePage } from './page-helpers';

/** A signed pay-centre call from the test itself (to learn what the store will charge). */
export async function callPayCentre<T>(baseUrl: string, action: string, payload: Record<string, string>): Promise<T> {
  const response = await fetch(`${baseUrl}/api/pcpay/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(withSign(payload) as Record<string, string>),
  });
  const body = (await response.json()) as { ret: number; data: T; msg: string };
  if (body.ret !== 0) throw new Error(`pcpay/${action}: ret ${body.ret} ${body.msg}`);
  return body.data;
}

/** Opens a pay-centre route and waits for its page. */
export async function openPayCentre(page: Page, baseUrl: string, route: string): Promise<void> {
  await page.goto(`${baseUrl}/#${route}`);
  await waitForRemotePage(page, route);
}

/** The fields of every pay-centre call the page makes, in order. */
export function recordPayCentreCalls(page: Page): Array<{ action: string; fields: URLSearchParams }> {
  const calls: Array<{ action: string; fields: URLSearchParams }> = [];
  page.on('request', (request: Request) => {
    const match = /\/api\/pcpay\/([A-Za-z]+)$/.exec(new URL(request.url()).pathname);
    if (match && request.method() === 'POST') calls.push({ action: match[1] as string, fields: new URLSearchParams(request.postData() ?? '') });
  });
  return calls;
}

/** Chooses a server on /pcrole, types a character ID and searches. */
export async function findCharacterById(page: Page, serverName: string, roleId: string): Promise<void> {
  await page.getByRole('radio', { name: serverName, exact: true }).click();
  await page.getByLabel('Character ID', { exact: true }).fill(roleId);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByTestId('found-character').waitFor();
}

/** The query of the hash route the page is on. */
export function routeOf(page: Page): { path: string; query: URLSearchParams } {
  const hash = new URL(page.url()).hash.replace(/^#/, '');
  const [path = '', search = ''] = hash.split('?');
  return { path, query: new URLSearchParams(search) };
}

export interface SandboxMail {
  readonly mail_id: string;
  readonly order_id: string;
  readonly title: string;
  readonly items: unknown;
}

export async function sandboxMailbox(baseUrl: string, gameId: number, serverId: string, roleId: string): Promise<SandboxMail[]> {
  const response = await fetch(`${baseUrl}/sandbox/mailbox?game_id=${gameId}&server_id=${serverId}&role_id=${roleId}`);
  const body = (await response.json()) as { ret: number; data: SandboxMail[] };
  return body.data;
}
