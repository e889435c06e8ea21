import type { Queryable } from '../../db/db';

/** The Stripe Checkout Session an order was sent to, as the store keeps it. */
export interface CheckoutSession {
  readonly sessionId: string;
  readonly url: string;
  readonly expiresAt: Date;
  /** How many sessions the order has had, this one included. */
  readonly attempt: number;
}

/** An order's last session, open or not, or null when it has had none. */
export async function lastCheckoutSession(db: Queryable, orderId: string): Promise<(CheckoutSession & { readonly open: boolean }) | null> {
  const rows = await db.query<{ session_id: string; url: string; expires_at: Date; attempt: number; open: boolean }>(
    // A session about to end is no longer handed out: the player needs time to pay on it.
    `SELECT session_id, url, expires_at, attempt, expires_at > now() + interval '5 minutes' AS open FROM stripe_checkout_sessions WHERE order_id = $1`,
    [orderId],
  );
  const row = rows[0];
  return row ? { sessionId: row.session_id, url: row.url, expiresAt: new Date(row.expires_at), attempt: row.attempt, open: row.open } : null;
}

/** Keeps the session an order was just sent to (the newest replaces the one before). */
export async function keepCheckoutSession(db: Queryable, orderId: string, session: CheckoutSession): Promise<void> {
  await db.query(
    `INSERT INTO stripe_checkout_sessions (order_id, session_id, url, expires_at, attempt) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (order_id) DO UPDATE SET session_id = EXCLUDED.session_id, url = EXCLUDED.url, expires_at = EXCLUDED.expires_at,
       attempt = EXCLUDED.attempt, created_at = now()`,
    [orderId, session.sessionId, session.url, session.expiresAt, session.attempt],
  );
}
