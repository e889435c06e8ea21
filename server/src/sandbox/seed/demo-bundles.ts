import { LOCALES, localeForArea, type Locale } from '@topup/shared/rules';
import type { BundleTexts, CatalogueBundle, Translations } from '../../catalogue/catalogue';
import type { MailItem } from '../../game/game-gateway';
import type { DemoGame } from './demo-games';

/** One bundle row as seeded: the catalogue's bundle before it has an id, with its place on the shelf. */
export type DemoBundle = Omit<CatalogueBundle, 'id'> & { readonly sort: number };

/**
 * The demo catalogue is written in the area's language (Korean for kr, English elsewhere), with
 * its words in the store's other languages beside it: every demo screen reads in one language.
 */
const ownLanguage = (area: string): Locale => localeForArea(area);

const TAB_NAMES: Readonly<Record<Locale, readonly [packs: string, passes: string]>> = {
  en: ['Packs', 'Passes'],
  ko: ['패키지', '패스'],
  zh: ['礼包', '通行证'],
};

function tabNames(game: DemoGame, language: Locale): [string, string, string] {
  return [game.currency[language], ...TAB_NAMES[language]];
}

/** The tab keys of a game in an area: their names in the area's language. */
export function demoTabs(area: string, game: DemoGame): string[] {
  return tabNames(game, ownLanguage(area));
}

