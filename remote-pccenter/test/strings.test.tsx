import type { OrderInfo } from '@topup/shared';
import { statusTextKey } from '../src/features/payment/components/OrderStatusLine';
import { STRINGS } from '../src/strings';

describe('the pay centre speaks en, ko and zh', () => {
  const english = Object.keys(STRINGS.en).sort();
  it.each(['ko', 'zh'] as const)('%s has every English text, and no other', (locale) => {
    expect(Object.keys(STRINGS[locale]).sort()).toEqual(english);
  });
  it.each(['en', 'ko', 'zh'] as const)('%s has no empty text and keeps every placeholder', (locale) => {
    for (const key of english) {
      const text = STRINGS[locale][key] ?? '';
      expect({ key, empty: text.trim() === '' }).toEqual({ key, empty: false });
      const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}|<(\w+)>/g)].map((m) => m[1] ?? m[2]).sort();
      expect({ key, placeholders: placeholders(text) }).toEqual({ key, placeholders: placeholders(STRINGS.en[key] ?? '') });
    }
  });
  it("keeps the spec's English wording", () => {
    expect(STRINGS.en['validation.selectServer']).toBe('Please select a server');
    expect(STRINGS.en['validation.enterRoleId']).toBe('Please enter the role ID');
    expect(STRINGS.en['validation.discountCode']).toBe('Please fill in your discount code');
    expect(STRINGS.en['validation.agree']).toBe('Please agree protocal');
    expect(STRINGS.en['bundle.details']).toBe('Bundle Details');
  });
});

describe('the order status sentence', () => {
  const order = (status: OrderInfo['status'], paid_at: string | null, final: 0 | 1) => ({ status, paid_at, final });
  it('says a payment that an ended order could not take is being refunded, never that nothing was charged', () => {
    expect(statusTextKey(order('declined', null, 1))).toBe('status.declined');
    expect(statusTextKey(order('expired', null, 1))).toBe('status.expired');
    expect(statusTextKey(order('declined', '2026-11-23T10:00:00Z', 0))).toBe('status.refunding');
    expect(statusTextKey(order('expired', '2026-11-23T10:00:00Z', 0))).toBe('status.refunding');
    expect(statusTextKey(order('refunded', '2026-11-23T10:00:00Z', 1))).toBe('status.refunded');
    expect(statusTextKey(order('delivered', '2026-11-23T10:00:00Z', 1))).toBe('status.delivered');
    expect(STRINGS.en['status.refunding']).toContain('being refunded');
  });
});
