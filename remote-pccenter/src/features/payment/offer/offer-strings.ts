import { addStrings, type Strings } from '@topup/shared/store';
import { NAMESPACE } from '../../../strings';

/** The post-purchase offer's strings on the pay centre's order page, added to the remote's namespace when the offer loads. */
export const OFFER_STRINGS: Strings = {
  en: {
    'pay.offer.eyebrow': 'Just for you, for a short time',
    'pay.offer.items': 'What you get',
    'pay.offer.bonus': 'Bonus: {{name}} ×{{quantity}}',
    'pay.offer.was': 'was {{price}}',
    'pay.offer.off': '{{percent}}% off',
    'pay.offer.endsIn': 'Ends in {{time}}',
    'pay.offer.endsInMinutes_one': 'The offer ends in {{count}} minute.',
    'pay.offer.endsInMinutes_other': 'The offer ends in {{count}} minutes.',
    'pay.offer.for': 'For {{role}} on {{server}}, paid the same way as your order.',
    'pay.offer.buy': 'Buy now for {{price}}',
  },
  ko: {
    'pay.offer.eyebrow': '지금만 드리는 특가',
    'pay.offer.items': '구성',
    'pay.offer.bonus': '보너스: {{name}} ×{{quantity}}',
    'pay.offer.was': '정가 {{price}}',
    'pay.offer.off': '{{percent}}% 할인',
    'pay.offer.endsIn': '남은 시간 {{time}}',
    'pay.offer.endsInMinutes_one': '특가가 {{count}}분 후에 종료됩니다.',
    'pay.offer.endsInMinutes_other': '특가가 {{count}}분 후에 종료됩니다.',
    'pay.offer.for': '{{server}}의 {{role}} 캐릭터에게, 방금 주문과 같은 결제 수단으로 결제됩니다.',
    'pay.offer.buy': '{{price}}에 바로 구매',
  },
  zh: {
    'pay.offer.eyebrow': '限时专属特惠',
    'pay.offer.items': '礼包内容',
    'pay.offer.bonus': '赠送：{{name}} ×{{quantity}}',
    'pay.offer.was': '原价 {{price}}',
    'pay.offer.off': '{{percent}}% 折扣',
    'pay.offer.endsIn': '剩余 {{time}}',
    'pay.offer.endsInMinutes_one': '特惠将在 {{count}} 分钟后结束。',
    'pay.offer.endsInMinutes_other': '特惠将在 {{count}} 分钟后结束。',
    'pay.offer.for': '为 {{server}} 的 {{role}} 购买，支付方式与本订单相同。',
    'pay.offer.buy': '立即以 {{price}} 购买',
  },
};

addStrings(NAMESPACE, OFFER_STRINGS);
