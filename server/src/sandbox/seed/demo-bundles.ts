import type { CatalogueBundle } from '../../catalogue/catalogue';
import type { MailItem } from '../../game/game-gateway';
import type { DemoGame } from './demo-games';

/** One bundle row as seeded: the catalogue's bundle before it has an id, with its place on the shelf. */
export type DemoBundle = Omit<CatalogueBundle, 'id'> & { readonly sort: number };

/** Areas priced in won write their catalogue in Korean; the others in English. */
const isKorean = (area: string) => area === 'kr';

export function demoTabs(area: string, game: DemoGame): string[] {
  return isKorean(area) ? [game.currency.ko, '패키지', '패스'] : [game.currency.en, 'Packs', 'Passes'];
}

interface CurrencyStep {
  readonly amount: number;
  readonly bonus: number;
  readonly usdCents: number;
  readonly won: number;
}

const CURRENCY_STEPS: readonly CurrencyStep[] = [
  { amount: 60, bonus: 0, usdCents: 99, won: 1200 },
  { amount: 300, bonus: 30, usdCents: 499, won: 5900 },
  { amount: 980, bonus: 110, usdCents: 1499, won: 19000 },
  { amount: 1980, bonus: 260, usdCents: 2999, won: 37000 },
  { amount: 3280, bonus: 600, usdCents: 4999, won: 65000 },
  { amount: 6480, bonus: 1600, usdCents: 9999, won: 129000 },
];

function currencyBundles(game: DemoGame, area: string, tab: string): DemoBundle[] {
  const ko = isKorean(area);
  const noun = ko ? game.currency.ko : game.currency.en;
  return CURRENCY_STEPS.map((step, index) => {
    const base = `${step.amount.toLocaleString('en-US')} ${noun}`;
    const withBonus = step.bonus
      ? ko
        ? `${base} + 보너스 ${step.bonus.toLocaleString('en-US')}`
        : `${base} + ${step.bonus.toLocaleString('en-US')} bonus`
      : base;
    const doubled = ko
      ? `첫 충전: ${base} + 첫 충전 보너스 ${step.amount.toLocaleString('en-US')}`
      : `First top-up: ${base} + ${step.amount.toLocaleString('en-US')} first-time bonus`;
    return {
      gameId: game.gameId,
      area,
      type: tab,
      productId: `${game.gameId}-${area}-currency-${step.amount}`,
      productName: base,
      productContent: ko
        ? `${noun} ${step.amount.toLocaleString('en-US')}개가 인게임 우편으로 지급됩니다. 첫 충전 시 같은 수량을 한 번 더 드립니다.`
        : `${base} delivered to your in-game mailbox. Your first top-up of this size doubles the ${noun}.`,
      productFileUrl: `/assets/products/currency-${index + 1}.svg`,
      priceMinor: ko ? step.won : step.usdCents,
      firstBuyOffer: true,
      firstPayIcon: ko ? '첫 충전 2배' : 'First top-up ×2',
      firstPayContent: doubled,
      payIcon: step.bonus ? `+${Math.round((step.bonus / step.amount) * 100)}%` : ko ? '인기' : 'Popular',
      payContent: withBonus,
      items: [{ name: noun, quantity: step.amount }],
      firstBuyItems: [{ name: ko ? `${noun} (첫 충전 보너스)` : `${noun} (first top-up bonus)`, quantity: step.amount }],
      bonusItems: step.bonus ? [{ name: ko ? `${noun} (보너스)` : `${noun} (bonus)`, quantity: step.bonus }] : [],
      roleBuyLimit: 0,
      sort: index,
    };
  });
}

interface PackSpec {
  readonly key: string;
  readonly image: string;
  readonly en: readonly [name: string, content: string, tag: string, subtitle: string];
  readonly ko: readonly [name: string, content: string, tag: string, subtitle: string];
  readonly usdCents: number;
  readonly won: number;
  readonly limit: number;
  readonly firstBuy?: readonly [enTag: string, enText: string, koTag: string, koText: string];
  /** What the mail delivers, by language: [item name ({c}: the game's currency), quantity]. */
  readonly items: Readonly<Record<'en' | 'ko', readonly (readonly [string, number])[]>>;
  /** Delivered on top while the first-purchase offer applies (what `firstBuy`'s text promises). */
  readonly firstBuyItems?: Readonly<Record<'en' | 'ko', readonly (readonly [string, number])[]>>;
}

