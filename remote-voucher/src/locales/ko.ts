export const KO: Record<string, string> = {
  'page.title': '바우처 센터',
  'page.subtitle': '게임을 선택하고 몇 번의 터치로 게임 재화를 충전하세요.',
  'games.label': '게임',
  'games.loading': '게임 목록을 불러오는 중…',
  'games.empty': '지금 충전할 수 있는 게임이 없습니다.',
  'games.failed': '게임 목록을 불러오지 못했습니다.',
  'games.count_one': '게임 {{count}}개',
  'games.count_other': '게임 {{count}}개',
  'game.charge': '충전',
  'game.chargeLabel': '{{name}} 충전',
  'game.opening': '{{name}} 여는 중…',
  'note.delivery': '아이템은 게임 내 우편으로 지급됩니다. 결제 후 30분이 지나도 도착하지 않으면 게임 내 고객센터로 문의해 주세요.',
};
