/**
 * A fresh idempotency token for one order: the same purchase sent twice (a double click, a retry
 * after a timeout) carries the same token, so the store places one order.
 */
export function newOrderToken(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return `pc-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
