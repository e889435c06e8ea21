/**
 * Every non-zero `ret` the store API answers (docs/api.md lists them with their messages).
 * Errors in what a request says answer HTTP 200, like success, so that pages show `msg`;
 * errors in how it was sent carry a matching HTTP status as well.
 */
export const RET = {
  OK: 0,
  BAD_SIGN: 1001,
  MISSING_PARAMETER: 1002,
  INVALID_PARAMETER: 1003,
  UNKNOWN_GAME: 1004,
  UNKNOWN_SERVER: 1005,
  ROLE_NOT_FOUND: 1006,
  RATE_LIMITED: 1007,
  NOT_AVAILABLE_YET: 1008,
  UNREADABLE_BODY: 1009,
  BODY_TOO_LARGE: 1010,
  UNKNOWN_ACTION: 1011,
  // Orders (docs/orders.md)
  ORDER_NOT_FOUND: 1012,
  PURCHASE_LIMIT_REACHED: 1013,
  // 1014 is no longer answered: unpaid orders hold no purchase (docs/api.md).
  DISCOUNT_CODE_INVALID: 1015,
  DISCOUNT_CODE_EXPIRED: 1016,
  DISCOUNT_CODE_USED_UP: 1017,
  BUNDLE_NOT_ON_SALE: 1018,
  TOO_MANY_UNPAID_ORDERS: 1019,
  // The game's server did not answer (down, too slow, or an answer the store cannot believe).
  GAME_UNAVAILABLE: 1020,
  // The bundle's price changed after the page showed it: nothing was placed.
  PRICE_CHANGED: 1021,
  // The store could not reach its database for a moment (a restart, a failover): nothing was done unless
  // the same request, sent again, says so (a retried createOrder with its token finds its order).
  STORE_BUSY: 1022,
  // No support ticket has this reference and this e-mail address (the same answer whichever is wrong).
  TICKET_NOT_FOUND: 1023,
  // The server is closed by the catalogue: its characters are not looked up or sold to here any more.
  SERVER_CLOSED: 1024,
  // A post-purchase offer that is not this character's, over, or bought already: nothing was placed.
  OFFER_NOT_AVAILABLE: 1031,
  // Linked characters (docs/api.md): the ownership code typed is wrong, expired, tried too often, or none was sent.
  OWNERSHIP_CODE_WRONG: 1040,
  OWNERSHIP_CODE_EXPIRED: 1041,
  OWNERSHIP_CODE_SPENT: 1042,
  OWNERSHIP_CODE_NONE: 1043,
  // The action needs this browser's link to the character, and it has none that holds (none, forged, expired or ended).
  LINK_REQUIRED: 1044,
  // claimDailyGift: today's gift was claimed already (in the game's time zone), or the game offers none.
  GIFT_ALREADY_CLAIMED: 1045,
  NO_DAILY_GIFT: 1046,
  // redeemPoints: the character has fewer points than the reward costs.
  NOT_ENOUGH_POINTS: 1047,
  SERVER_ERROR: 1099,
} as const;

export type RetCode = (typeof RET)[keyof typeof RET];
