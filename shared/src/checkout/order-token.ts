/**
 * A fresh idempotency token for one order: the same purchase sent twice (a double tap, a retry
 * after a lost answer) carries the same token, so the store places one order.
 */
export function newOrderToken(): string {
  const random = typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Math.random()}`.slice(2);
  return `web-${Date.now().toString(36)}-${random}`;
}
