import type { LocalizedText } from '../../catalogue/catalogue';

/** A demo server: its id, name, and the region (or sub-region) it belongs to. */
export interface DemoServerSpec {
  readonly id: string;
  readonly name: string;
  readonly region?: string;
}

export interface DemoGame {
  readonly gameId: number;
  readonly names: LocalizedText;
  readonly descriptions: LocalizedText;
  /** The game's in-game currency, as its first product tab is named. */
  readonly currency: LocalizedText;
  readonly roleLookup?: 'id' | 'name';
  readonly serverSignRequired?: boolean;
  readonly roleHelpImage?: boolean;
  /** Areas the game is sold in, each with its servers. The first area is the game's home. */
  readonly areas: Readonly<Record<string, readonly DemoServerSpec[]>>;
  /** Areas where the game deliberately has no customer-service link. */
  readonly noCustomerService?: readonly string[];
  /** Areas with a single pay method (the submit page then shows no choice). */
  readonly singlePayType?: readonly string[];
}

const kr = (gameId: number): DemoServerSpec[] => [
  { id: `${gameId}31`, name: '한국 1서버 (Korea 1)' },
  { id: `${gameId}32`, name: '한국 2서버 (Korea 2)' },
];

/**
 * The demo catalogue's games: every special rule of spec §9 has a game that shows it,
 * plus two plain games. Names are invented for the demo.
 */
