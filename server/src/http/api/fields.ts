import type { FieldSchema } from './action';

/** Free text up to a length. PostgreSQL text cannot hold NUL, so it is refused here (ret 1003). */
const text = (maxLength: number) => ({ type: 'string', maxLength, pattern: '^[^\\x00]*$' }) as const;

/**
 * Body fields shared by the actions. Every field is optional in the schema: an absent field and
 * an empty one are the same to a page, and each action says which ones it needs (ret 1002).
 * A value of the wrong shape is refused (ret 1003).
 */
export const FIELD = {
  gameId: { type: 'string', pattern: '^[0-9]{0,9}$' },
  area: { type: 'string', pattern: '^[A-Za-z_-]{0,16}$' },
  region: { type: 'string', pattern: '^[A-Za-z_-]{0,16}$' },
  serverId: text(32),
  serverSign: text(64),
  roleId: text(64),
  roleName: text(64),
  uid: text(64),
  productType: text(64),
  productId: text(128),
  reportType: { type: 'string', enum: ['', '1', '2', '3', '4'] },
  /** A page's random id for the browser tab (reports): letters, digits, `-` and `_` only, so it can hold nothing else. */
  sessionId: { type: 'string', pattern: '^[A-Za-z0-9_-]{0,64}$' },
  from: text(64),
  payType: text(32),
  discountCode: text(64),
  orderToken: text(128),
  orderId: text(128),
  email: text(254),
  /** An amount as a page shows it: "4.99" (dollars), "5900" (won); checked against the area's currency. */
  amount: { type: 'string', pattern: '^([0-9]{1,10}(\\.[0-9]{2})?)?$' },
  message: text(4000),
  /** A support ticket's reference as the player types it ("T-7KD3-9QXA", any case). */
  ticketReference: text(32),
  /** A catalogue reward's id, and the page's token for one press of "Redeem" (letters, digits, - and _). */
  rewardId: text(100),
  redeemToken: { type: 'string', pattern: '^[A-Za-z0-9_-]{0,64}$' },
  /** An ownership code as typed: six digits, spaces between them allowed. */
  ownershipCode: { type: 'string', pattern: '^[0-9 ]{0,16}$' },
} as const satisfies Record<string, FieldSchema>;