const PACKS: readonly PackSpec[] = [
  {
    key: 'starter-pack',
    image: 'pack-starter',
    en: ['Starter Pack', 'A hero ticket, 5 summon scrolls and 200 {c}. Once per character.', 'Once only', 'Best value to begin'],
    ko: ['스타터 팩', '영웅 티켓, 소환 주문서 5장, {c} 200개. 캐릭터당 1회.', '1회 한정', '시작하기 좋은 구성'],
    usdCents: 199,
    won: 2500,
    limit: 1,
    firstBuy: ['New player', 'Extra hero ticket on your first pack', '신규', '첫 구매 시 영웅 티켓 추가'],
    items: { en: [['Hero Ticket', 1], ['Summon Scroll', 5], ['{c}', 200]], ko: [['영웅 티켓', 1], ['소환 주문서', 5], ['{c}', 200]] },
    firstBuyItems: { en: [['Hero Ticket (new player bonus)', 1]], ko: [['영웅 티켓 (신규 보너스)', 1]] },
  },
  {
    key: 'weekly-supply',
    image: 'pack-weekly',
    en: ['Weekly Supply', '100 {c} and 3 stamina potions. Up to 3 per character.', 'Limited', 'Stamina and {c}'],
    ko: ['주간 보급', '{c} 100개와 스태미나 물약 3개. 캐릭터당 3회.', '한정', '스태미나와 {c}'],
    usdCents: 299,
    won: 3900,
    limit: 3,
    firstBuy: ['First ×2', 'First supply: double stamina potions', '첫 구매 2배', '첫 보급: 스태미나 물약 2배'],
    items: { en: [['{c}', 100], ['Stamina Potion', 3]], ko: [['{c}', 100], ['스태미나 물약', 3]] },
    firstBuyItems: { en: [['Stamina Potion (first supply bonus)', 3]], ko: [['스태미나 물약 (첫 보급 보너스)', 3]] },
  },
  {
    key: 'hero-chest',
    image: 'chest',
    en: ['Hero Chest', 'One guaranteed epic hero and 500 {c}. Up to 5 per character.', 'Epic', 'Guaranteed epic hero'],
    ko: ['영웅 상자', '에픽 영웅 1명 확정과 {c} 500개. 캐릭터당 5회.', '에픽', '에픽 영웅 확정'],
    usdCents: 1999,
    won: 25000,
    limit: 5,
    items: { en: [['Epic Hero Summon', 1], ['{c}', 500]], ko: [['에픽 영웅 소환', 1], ['{c}', 500]] },
  },
];

const PASSES: readonly PackSpec[] = [
  {
    key: 'pass-30',
    image: 'pass-30',
    en: ['30-Day Pass', '90 {c} every day for 30 days, sent to your mailbox daily.', 'Daily', '90 {c} a day'],
    ko: ['30일 패스', '30일 동안 매일 {c} 90개를 우편으로 드립니다.', '매일', '하루 {c} 90개'],
    usdCents: 499,
    won: 5900,
    limit: 12,
    firstBuy: ['First pass', 'First pass: 300 {c} right away', '첫 패스', '첫 패스: {c} 300개 즉시 지급'],
    items: { en: [['30-Day Pass', 1]], ko: [['30일 패스', 1]] },
    firstBuyItems: { en: [['{c} (first pass bonus)', 300]], ko: [['{c} (첫 패스 보너스)', 300]] },
  },
  {
    key: 'season-pass',
    image: 'pass-season',
    en: ['Season Pass', 'Unlocks the premium track of this season: skins, heroes and {c}.', 'Season', 'Premium rewards track'],
    ko: ['시즌 패스', '이번 시즌 프리미엄 보상 트랙: 스킨, 영웅, {c}.', '시즌', '프리미엄 보상 트랙'],
    usdCents: 999,
    won: 12000,
    limit: 1,
    items: { en: [['Season Pass', 1]], ko: [['시즌 패스', 1]] },
  },
];

function specBundles(game: DemoGame, area: string, tab: string, specs: readonly PackSpec[]): DemoBundle[] {
  const ko = isKorean(area);
  const noun = ko ? game.currency.ko : game.currency.en;
  const fill = (text: string) => text.replaceAll('{c}', noun);
  const mailItems = (items: PackSpec['items']): MailItem[] => (ko ? items.ko : items.en).map(([name, quantity]) => ({ name: fill(name), quantity }));
  return specs.map((spec, index) => {
    const [name, content, tag, subtitle] = ko ? spec.ko : spec.en;
    const firstBuy = spec.firstBuy;
    return {
      gameId: game.gameId,
      area,
      type: tab,
      productId: `${game.gameId}-${area}-${spec.key}`,
      productName: name,
      productContent: fill(content),
      productFileUrl: `/assets/products/${spec.image}.svg`,
      priceMinor: ko ? spec.won : spec.usdCents,
      firstBuyOffer: firstBuy !== undefined,
      firstPayIcon: firstBuy ? (ko ? firstBuy[2] : firstBuy[0]) : '',
      firstPayContent: firstBuy ? fill(ko ? firstBuy[3] : firstBuy[1]) : '',
      payIcon: tag,
      payContent: fill(subtitle),
      items: mailItems(spec.items),
      firstBuyItems: spec.firstBuyItems ? mailItems(spec.firstBuyItems) : [],
      bonusItems: [],
      roleBuyLimit: spec.limit,
      sort: index,
    };
  });
}

/** Every bundle of a game in one area, by tab. */
export function demoBundles(game: DemoGame, area: string): DemoBundle[] {
  const [currencyTab, packsTab, passesTab] = demoTabs(area, game) as [string, string, string];
  return [
    ...currencyBundles(game, area, currencyTab),
    ...specBundles(game, area, packsTab, PACKS),
    ...specBundles(game, area, passesTab, PASSES),
  ];
}
