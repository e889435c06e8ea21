import { bundleSubtitle, bundleTag, hasBundleDescription, type BundleCardFields } from '../src/rules/bundle-card';

const bundle = (patch: Partial<BundleCardFields>): BundleCardFields => ({
  product_content: 'Contains 300 gems and a skin.',
  first_buy: 0,
  first_pay_icon: 'First top-up x2',
  first_pay_content: 'Double gems on your first purchase',
  pay_icon: 'Hot',
  pay_content: '300 gems',
  ...patch,
});

describe('bundle subtitle (spec §3)', () => {
  it('is the description in detail mode, whatever the first-buy state', () => {
    expect(bundleSubtitle(bundle({ first_buy: 1 }), true)).toBe('Contains 300 gems and a skin.');
    expect(bundleSubtitle(bundle({ first_buy: 0 }), true)).toBe('Contains 300 gems and a skin.');
  });

  it('is the first-purchase text while the offer applies and has a text', () => {
    expect(bundleSubtitle(bundle({ first_buy: 1 }), false)).toBe('Double gems on your first purchase');
  });

  it('is empty when the offer applies but has no text (never falls back to the normal text)', () => {
    expect(bundleSubtitle(bundle({ first_buy: 1, first_pay_content: '' }), false)).toBe('');
  });

  it('is the normal text when the offer does not apply', () => {
    expect(bundleSubtitle(bundle({ first_buy: 0 }), false)).toBe('300 gems');
    expect(bundleSubtitle(bundle({ first_buy: '0' }), false)).toBe('300 gems');
  });
});

describe('bundle corner tag (spec §2)', () => {
  it('is first_pay_icon when first_buy is 1 and pay_icon when it is 0', () => {
    expect(bundleTag(bundle({ first_buy: 1 }))).toBe('First top-up x2');
    expect(bundleTag(bundle({ first_buy: '1' }))).toBe('First top-up x2');
    expect(bundleTag(bundle({ first_buy: 0 }))).toBe('Hot');
  });

  it('shows nothing when the bundle has no tag text', () => {
    expect(bundleTag(bundle({ first_buy: 0, pay_icon: '' }))).toBe('');
  });
});

describe('bundle info icon', () => {
  it('shows only with a description', () => {
    expect(hasBundleDescription(bundle({}))).toBe(true);
    expect(hasBundleDescription(bundle({ product_content: '  ' }))).toBe(false);
  });
});
