import { addStrings, type Strings } from '@topup/shared/store';
import { NAMESPACE } from '../../strings';

/** The recharge instructions, loaded with the dialog when a player opens it (not with the page). */
export const RECHARGE_STRINGS: Strings = {
  en: {
    'help.title': 'Recharge Instructions',
    'help.subtitle': 'Three steps to your items, delivered by in-game mail',
    'help.p1': 'Choose your region (if your game has one) and your server, enter your character ID and tap Search.',
    'help.p2': 'Check the server, character ID and character name, then tap Confirm. Items are sent only to the confirmed character.',
    'help.p3': 'Pick a bundle and pay. The price on the button is the amount you pay; first-purchase offers apply once per character.',
    'help.p4': 'Items arrive by in-game mail, usually within a few minutes of a successful payment. Open your in-game mailbox to collect them.',
    'help.p5': 'If your items have not arrived {{minutes}} minutes after a successful payment, please contact in-game customer service.',
  },
  ko: {
    'help.title': '충전 안내',
    'help.subtitle': '세 단계면 아이템이 게임 우편으로 도착합니다',
    'help.p1': '지역(게임에 있는 경우)과 서버를 선택하고 캐릭터 ID를 입력한 뒤 검색을 누르세요.',
    'help.p2': '서버, 캐릭터 ID, 캐릭터 이름을 확인한 뒤 확인을 누르세요. 아이템은 확인된 캐릭터에게만 발송됩니다.',
    'help.p3': '상품을 고르고 결제하세요. 버튼에 표시된 금액이 결제 금액이며, 첫 구매 혜택은 캐릭터당 한 번 적용됩니다.',
    'help.p4': '아이템은 결제 완료 후 보통 몇 분 안에 게임 우편으로 도착합니다. 게임 내 우편함에서 수령하세요.',
    'help.p5': '결제 완료 후 {{minutes}}분이 지나도 아이템이 도착하지 않으면 게임 내 고객센터로 문의해 주세요.',
  },
  zh: {
    'help.title': '充值说明',
    'help.subtitle': '三步完成充值，道具通过游戏邮件发放',
    'help.p1': '选择地区（如游戏有地区）和服务器，输入角色ID后点击搜索。',
    'help.p2': '核对服务器、角色ID和角色名后点击确认。道具只会发放给已确认的角色。',
    'help.p3': '选择礼包并支付。按钮上的价格即为实付金额；首充优惠每个角色仅限一次。',
    'help.p4': '支付成功后，道具通常会在几分钟内通过游戏邮件发放，请在游戏内邮箱领取。',
    'help.p5': '如支付成功{{minutes}}分钟后仍未收到道具，请联系游戏内客服。',
  },
};

addStrings(NAMESPACE, RECHARGE_STRINGS);
