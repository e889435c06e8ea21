import type { OrderStatus } from '@topup/shared/types';
import { attemptTimes, nextAttemptAt } from '../src/fulfilment/backoff';
import { discountOff, normaliseCode, refuseDiscount, type DiscountCode } from '../src/discounts/discount-rules';
import { formatDuration, parseDuration, parseDurationList } from '../src/orders/durations';
import { canTransition, ORDER_STATUSES, ORDER_TRANSITIONS, statesBefore } from '../src/orders/order-state';
import { DEFAULT_ORDER_SETTINGS, loadOrderSettings } from '../src/orders/order-settings';
import { firstBuyApplies, limitReached, priceOrder } from '../src/orders/price';
import { parseAmount } from '../src/payments/minor-units';
import { readSandboxEvent } from '../src/sandbox/payments/sandbox-webhook';
import { signWebhook, verifyWebhookSignature } from '../src/payments/webhook-signature';

describe('the order state machine', () => {
  const path = (...states: OrderStatus[]) => states.slice(1).every((to, index) => canTransition(states[index]!, to));

  it('allows the good path and each way an order can end', () => {
    expect(path('created', 'paid', 'delivering', 'delivered')).toBe(true);
    expect(path('created', 'declined')).toBe(true);
    expect(path('created', 'expired')).toBe(true);
    expect(path('created', 'paid', 'delivering', 'delivery_failed', 'refunded')).toBe(true);
    // Money that arrives after the order ended is returned.
    expect(path('created', 'expired', 'refunded')).toBe(true);
    expect(path('created', 'declined', 'refunded')).toBe(true);
  });

  it('never skips a step, goes back, or leaves refunded', () => {
    expect(canTransition('created', 'delivered')).toBe(false);
    expect(canTransition('created', 'delivering')).toBe(false);
    expect(canTransition('paid', 'delivered')).toBe(false);
    expect(canTransition('delivering', 'paid')).toBe(false);
    expect(canTransition('declined', 'paid')).toBe(false);
    expect(canTransition('expired', 'paid')).toBe(false);
    // Only the support desk's refund leaves delivered (refund-order.ts checks refund_requested_at).
    expect(ORDER_TRANSITIONS.delivered).toEqual(['refunded']);
    expect(ORDER_TRANSITIONS.refunded).toEqual([]);
  });

  it('knows every state and where each comes from', () => {
    expect(Object.keys(ORDER_TRANSITIONS).sort()).toEqual([...ORDER_STATUSES].sort());
    expect(statesBefore('paid')).toEqual(['created']);
    expect(statesBefore('refunded').sort()).toEqual(['declined', 'delivered', 'delivery_failed', 'expired', 'paid']);
    expect(statesBefore('created')).toEqual([]);
  });
});

describe('the price of an order', () => {
  it('is the catalogue price without a code', () => {
    expect(priceOrder(499, 0)).toEqual({ listPriceMinor: 499, discountMinor: 0, amountMinor: 499 });
  });

  it('takes the per cent off, rounded in the player\'s favour to a cent or a won', () => {
    expect(priceOrder(499, 10)).toEqual({ listPriceMinor: 499, discountMinor: 50, amountMinor: 449 });
    expect(priceOrder(299, 50)).toEqual({ listPriceMinor: 299, discountMinor: 150, amountMinor: 149 });
    expect(priceOrder(5900, 15)).toEqual({ listPriceMinor: 5900, discountMinor: 885, amountMinor: 5015 });
  });

  it('takes an amount off, in minor units of the order\'s currency', () => {
    expect(priceOrder(499, { minor: 200 })).toEqual({ listPriceMinor: 499, discountMinor: 200, amountMinor: 299 });
    expect(priceOrder(5900, { minor: 2000 })).toEqual({ listPriceMinor: 5900, discountMinor: 2000, amountMinor: 3900 });
    expect(priceOrder(499, { percent: 10 })).toEqual(priceOrder(499, 10));
  });

  it('never reaches zero', () => {
    expect(priceOrder(1, 90).amountMinor).toBe(1);
    expect(priceOrder(99, 100).amountMinor).toBe(1);
    // An amount worth more than the price leaves one cent or one won to pay.
    expect(priceOrder(99, { minor: 200 })).toEqual({ listPriceMinor: 99, discountMinor: 98, amountMinor: 1 });
    expect(() => priceOrder(0, 10)).toThrow();
  });
});

