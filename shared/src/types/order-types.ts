/**
 * Orders: payloads and answers of createOrder, orderInfo and checkDiscountCode (docs/orders.md).
 * Isomorphic: the server builds these, the browser reads them.
 */
import type { PayloadValue } from './payload-value';

/** created → paid → delivering → delivered, plus declined, expired, delivery_failed → refunded. */
export type OrderStatus = 'created' | 'paid' | 'delivering' | 'delivered' | 'declined' | 'expired' | 'delivery_failed' | 'refunded';

/**
 * What an order's timeline records: each change of state, the mail going out, each failed attempt,
 * money after the end, and a second payment of a paid order with its refund.
 */
export type OrderEventKind = OrderStatus | 'mail_sent' | 'delivery_retry' | 'late_payment' | 'duplicate_payment' | 'duplicate_refunded';

export interface CreateOrderPayload {
  game_id: PayloadValue;
  area: string;
  server_id: string;
  role_id: string;
  uid: string;
  product_id: string;
  pay_type: string;
  /** Empty when the player has none. */
  discount_code: string;
  /** Made once by the page for one submission; a retry or a double tap sends the same one. */
  order_token: string;
  /** Where the receipt is e-mailed once the order is delivered; empty or absent for none. */
  receipt_email?: string;
  /**
   * The bundle's price the page showed ("4.99", "5900"): when the catalogue's price is another by now,
   * the order is refused (1021) instead of charging a price the player did not see. Absent: not checked.
   */
  seen_amount?: string;
  /** The paid order whose post-purchase offer this order takes (its result page's): priced by the offer then, no code. */
  offer_of?: string;
}

export interface CreatedOrder {
  readonly order_id: string;
  /** Where the player pays (the sandbox checkout page by default). */
  readonly pay_url: string;
}

export interface OrderInfoPayload {
  order_id: string;
}

export interface OrderTimelineEntry {
  readonly event: OrderEventKind;
  /** ISO 8601. */
  readonly at: string;
  /** Delivery attempt number, for delivery_retry. */
  readonly attempt: number | null;
  /** When the next delivery attempt is due, for delivery_retry. */
  readonly next_attempt_at: string | null;
}

/** One line of what an order delivers to the character's in-game mailbox. */
export interface OrderItem {
  readonly name: string;
  readonly quantity: number;
  /** 1 for the bonus the order earned (the first-purchase bonus, or the bundle's repeat bonus). */
  readonly bonus: 0 | 1;
}

/** Who sells, as the store's settings name the publisher (receipts); null when they are not set. */
export interface OrderSeller {
  readonly name: string;
  readonly address: string;
}

export interface OrderInfo {
  readonly order_id: string;
  readonly status: OrderStatus;
  /** 1 when the status will not change any more: stop polling. */
  readonly final: 0 | 1;
  readonly game_id: number;
  readonly area: string;
  readonly game_name: string;
  readonly server_id: string;
  readonly server_name: string;
  readonly role_id: string;
  readonly role_name: string;
  readonly product_id: string;
  readonly product_name: string;
  /** 1 when the bundle's first-purchase bonus goes out with this order. */
  readonly first_buy: 0 | 1;
  readonly pay_type: string;
  readonly discount_code: string;
  /** Price texts as on the product card ("4.99", "5900"). */
  readonly list_amount: string;
  readonly discount_amount: string;
  readonly amount: string;
  readonly currency: 'USD' | 'KRW';
  readonly created_at: string;
  readonly expires_at: string | null;
  readonly paid_at: string | null;
  readonly mail_sent_at: string | null;
  readonly delivered_at: string | null;
  readonly refunded_at: string | null;
  /** Mail attempts so far, and when the next one is due while delivery is being retried. */
  readonly delivery_attempts: number;
  readonly next_attempt_at: string | null;
  /** Where to pay while the order waits for payment; "" otherwise. */
  readonly pay_url: string;
  readonly timeline: readonly OrderTimelineEntry[];
  /** What the order delivers (or delivered): the bundle's items, then the bonus it earned. */
  readonly items: readonly OrderItem[];
  /** The seller a receipt names. */
  readonly seller: OrderSeller | null;
}

export interface DiscountCheck {
  /** The code as the store knows it (upper-case). */
  readonly discount_code: string;
  /** The code's per cent off; 0 for a code with an amount off (discount_amount says how much). */
  readonly percent_off: number;
  readonly list_amount: string;
  readonly discount_amount: string;
  /** What the player would pay with the code. */
  readonly amount: string;
  readonly currency: 'USD' | 'KRW';
}

/**
 * `findSupportTicket`: a player's own ticket, read with its reference and the e-mail address it was
 * sent from (players have no accounts): what they wrote, where it stands, and support's answer.
 */
export interface PlayerTicket {
  readonly reference: string;
  readonly status: 'open' | 'answered' | 'closed';
  /** ISO 8601. */
  readonly created_at: string;
  readonly order_id: string;
  readonly message: string;
  /** Support's answer; "" while there is none. */
  readonly answer: string;
  readonly answered_at: string | null;
}

/**
 * `purchaseOffer`: the post-purchase offer a paid order's result page shows (docs/api.md), or `offer`
 * null when there is none to show now. Bought with `createOrder` and `offer_of` (the paid order's id),
 * the same character and `seen_amount` the offer's `amount`.
 */
export interface PurchaseOffer {
  readonly offer: {
    readonly product_id: string;
    readonly product_name: string;
    readonly product_content: string;
    readonly image_url: string;
    /** Whole per cent off; 0 when the offer gives bonus items only. */
    readonly percent_off: number;
    /** The bundle's price and the offer's, as the product card writes prices ("4.99", "5900"), before the pay method's difference. */
    readonly list_amount: string;
    readonly amount: string;
    /** The paid order's pay method (the one step pays with it), and what it charges with it. */
    readonly pay_type: string;
    readonly pay_amount: string;
    readonly currency: 'USD' | 'KRW';
    readonly items: readonly { readonly name: string; readonly quantity: number }[];
    /** What the offer adds to the bundle's items. */
    readonly bonus_items: readonly { readonly name: string; readonly quantity: number }[];
    /** Until when it may be bought (ISO 8601), and the seconds left at the answer (the page counts down from them, whatever its clock). */
    readonly ends_at: string;
    readonly seconds_left: number;
  } | null;
}
