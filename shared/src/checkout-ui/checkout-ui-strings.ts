import { addStrings, type Strings } from '@topup/shared/store';

/** The namespace of the checkout markup both storefronts share. */
export const CHECKOUT_UI_NAMESPACE = 'checkoutUi';

const STRINGS: Strings = {
  en: {
    'receiptEmail.label': 'E-mail for the receipt (optional)',
    'receiptEmail.placeholder': 'name@example.com',
    'receiptEmail.hint': 'We e-mail the receipt once the items are delivered. Nothing else is sent to it.',
    'receiptEmail.invalid': 'Please enter a valid e-mail address, or leave the field empty.',
    'payMethods.title': 'Payment method',
    'payMethods.costsMore': '{{price}} with this method (+{{percent}}% fee)',
    'payMethods.costsLess': '{{price}} with this method ({{percent}}% off)',
    'agreement.text': 'I have read and agree to the <terms>Terms of Service</terms> and the <privacy>Privacy Policy</privacy>',
    'agreement.newTab': '(opens in a new tab)',
    'secure.note': 'Secure checkout by {{provider}}. Your payment details go to {{provider}} over an encrypted connection; this store never sees them.',
  },
  ko: {
    'receiptEmail.label': '영수증 받을 이메일 (선택)',
    'receiptEmail.placeholder': 'name@example.com',
    'receiptEmail.hint': '아이템이 발송되면 영수증을 이메일로 보내 드립니다. 그 밖의 메일은 보내지 않습니다.',
    'receiptEmail.invalid': '올바른 이메일 주소를 입력하거나 칸을 비워 두세요.',
    'payMethods.title': '결제 수단',
    'payMethods.costsMore': '이 결제 수단으로 {{price}} (수수료 +{{percent}}%)',
    'payMethods.costsLess': '이 결제 수단으로 {{price}} ({{percent}}% 할인)',
    'agreement.text': '<terms>서비스 이용약관</terms> 및 <privacy>개인정보 처리방침</privacy>을 읽었으며 이에 동의합니다',
    'agreement.newTab': '(새 탭에서 열림)',
    'secure.note': '{{provider}}의 안전 결제. 결제 정보는 암호화된 연결로 {{provider}}에만 전달되며, 이 스토어는 볼 수 없습니다.',
  },
  zh: {
    'receiptEmail.label': '接收收据的邮箱（选填）',
    'receiptEmail.placeholder': 'name@example.com',
    'receiptEmail.hint': '道具发放后，我们会将收据发送到此邮箱，不会发送其他邮件。',
    'receiptEmail.invalid': '请输入有效的电子邮件地址，或留空。',
    'payMethods.title': '支付方式',
    'payMethods.costsMore': '使用此方式 {{price}}（手续费 +{{percent}}%）',
    'payMethods.costsLess': '使用此方式 {{price}}（优惠 {{percent}}%）',
    'agreement.text': '我已阅读并同意<terms>服务条款</terms>和<privacy>隐私政策</privacy>',
    'agreement.newTab': '（在新标签页中打开）',
    'secure.note': '由 {{provider}} 提供安全支付。您的支付信息经加密连接仅发送给 {{provider}}，本商店无法查看。',
  },
};

addStrings(CHECKOUT_UI_NAMESPACE, STRINGS);
