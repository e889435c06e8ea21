import type { Queryable } from '../db/db';
import type { PaymentProvider } from '../payments';
import { POINTS_RECONCILIATION_SQL, reconcilePoints } from '../players';
import { findUnmatchedProviderPayments, STORE_PAYMENTS_SQL } from './reconcile-provider-payments';
import {
  DELIVERED_UNPAID_SQL,
  findDeliveredUnpaid,
  findOverRefunded,
  findStuckPaidOrders,
  OVER_REFUNDED_SQL,
  reconcileOrders,
  RECONCILIATION_SQL,
  STUCK_MARGIN_MS,
  STUCK_PAID_SQL,
} from './reconciliation';

/** One report of `npm run reconcile`: what it checks and the rows that fail it. */
export interface ReconcileSection {
  /** Which report: the back office words it by this key in the operator's language. */
  readonly key: 'moneyAndItemsDisagree' | 'deliveredWithoutPayment' | 'providerPaymentsUnaccounted' | 'paidPastDeadline' | 'refundedBeyondPayment' | 'pointsDisagree';
  /** The figures its wording names (minutes, the provider, since when). */
  readonly params: Readonly<Record<string, string | number>>;
  readonly title: string;
  /** What a row means, in one sentence. */
  readonly meaning: string;
  readonly sql: string;
  /** Null when the check could not run (a provider that cannot list its payments). */
  readonly rows: readonly object[] | null;
}

export interface ReconcileOptions {
  /** The store's payment provider; its own books are compared with the store's. */
  readonly provider: PaymentProvider | null;
  /** The delivery give-up time (DELIVERY_GIVE_UP_AFTER). */
  readonly giveUpAfterMs: number;
  readonly marginMs?: number;
  /** The provider's payments booked since then are compared; default: the store's first order. */
  readonly since?: Date;
}

async function firstOrderTime(db: Queryable): Promise<Date> {
  const [row] = await db.query<{ first: Date | null }>('SELECT min(created_at) AS first FROM orders');
  // A day earlier: the provider's clock and the store's need not agree to the second.
  return new Date((row?.first ?? new Date()).getTime() - 86_400_000);
}

/** Every report, in the order the CLI prints them. The store reconciles when every one is empty. */
export async function reconcileStore(db: Queryable, options: ReconcileOptions): Promise<ReconcileSection[]> {
  const marginMs = options.marginMs ?? STUCK_MARGIN_MS;
  const since = options.since ?? (await firstOrderTime(db));
  return [
    {
      key: 'moneyAndItemsDisagree',
      params: {},
      title: 'Orders whose money and items disagree',
      meaning: 'not delivered exactly once, refunded once, unpaid and untouched, or paid with its job still in the outbox',
      sql: RECONCILIATION_SQL,
      rows: await reconcileOrders(db),
    },
    {
      key: 'deliveredWithoutPayment',
      params: {},
      title: 'Delivered without a payment',
      meaning: 'items went out (delivered, being delivered, or mail sent) with no paid_at, or paid_at after delivered_at',
      sql: DELIVERED_UNPAID_SQL,
      rows: await findDeliveredUnpaid(db),
    },
    {
      key: 'providerPaymentsUnaccounted',
      params: { provider: options.provider?.name ?? '', since: since.toISOString() },
      title: 'Payments the provider kept that the store does not account for',
      meaning: `booked as paid and not refunded by ${options.provider?.name ?? 'the provider'} since ${since.toISOString()}, but not an order's payment in the store nor a duplicate being refunded, or refunded in parts other than the store's`,
      sql: STORE_PAYMENTS_SQL,
      rows: options.provider ? await findUnmatchedProviderPayments(db, options.provider, since) : null,
    },
    {
      key: 'paidPastDeadline',
      params: { giveUpMinutes: Math.round(options.giveUpAfterMs / 60_000), marginMinutes: Math.round(marginMs / 60_000) },
      title: 'Paid orders past their deadline',
      meaning: `paid more than DELIVERY_GIVE_UP_AFTER (${Math.round(options.giveUpAfterMs / 60_000)} min) + ${Math.round(marginMs / 60_000)} min ago and neither delivered nor refunded`,
      sql: STUCK_PAID_SQL,
      rows: await findStuckPaidOrders(db, options.giveUpAfterMs, marginMs),
    },
    {
      key: 'refundedBeyondPayment',
      params: {},
      title: 'Refunded beyond the payment',
      meaning: 'the parts and the whole refund of an order add up to more than the player paid',
      sql: OVER_REFUNDED_SQL,
      rows: await findOverRefunded(db),
    },
    {
      key: 'pointsDisagree',
      params: {},
      title: 'Points that disagree with their orders',
      meaning: 'a delivered order that earned no points though its game gives some, a refunded order that still holds points, or an order that took back more than it earned',
      sql: POINTS_RECONCILIATION_SQL,
      rows: await reconcilePoints(db),
    },
  ];
}

/** True when every report that could run is empty. */
export function reconciles(sections: readonly ReconcileSection[]): boolean {
  return sections.every((section) => !section.rows || section.rows.length === 0);
}
