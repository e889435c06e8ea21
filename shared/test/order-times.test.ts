import { formatDeadline, formatOrderTime } from '../src/checkout/order-times';

describe('order times in the page language (Intl)', () => {
  const at = '2026-11-23T06:03:00Z';

  it('gives a deadline its date, its time and its time zone in each language', () => {
    expect(formatDeadline(at, 'en', 'Asia/Seoul')).toBe('Nov 23, 2026, 15:03 GMT+9');
    expect(formatDeadline(at, 'ko', 'Asia/Seoul')).toBe('2026년 11월 23일 15:03 GMT+9');
    expect(formatDeadline(at, 'zh', 'Asia/Seoul')).toBe('2026年11月23日 GMT+9 15:03');
    expect(formatDeadline(at, 'en', 'UTC')).toBe('Nov 23, 2026, 06:03 UTC');
  });

  it('shows only the time for today and adds the date for another day', () => {
    const now = new Date('2026-11-23T08:00:00');
    expect(formatOrderTime('2026-11-23T07:05:09', 'en', now)).toBe('07:05:09');
    expect(formatOrderTime('2026-11-20T07:05:09', 'en', now)).toBe('Nov 20, 07:05');
  });

  it('says nothing rather than "Invalid Date"', () => {
    expect(formatDeadline(null, 'en')).toBe('');
    expect(formatDeadline('not a date', 'en')).toBe('');
    expect(formatOrderTime('', 'en')).toBe('');
  });
});
