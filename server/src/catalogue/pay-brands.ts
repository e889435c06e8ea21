/**
 * The brand marks the order pages can show beside a pay method: each key names a mark served from
 * `/assets/pay/brands/<key>.svg`, with the brand's name as its text alternative. A catalogue row
 * listing a key not here shows no mark for it.
 */
export const PAY_BRANDS = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  paypal: 'PayPal',
  applepay: 'Apple Pay',
  googlepay: 'Google Pay',
  alipay: 'Alipay',
  wechatpay: 'WeChat Pay',
  kakaopay: 'KakaoPay',
  naverpay: 'Naver Pay',
  tosspay: 'Toss Pay',
  skt: 'SK telecom',
  kt: 'KT',
  lguplus: 'LG U+',
} as const satisfies Record<string, string>;

export type PayBrandKey = keyof typeof PAY_BRANDS;

export interface PayBrandMark {
  readonly name: string;
  readonly icon: string;
}

/** The marks of a method's brand keys, unknown keys left out. */
export function payBrandMarks(keys: readonly string[]): PayBrandMark[] {
  return keys.filter((key): key is PayBrandKey => Object.hasOwn(PAY_BRANDS, key)).map((key) => ({ name: PAY_BRANDS[key], icon: `/assets/pay/brands/${key}.svg` }));
}