describe('purchase limits and the first-buy bonus', () => {
  const history = (holding: number, firstBuyTaken = holding) => ({ holding, firstBuyTaken });

  it('lets a character buy until its paid purchases reach the limit', () => {
    expect(limitReached(0, 50)).toBe(false);
    expect(limitReached(3, 2)).toBe(false);
    expect(limitReached(3, 3)).toBe(true);
    expect(limitReached(1, 1)).toBe(true);
    expect(limitReached(1, 0)).toBe(false);
  });

  it('gives the first-buy bonus while no paid purchase of the bundle used it', () => {
    expect(firstBuyApplies(true, history(0))).toBe(true);
    expect(firstBuyApplies(true, history(2, 0))).toBe(true);
    expect(firstBuyApplies(true, history(1, 1))).toBe(false);
    expect(firstBuyApplies(false, history(0))).toBe(false);
  });
});

describe('discount codes', () => {
  const code = (overrides: Partial<DiscountCode> = {}): DiscountCode => ({
    code: 'SAVE',
    gameIds: [],
    productIds: [],
    percentOff: 10,
    amountOff: null,
    validFrom: new Date('2020-01-01T00:00:00Z'),
    validUntil: null,
    usesPerRole: 0,
    usesPerCode: 0,
    active: true,
    ...overrides,
  });
  const use = { gameId: 18, productId: '18-us-currency-60', currency: 'USD', now: new Date('2026-01-01T00:00:00Z'), usesByRole: 0, usesByAll: 0 };

  it('are typed in any case, with spaces around', () => {
    expect(normaliseCode('  welcome10 ')).toBe('WELCOME10');
  });

  it('apply when valid, in their game and bundle', () => {
    expect(refuseDiscount(code(), use)).toBeNull();
    expect(refuseDiscount(code({ gameIds: [18], productIds: ['18-us-currency-60'] }), use)).toBeNull();
    expect(refuseDiscount(code({ gameIds: [44, 18] }), use)).toBeNull();
    expect(refuseDiscount(code({ productIds: ['44-us-currency-60', '18-us-currency-60'] }), use)).toBeNull();
  });

  it('with an amount off apply only to bundles sold in a currency they name', () => {
    const amount = code({ percentOff: null, amountOff: { USD: 200 } });
    expect(refuseDiscount(amount, use)).toBeNull();
    expect(refuseDiscount(amount, { ...use, currency: 'KRW' })).toBe('notForThisBundle');
    expect(discountOff(amount, 'USD')).toEqual({ minor: 200 });
    expect(discountOff(code(), 'USD')).toEqual({ percent: 10 });
  });

  it('are refused when unknown, switched off, for another game or bundle, not started or over', () => {
    expect(refuseDiscount(null, use)).toBe('unknown');
    expect(refuseDiscount(code({ active: false }), use)).toBe('unknown');
    expect(refuseDiscount(code({ gameIds: [44] }), use)).toBe('notForThisBundle');
    expect(refuseDiscount(code({ gameIds: [44, 232] }), use)).toBe('notForThisBundle');
    expect(refuseDiscount(code({ productIds: ['18-us-currency-300'] }), use)).toBe('notForThisBundle');
    expect(refuseDiscount(code({ validFrom: new Date('2027-01-01T00:00:00Z') }), use)).toBe('notYetValid');
    expect(refuseDiscount(code({ validUntil: new Date('2025-12-31T23:59:59Z') }), use)).toBe('expired');
    expect(refuseDiscount(code({ validUntil: use.now }), use)).toBe('expired');
  });

  it('count each character\'s uses', () => {
    expect(refuseDiscount(code({ usesPerRole: 1 }), { ...use, usesByRole: 0 })).toBeNull();
    expect(refuseDiscount(code({ usesPerRole: 1 }), { ...use, usesByRole: 1 })).toBe('usedUp');
    expect(refuseDiscount(code({ usesPerRole: 0 }), { ...use, usesByRole: 99 })).toBeNull();
  });

  it('count every character\'s uses together against the code\'s own limit', () => {
    expect(refuseDiscount(code({ usesPerCode: 2 }), { ...use, usesByAll: 1 })).toBeNull();
    expect(refuseDiscount(code({ usesPerCode: 2 }), { ...use, usesByAll: 2 })).toBe('usedUpEverywhere');
    expect(refuseDiscount(code({ usesPerCode: 0 }), { ...use, usesByAll: 999 })).toBeNull();
    // A character that used its share hears about its own limit first.
    expect(refuseDiscount(code({ usesPerRole: 1, usesPerCode: 2 }), { ...use, usesByRole: 1, usesByAll: 2 })).toBe('usedUp');
  });
});

