import { addStrings, type Strings } from '@topup/shared/store';

/** The namespace of the purchase markup both storefronts share. */
export const PURCHASE_UI_NAMESPACE = 'purchaseUi';

const STRINGS: Strings = {
  en: {
    'bundle.details': 'Bundle Details',
    'bundle.detailsOf': 'Details of {{name}}',
    'bundle.buy': 'Buy {{name}} for {{price}}',
    'bundle.choose': 'Choose {{name}} for {{price}}',
    'bundle.chosen': 'Chosen',
    'bundle.limit': 'Purchased {{progress}}',
    'bundle.soldOut': 'Limit reached',
    'bundle.enlarge': 'Enlarge the picture of {{name}}',
  },
  ko: {
    'bundle.details': '상품 상세',
    'bundle.detailsOf': '{{name}} 상세 보기',
    'bundle.buy': '{{name}} {{price}} 구매',
    'bundle.choose': '{{name}} 선택, {{price}}',
    'bundle.chosen': '선택됨',
    'bundle.limit': '구매 {{progress}}',
    'bundle.soldOut': '구매 한도 도달',
    'bundle.enlarge': '{{name}} 이미지 크게 보기',
  },
  zh: {
    'bundle.details': '礼包详情',
    'bundle.detailsOf': '查看{{name}}详情',
    'bundle.buy': '购买{{name}}，{{price}}',
    'bundle.choose': '选择{{name}}，{{price}}',
    'bundle.chosen': '已选择',
    'bundle.limit': '已购 {{progress}}',
    'bundle.soldOut': '已达购买上限',
    'bundle.enlarge': '放大{{name}}的图片',
  },
};

addStrings(PURCHASE_UI_NAMESPACE, STRINGS);