/** Each tab's name in the store's other languages, by tab key. */
export function demoTabLabels(area: string, game: DemoGame): Map<string, Translations<string>> {
  const own = ownLanguage(area);
  return new Map(
    demoTabs(area, game).map((type, index) => [
      type,
      Object.fromEntries(LOCALES.filter((language) => language !== own).map((language) => [language, tabNames(game, language)[index]])),
    ]),
  );
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

const count = (value: number) => value.toLocaleString('en-US');

function currencyTexts(noun: string, step: CurrencyStep, language: Locale): BundleTexts {
  const base = `${count(step.amount)} ${noun}`;
  const percent = step.bonus ? `+${Math.round((step.bonus / step.amount) * 100)}%` : '';
  switch (language) {
    case 'ko':
      return {
        productName: base,
        productContent: `${noun} ${count(step.amount)}개가 인게임 우편으로 지급됩니다. 첫 충전 시 같은 수량을 한 번 더 드립니다.`,
        firstPayIcon: '첫 충전 2배',
        firstPayContent: `첫 충전: ${base} + 첫 충전 보너스 ${count(step.amount)}`,
        payIcon: percent || '인기',
        payContent: step.bonus ? `${base} + 보너스 ${count(step.bonus)}` : base,
      };
    case 'zh':
      return {
        productName: base,
        productContent: `${count(step.amount)} ${noun}将发送到你的游戏内邮箱。首次购买此档位可额外获得同等数量的${noun}。`,
        firstPayIcon: '首充双倍',
        firstPayContent: `首充：${base} + 首充奖励 ${count(step.amount)}`,
        payIcon: percent || '热门',
        payContent: step.bonus ? `${base} + 奖励 ${count(step.bonus)}` : base,
      };
    default:
      return {
        productName: base,
        productContent: `${base} delivered to your in-game mailbox. Your first top-up of this size doubles the ${noun}.`,
        firstPayIcon: 'First top-up ×2',
        firstPayContent: `First top-up: ${base} + ${count(step.amount)} first-time bonus`,
        payIcon: percent || 'Popular',
        payContent: step.bonus ? `${base} + ${count(step.bonus)} bonus` : base,
      };
  }
}

/** The card's words in the store's languages other than the area's. */
function otherLanguages(own: Locale, textsIn: (language: Locale) => BundleTexts): Translations<BundleTexts> {
  return Object.fromEntries(LOCALES.filter((language) => language !== own).map((language) => [language, textsIn(language)]));
}

function currencyBundles(game: DemoGame, area: string, tab: string): DemoBundle[] {
  const own = ownLanguage(area);
  const ko = own === 'ko';
  const noun = game.currency[own];
  return CURRENCY_STEPS.map((step, index) => ({
    gameId: game.gameId,
    area,
    type: tab,
    productId: `${game.gameId}-${area}-currency-${step.amount}`,
    ...currencyTexts(noun, step, own),
    texts: otherLanguages(own, (language) => currencyTexts(game.currency[language], step, language)),
    productFileUrl: `/assets/products/currency-${index + 1}.svg`,
    priceMinor: ko ? step.won : step.usdCents,
    firstBuyOffer: true,
    // The mail is written in the game's language for the area.
    items: [{ name: noun, quantity: step.amount }],
    firstBuyItems: [{ name: ko ? `${noun} (첫 충전 보너스)` : `${noun} (first top-up bonus)`, quantity: step.amount }],
    bonusItems: step.bonus ? [{ name: ko ? `${noun} (보너스)` : `${noun} (bonus)`, quantity: step.bonus }] : [],
    roleBuyLimit: 0,
    sort: index,
  }));
}

/** A card's words: name, content, tag, subtitle ({c}: the game's currency). */
type CardWords = readonly [name: string, content: string, tag: string, subtitle: string];

interface PackSpec {
  readonly key: string;
  readonly image: string;
  readonly words: Readonly<Record<Locale, CardWords>>;
  readonly usdCents: number;
  readonly won: number;
  readonly limit: number;
  /** The first-purchase offer's tag and text, by language. */
  readonly firstBuy?: Readonly<Record<Locale, readonly [tag: string, text: string]>>;
  /** What the mail delivers, by language: [item name ({c}: the game's currency), quantity]. */
  readonly items: Readonly<Record<'en' | 'ko', readonly (readonly [string, number])[]>>;
  /** Delivered on top while the first-purchase offer applies (what `firstBuy`'s text promises). */
  readonly firstBuyItems?: Readonly<Record<'en' | 'ko', readonly (readonly [string, number])[]>>;
}

const PACKS: readonly PackSpec[] = [
  {
    key: 'starter-pack',
    image: 'pack-starter',
    words: {
      en: ['Starter Pack', 'A hero ticket, 5 summon scrolls and 200 {c}. Once per character.', 'Once only', 'Best value to begin'],
      ko: ['스타터 팩', '영웅 티켓, 소환 주문서 5장, {c} 200개. 캐릭터당 1회.', '1회 한정', '시작하기 좋은 구성'],
      zh: ['新手礼包', '英雄券 1 张、召唤卷轴 5 张和 200 {c}。每个角色限购 1 次。', '限购一次', '开局超值之选'],
    },
    usdCents: 199,
    won: 2500,
    limit: 1,
    firstBuy: {
      en: ['New player', 'Extra hero ticket on your first pack'],
      ko: ['신규', '첫 구매 시 영웅 티켓 추가'],
      zh: ['新玩家', '首次购买额外赠送英雄券'],
    },
    items: { en: [['Hero Ticket', 1], ['Summon Scroll', 5], ['{c}', 200]], ko: [['영웅 티켓', 1], ['소환 주문서', 5], ['{c}', 200]] },
    firstBuyItems: { en: [['Hero Ticket (new player bonus)', 1]], ko: [['영웅 티켓 (신규 보너스)', 1]] },
  },
  {
    key: 'weekly-supply',
    image: 'pack-weekly',
    words: {
      en: ['Weekly Supply', '100 {c} and 3 stamina potions. Up to 3 per character.', 'Limited', 'Stamina and {c}'],
      ko: ['주간 보급', '{c} 100개와 스태미나 물약 3개. 캐릭터당 3회.', '한정', '스태미나와 {c}'],
      zh: ['每周补给', '100 {c}和 3 瓶体力药水。每个角色限购 3 次。', '限量', '体力与{c}'],
    },
    usdCents: 299,
    won: 3900,
    limit: 3,
    firstBuy: {
      en: ['First ×2', 'First supply: double stamina potions'],
      ko: ['첫 구매 2배', '첫 보급: 스태미나 물약 2배'],
      zh: ['首购双倍', '首次补给：体力药水双倍'],
    },
    items: { en: [['{c}', 100], ['Stamina Potion', 3]], ko: [['{c}', 100], ['스태미나 물약', 3]] },
    firstBuyItems: { en: [['Stamina Potion (first supply bonus)', 3]], ko: [['스태미나 물약 (첫 보급 보너스)', 3]] },
  },
  {
    key: 'hero-chest',
    image: 'chest',
    words: {
      en: ['Hero Chest', 'One guaranteed epic hero and 500 {c}. Up to 5 per character.', 'Epic', 'Guaranteed epic hero'],
      ko: ['영웅 상자', '에픽 영웅 1명 확정과 {c} 500개. 캐릭터당 5회.', '에픽', '에픽 영웅 확정'],
      zh: ['英雄宝箱', '必得 1 名史诗英雄和 500 {c}。每个角色限购 5 次。', '史诗', '必得史诗英雄'],
    },
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
    words: {
      en: ['30-Day Pass', '90 {c} every day for 30 days, sent to your mailbox daily.', 'Daily', '90 {c} a day'],
      ko: ['30일 패스', '30일 동안 매일 {c} 90개를 우편으로 드립니다.', '매일', '하루 {c} 90개'],
      zh: ['30 天通行证', '连续 30 天每天 90 {c}，每日发送到你的邮箱。', '每日', '每天 90 {c}'],
    },
    usdCents: 499,
    won: 5900,
    limit: 12,
    firstBuy: {
      en: ['First pass', 'First pass: 300 {c} right away'],
      ko: ['첫 패스', '첫 패스: {c} 300개 즉시 지급'],
      zh: ['首张通行证', '首张通行证：立即获得 300 {c}'],
    },
    items: { en: [['30-Day Pass', 1]], ko: [['30일 패스', 1]] },
    firstBuyItems: { en: [['{c} (first pass bonus)', 300]], ko: [['{c} (첫 패스 보너스)', 300]] },
  },
  {
    key: 'season-pass',
    image: 'pass-season',
    words: {
      en: ['Season Pass', 'Unlocks the premium track of this season: skins, heroes and {c}.', 'Season', 'Premium rewards track'],
      ko: ['시즌 패스', '이번 시즌 프리미엄 보상 트랙: 스킨, 영웅, {c}.', '시즌', '프리미엄 보상 트랙'],
      zh: ['赛季通行证', '解锁本赛季高级奖励路线：皮肤、英雄和{c}。', '赛季', '高级奖励路线'],
    },
    usdCents: 999,
    won: 12000,
    limit: 1,
    items: { en: [['Season Pass', 1]], ko: [['시즌 패스', 1]] },
  },
];

function specTexts(game: DemoGame, spec: PackSpec, language: Locale): BundleTexts {
  const fill = (text: string) => text.replaceAll('{c}', game.currency[language]);
  const [name, content, tag, subtitle] = spec.words[language];
  const firstBuy = spec.firstBuy?.[language];
  return {
    productName: name,
    productContent: fill(content),
    firstPayIcon: firstBuy ? firstBuy[0] : '',
    firstPayContent: firstBuy ? fill(firstBuy[1]) : '',
    payIcon: tag,
    payContent: fill(subtitle),
  };
}

function specBundles(game: DemoGame, area: string, tab: string, specs: readonly PackSpec[]): DemoBundle[] {
  const own = ownLanguage(area);
  const ko = own === 'ko';
  const fill = (text: string) => text.replaceAll('{c}', game.currency[own]);
  const mailItems = (items: PackSpec['items']): MailItem[] => (ko ? items.ko : items.en).map(([name, quantity]) => ({ name: fill(name), quantity }));
  return specs.map((spec, index) => ({
    gameId: game.gameId,
    area,
    type: tab,
    productId: `${game.gameId}-${area}-${spec.key}`,
    ...specTexts(game, spec, own),
    texts: otherLanguages(own, (language) => specTexts(game, spec, language)),
    productFileUrl: `/assets/products/${spec.image}.svg`,
    priceMinor: ko ? spec.won : spec.usdCents,
    firstBuyOffer: spec.firstBuy !== undefined,
    items: mailItems(spec.items),
    firstBuyItems: spec.firstBuyItems ? mailItems(spec.firstBuyItems) : [],
    bonusItems: [],
    roleBuyLimit: spec.limit,
    sort: index,
  }));
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