export const DEMO_GAMES: readonly DemoGame[] = [
  {
    gameId: 18,
    names: { en: 'Emberwing Frontier', ko: '엠버윙 프론티어', zh: '烬翼边境' },
    descriptions: {
      en: 'Tame dragons and hold the frontier in real-time battles.',
      ko: '드래곤을 길들이고 실시간 전투로 국경을 지키세요.',
      zh: '驯服巨龙，在即时战斗中守卫边境。',
    },
    currency: { en: 'Dragon Gems', ko: '드래곤 젬', zh: '龙晶' },
    areas: {
      us: [
        { id: '1801', name: 'NA-1 Aurora' },
        { id: '1802', name: 'NA-2 Borealis' },
      ],
      eu: [
        { id: '1811', name: 'EU-1 Avalon' },
        { id: '1812', name: 'EU-2 Camelot' },
      ],
      en: [
        { id: '1821', name: 'AS-1 Sakura' },
        { id: '1822', name: 'AS-2 Lotus' },
      ],
      kr: kr(18),
    },
  },
  {
    gameId: 44,
    names: { en: 'Skyreach Legends', ko: '스카이리치 레전드', zh: '天穹传说' },
    descriptions: {
      en: 'Build a flying fleet and race across floating islands.',
      ko: '하늘 함대를 만들고 떠다니는 섬들을 가로지르세요.',
      zh: '打造飞行舰队，穿越浮空群岛。',
    },
    currency: { en: 'Sky Crystals', ko: '스카이 크리스탈', zh: '天空水晶' },
    areas: {
      us: [
        { id: '4401', name: 'AM-1 Condor', region: 'am' },
        { id: '4402', name: 'AM-2 Jaguar', region: 'am' },
        { id: '4411', name: 'EU-1 Falcon', region: 'eu' },
        { id: '4412', name: 'EU-2 Lynx', region: 'eu' },
      ],
      kr: kr(44),
    },
  },
  {
    gameId: 232,
    names: { en: 'Tidebound Voyage', ko: '타이드바운드 항해', zh: '潮汐远航' },
    descriptions: {
      en: 'Chart the seas, trade pearls and fight the tides.',
      ko: '바다를 항해하고 진주를 거래하며 파도와 싸우세요.',
      zh: '航行四海，交易珍珠，与潮汐搏斗。',
    },
    currency: { en: 'Pearls', ko: '진주', zh: '珍珠' },
    areas: {
      en: [
        { id: '23201', name: 'Asia-1 Coral', region: 'asia' },
        { id: '23202', name: 'Asia-2 Lagoon', region: 'asia' },
        { id: '23211', name: 'America-1 Harbor', region: 'america' },
        { id: '23212', name: 'America-2 Cape', region: 'america' },
        { id: '23221', name: 'Europe-1 Fjord', region: 'europe' },
        { id: '23222', name: 'Europe-2 Strait', region: 'europe' },
      ],
      kr: kr(232),
    },
  },
  {
    gameId: 134,
    names: { en: 'Crownfall Realms', ko: '크라운폴 왕국', zh: '王冠陨落' },
    descriptions: {
      en: 'Rule a kingdom across one shared world of servers.',
      ko: '하나로 연결된 세계에서 왕국을 다스리세요.',
      zh: '在互通的世界中统治你的王国。',
    },
    currency: { en: 'Crowns', ko: '크라운', zh: '王冠币' },
    serverSignRequired: true,
    areas: {
      multi: [
        { id: '13401', name: 'NA-1 Citadel', region: 'us' },
        { id: '13402', name: 'NA-2 Bastion', region: 'us' },
        { id: '13411', name: 'EU-1 Rampart', region: 'eu' },
        { id: '13412', name: 'EU-2 Keep', region: 'eu' },
      ],
      kr: kr(134),
    },
  },
  {
    gameId: 284,
    names: { en: 'Pixel Hearth', ko: '픽셀 하스', zh: '像素家园' },
    descriptions: {
      en: 'Farm, craft and decorate a cosy pixel village.',
      ko: '아늑한 픽셀 마을에서 농사짓고 만들고 꾸며 보세요.',
      zh: '在温馨的像素小镇耕种、制作与装饰。',
    },
    currency: { en: 'Pixels', ko: '픽셀', zh: '像素币' },
    roleLookup: 'name',
    areas: {
      us: [
        { id: '28401', name: 'Meadow' },
        { id: '28402', name: 'Orchard' },
      ],
      kr: kr(284),
    },
  },
  {
    gameId: 14,
    names: { en: 'Mecha Vanguard', ko: '메카 뱅가드', zh: '机甲先锋' },
    descriptions: {
      en: 'Pilot custom mechs in squad battles.',
      ko: '나만의 메카를 조종해 분대 전투에 나서세요.',
      zh: '驾驶定制机甲参加小队战斗。',
    },
    currency: { en: 'Power Cores', ko: '파워 코어', zh: '能量核心' },
    roleHelpImage: true,
    areas: {
      us: [
        { id: '1401', name: 'Hangar 1' },
        { id: '1402', name: 'Hangar 2' },
      ],
      kr: kr(14),
    },
  },
  {
    gameId: 136,
    names: { en: 'Moonpetal Saga', ko: '문페탈 사가', zh: '月瓣传奇' },
    descriptions: {
      en: 'A story-rich RPG under a thousand moons.',
      ko: '천 개의 달 아래 펼쳐지는 이야기 RPG.',
      zh: '千月之下的剧情角色扮演游戏。',
    },
    currency: { en: 'Moonstones', ko: '월석', zh: '月石' },
    roleHelpImage: true,
    areas: {
      us: [
        { id: '13601', name: 'Crescent' },
        { id: '13602', name: 'Full Moon' },
      ],
      kr: kr(136),
    },
  },
  {
    gameId: 182,
    names: { en: 'Ironroot Tactics', ko: '아이언루트 택틱스', zh: '铁根战术' },
    descriptions: {
      en: 'Turn-based tactics in an overgrown iron forest.',
      ko: '강철 숲에서 펼쳐지는 턴제 전략 게임.',
      zh: '钢铁森林中的回合制战术游戏。',
    },
    currency: { en: 'Iron Ingots', ko: '철 주괴', zh: '铁锭' },
    roleHelpImage: true,
    areas: {
      us: [
        { id: '18201', name: 'Grove' },
        { id: '18202', name: 'Thicket' },
      ],
      kr: kr(182),
    },
  },
  {
    gameId: 27,
    names: { en: 'Starfall Arena', ko: '스타폴 아레나', zh: '星落竞技场' },
    descriptions: {
      en: 'Five-minute arena matches with falling-star power-ups.',
      ko: '별똥별 파워업과 함께하는 5분 아레나 대전.',
      zh: '借助流星强化的五分钟竞技对战。',
    },
    currency: { en: 'Stars', ko: '스타', zh: '星星' },
    areas: {
      us: [
        { id: '2701', name: 'Arena 1' },
        { id: '2702', name: 'Arena 2' },
      ],
      kr: kr(27),
    },
  },
  {
    gameId: 310,
    names: { en: 'Lantern Isle', ko: '랜턴 아일', zh: '灯笼岛' },
    descriptions: {
      en: 'Light the lanterns of a sleepy island, one puzzle at a time.',
      ko: '퍼즐을 풀며 잠든 섬의 등불을 밝혀 보세요.',
      zh: '一题一谜，点亮沉睡小岛的灯笼。',
    },
    currency: { en: 'Lantern Oil', ko: '등불 기름', zh: '灯油' },
    areas: {
      us: [{ id: '31001', name: 'Isle 1' }],
      kr: [{ id: '31031', name: '한국 1서버 (Korea 1)' }],
    },
    noCustomerService: ['kr'],
    singlePayType: ['us'],
  },
];
