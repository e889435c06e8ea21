import { addStrings, type Strings } from '@topup/shared';

/** The `topup` namespace: every string this remote shows, in en, ko and zh. */
export const NAMESPACE = 'topup';

export const STRINGS: Strings = {
  "en": {
    "mainPage.title": "Top up",
    "gamePage.title": "Choose a game",
    "productPage.title": "Bundle",
    "submitPage.title": "Submit order",
    "payResultPage.title": "Payment result"
  },
  "ko": {
    "mainPage.title": "충전",
    "gamePage.title": "게임 선택",
    "productPage.title": "상품",
    "submitPage.title": "주문 제출",
    "payResultPage.title": "결제 결과"
  },
  "zh": {
    "mainPage.title": "充值",
    "gamePage.title": "选择游戏",
    "productPage.title": "礼包",
    "submitPage.title": "提交订单",
    "payResultPage.title": "支付结果"
  }
};

addStrings(NAMESPACE, STRINGS);
