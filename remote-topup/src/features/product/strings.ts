import { addStrings, type Strings } from '@topup/shared/store';
import { NAMESPACE } from '../../strings';

/** /prod's strings, added to the remote's `topup` namespace (kept out of the `#/` page's code). */
export const PRODUCT_STRINGS: Strings = {
  en: {
    'product.loading': 'Loading the bundle…',
    'product.failed': 'The bundle could not be loaded.',
    'product.noGame.title': 'Which game is this bundle for?',
    'product.noGame.body': 'This link does not name a game. Choose a game to see its bundles.',
    'product.noProduct.title': 'Which bundle?',
    'product.noProduct.body': 'This link does not name a bundle. All of this game’s bundles are on its top-up page.',
    'product.notOnSale.title': 'This bundle is not on sale',
    'product.notOnSale.body': 'It may have ended, or it is not sold in this region. The game’s other bundles are on its top-up page.',
    'product.backToGame': 'See all bundles',
    'product.chooseGame': 'Choose a game',
  },
  ko: {
    'product.loading': '상품을 불러오는 중…',
    'product.failed': '상품을 불러오지 못했습니다.',
    'product.noGame.title': '어떤 게임의 상품인가요?',
    'product.noGame.body': '이 링크에는 게임이 지정되어 있지 않습니다. 게임을 선택해 상품을 확인하세요.',
    'product.noProduct.title': '어떤 상품인가요?',
    'product.noProduct.body': '이 링크에는 상품이 지정되어 있지 않습니다. 이 게임의 모든 상품은 충전 페이지에 있습니다.',
    'product.notOnSale.title': '판매 중인 상품이 아닙니다',
    'product.notOnSale.body': '판매가 끝났거나 이 지역에서는 판매하지 않는 상품입니다. 이 게임의 다른 상품은 충전 페이지에 있습니다.',
    'product.backToGame': '전체 상품 보기',
    'product.chooseGame': '게임 선택',
  },
  zh: {
    'product.loading': '正在加载礼包…',
    'product.failed': '礼包加载失败。',
    'product.noGame.title': '这是哪款游戏的礼包？',
    'product.noGame.body': '此链接未指定游戏。请选择游戏查看礼包。',
    'product.noProduct.title': '哪个礼包？',
    'product.noProduct.body': '此链接未指定礼包。该游戏的全部礼包都在充值页面。',
    'product.notOnSale.title': '该礼包未在售',
    'product.notOnSale.body': '它可能已下架，或不在此地区销售。该游戏的其他礼包都在充值页面。',
    'product.backToGame': '查看全部礼包',
    'product.chooseGame': '选择游戏',
  },
};

addStrings(NAMESPACE, PRODUCT_STRINGS);
