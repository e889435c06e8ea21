export const ZH: Record<string, string> = {
  'page.title': '点券中心',
  'page.subtitle': '选择游戏，轻点几下即可充值游戏货币。',
  'games.label': '游戏',
  'games.loading': '正在加载游戏…',
  'games.empty': '目前没有可充值的游戏。',
  'games.failed': '无法加载游戏列表。',
  'games.count_one': '{{count}} 款游戏',
  'games.count_other': '{{count}} 款游戏',
  'game.charge': '充值',
  'game.chargeLabel': '为{{name}}充值',
  'game.opening': '正在打开{{name}}…',
  'note.delivery': '道具将通过游戏内邮件发放。如支付成功 30 分钟后仍未到账，请联系游戏内客服。',
};
