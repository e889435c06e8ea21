import type { Page } from 'playwright-core';
import type { CreatedOrder } from '@topup/shared/types';
import { waitForRemotePage } from './page-helpers';
import { EMBERWING, GEMS_300 } from './seed';
import { callAction } from './topup';

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

/** A demo character of game 18 (Emberwing Frontier NA-1) to place orders for. */
export interface OrderCharacter {
  readonly server_id: string;
  readonly role_id: string;
  readonly uid: string;
}

/** An order of 300 Dragon Gems for `character`, paid in the sandbox checkout and delivered. */
export async function deliveredOrder(baseUrl: string, character: OrderCharacter, tokenPrefix: string): Promise<CreatedOrder> {
  const order = await callAction<CreatedOrder>(baseUrl, 'createOrder', {
    game_id: EMBERWING.game_id, area: EMBERWING.area, server_id: character.server_id, role_id: character.role_id, uid: character.uid,
    product_id: GEMS_300.product_id, pay_type: 'card', discount_code: '', order_token: `${tokenPrefix}-${Date.now()}-${Math.random()}`,
  });
  const paid = await fetch(`${baseUrl}/sandbox/checkout/${order.order_id}`, {
    method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'result=paid', redirect: 'manual',
  });
  if (paid.status !== 303) throw new Error(`sandbox checkout of ${order.order_id}: HTTP ${paid.status}`);
  for (let tries = 0; tries < 200; tries += 1) {
    const info = await callAction<{ status: string }>(baseUrl, 'orderInfo', { order_id: order.order_id });
    if (info.status === 'delivered') return order;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${order.order_id} was not delivered`);
}
