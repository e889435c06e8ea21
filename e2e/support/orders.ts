import type { Page } from 'playwright-core';
import { waitForRemotePage } from './page-helpers';

/** Order settings for browser tests: fast polling and retries, configured, never the defaults changed. */
export const FAST_DELIVERY = {
  ROLE_LOOKUPS_PER_MINUTE: '10000',
  DELIVERY_POLL_INTERVAL: '100ms',
  DELIVERY_BACKOFF: '1500ms',
  DELIVERY_GIVE_UP_AFTER: '1h',
};

export interface Mail {
  readonly mail_id: string;
  readonly order_id: string;
  readonly title: string;
  readonly items: Array<{ name: string; quantity: number }>;
  readonly sent_at: string;
}

/** What a character received, as the sandbox game's mailbox lists it. */
export async function mailbox(baseUrl: string, gameId: number, serverId: string, roleId: string): Promise<Mail[]> {
  const response = await fetch(`${baseUrl}/sandbox/mailbox?game_id=${gameId}&server_id=${serverId}&role_id=${roleId}`);
  const body = (await response.json()) as { ret: number; data: Mail[] };
  if (body.ret !== 0) throw new Error(`mailbox: ret ${body.ret}`);
  return body.data;
}

export async function failNextMails(baseUrl: string, count: number | 'always' | 'off'): Promise<void> {
  const response = await fetch(`${baseUrl}/sandbox/mail-failures?fail_next=${count}`, { method: 'POST' });
  if (!response.ok) throw new Error(`mail-failures: HTTP ${response.status}`);
}

/** The bundle card of a product on the main page. */
export const bundleCard = (page: Page, productId: string) => page.locator(`[data-product-id="${productId}"]`).first();

/** On the sandbox checkout page, presses Pay or Decline and waits for the pay result page. */
export async function settleInSandbox(page: Page, button: 'Pay' | 'Decline'): Promise<string> {
  await page.waitForURL(/\/sandbox\/checkout\//);
  await page.getByRole('button', { name: button === 'Pay' ? /^Pay / : 'Decline' }).click();
  await page.waitForURL(/#\/payResult\?order_id=/);
  await waitForRemotePage(page, '/payResult');
  return new URL(page.url().replace('#/', '')).searchParams.get('order_id') ?? '';
}

/** Waits until the pay result page shows the order in `status`. */
export async function resultStatus(page: Page, status: string, timeout = 30_000): Promise<void> {
  await page.locator(`[data-testid="order-status"][data-status="${status}"]`).waitFor({ timeout });
}
