import { addStrings, type Strings } from '@topup/shared/store';
import { NAMESPACE } from '../../strings';

/** The post-purchase offer's strings on the result page, added to the remote's `topup` namespace when the offer loads. */
export const OFFER_STRINGS: Strings = {
  en: {
    'payResult.offer.eyebrow': 'Just for you, for a short time',
    'payResult.offer.items': 'What you get',
    'payResult.offer.bonus': 'Bonus: {{name}} ×{{quantity}}',
    'payResult.offer.was': 'was {{price}}',
    'payResult.offer.off': '{{percent}}% off',
    'payResult.offer.endsIn': 'Ends in {{time}}',
    'payResult.offer.endsInMinutes_one': 'The offer ends in {{count}} minute.',
    'payResult.offer.endsInMinutes_other': 'The offer ends in {{count}} minutes.',
    'payResult.offer.for': 'For {{role}} on {{server}}, paid the same way as your order.',
    'payResult.offer.buy': 'Buy now for {{price}}',
  },
  ko: {
    'payResult.offer.eyebrow': '지금만 드리는 특가',
    'payResult.offer.items': '구성',
    'payResult.offer.bonus': '보너스: {{name}} ×{{quantity}}',
    'payResult.offer.was': '정가 {{price}}',
    'payResult.offer.off': '{{percent}}% 할인',
    'payResult.offer.endsIn': '남은 시간 {{time}}',
    'payResult.offer.endsInMinutes_one': '특가가 {{count}}분 후에 종료됩니다.',
    'payResult.offer.endsInMinutes_other': '특가가 {{count}}분 후에 종료됩니다.',
    'payResult.offer.for': '{{server}}의 {{role}} 캐릭터에게, 방금 주문과 같은 결제 수단으로 결제됩니다.',
    'payResult.offer.buy': '{{price}}에 바로 구매',
  },
  zh: {
    'payResult.offer.eyebrow': '限时专属特惠',
    'payResult.offer.items': '礼包内容',
    'payResult.offer.bonus': '赠送：{{name}} ×{{quantity}}',
    'payResult.offer.was': '原价 {{price}}',
    'payResult.offer.off': '{{percent}}% 折扣',
    'payResult.offer.endsIn': '剩余 {{time}}',
    'payResult.offer.endsInMinutes_one': '特惠将在 {{count}} 分钟后结束。',
    'payResult.offer.endsInMinutes_other': '特惠将在 {{count}} 分钟后结束。',
    'payResult.offer.for': '为 {{server}} 的 {{role}} 购买，支付方式与本订单相同。',
    'payResult.offer.buy': '立即以 {{price}} 购买',
  },
};

addStrings(NAMESPACE, OFFER_STRINGS);
