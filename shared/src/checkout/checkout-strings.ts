import { addStrings, i18n, type Strings } from '@topup/shared/store';
import { showToast } from '@topup/shared/ui';

/** The namespace of paying: the checks both storefronts make before placing an order, in the spec's words. */
export const CHECKOUT_NAMESPACE = 'checkout';

export const CHECKOUT_STRINGS: Strings = {
  en: {
    'validation.chooseBundle': 'Please choose a bundle first',
    'validation.fillDiscountCode': 'Please fill in your discount code',
    'validation.agreeProtocol': 'Please agree protocal',
  },
  ko: {
    'validation.chooseBundle': '먼저 상품을 선택해 주세요',
    'validation.fillDiscountCode': '할인 코드를 입력해 주세요',
    'validation.agreeProtocol': '이용약관에 동의해 주세요',
  },
  zh: {
    'validation.chooseBundle': '请先选择礼包',
    'validation.fillDiscountCode': '请填写您的优惠码',
    'validation.agreeProtocol': '请同意用户协议',
  },
};

addStrings(CHECKOUT_NAMESPACE, CHECKOUT_STRINGS);

export type CheckoutCheck = keyof (typeof CHECKOUT_STRINGS)['en'];

/** A check's text in the page's language. */
export function checkoutMessage(check: CheckoutCheck): string {
  return i18n.t(check, { ns: CHECKOUT_NAMESPACE });
}

/** Spec §8: a local check shows a toast with its text. */
export function showCheckoutCheck(check: CheckoutCheck): void {
  showToast(checkoutMessage(check));
}
