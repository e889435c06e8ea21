import { addStrings, type Strings } from '@topup/shared/store';

/** The namespace of the checkout markup both storefronts share. */
export const CHECKOUT_UI_NAMESPACE = 'checkoutUi';

const STRINGS: Strings = {
  en: {
    'payMethods.title': 'Payment method',
    'agreement.text': 'I have read and agree to the <terms>Terms of Service</terms> and the <privacy>Privacy Policy</privacy>',
    'agreement.newTab': '(opens in a new tab)',
  },
  ko: {
    'payMethods.title': '결제 수단',
    'agreement.text': '<terms>서비스 이용약관</terms> 및 <privacy>개인정보 처리방침</privacy>을 읽었으며 이에 동의합니다',
    'agreement.newTab': '(새 탭에서 열림)',
  },
  zh: {
    'payMethods.title': '支付方式',
    'agreement.text': '我已阅读并同意<terms>服务条款</terms>和<privacy>隐私政策</privacy>',
    'agreement.newTab': '（在新标签页中打开）',
  },
};

addStrings(CHECKOUT_UI_NAMESPACE, STRINGS);
