import { methodAmount } from '../src/checkout/method-price';
import { methodPriceMinor } from '../src/rules/method-price';

describe('a pay method\'s own price', () => {
  it('adds a fee rounded down and takes a saving off rounded up: in the player\'s favour either way', () => {
    expect(methodPriceMinor(19000, 10)).toBe(20900);
    expect(methodPriceMinor(499, 10)).toBe(548); // 49.9 cents of fee: 49
    expect(methodPriceMinor(499, -5)).toBe(474); // 24.95 cents off: 25
    expect(methodPriceMinor(499, 0)).toBe(499);
    expect(methodPriceMinor(1, -50)).toBe(1); // never below one minor unit
  });

  it('works on the pages\' amounts in the area\'s currency', () => {
    expect(methodAmount('19000', 10, 'kr')).toBe('20900');
    expect(methodAmount('4.99', 10, 'us')).toBe('5.48');
    expect(methodAmount('4.99', 0, 'us')).toBe('4.99');
    expect(methodAmount('not a price', 10, 'us')).toBe('not a price');
  });
});
