import type { Locale } from '@topup/shared/rules';

/** Every message the API can answer, in each store language. `{field}` is filled in. */
export const MESSAGES = {
  ok: { en: 'OK', ko: '성공', zh: '成功' },
  badSign: {
    en: 'The request signature is missing or wrong.',
    ko: '요청 서명이 없거나 올바르지 않습니다.',
    zh: '请求签名缺失或错误。',
  },
  missingParameter: {
    en: 'Missing parameter: {field}',
    ko: '필수 항목이 없습니다: {field}',
    zh: '缺少参数：{field}',
  },
  invalidParameter: {
    en: 'Invalid parameter: {field}',
    ko: '올바르지 않은 항목입니다: {field}',
    zh: '参数无效：{field}',
  },
  selectServer: { en: 'Please select a server', ko: '서버를 선택해 주세요', zh: '请选择服务器' },
  enterRoleId: { en: 'Please enter the role ID', ko: '캐릭터 ID를 입력해 주세요', zh: '请输入角色ID' },
  fillCharacterId: {
    en: 'Please fill in your character id',
    ko: '캐릭터 ID를 입력해 주세요',
    zh: '请填写您的角色ID',
  },
  fillCharacterName: {
    en: 'Please fill in your character name',
    ko: '캐릭터 이름을 입력해 주세요',
    zh: '请填写您的角色名',
  },
  fillAccountId: {
    en: 'Please fill in your account ID',
    ko: '계정 ID를 입력해 주세요',
    zh: '请填写您的账号ID',
  },
  unknownGame: {
    en: 'This game is not available in this region.',
    ko: '이 지역에서는 이용할 수 없는 게임입니다.',
    zh: '该游戏在此地区不可用。',
  },
  unknownServer: {
    en: 'This server does not exist. Please select a server again.',
    ko: '존재하지 않는 서버입니다. 서버를 다시 선택해 주세요.',
    zh: '该服务器不存在，请重新选择服务器。',
  },
  serverClosed: {
    en: 'This server is closed. Its characters cannot be topped up here any more; please choose another server.',
    ko: '운영이 종료된 서버입니다. 이 서버의 캐릭터는 더 이상 충전할 수 없으니 다른 서버를 선택해 주세요.',
    zh: '该服务器已关闭，无法再为其角色充值，请选择其他服务器。',
  },
  offerNotAvailable: {
    en: 'This offer is not available for this character.',
    ko: '이 캐릭터에게는 제공되지 않는 특가입니다.',
    zh: '该角色无法享受此特惠。',
  },
  offerOver: {
    en: 'This offer has ended.',
    ko: '이 특가는 종료되었습니다.',
    zh: '此特惠已结束。',
  },
  offerTaken: {
    en: 'This offer has already been bought.',
    ko: '이 특가는 이미 구매하셨습니다.',
    zh: '此特惠已购买过。',
  },
  priceChanged: {
    en: 'The price of this bundle has just changed. Please go back to see the new price before you pay.',
    ko: '이 상품의 가격이 방금 변경되었습니다. 결제하기 전에 돌아가서 새 가격을 확인해 주세요.',
    zh: '该礼包的价格刚刚发生变化，请返回查看新价格后再付款。',
  },
  gameUnavailable: {
    en: "The game's servers are not answering right now. Please try again in a moment.",
    ko: '지금 게임 서버가 응답하지 않습니다. 잠시 후 다시 시도해 주세요.',
    zh: '游戏服务器暂时无响应，请稍后重试。',
  },
  roleNotFound: {
    en: 'No character was found. Please check the server and your character information.',
    ko: '캐릭터를 찾을 수 없습니다. 서버와 캐릭터 정보를 확인해 주세요.',
    zh: '未找到角色，请检查服务器和角色信息。',
  },
  rateLimited: {
    en: 'Too many character lookups. Please wait a minute and try again.',
    ko: '캐릭터 조회가 너무 많습니다. 잠시 후 다시 시도해 주세요.',
    zh: '角色查询过于频繁，请稍后再试。',
  },
  tooManyRequests: {
    en: 'Too many requests. Please wait a minute and try again.',
    ko: '요청이 너무 많습니다. 잠시 후 다시 시도해 주세요.',
    zh: '请求过于频繁，请稍后再试。',
  },
  notAvailableYet: {
    en: 'This service is not available yet.',
    ko: '아직 제공되지 않는 서비스입니다.',
    zh: '该服务暂未开放。',
  },
  unreadableBody: {
    en: 'The request could not be read. Send a JSON object or a form.',
    ko: '요청을 읽을 수 없습니다. JSON 객체나 폼으로 보내 주세요.',
    zh: '无法读取请求，请以 JSON 对象或表单发送。',
  },
  bodyTooLarge: { en: 'The request is too large.', ko: '요청이 너무 큽니다.', zh: '请求内容过大。' },
  unknownAction: { en: 'Unknown action.', ko: '알 수 없는 요청입니다.', zh: '未知的请求。' },
  // Orders (docs/orders.md)
  emailInvalid: {
    en: 'Please enter a valid e-mail address.',
    ko: '올바른 이메일 주소를 입력해 주세요.',
    zh: '请输入有效的电子邮件地址。',
  },
  messageMissing: {
    en: 'Please write your message (at least 10 characters).',
    ko: '문의 내용을 입력해 주세요(10자 이상).',
    zh: '请填写留言（至少 10 个字）。',
  },
  orderNotFound: { en: 'This order does not exist.', ko: '존재하지 않는 주문입니다.', zh: '该订单不存在。' },
  ticketNotFound: {
    en: 'No ticket has this reference and this e-mail address. Check both: they are in the e-mail we sent you.',
    ko: '이 접수 번호와 이메일 주소로 접수된 문의가 없습니다. 보내 드린 이메일에서 두 가지를 모두 확인해 주세요.',
    zh: '没有与此工单号和邮箱地址匹配的工单。请核对两者：它们都在我们发给你的邮件中。',
  },
  purchaseLimitReached: {
    en: 'This character has reached the purchase limit of this bundle.',
    ko: '이 캐릭터는 이 상품의 구매 한도에 도달했습니다.',
    zh: '该角色已达到此礼包的购买上限。',
  },
  tooManyUnpaidOrders: {
    en: 'This character has too many unpaid orders. Pay one of them, or try again when they expire (30 minutes after they were placed).',
    ko: '이 캐릭터의 미결제 주문이 너무 많습니다. 그중 하나를 결제하시거나 주문 후 30분이 지나 만료된 뒤 다시 시도해 주세요.',
    zh: '该角色的未支付订单过多。请先支付其中一笔，或在订单过期（下单30分钟后）后重试。',
  },
  fillDiscountCode: {
    en: 'Please fill in your discount code',
    ko: '할인 코드를 입력해 주세요',
    zh: '请填写您的优惠码',
  },
  discountCodeUnknown: {
    en: 'This discount code does not exist.',
    ko: '존재하지 않는 할인 코드입니다.',
    zh: '该优惠码不存在。',
  },
  discountCodeNotForBundle: {
    en: 'This discount code cannot be used for this bundle.',
    ko: '이 상품에는 사용할 수 없는 할인 코드입니다.',
    zh: '该优惠码不适用于此礼包。',
  },
  discountCodeNotYetValid: {
    en: 'This discount code cannot be used yet.',
    ko: '아직 사용할 수 없는 할인 코드입니다.',
    zh: '该优惠码尚未生效。',
  },
  discountCodeExpired: {
    en: 'This discount code has expired.',
    ko: '사용 기간이 지난 할인 코드입니다.',
    zh: '该优惠码已过期。',
  },
  discountCodeUsedUp: {
    en: 'This character has already used this discount code.',
    ko: '이 캐릭터는 이미 이 할인 코드를 사용했습니다.',
    zh: '该角色已使用过此优惠码。',
  },
  discountCodeUsedUpEverywhere: {
    en: 'This discount code has been used up.',
    ko: '사용 가능 횟수가 모두 소진된 할인 코드입니다.',
    zh: '该优惠码已被用完。',
  },
  bundleNotOnSale: {
    en: 'This bundle is not on sale here any more.',
    ko: '더 이상 판매하지 않는 상품입니다.',
    zh: '该礼包已下架。',
  },
  bundleNotYetOnSale: {
    en: 'This bundle is not on sale yet.',
    ko: '아직 판매를 시작하지 않은 상품입니다.',
    zh: '该礼包尚未开售。',
  },
  storeBusy: {
    en: 'The store is busy for a moment. Please try again in a few seconds.',
    ko: '스토어가 잠시 바쁩니다. 몇 초 후 다시 시도해 주세요.',
    zh: '商店暂时繁忙，请几秒后重试。',
  },
  // Linked characters (docs/api.md, "Linked characters")
  fillOwnershipCode: {
    en: 'Please enter the 6-digit code from your game mail.',
    ko: '게임 메일로 받은 6자리 코드를 입력해 주세요.',
    zh: '请输入游戏邮件中的 6 位验证码。',
  },
  ownershipCodeWrong: {
    en: 'This code is not right. Check the code in your game mail and try again.',
    ko: '코드가 올바르지 않습니다. 게임 메일의 코드를 확인하고 다시 입력해 주세요.',
    zh: '验证码不正确，请核对游戏邮件中的验证码后重试。',
  },
  ownershipCodeExpired: {
    en: 'This code has expired. Please ask for a new code.',
    ko: '코드의 유효 시간이 지났습니다. 새 코드를 요청해 주세요.',
    zh: '验证码已过期，请重新获取验证码。',
  },
  ownershipCodeSpent: {
    en: 'This code was tried too many times. Please ask for a new code.',
    ko: '코드 입력 횟수를 초과했습니다. 새 코드를 요청해 주세요.',
    zh: '验证码尝试次数过多，请重新获取验证码。',
  },
  ownershipCodeNone: {
    en: 'No code was sent to this character. Please ask for a code first.',
    ko: '이 캐릭터에게 보낸 코드가 없습니다. 먼저 코드를 요청해 주세요.',
    zh: '尚未向该角色发送验证码，请先获取验证码。',
  },
  linkRequired: {
    en: 'Link this character first: get a code in your game mail.',
    ko: '먼저 이 캐릭터를 연결해 주세요. 게임 메일로 코드를 받을 수 있습니다.',
    zh: '请先关联该角色：通过游戏邮件获取验证码。',
  },
  giftAlreadyClaimed: {
    en: "You have already claimed today's gift. Come back tomorrow for the next one.",
    ko: '오늘의 선물은 이미 받았습니다. 내일 다음 선물을 받으러 오세요.',
    zh: '今天的礼物已经领取过了，明天再来领取下一份吧。',
  },
  notEnoughPoints: {
    en: 'This character does not have enough points for this reward.',
    ko: '이 캐릭터의 포인트가 이 보상을 받기에 부족합니다.',
    zh: '该角色的积分不足以兑换此奖励。',
  },
  noDailyGift: {
    en: 'This game has no daily gift.',
    ko: '이 게임에는 일일 선물이 없습니다.',
    zh: '该游戏没有每日礼物。',
  },
  serverError: {
    en: 'Something went wrong on our side. Please try again later.',
    ko: '일시적인 오류가 발생했습니다. 잠시 후 다시 시도해 주세요.',
    zh: '服务器出现问题，请稍后再试。',
  },
} as const satisfies Record<string, Record<Locale, string>>;

export type MessageKey = keyof typeof MESSAGES;

export function message(key: MessageKey, locale: Locale, field?: string): string {
  const text: string = MESSAGES[key][locale];
  return field === undefined ? text : text.replace('{field}', field);
}