describe('the delivery backoff', () => {
  const first = new Date(0);
  const after = (ms: number) => new Date(ms);

  it('waits 10 s, 30 s, 2 min, 10 min, 30 min, then every hour, by default', () => {
    const schedule = DEFAULT_ORDER_SETTINGS.backoffMs;
    expect(nextAttemptAt(schedule, 1, first, after(0), DEFAULT_ORDER_SETTINGS.giveUpAfterMs)).toEqual(after(10_000));
    expect(nextAttemptAt(schedule, 2, first, after(10_000), DEFAULT_ORDER_SETTINGS.giveUpAfterMs)).toEqual(after(40_000));
    expect(nextAttemptAt(schedule, 9, first, after(20_000_000), DEFAULT_ORDER_SETTINGS.giveUpAfterMs)).toEqual(after(23_600_000));
  });

  it('gives up after 24 hours: 29 attempts in all', () => {
    const times = attemptTimes(DEFAULT_ORDER_SETTINGS.backoffMs, DEFAULT_ORDER_SETTINGS.giveUpAfterMs);
    expect(times.slice(0, 6).map((ms) => formatDuration(ms))).toEqual(['0ms', '10s', '40s', '2m 40s', '12m 40s', '42m 40s']);
    expect(times).toHaveLength(29);
    expect(times[times.length - 1]).toBe((23 * 3600 + 42 * 60 + 40) * 1000);
    expect(times[times.length - 1]! + 3_600_000).toBeGreaterThan(DEFAULT_ORDER_SETTINGS.giveUpAfterMs);
  });

  it('is configured from the environment, and the defaults stay when nothing is set', () => {
    expect(loadOrderSettings({})).toEqual(DEFAULT_ORDER_SETTINGS);
    const fast = loadOrderSettings({ DELIVERY_BACKOFF: '50ms,100ms', DELIVERY_GIVE_UP_AFTER: '1s', ORDER_EXPIRES_AFTER: '2m' });
    expect([fast.backoffMs, fast.giveUpAfterMs, fast.expiresAfterMs]).toEqual([[50, 100], 1000, 120_000]);
    expect(() => loadOrderSettings({ DELIVERY_BACKOFF: 'soon' })).toThrow(/DELIVERY_BACKOFF/);
    expect(() => loadOrderSettings({ DELIVERY_LEASE: '1s', DELIVERY_CALL_TIMEOUT: '5s' })).toThrow(/DELIVERY_LEASE/);
    // A short lease, renewed while the job runs: a crashed instance's jobs wait 15 s, however long a call may take.
    expect(DEFAULT_ORDER_SETTINGS.leaseMs).toBe(15_000);
    expect(loadOrderSettings({ DELIVERY_LEASE: '3s', DELIVERY_CALL_TIMEOUT: '30s' }).leaseMs).toBe(3000);
  });

  it('caps the unpaid orders of a character at 5 per buyer and 50 from all buyers unless set', () => {
    expect(DEFAULT_ORDER_SETTINGS.unpaidOrdersPerBuyer).toBe(5);
    expect(DEFAULT_ORDER_SETTINGS.unpaidOrdersPerCharacter).toBe(50);
    expect(loadOrderSettings({ UNPAID_ORDERS_PER_CHARACTER: '2' }).unpaidOrdersPerCharacter).toBe(2);
    expect(loadOrderSettings({ UNPAID_ORDERS_PER_BUYER: '3' }).unpaidOrdersPerBuyer).toBe(3);
    for (const wrong of ['0', '-1', '2.5', 'many']) {
      expect(() => loadOrderSettings({ UNPAID_ORDERS_PER_CHARACTER: wrong })).toThrow(/UNPAID_ORDERS_PER_CHARACTER/);
      expect(() => loadOrderSettings({ UNPAID_ORDERS_PER_BUYER: wrong })).toThrow(/UNPAID_ORDERS_PER_BUYER/);
    }
  });

  it('refuses the development webhook secret and the crash drill in production', () => {
    expect(() => loadOrderSettings({ NODE_ENV: 'production' })).toThrow(/PAYMENT_WEBHOOK_SECRET/);
    expect(loadOrderSettings({ NODE_ENV: 'production', PAYMENT_WEBHOOK_SECRET: 'live-secret' }).webhookSecret).toBe('live-secret');
    expect(() => loadOrderSettings({ NODE_ENV: 'production', PAYMENT_WEBHOOK_SECRET: 's', DELIVERY_FAULT: 'crash-after-mail' })).toThrow();
  });

  it('reads durations as people write them', () => {
    expect([parseDuration('250ms', 'x'), parseDuration('10s', 'x'), parseDuration('2m', 'x'), parseDuration('1h', 'x')]).toEqual([
      250, 10_000, 120_000, 3_600_000,
    ]);
    expect(parseDurationList('10s, 30s', 'x')).toEqual([10_000, 30_000]);
    expect(() => parseDuration('0s', 'x')).toThrow();
  });
});

