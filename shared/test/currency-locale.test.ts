import { currencyCode, currencySymbol, formatPrice } from '../src/rules/currency';
import { localeForArea, resolveLocale } from '../src/rules/locale';

describe('currency (spec §9)', () => {
  it('is the won sign in kr and the dollar sign everywhere else', () => {
    expect(currencySymbol('kr')).toBe('₩');
    expect(currencySymbol('KR')).toBe('₩');
    for (const area of ['us', 'eu', 'en', 'multi', 'as', 'tw', '', null, undefined]) expect(currencySymbol(area)).toBe('$');
    expect(currencyCode('kr')).toBe('KRW');
    expect(currencyCode('us')).toBe('USD');
  });

  it('prints won without decimals and dollars with cents', () => {
    expect(formatPrice('5900', 'kr')).toBe('₩5,900');
    expect(formatPrice('4.99', 'us')).toBe('$4.99');
    expect(formatPrice(10, 'eu')).toBe('$10.00');
  });
});

describe('locale by area (spec §9)', () => {
  it('gives English for us, en, multi, as and eu', () => {
    for (const area of ['us', 'en', 'multi', 'as', 'eu', 'EU']) expect(localeForArea(area)).toBe('en');
  });

  it('gives Korean for kr, Chinese for anything else, English for none', () => {
    expect(localeForArea('kr')).toBe('ko');
    expect(localeForArea('tw')).toBe('zh');
    expect(localeForArea('cn')).toBe('zh');
    expect(localeForArea('')).toBe('en');
    expect(localeForArea(undefined)).toBe('en');
  });

  it("lets an explicit language win, then the player's stored choice, then the query area, then the stored area", () => {
    expect(resolveLocale({ queryLang: 'zh', queryArea: 'kr' })).toBe('zh');
    // The player's choice in this browser outranks the area of a store link (issue 34: English on the kr store stays English).
    expect(resolveLocale({ queryArea: 'kr', storedLang: 'en' })).toBe('en');
    expect(resolveLocale({ queryArea: 'us', storedLang: 'zh' })).toBe('zh');
    expect(resolveLocale({ queryArea: 'kr' })).toBe('ko');
    expect(resolveLocale({ storedLang: 'ko', storedArea: 'us' })).toBe('ko');
    expect(resolveLocale({ storedArea: 'tw' })).toBe('zh');
    expect(resolveLocale({})).toBe('en');
  });
});

describe('prices read the same as Intl formats them in every store language', () => {
  it.each(['en', 'ko', 'zh'])('%s', (locale) => {
    for (const [amount, area, currency] of [
      [4.99, 'us', 'USD'],
      [1234.5, 'en', 'USD'],
      [55000, 'kr', 'KRW'],
      [1100, 'kr', 'KRW'],
    ] as const) {
      const intl = new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay: 'narrowSymbol' }).format(amount);
      expect(formatPrice(amount, area)).toBe(intl);
    }
  });
});
