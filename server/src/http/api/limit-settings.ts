import { positiveIntegerFrom } from '../../config';

/** Requests a minute, counted per client address and per second key (a character, or an order). */
export interface RequestLimit {
  readonly perAddress: number;
  readonly perKey: number;
  /** Requests a day per second key as well; unset: none (the help form's per-recipient day). */
  readonly perKeyPerDay?: number;
}

/**
 * Limits against abuse of the order actions (docs/api.md#rate-limits). Each is far above what a
 * player does: a purchase is one or two orders, and the result pages poll every two seconds.
 */
export interface LimitSettings {
  /** createOrder and pcpay/pay, per address and per character (`ORDERS_PER_MINUTE`, `ORDERS_PER_MINUTE_PER_CHARACTER`). */
  readonly placeOrder: RequestLimit;
  /** orderInfo and pcpay/getOrderInfo, per address and per order (`ORDER_READS_PER_MINUTE`, `ORDER_READS_PER_MINUTE_PER_ORDER`). */
  readonly followOrder: RequestLimit;
  /** checkDiscountCode and pcpay/checkDiscountCode, per address and per character (`CODE_CHECKS_PER_MINUTE`, `CODE_CHECKS_PER_MINUTE_PER_CHARACTER`). */
  readonly checkCode: RequestLimit;
  /**
   * createSupportTicket, per address and per mailbox written to, a minute and a day
   * (`SUPPORT_TICKETS_PER_MINUTE`, `SUPPORT_TICKETS_PER_MINUTE_PER_EMAIL`, `SUPPORT_TICKETS_PER_DAY_PER_EMAIL`).
   */
  readonly supportTicket: RequestLimit;
}

export const DEFAULT_LIMIT_SETTINGS: LimitSettings = {
  placeOrder: { perAddress: 20, perKey: 10 },
  // A result page asks every 2 s (30 a minute): four pages at once from one address, two per order.
  followOrder: { perAddress: 120, perKey: 60 },
  checkCode: { perAddress: 30, perKey: 15 },
  // A player writes once; a few more cover a typo fixed and sent again.
  // Per recipient whichever address sends: the acknowledgements one mailbox gets from strangers.
  supportTicket: { perAddress: 5, perKey: 3, perKeyPerDay: 10 },
};

/** The limits from the environment; each unset variable keeps its default. */
export function loadLimitSettings(env: NodeJS.ProcessEnv = process.env): LimitSettings {
  const limit = (address: string, key: string, fallback: RequestLimit): RequestLimit => ({
    perAddress: positiveIntegerFrom(address, env[address], fallback.perAddress),
    perKey: positiveIntegerFrom(key, env[key], fallback.perKey),
  });
  const defaults = DEFAULT_LIMIT_SETTINGS;
  return {
    placeOrder: limit('ORDERS_PER_MINUTE', 'ORDERS_PER_MINUTE_PER_CHARACTER', defaults.placeOrder),
    followOrder: limit('ORDER_READS_PER_MINUTE', 'ORDER_READS_PER_MINUTE_PER_ORDER', defaults.followOrder),
    checkCode: limit('CODE_CHECKS_PER_MINUTE', 'CODE_CHECKS_PER_MINUTE_PER_CHARACTER', defaults.checkCode),
    supportTicket: {
      ...limit('SUPPORT_TICKETS_PER_MINUTE', 'SUPPORT_TICKETS_PER_MINUTE_PER_EMAIL', defaults.supportTicket),
      perKeyPerDay: positiveIntegerFrom('SUPPORT_TICKETS_PER_DAY_PER_EMAIL', env.SUPPORT_TICKETS_PER_DAY_PER_EMAIL, defaults.supportTicket.perKeyPerDay ?? 10),
    },
  };
}
