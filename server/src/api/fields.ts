import type { FieldSchema } from './action';

/**
 * Body fields shared by the actions. Every field is optional in the schema: an absent field and
 * an empty one are the same to a page, and each action says which ones it needs (ret 1002).
 * A value of the wrong shape is refused (ret 1003).
 */
export const FIELD = {
  gameId: { type: 'string', pattern: '^[0-9]{0,9}$' },
  area: { type: 'string', pattern: '^[A-Za-z_-]{0,16}$' },
  region: { type: 'string', pattern: '^[A-Za-z_-]{0,16}$' },
  serverId: { type: 'string', maxLength: 32 },
  serverSign: { type: 'string', maxLength: 64 },
  roleId: { type: 'string', maxLength: 64 },
  roleName: { type: 'string', maxLength: 64 },
  uid: { type: 'string', maxLength: 64 },
  productType: { type: 'string', maxLength: 64 },
  productId: { type: 'string', maxLength: 128 },
  reportType: { type: 'string', enum: ['', '1', '2', '3'] },
  from: { type: 'string', maxLength: 64 },
  payType: { type: 'string', maxLength: 32 },
  discountCode: { type: 'string', maxLength: 64 },
  orderToken: { type: 'string', maxLength: 128 },
  orderId: { type: 'string', maxLength: 128 },
} as const satisfies Record<string, FieldSchema>;
