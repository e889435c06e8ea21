import { addStrings, type Strings } from '@topup/shared/store';
import { NAMESPACE } from '../../strings';

/** /game's strings, added to the remote's `topup` namespace (kept out of the `#/` page's code). */
export const GAME_CHOOSER_STRINGS: Strings = {
  en: {
    'chooser.searchLabel': 'Search games',
    'chooser.searchPlaceholder': 'Search by name or description',
    'chooser.loading': 'Loading games…',
    'chooser.failed': 'The games could not be loaded.',
    'chooser.empty': 'No games are on sale right now.',
    'chooser.noMatch': 'No game matches “{{query}}”.',
    'chooser.count_one': '{{count}} game',
    'chooser.count_other': '{{count}} games',
    'chooser.recent': 'Recently topped up',
    'chooser.all': 'All games',
    'chooser.areasOf': 'Regions of {{name}}',
    'chooser.topUpIn': 'Top up {{name}} in {{area}}',
    'chooser.unsold': '{{name}} is not sold in this region ({{area}}).',
    'chooser.unsoldGame': 'This game is not sold in this region ({{area}}). Choose a game below.',
    'chooser.unsoldChoose': 'Top up in a region where it is sold:',
  },
  ko: {
    'chooser.searchLabel': '게임 검색',
    'chooser.searchPlaceholder': '이름이나 설명으로 검색',
    'chooser.loading': '게임을 불러오는 중…',
    'chooser.failed': '게임 목록을 불러오지 못했습니다.',
    'chooser.empty': '지금 판매 중인 게임이 없습니다.',
    'chooser.noMatch': '“{{query}}”와(과) 일치하는 게임이 없습니다.',
    'chooser.count_one': '게임 {{count}}개',
    'chooser.count_other': '게임 {{count}}개',
    'chooser.recent': '최근 충전한 게임',
    'chooser.all': '전체 게임',
    'chooser.areasOf': '{{name}} 지역',
    'chooser.topUpIn': '{{area}}에서 {{name}} 충전',
    'chooser.unsold': '{{name}}: 이 지역({{area}})에서는 판매하지 않는 게임입니다.',
    'chooser.unsoldGame': '이 지역({{area}})에서는 판매하지 않는 게임입니다. 아래에서 게임을 선택하세요.',
    'chooser.unsoldChoose': '판매 중인 지역에서 충전하세요:',
  },
  zh: {
    'chooser.searchLabel': '搜索游戏',
    'chooser.searchPlaceholder': '按名称或简介搜索',
    'chooser.loading': '正在加载游戏…',
    'chooser.failed': '游戏列表加载失败。',
    'chooser.empty': '目前没有在售的游戏。',
    'chooser.noMatch': '没有与“{{query}}”匹配的游戏。',
    'chooser.count_one': '{{count}} 款游戏',
    'chooser.count_other': '{{count}} 款游戏',
    'chooser.recent': '最近充值',
    'chooser.all': '全部游戏',
    'chooser.areasOf': '{{name}}的地区',
    'chooser.topUpIn': '在{{area}}为{{name}}充值',
    'chooser.unsold': '{{name}}在此地区（{{area}}）不可购买。',
    'chooser.unsoldGame': '该游戏在此地区（{{area}}）不可购买。请在下方选择游戏。',
    'chooser.unsoldChoose': '请在有售的地区充值：',
  },
};

addStrings(NAMESPACE, GAME_CHOOSER_STRINGS);