describe('payment webhooks', () => {
  const secret = 'test-secret';
  const raw = JSON.stringify({ id: 'evt-1', type: 'payment.paid', order_id: 'TP1', amount: '4.99', currency: 'USD' });

  it('are trusted only with the HMAC-SHA256 of their exact bytes', () => {
    const signature = signWebhook(raw, secret);
    expect(signature).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(verifyWebhookSignature(raw, signature, secret)).toBe(true);
    expect(verifyWebhookSignature(`${raw} `, signature, secret)).toBe(false);
    expect(verifyWebhookSignature(raw.replace('4.99', '0.01'), signature, secret)).toBe(false);
    expect(verifyWebhookSignature(raw, signWebhook(raw, 'other'), secret)).toBe(false);
    expect(verifyWebhookSignature(raw, undefined, secret)).toBe(false);
    expect(verifyWebhookSignature(raw, ['a', 'b'], secret)).toBe(false);
  });

  it('carry amounts in the currency\'s own form', () => {
    expect(parseAmount('4.99', 'USD')).toBe(499);
    expect(parseAmount('5900', 'KRW')).toBe(5900);
    for (const bad of ['4.9', '4', '-1.00', '1e3', '04.99', ' 4.99']) expect([bad, parseAmount(bad, 'USD')]).toEqual([bad, null]);
    expect(parseAmount('5900.00', 'KRW')).toBeNull();
    expect(parseAmount('4.99', 'EUR')).toBeNull();
    expect(parseAmount(499, 'USD')).toBeNull();
  });

  it('are read into an event, or refused as malformed', () => {
    expect(readSandboxEvent(raw)).toEqual({
      ok: true,
      event: { eventId: 'evt-1', orderId: 'TP1', result: 'paid', amountMinor: 499, currency: 'USD' },
    });
    for (const bad of ['{', '[]', 'null', JSON.stringify({ id: 'e', type: 'payment.refunded', order_id: 'TP1', amount: '1.00', currency: 'USD' })]) {
      expect(readSandboxEvent(bad)).toEqual({ ok: false, reason: 'malformed' });
    }
  });
});
