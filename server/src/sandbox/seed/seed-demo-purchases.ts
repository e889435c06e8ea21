import { currencyCode } from '@topup/shared/rules';
import type { Queryable } from '../../db/db';
import { recordDeliveredOrder } from '../../orders';
import { recordPaymentEvent } from '../../payments';
import { earnPointsForOrder } from '../../players';
import { depositMail } from '../game/mailbox';
import { bookPayment } from '../payments/sandbox-ledger';
import type { DemoPurchase } from './demo-purchases';

const MINUTE = 60_000;

/** The demo order's path before its mail went out at `sentAt`, as a real purchase leaves it. */
function timesBefore(sentAt: Date) {
  const at = (ms: number) => new Date(sentAt.getTime() - ms);
  return { created: at(2 * MINUTE), paid: at(MINUTE), delivering: at(MINUTE - 1000), mail_sent: sentAt, delivered: sentAt };
}

/**
 * One delivered demo purchase, consistent everywhere a real one leaves a trace: the mail, the order
 * with its times (paid before delivered) and its timeline, the sandbox's booking and the store's
 * payment event. The times follow the mail's, so a second run writes the same rows again.
 */
async function seedPurchase(tx: Queryable, purchase: DemoPurchase): Promise<void> {
  const mail = await depositMail(tx, {
    key: purchase.orderId,
    gameId: purchase.gameId,
    serverId: purchase.serverId,
    roleId: purchase.roleId,
    title: purchase.mailTitle,
    items: [{ name: purchase.productName, quantity: 1 }],
  });
  const times = timesBefore(mail.sentAt);
  const order = await recordDeliveredOrder(tx, {
    orderId: purchase.orderId,
    serverId: purchase.serverId,
    roleId: purchase.roleId,
    uid: purchase.uid,
    productId: purchase.productId,
    currency: currencyCode(purchase.area),
    paymentProvider: 'sandbox',
    mailId: mail.mailId,
    times,
  });
  if (!order) return;
  // A demo purchase earns its points like a real one.
  await earnPointsForOrder(tx, purchase.orderId);
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
export async function seedDemoPurchases(tx: Queryable, purchases: readonly DemoPurchase[]): Promise<void> {
  for (const purchase of purchases) await seedPurchase(tx, purchase);
}
