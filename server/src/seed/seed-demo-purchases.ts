import { currencyCode } from '@topup/shared/rules';
import type { Queryable } from '../db/db';
import { recordEvent } from '../orders/transition-order';
import { recordPaymentEvent } from '../payments/payment-events';
import { bookPayment } from '../payments/sandbox/sandbox-ledger';
import { depositMail } from '../sandbox/mailbox';
import type { DemoGame } from './demo-games';
import { demoPurchases, type DemoPurchase } from './demo-purchases';

const MINUTE = 60_000;
const TIMELINE = ['paid', 'delivering', 'mail_sent', 'delivered'] as const;

/** The demo order's path before its mail went out at `sentAt`, as a real purchase leaves it. */
function timesBefore(sentAt: Date): Record<'created' | (typeof TIMELINE)[number], Date> {
  const at = (ms: number) => new Date(sentAt.getTime() - ms);
  return { created: at(2 * MINUTE), paid: at(MINUTE), delivering: at(MINUTE - 1000), mail_sent: sentAt, delivered: sentAt };
}

/**
 * One delivered demo purchase, consistent everywhere a real one leaves a trace: the order with its
 * times (paid before delivered), its timeline, the sandbox's booking and the store's payment event,
 * and the mail. The times follow the mail's, so a second run writes the same rows again.
 */
async function seedPurchase(tx: Queryable, purchase: DemoPurchase): Promise<void> {
  const currency = currencyCode(purchase.area);
  await tx.query(
    `INSERT INTO orders (order_id, game_id, area, server_id, role_id, uid, bundle_id, product_id, amount_minor, currency, status)
     SELECT $1, game_id, area, $2, $3, $4, id, product_id, price_minor, $5, 'delivered'
       FROM bundles WHERE product_id = $6
     ON CONFLICT (order_id) DO NOTHING`,
    [purchase.orderId, purchase.serverId, purchase.roleId, purchase.uid, currency, purchase.productId],
  );
  const mail = await depositMail(tx, {
    key: purchase.orderId,
    gameId: purchase.gameId,
    serverId: purchase.serverId,
    roleId: purchase.roleId,
    title: purchase.mailTitle,
    items: [{ name: purchase.productName, quantity: 1 }],
  });
  const times = timesBefore(mail.sentAt);
  const [order] = await tx.query<{ amount_minor: number; currency: string }>(
    `UPDATE orders SET status = 'delivered', created_at = $2, paid_at = $3, delivering_at = $4, mail_sent_at = $5,
                       delivered_at = $5, mail_id = $6, payment_provider = 'sandbox', updated_at = $5
      WHERE order_id = $1 RETURNING amount_minor, currency`,
    [purchase.orderId, times.created, times.paid, times.delivering, mail.sentAt, mail.mailId],
  );
  if (!order) return;
  const recorded = new Set((await tx.query<{ event: string }>('SELECT event FROM order_events WHERE order_id = $1', [purchase.orderId])).map((row) => row.event));
  for (const event of TIMELINE) {
    if (!recorded.has(event)) await recordEvent(tx, purchase.orderId, event, { at: times[event] });
  }
  const payment = await bookPayment(tx, {
    orderId: purchase.orderId,
    attemptId: purchase.orderId,
    result: 'paid',
    amountMinor: order.amount_minor,
    currency: order.currency,
    at: times.paid,
    acknowledged: true,
  });
  await recordPaymentEvent(tx, 'sandbox', {
    eventId: payment.event_id,
    orderId: purchase.orderId,
    result: 'paid',
    amountMinor: order.amount_minor,
    currency: order.currency,
  });
}

/** A returning player's delivered purchases, so that first-buy and limits show on a fresh install. */
export async function seedDemoPurchases(tx: Queryable, games: readonly DemoGame[]): Promise<void> {
  for (const purchase of games.flatMap(demoPurchases)) await seedPurchase(tx, purchase);
}
