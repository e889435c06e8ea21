import { addStrings, type Strings } from '@topup/shared';

/** The `pccenter` namespace: every string this remote shows, in en, ko and zh. */
export const NAMESPACE = 'pccenter';

export const STRINGS: Strings = {
  "en": {
    "pcIndexPage.title": "Pay Center",
    "pcRolePage.title": "Choose your character",
    "pcSubmitPage.title": "Choose a bundle",
    "pcPayPage.title": "Payment"
  },
  "ko": {
    "pcIndexPage.title": "결제 센터",
    "pcRolePage.title": "캐릭터 선택",
    "pcSubmitPage.title": "상품 선택",
    "pcPayPage.title": "결제"
  },
  "zh": {
    "pcIndexPage.title": "支付中心",
    "pcRolePage.title": "选择角色",
    "pcSubmitPage.title": "选择礼包",
    "pcPayPage.title": "支付"
  }
};

addStrings(NAMESPACE, STRINGS);
