import { LOCALES, localeForArea, type Locale } from '@topup/shared/rules';
import type { BannerTexts, LocalizedText, Translations } from '../../catalogue/catalogue';
import type { DemoGame } from './demo-games';

export interface DemoPayType {
  readonly payType: string;
  /** In the area's language; `names` holds the others. */
  readonly name: string;
  readonly names: Translations<string>;
  readonly iconUrl: string;
  /** Keys of the brand marks shown with it (server/src/catalogue/pay-brands.ts). */
  readonly brands: readonly string[];
  /** Its price difference in whole per cent of the bundle's price. */
  readonly pricePercent: number;
}

export interface DemoBanner {
  readonly key: string;
  readonly gameId: number | null;
  readonly area: string;
  readonly url: string;
  /** The picture, without words: the store draws `texts` over it in the page's language. */
  readonly slideshowUrl: string;
  readonly texts: Translations<BannerTexts>;
  readonly sort: number;
}

/** The store-wide customer-service page: the store's own help page (FAQ, order lookup, contact form). */
export const STORE_SUPPORT_URL = '/#/help';

/** A pay method's name in each language; the catalogue keeps the area's in `name`, the others in `names`. */
const PAY_NAMES: Readonly<Record<string, LocalizedText>> = {
  card: { en: 'Credit or debit card', ko: '신용/체크카드', zh: '信用卡或借记卡' },
  wallet: { en: 'E-wallet', ko: '전자지갑', zh: '电子钱包' },
  mobile: { en: 'Mobile phone billing', ko: '휴대폰 결제', zh: '手机话费支付' },
  bank: { en: 'Bank transfer and easy pay', ko: '계좌이체', zh: '银行转账与快捷支付' },
};

/** Korean mobile-phone billing passes the carriers' fee on: the demo shows a method that costs more. */
const PRICE_PERCENT: Readonly<Record<string, number>> = { mobile: 10 };

function payType(payType: string, area: string, brands: readonly string[]): DemoPayType {
  const own = localeForArea(area);
  const names = PAY_NAMES[payType] as LocalizedText;
  return {
    payType,
    name: names[own],
    names: Object.fromEntries(LOCALES.filter((language) => language !== own).map((language) => [language, names[language]])),
    iconUrl: `/assets/pay/${payType}.svg`,
    brands,
    pricePercent: PRICE_PERCENT[payType] ?? 0,
  };
}

export function demoPayTypes(game: DemoGame, area: string): DemoPayType[] {
  const all: DemoPayType[] =
    area === 'kr'
      ? [
          payType('card', area, ['visa', 'mastercard', 'amex', 'jcb']),
          payType('mobile', area, ['skt', 'kt', 'lguplus']),
          payType('bank', area, ['kakaopay', 'naverpay', 'tosspay']),
        ]
      : [
          payType('card', area, ['visa', 'mastercard', 'amex', 'jcb', 'unionpay']),
          payType('wallet', area, ['paypal', 'applepay', 'googlepay', 'alipay', 'wechatpay']),
        ];
  return game.singlePayType?.includes(area) ? all.slice(0, 1) : all;
}

/** null: no link set for this area (the store-wide one applies); "": deliberately none. */
export function demoCustomerServiceUrl(game: DemoGame, area: string): string {
  if (game.noCustomerService?.includes(area)) return '';
  return `${STORE_SUPPORT_URL}?game_id=${game.gameId}&area=${area}`;
}

const SLIDE_WORDS: Readonly<Record<Locale, { best: string; bonus: string; starter: string; once: string; action: string }>> = {
  en: { best: 'Best value top-up', bonus: '980 + 110 bonus', starter: 'Starter Pack', once: 'Once per character', action: 'TOP UP' },
  ko: { best: '최고의 가성비 충전', bonus: '980 + 보너스 110', starter: '스타터 팩', once: '캐릭터당 1회', action: '충전하기' },
  zh: { best: '超值充值', bonus: '980 + 奖励 110', starter: '新手礼包', once: '每个角色限购 1 次', action: '立即充值' },
};

const inEveryLanguage = (words: (language: Locale) => BannerTexts): Translations<BannerTexts> =>
  Object.fromEntries(LOCALES.map((language) => [language, words(language)]));

/** Two slides per game and area: one to the currency tab's best offer, one to the starter pack. */
export function demoBanners(game: DemoGame, area: string): DemoBanner[] {
  const page = `/#/prod?game_id=${game.gameId}&area=${area}`;
  return [
    {
      key: `${game.gameId}-${area}-1`,
      gameId: game.gameId,
      area,
      url: `${page}&product_id=${game.gameId}-${area}-currency-980`,
      slideshowUrl: `/assets/banners/${game.gameId}-1.svg`,
      texts: inEveryLanguage((language) => {
        const words = SLIDE_WORDS[language];
        return { eyebrow: game.names[language], title: words.best, subtitle: words.bonus, action: words.action };
      }),
      sort: 1,
    },
    {
      key: `${game.gameId}-${area}-2`,
      gameId: game.gameId,
      area,
      url: `${page}&product_id=${game.gameId}-${area}-starter-pack`,
      slideshowUrl: `/assets/banners/${game.gameId}-2.svg`,
      texts: inEveryLanguage((language) => {
        const words = SLIDE_WORDS[language];
        return { eyebrow: game.names[language], title: words.starter, subtitle: words.once, action: words.action };
      }),
      sort: 2,
    },
  ];
}

/** The pay centre's home slides, for every area. */
export const STORE_BANNERS: readonly DemoBanner[] = [
  {
    key: 'store-1',
    gameId: null,
    area: '',
    url: '/#/pcIndex',
    slideshowUrl: '/assets/banners/store-1.svg',
    texts: {
      en: { eyebrow: 'TopUp Store', title: 'Ten games, one safe checkout', subtitle: 'Items arrive by in-game mail', action: '' },
      ko: { eyebrow: 'TopUp Store', title: '10개 게임, 하나의 안전한 결제', subtitle: '아이템은 게임 내 우편으로 도착합니다', action: '' },
      zh: { eyebrow: 'TopUp Store', title: '十款游戏，一个安全的收银台', subtitle: '道具通过游戏内邮件送达', action: '' },
    },
    sort: 1,
  },
  {
    key: 'store-2',
    gameId: null,
    area: '',
    url: '/#/index_1',
    slideshowUrl: '/assets/banners/store-2.svg',
    texts: {
      en: { eyebrow: 'Voucher Center', title: 'Charge in-game currency in seconds', subtitle: '', action: '' },
      ko: { eyebrow: '바우처 센터', title: '게임 재화를 몇 초 만에 충전', subtitle: '', action: '' },
      zh: { eyebrow: '点券中心', title: '几秒钟即可充值游戏货币', subtitle: '', action: '' },
    },
    sort: 2,
  },
];

/** Server signs of game 134: fixed, so that documentation and tests can quote them. */
export function demoServerSign(game: DemoGame, serverId: string): string {
  if (!game.serverSignRequired) return '';
  let hash = 2166136261;
  for (const char of `${game.gameId}:${serverId}`) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619) >>> 0;
  return `${serverId}-${hash.toString(16).padStart(8, '0').slice(0, 6)}`;
}
