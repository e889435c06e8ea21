import type { DemoGame } from './demo-games';

export interface DemoPayType {
  readonly payType: string;
  readonly name: string;
  readonly iconUrl: string;
  /** Keys of the brand marks shown with it (server/src/catalogue/pay-brands.ts). */
  readonly brands: readonly string[];
}

export interface DemoBanner {
  readonly key: string;
  readonly gameId: number | null;
  readonly area: string;
  readonly url: string;
  readonly slideshowUrl: string;
  readonly sort: number;
}

/** The store-wide customer-service page (the social-media page of the spec, served by us). */
export const STORE_SUPPORT_URL = '/assets/support/index.html';

export function demoPayTypes(game: DemoGame, area: string): DemoPayType[] {
  const all: DemoPayType[] =
    area === 'kr'
      ? [
          { payType: 'card', name: '신용/체크카드', iconUrl: '/assets/pay/card.svg', brands: ['visa', 'mastercard', 'amex', 'jcb'] },
          { payType: 'mobile', name: '휴대폰 결제', iconUrl: '/assets/pay/mobile.svg', brands: ['skt', 'kt', 'lguplus'] },
          { payType: 'bank', name: '계좌이체', iconUrl: '/assets/pay/bank.svg', brands: ['kakaopay', 'naverpay', 'tosspay'] },
        ]
      : [
          { payType: 'card', name: 'Credit or debit card', iconUrl: '/assets/pay/card.svg', brands: ['visa', 'mastercard', 'amex', 'jcb', 'unionpay'] },
          { payType: 'wallet', name: 'E-wallet', iconUrl: '/assets/pay/wallet.svg', brands: ['paypal', 'applepay', 'googlepay', 'alipay', 'wechatpay'] },
        ];
  return game.singlePayType?.includes(area) ? all.slice(0, 1) : all;
}

/** null: no link set for this area (the store-wide one applies); "": deliberately none. */
export function demoCustomerServiceUrl(game: DemoGame, area: string): string {
  if (game.noCustomerService?.includes(area)) return '';
  return `${STORE_SUPPORT_URL}?game_id=${game.gameId}&area=${area}`;
}

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
      sort: 1,
    },
    {
      key: `${game.gameId}-${area}-2`,
      gameId: game.gameId,
      area,
      url: `${page}&product_id=${game.gameId}-${area}-starter-pack`,
      slideshowUrl: `/assets/banners/${game.gameId}-2.svg`,
      sort: 2,
    },
  ];
}

/** The pay centre's home slides, for every area. */
export const STORE_BANNERS: readonly DemoBanner[] = [
  { key: 'store-1', gameId: null, area: '', url: '/#/pcIndex', slideshowUrl: '/assets/banners/store-1.svg', sort: 1 },
  { key: 'store-2', gameId: null, area: '', url: '/#/index_1', slideshowUrl: '/assets/banners/store-2.svg', sort: 2 },
];

/** Server signs of game 134: fixed, so that documentation and tests can quote them. */
export function demoServerSign(game: DemoGame, serverId: string): string {
  if (!game.serverSignRequired) return '';
  let hash = 2166136261;
  for (const char of `${game.gameId}:${serverId}`) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619) >>> 0;
  return `${serverId}-${hash.toString(16).padStart(8, '0').slice(0, 6)}`;
}
