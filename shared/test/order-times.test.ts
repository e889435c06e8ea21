import { formatDeadline, formatOrderTime } from '../src/checkout/order-times';

describe('order times in the page language (Intl)', () => {
  const at = '2026-11-23T06:03:00Z';

  it('gives a deadline its date, its time and its time zone in each language', () => {
    expect(formatDeadline(at, 'en', 'Asia/Seoul')).toBe('Nov 23, 2026, 15:03 GMT+9');
    expect(formatDeadline(at, 'ko', 'Asia/Seoul')).toBe('2026년 11월 23일 15:03 GMT+9');
    expect(formatDeadline(at, 'zh', 'Asia/Seoul')).toBe('2026年11月23日 GMT+9 15:03');
    expect(formatDeadline(at, 'en', 'UTC')).toBe('Nov 23, 2026, 06:03 UTC');
  });

  it('gives every order time its date and its time zone, today too, and the year only when it is another one', () => {
    const now = new Date('2026-11-23T08:00:00Z');
    expect(formatOrderTime('2026-11-23T07:05:09Z', 'en', now, 'UTC')).toBe('Nov 23, 07:05 UTC');
    expect(formatOrderTime('2026-11-20T07:05:09Z', 'en', now, 'Asia/Seoul')).toBe('Nov 20, 16:05 GMT+9');
    expect(formatOrderTime('2026-11-23T07:05:09Z', 'ko', now, 'Asia/Seoul')).toBe('11월 23일 16:05 GMT+9');
    expect(formatOrderTime('2026-11-23T07:05:09Z', 'zh', now, 'Asia/Shanghai')).toBe('11月23日 GMT+8 15:05');
    expect(formatOrderTime('2025-12-31T23:05:09Z', 'en', now, 'UTC')).toBe('Dec 31, 2025, 23:05 UTC');
  });

  it('says nothing rather than "Invalid Date"', () => {
    expect(formatDeadline(null, 'en')).toBe('');
    expect(formatDeadline('not a date', 'en')).toBe('');
    expect(formatOrderTime('', 'en')).toBe('');
  });
});
