import { describeStringsParity } from '../../shared/test-support/strings-parity';
import type { OrderInfo } from '@topup/shared/types';
import { statusTextKey } from '../src/features/payment/components/OrderStatusLine';
import { STRINGS } from '../src/strings';

describeStringsParity('the pay centre speaks en, ko and zh', STRINGS);

describe('the pay centre speaks en, ko and zh: what is particular to it', () => {
  const english = Object.keys(STRINGS.en).sort();
  it("leaves the spec's checks and the shared card's texts to the purchase core", () => {
    // The toasts come from the core's `purchase` namespace, the card and the agreement from `purchaseUi`.
    expect(english.filter((key) => key.startsWith('validation.') || key.startsWith('bundle.'))).toEqual([]);
    expect(STRINGS.en['pay.checkAgain']).toBe('Check again');
  });
});

describe('the order status sentence', () => {
  const order = (status: OrderInfo['status'], final: 0 | 1, retry: Partial<Pick<OrderInfo, 'delivery_attempts' | 'next_attempt_at'>> = {}) => ({
    status,
    final,
    delivery_attempts: retry.delivery_attempts ?? 0,
    next_attempt_at: retry.next_attempt_at ?? null,
  });
  it('says a payment that an ended order could not take is being refunded, never that nothing was charged', () => {
    expect(statusTextKey(order('declined', 1))).toBe('status.declined');
    expect(statusTextKey(order('expired', 1))).toBe('status.expired');
    expect(statusTextKey(order('declined', 0))).toBe('status.refunding');
    expect(statusTextKey(order('expired', 0))).toBe('status.refunding');
    expect(statusTextKey(order('refunded', 1))).toBe('status.refunded');
    expect(statusTextKey(order('delivered', 1))).toBe('status.delivered');
    expect(STRINGS.en['status.refunding']).toContain('being refunded');
  });
  it('keeps the sentence of a failed delivery (which says the refund), and says when delivery is retried', () => {
    expect(statusTextKey(order('delivery_failed', 0))).toBe('status.delivery_failed');
    expect(STRINGS.en['status.delivery_failed']).toContain('being refunded');
    expect(statusTextKey(order('delivering', 0, { delivery_attempts: 1, next_attempt_at: '2026-11-23T10:05:00Z' }))).toBe('status.retrying');
    expect(statusTextKey(order('delivering', 0))).toBe('status.delivering');
  });
});
