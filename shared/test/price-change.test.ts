import { priceChange, purchaseLimitReached, samePrice } from '../src/checkout/price-change';

describe('a price changed since the page showed it', () => {
  it('is named with both prices when the store differs, however the amounts are written', () => {
    expect(priceChange('49.99', '59.99')).toEqual({ from: '49.99', to: '59.99' });
    expect(priceChange('19000', '17000')).toEqual({ from: '19000', to: '17000' });
    expect(priceChange('4.90', '4.9')).toBeNull();
    expect(samePrice('5900', '5900.00')).toBe(true);
  });

  it('is not named when either price is unknown or unreadable', () => {
    expect(priceChange(undefined, '4.99')).toBeNull();
    expect(priceChange('', '4.99')).toBeNull();
    expect(priceChange('4.99', '')).toBeNull();
    expect(priceChange('free', '4.99')).toBeNull();
  });
});

describe('a purchase limit', () => {
  it('is reached when the character bought the bundle as often as it allows', () => {
    expect(purchaseLimitReached({ role_buy_limit: 1, role_buy_count: 1 })).toBe(true);
    expect(purchaseLimitReached({ role_buy_limit: 3, role_buy_count: 4 })).toBe(true);
    expect(purchaseLimitReached({ role_buy_limit: 3, role_buy_count: 2 })).toBe(false);
  });

  it('never holds for a bundle without a limit or without its counts', () => {
    expect(purchaseLimitReached({ role_buy_limit: 0, role_buy_count: 9 })).toBe(false);
    expect(purchaseLimitReached({})).toBe(false);
    expect(purchaseLimitReached(null)).toBe(false);
  });
});
