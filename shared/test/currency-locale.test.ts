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

  it('lets an explicit language win, then the query area, then what was stored', () => {
    expect(resolveLocale({ queryLang: 'zh', queryArea: 'kr' })).toBe('zh');
    expect(resolveLocale({ queryArea: 'kr', storedLang: 'en' })).toBe('ko');
    expect(resolveLocale({ storedLang: 'ko', storedArea: 'us' })).toBe('ko');
    expect(resolveLocale({ storedArea: 'tw' })).toBe('zh');
    expect(resolveLocale({})).toBe('en');
  });
});
