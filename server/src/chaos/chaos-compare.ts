import type { Db } from '../db/db';

/** One order as the chaos run's client saw it. */
export interface ClientOrder {
  readonly index: number;
  readonly token: string;
  readonly intent: 'paid' | 'declined';
  orderId: string | null;
  /** The store refused it for good (a 4xx other than a rate limit), with its message. */
  refused: string | null;
  /** The page gave up placing or paying after its patience ran out. */
  gaveUp: string | null;
  /** The checkout answered 303: the payment (or decline) was booked. */
  payBooked: boolean;
  /** What the order's page showed last. */
  seenStatus: string | null;
  retries: number;
}

/**
 * Every order of a chaos run seen four ways: what its player saw, the store's orders table, the
 * sandbox payment provider's books (sandbox_payments) and the game's mailbox (sandbox_mail).
 */
export interface OrderComparison {
  /** Orders the players tried to place. */
  readonly tried: number;
  /** The player got an order id back. */
  readonly placed: number;
  /** The provider booked a payment (at least one). */
  readonly paid: number;
  /** Paid, one mail in the game, status delivered, no refund. */
  readonly deliveredOnce: number;
  /** Paid, no mail, every payment refunded, status refunded. */
  readonly refunded: number;
  readonly declinedOrExpired: number;
  /** Not paid (yet): created and still payable, or the player gave up before paying. */
  readonly unpaid: number;
  /** The store refused the order or its payment for good (a 4xx). */
  readonly refused: number;
  /** Players that gave up on a request after their patience ran out. */
  readonly gaveUp: number;
  /** More than one mail for an order, more than one order for one submission, delivered and refunded, or charged twice and kept. */
  readonly doubled: number;
  /** An order the player was given that the store does not have, a booked payment the store never heard of, or a paid order neither delivered nor refunded. */
  readonly lost: number;
  /** The provider kept money for an order whose items never reached the game. */
  readonly chargedWithoutDeliveryOrRefund: number;
  /** The order's page (orderInfo, asked after the settle) and the database disagree. */
  readonly pageDisagrees: number;
  /** Webhooks the provider had to send more than once (lost acknowledgements, instances down). */
  readonly webhooksResent: number;
  /** Some orders behind each must-be-0 count, to look at. */
  readonly examples: Readonly<Record<'doubled' | 'lost' | 'chargedWithoutDeliveryOrRefund' | 'pageDisagrees', readonly string[]>>;
}

interface Row {
  order_id: string;
  order_token: string;
  status: string;
  paid: boolean;
  mails: string;
  charges: string;
  refunds: string;
  resent: string;
}

export async function compareOrders(db: Db, tokenPrefix: string, clients: readonly ClientOrder[]): Promise<OrderComparison> {
  const rows = await db.query<Row>(
    `SELECT o.order_id, o.order_token, o.status, o.paid_at IS NOT NULL AS paid,
            (SELECT count(*) FROM sandbox_mail m WHERE m.mail_key = o.order_id) AS mails,
            (SELECT count(*) FROM sandbox_payments p WHERE p.order_id = o.order_id AND p.result = 'paid') AS charges,
            (SELECT count(*) FROM sandbox_payments p WHERE p.order_id = o.order_id AND p.result = 'paid' AND p.refunded_at IS NOT NULL) AS refunds,
            (SELECT count(*) FROM sandbox_payments p WHERE p.order_id = o.order_id AND p.webhook_attempts > 1) AS resent
       FROM orders o WHERE o.order_token LIKE $1 || '%'`,
    [tokenPrefix],
  );
  const byToken = new Map<string, Row[]>();
  for (const row of rows) byToken.set(row.order_token, [...(byToken.get(row.order_token) ?? []), row]);
  // Payments booked for an order the store has no row of (the token's order id, as the player got it).
  const known = new Set(rows.map((row) => row.order_id));
  const strayCharges = await db.query<{ order_id: string }>(
    `SELECT DISTINCT order_id FROM sandbox_payments WHERE result = 'paid' AND order_id = ANY($1::text[])`,
    [clients.flatMap((client) => (client.orderId && !known.has(client.orderId) ? [client.orderId] : []))],
  );

  const examples = { doubled: [] as string[], lost: [] as string[], chargedWithoutDeliveryOrRefund: [] as string[], pageDisagrees: [] as string[] };
  const note = (kind: keyof typeof examples, what: string) => {
    if (examples[kind].length < 10) examples[kind].push(what);
  };
  let placed = 0;
  let paid = 0;
  let deliveredOnce = 0;
  let refunded = 0;
  let declinedOrExpired = 0;
  let unpaid = 0;
  let doubled = 0;
  let lost = 0;
  let charged = 0;
  let pageDisagrees = 0;
  let webhooksResent = 0;
  for (const client of clients) {
    const found = byToken.get(client.token) ?? [];
    if (client.orderId) placed += 1;
    if (found.length > 1) {
      doubled += 1;
      note('doubled', `${client.token}: ${found.length} orders`);
    }
    const row = found[0];
    if (!row) {
      if (client.orderId) {
        lost += 1;
        note('lost', `${client.orderId}: the player has it, the store does not`);
      }
      continue;
    }
    if (client.orderId && client.orderId !== row.order_id) {
      lost += 1;
      note('lost', `${client.token}: the player has ${client.orderId}, the store ${row.order_id}`);
    }
    const mails = Number(row.mails);
    const charges = Number(row.charges);
    const refunds = Number(row.refunds);
    webhooksResent += Number(row.resent);
    if (charges > 0) paid += 1;
    if (mails > 1 || (mails > 0 && refunds > 0 && charges - refunds < 1) || charges - refunds > 1) {
      doubled += 1;
      note('doubled', `${row.order_id}: ${mails} mails, ${charges} charges, ${refunds} refunds`);
    }
    if (charges - refunds > 0 && mails === 0) {
      charged += 1;
      note('chargedWithoutDeliveryOrRefund', `${row.order_id}: ${row.status}, ${charges} charges, ${refunds} refunds, no mail`);
    }
    if (charges > 0 && !['delivered', 'refunded'].includes(row.status)) {
      lost += 1;
      note('lost', `${row.order_id}: paid, still ${row.status}`);
    } else if (client.payBooked && client.intent === 'paid' && charges === 0) {
      lost += 1;
      note('lost', `${row.order_id}: the checkout took the payment, the provider has none`);
    }
    if (row.status === 'delivered' && mails === 1 && charges - refunds === 1) deliveredOnce += 1;
    else if (row.status === 'refunded' && mails === 0 && charges > 0 && charges === refunds) refunded += 1;
    else if (row.status === 'declined' || row.status === 'expired') declinedOrExpired += 1;
    else if (row.status === 'created') unpaid += 1;
    if (client.seenStatus !== null && client.seenStatus !== row.status) {
      pageDisagrees += 1;
      note('pageDisagrees', `${row.order_id}: the page shows ${client.seenStatus}, the database ${row.status}`);
    }
  }
  for (const stray of strayCharges) {
    lost += 1;
    note('lost', `${stray.order_id}: charged, unknown to the store`);
  }
  return {
    tried: clients.length,
    placed,
    paid,
    deliveredOnce,
    refunded,
    declinedOrExpired,
    unpaid,
    refused: clients.filter((client) => client.refused).length,
    gaveUp: clients.filter((client) => client.gaveUp).length,
    doubled,
    lost,
    chargedWithoutDeliveryOrRefund: charged,
    pageDisagrees,
    webhooksResent,
    examples,
  };
}
