/**
 * How the catalogue editor shows each list of the catalogue file (server/src/catalogue/catalogue-file.schema.json):
 * its fields in order, what kind of input each is, which fields name the row, and a new row's values.
 * A field a row has and this table does not know (a newer server) is edited as JSON, never dropped.
 */

export type FieldKind =
  | 'int'
  | 'text'
  | 'longText'
  | 'bool'
  | 'localized'
  | 'localizedLong'
  | 'paragraphs'
  | 'json'
  | 'nullableJson'
  | 'image'
  | 'minor'
  | 'when'
  | 'nullableInt'
  | 'nullableText'
  | 'choice'
  | 'items'
  | 'rewards';

export interface FieldSpec {
  readonly name: string;
  readonly kind: FieldKind;
  /** Part of the row's key: fixed once the row exists (a new key is a new row). */
  readonly key?: boolean;
  readonly choices?: readonly string[];
}

export interface ListSpec {
  readonly list: string;
  readonly fields: readonly FieldSpec[];
  /** The row's key, as the server names it (catalogue-diff.ts ROW_KEYS). */
  readonly key: (row: Readonly<Record<string, unknown>>) => string;
  /** The field that names a row in the table. */
  readonly title: (row: Readonly<Record<string, unknown>>) => string;
  readonly blank: Readonly<Record<string, unknown>>;
}

/** A new row's time field that starts at the moment the row is added. */
export const NOW = '@now';

const f = (name: string, kind: FieldKind, extra: Partial<FieldSpec> = {}): FieldSpec => ({ name, kind, ...extra });
const localizedBlank = { en: '', ko: '', zh: '' };
const str = (value: unknown) => (typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value));
const nameIn = (value: unknown) => str((value as { en?: string } | null)?.en);

export const LIST_SPECS: readonly ListSpec[] = [
  {
    list: 'games',
    key: (row) => str(row.game_id),
    fields: [
      f('game_id', 'int', { key: true }),
      f('names', 'localized'),
      f('descriptions', 'localizedLong'),
      f('icon_url', 'image'),
      f('role_lookup', 'choice', { choices: ['id', 'name'] }),
      f('server_sign_required', 'bool'),
      f('role_help_image', 'image'),
      f('in_voucher_centre', 'bool'),
      f('sort', 'int'),
      f('help', 'paragraphs'),
      f('rewards', 'rewards'),
    ],
    title: (row) => nameIn(row.names),
    blank: { game_id: '', names: localizedBlank, descriptions: localizedBlank, icon_url: '', role_lookup: 'id', server_sign_required: false, role_help_image: '', in_voucher_centre: true, sort: 0, help: {}, rewards: null },
  },
  {
    list: 'game_areas',
    key: (row) => `${str(row.game_id)}/${str(row.area)}`,
    fields: [f('game_id', 'int', { key: true }), f('area', 'text', { key: true }), f('customer_service_url', 'nullableText'), f('region_picker', 'nullableJson'), f('sort', 'int')],
    title: (row) => `${str(row.game_id)} · ${str(row.area)}`,
    blank: { game_id: '', area: '', customer_service_url: null, region_picker: null, sort: 0 },
  },
  {
    list: 'servers',
    key: (row) => `${str(row.game_id)}/${str(row.server_id)}`,
    fields: [
      f('game_id', 'int', { key: true }),
      f('area', 'text'),
      f('region', 'text'),
      f('server_id', 'text', { key: true }),
      f('server_name', 'text'),
      f('server_sign', 'text'),
      f('sort', 'int'),
      f('open', 'bool'),
    ],
    title: (row) => str(row.server_name),
    blank: { game_id: '', area: '', region: '', server_id: '', server_name: '', server_sign: '', sort: 0, open: true },
  },
  {
    list: 'product_tabs',
    key: (row) => `${str(row.game_id)}/${str(row.area)}/${str(row.type)}`,
    fields: [f('game_id', 'int', { key: true }), f('area', 'text', { key: true }), f('type', 'text', { key: true }), f('labels', 'json'), f('sort', 'int')],
    title: (row) => str(row.type),
    blank: { game_id: '', area: '', type: '', labels: {}, sort: 0 },
  },
  {
    list: 'bundles',
    key: (row) => str(row.product_id),
    fields: [
      f('product_id', 'text', { key: true }),
      f('game_id', 'int'),
      f('area', 'text'),
      f('type', 'text'),
      f('product_name', 'text'),
      f('product_content', 'longText'),
      f('product_file_url', 'image'),
      f('price_minor', 'minor'),
      f('items', 'items'),
      f('first_buy_offer', 'bool'),
      f('first_pay_icon', 'text'),
      f('first_pay_content', 'text'),
      f('first_buy_items', 'items'),
      f('pay_icon', 'text'),
      f('pay_content', 'text'),
      f('bonus_items', 'items'),
      f('role_buy_limit', 'int'),
      f('role_buy_limit_period', 'choice', { choices: ['ever', 'day', 'week', 'month'] }),
      f('sale_starts_at', 'when'),
      f('sale_ends_at', 'when'),
      f('texts', 'json'),
      f('active', 'bool'),
      f('sort', 'int'),
    ],
    title: (row) => str(row.product_name),
    blank: {
      product_id: '',
      game_id: '',
      area: '',
      type: '',
      product_name: '',
      product_content: '',
      product_file_url: '',
      price_minor: '',
      items: [],
      first_buy_offer: false,
      first_pay_icon: '',
      first_pay_content: '',
      first_buy_items: [],
      pay_icon: '',
      pay_content: '',
      bonus_items: [],
      role_buy_limit: 0,
      role_buy_limit_period: 'ever',
      sale_starts_at: null,
      sale_ends_at: null,
      texts: {},
      active: true,
      sort: 0,
    },
  },
  {
    list: 'banners',
    key: (row) => str(row.banner_key),
    fields: [
      f('banner_key', 'text', { key: true }),
      f('game_id', 'nullableInt'),
      f('area', 'text'),
      f('url', 'text'),
      f('slideshow_url', 'image'),
      f('starts_at', 'when'),
      f('ends_at', 'when'),
      f('texts', 'json'),
      f('sort', 'int'),
    ],
    title: (row) => str(row.banner_key),
    blank: { banner_key: '', game_id: null, area: '', url: '', slideshow_url: '', starts_at: null, ends_at: null, texts: {}, sort: 0 },
  },
  {
    list: 'pay_types',
    key: (row) => `${str(row.game_id)}/${str(row.area)}/${str(row.pay_type)}`,
    fields: [
      f('game_id', 'int', { key: true }),
      f('area', 'text', { key: true }),
      f('pay_type', 'text', { key: true }),
      f('name', 'text'),
      f('names', 'json'),
      f('icon_url', 'image'),
      f('brands', 'json'),
      f('price_percent', 'int'),
      f('sort', 'int'),
    ],
    title: (row) => str(row.name),
    blank: { game_id: '', area: '', pay_type: '', name: '', names: {}, icon_url: '', brands: [], price_percent: 0, sort: 0 },
  },
  {
    list: 'discount_codes',
    key: (row) => str(row.code),
    fields: [
      f('code', 'text', { key: true }),
      f('percent_off', 'nullableInt'),
      f('amount_off', 'nullableJson'),
      f('game_ids', 'json'),
      f('product_ids', 'json'),
      f('valid_from', 'when'),
      f('valid_until', 'when'),
      f('uses_per_role', 'int'),
      f('uses_per_code', 'int'),
      f('active', 'bool'),
    ],
    title: (row) => str(row.code),
    blank: { code: '', percent_off: null, amount_off: null, game_ids: [], product_ids: [], valid_from: NOW, valid_until: null, uses_per_role: 0, uses_per_code: 0, active: true },
  },
  {
    list: 'post_purchase_offers',
    key: (row) => `${str(row.game_id)}/${str(row.area)}`,
    fields: [
      f('game_id', 'int', { key: true }),
      f('area', 'text', { key: true }),
      f('product_id', 'text'),
      f('percent_off', 'int'),
      f('bonus_items', 'items'),
      f('minutes', 'int'),
      f('active', 'bool'),
    ],
    title: (row) => str(row.product_id),
    blank: { game_id: '', area: '', product_id: '', percent_off: 10, bonus_items: [], minutes: 30, active: true },
  },
  {
    list: 'store_settings',
    key: (row) => str(row.key),
    fields: [f('key', 'text', { key: true }), f('value', 'longText')],
    title: (row) => str(row.key),
    blank: { key: '', value: '' },
  },
];

export const specOf = (list: string): ListSpec | undefined => LIST_SPECS.find((spec) => spec.list === list);

/** A list's new row, its times set to now. */
export function blankRow(spec: ListSpec): Record<string, unknown> {
  return Object.fromEntries(Object.entries(spec.blank).map(([name, value]) => [name, value === NOW ? new Date().toISOString() : value]));
}

/** The fields a row is shown with: the list's own, then any other the row has (edited as JSON). */
export function fieldsOf(spec: ListSpec, row: Readonly<Record<string, unknown>>): FieldSpec[] {
  const known = new Set(spec.fields.map((field) => field.name));
  return [...spec.fields, ...Object.keys(row).filter((name) => !known.has(name)).map((name) => f(name, typeof row[name] === 'boolean' ? 'bool' : 'json'))];
}

/** One item a bundle delivers, as its row of inputs: the item's name (in the area's language, as the game knows it), how many, and its name in each other language (optional). */
export interface ItemInput {
  readonly name: string;
  readonly quantity: string;
  readonly en: string;
  readonly ko: string;
  readonly zh: string;
}

/** Three texts, one per language, as a row's inputs hold them. */
export interface NamesInput {
  readonly en: string;
  readonly ko: string;
  readonly zh: string;
}

/**
 * A game's rewards as the form holds them (docs/catalogue.md, "Rewards"): whether the game gives any, its
 * time zone, the daily gift's items, points per 1,000 minor units of each currency, tiers and the rewards
 * points buy, each a row.
 */
export interface RewardsInput {
  readonly on: boolean;
  readonly time_zone: string;
  readonly gift: readonly ItemInput[];
  readonly rates: ReadonlyArray<{ readonly currency: string; readonly points: string }>;
  readonly tiers: ReadonlyArray<{ readonly min_points: string } & NamesInput>;
  readonly redeem: ReadonlyArray<{ readonly reward_id: string; readonly points: string; readonly items: readonly ItemInput[] } & NamesInput>;
  /** Whether the row has a `redeem` list (an empty one is kept, an absent one not added). */
  readonly hasRedeem: boolean;
}

/** What each input holds while it is edited: text, or a tick, or three texts for a field in every language, or item rows, or a game's rewards. */
export type Draft = Record<string, string | boolean | Record<string, string> | readonly ItemInput[] | RewardsInput>;

/** The currency an area sells in, and its minor units' decimals (USD 2, KRW 0, JPY 0): from Intl, so any currency is right. */
export function decimalsOf(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** Minor units as the currency's units: 499 → "4.99" (USD), 6500 → "6500" (KRW). */
export function unitsOf(minor: number, currency: string): string {
  const decimals = decimalsOf(currency);
  if (decimals === 0) return String(minor);
  const sign = minor < 0 ? '-' : '';
  const digits = String(Math.abs(minor)).padStart(decimals + 1, '0');
  return `${sign}${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

/** An amount typed in the currency's units as minor units ("4.99" → 499, "5" → 500), or null when it is not one (too many decimals for the currency, not a number). */
export function minorOf(text: string, currency: string): number | null {
  const decimals = decimalsOf(currency);
  const match = /^(\d{1,12})(?:[.,](\d*))?$/.exec(text.trim());
  if (!match) return null;
  const fraction = match[2] ?? '';
  if (fraction.length > decimals) return null;
  return Number(match[1]) * 10 ** decimals + (fraction ? Number(fraction.padEnd(decimals, '0')) : 0);
}

const LANGUAGES = ['en', 'ko', 'zh'] as const;

/** Items as rows of inputs. */
function itemsToInputs(value: unknown): ItemInput[] {
  return Array.isArray(value)
    ? value.map((item: { name?: unknown; quantity?: unknown; names?: Record<string, unknown> }) => ({
        name: str(item?.name),
        quantity: str(item?.quantity),
        en: str(item?.names?.en),
        ko: str(item?.names?.ko),
        zh: str(item?.names?.zh),
      }))
    : [];
}

/** Rows of item inputs as items (a row left wholly empty is none), and what is wrong with them. */
function itemsFromInputs(items: readonly ItemInput[]): { items: Array<Record<string, unknown>>; problems: Array<'itemName' | 'itemQuantity'> } {
  const filled = items.filter((item) => [item.name, item.quantity, ...LANGUAGES.map((language) => item[language])].some((text) => text.trim() !== ''));
  const problems: Array<'itemName' | 'itemQuantity'> = [];
  if (filled.some((item) => !item.name.trim())) problems.push('itemName');
  if (filled.some((item) => !/^\d+$/.test(item.quantity.trim()) || Number(item.quantity) < 1)) problems.push('itemQuantity');
  return {
    items: filled.map((item) => {
      const names = Object.fromEntries(LANGUAGES.flatMap((language) => (item[language].trim() ? [[language, item[language].trim()]] : [])));
      return { name: item.name.trim(), quantity: Number(item.quantity.trim()), ...(Object.keys(names).length > 0 ? { names } : {}) };
    }),
    problems,
  };
}

const namesOf = (value: unknown): NamesInput => {
  const names = (value ?? {}) as Record<string, unknown>;
  return { en: str(names.en), ko: str(names.ko), zh: str(names.zh) };
};
const namesFrom = (input: NamesInput) => ({ en: input.en.trim(), ko: input.ko.trim(), zh: input.zh.trim() });

/** A game without rewards, as the form starts them when the operator turns them on. */
export const NO_REWARDS: RewardsInput = { on: false, time_zone: 'UTC', gift: [], rates: [], tiers: [], redeem: [], hasRedeem: false };

/** A game's rewards (`games.rewards`, or null) as the form's inputs. */
export function rewardsToInput(value: unknown): RewardsInput {
  if (!value || typeof value !== 'object') return NO_REWARDS;
  const rewards = value as Record<string, unknown>;
  const rates = (rewards.points_per_1000_minor ?? {}) as Record<string, unknown>;
  return {
    on: true,
    time_zone: str(rewards.time_zone),
    gift: itemsToInputs(rewards.daily_gift),
    rates: Object.entries(rates).map(([currency, points]) => ({ currency, points: str(points) })),
    tiers: (Array.isArray(rewards.tiers) ? (rewards.tiers as Array<Record<string, unknown>>) : []).map((tier) => ({ min_points: str(tier.min_points), ...namesOf(tier.names) })),
    redeem: (Array.isArray(rewards.redeem) ? (rewards.redeem as Array<Record<string, unknown>>) : []).map((reward) => ({
      reward_id: str(reward.reward_id),
      points: str(reward.points),
      items: itemsToInputs(reward.items),
      ...namesOf(reward.names),
    })),
    hasRedeem: Array.isArray(rewards.redeem),
  };
}

/** The part of a game's rewards an input problem is shown by: `rewards.tiers`, `rewards.daily_gift`… */
export type RewardsPart = 'time_zone' | 'daily_gift' | 'points_per_1000_minor' | 'tiers' | 'redeem';

const whole = (text: string) => /^\d+$/.test(text.trim());

/**
 * The form's rewards as the catalogue's (null when the game gives none), and the inputs that are not values
 * (named `rewards.<part>`). Only what the form cannot turn into a value is judged here: the time zone, the
 * tiers' order and everything else the catalogue file's rules say are the server's to judge.
 */
export function rewardsFromInput(input: RewardsInput): { rewards: Record<string, unknown> | null; problems: InputProblem[] } {
  if (!input.on) return { rewards: null, problems: [] };
  const problems: InputProblem[] = [];
  const at = (part: RewardsPart, problem: InputProblem['problem']) => {
    if (!problems.some((p) => p.field === `rewards.${part}` && p.problem === problem)) problems.push({ field: `rewards.${part}`, problem });
  };
  const gift = itemsFromInputs(input.gift);
  for (const problem of gift.problems) at('daily_gift', problem);
  const rates: Record<string, number> = {};
  for (const rate of input.rates) {
    const currency = rate.currency.trim().toUpperCase();
    if (currency === '' && rate.points.trim() === '') continue;
    if (!/^[A-Z]{3}$/.test(currency)) at('points_per_1000_minor', 'currency');
    if (!whole(rate.points)) at('points_per_1000_minor', 'wholeNumber');
    rates[currency] = Number(rate.points.trim());
  }
  const tiers = input.tiers.map((tier) => {
    if (!whole(tier.min_points)) at('tiers', 'wholeNumber');
    return { min_points: Number(tier.min_points.trim()), names: namesFrom(tier) };
  });
  const redeem = input.redeem.map((reward) => {
    if (!whole(reward.points)) at('redeem', 'wholeNumber');
    const items = itemsFromInputs(reward.items);
    for (const problem of items.problems) at('redeem', problem);
    return { reward_id: reward.reward_id.trim(), points: Number(reward.points.trim()), names: namesFrom(reward), items: items.items };
  });
  return {
    rewards: {
      time_zone: input.time_zone.trim(),
      daily_gift: gift.items.length > 0 ? gift.items : null,
      points_per_1000_minor: rates,
      tiers,
      ...(input.hasRedeem || redeem.length > 0 ? { redeem } : {}),
    },
    problems,
  };
}

/** A row's values as the form's inputs; `currencyOf` names the currency of an area (a price is shown in its units). */
export function toInputs(fields: readonly FieldSpec[], row: Readonly<Record<string, unknown>>, currencyOf: (area: string) => string = () => 'USD'): Draft {
  const inputs: Draft = {};
  for (const field of fields) {
    const value = row[field.name];
    switch (field.kind) {
      case 'minor':
        inputs[field.name] = typeof value === 'number' ? unitsOf(value, currencyOf(str(row.area))) : str(value);
        break;
      case 'items':
        inputs[field.name] = itemsToInputs(value);
        break;
      case 'rewards':
        inputs[field.name] = rewardsToInput(value);
        break;
      case 'bool':
        inputs[field.name] = value === true;
        break;
      case 'localized':
      case 'localizedLong':
        inputs[field.name] = Object.fromEntries(LANGUAGES.map((language) => [language, str((value as Record<string, unknown> | null)?.[language])]));
        break;
      case 'paragraphs':
        // One paragraph per line.
        inputs[field.name] = Object.fromEntries(LANGUAGES.map((language) => [language, ((value as Record<string, unknown> | null)?.[language] as string[] | undefined)?.join('\n') ?? '']));
        break;
      case 'json':
      case 'nullableJson':
        inputs[field.name] = value === undefined || value === null ? '' : JSON.stringify(value, null, 2);
        break;
      case 'when':
        // <input type="datetime-local"> speaks local time without a zone; the file keeps UTC instants.
        inputs[field.name] = typeof value === 'string' && value ? toLocalInput(value) : '';
        break;
      default:
        inputs[field.name] = str(value);
    }
  }
  return inputs;
}

function toLocalInput(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A field the form cannot turn into a value: which, and the words key of why. */
export interface InputProblem {
  readonly field: string;
  readonly problem: 'wholeNumber' | 'json' | 'when' | 'amount' | 'itemName' | 'itemQuantity' | 'currency';
}

/**
 * The form's inputs as a row, or the inputs that are not values. Fields left empty that may be empty become
 * null. A price is typed in its area's currency units (`currencyOf`) and kept in minor units.
 */
export function fromInputs(fields: readonly FieldSpec[], inputs: Draft, currencyOf: (area: string) => string = () => 'USD'): { row: Record<string, unknown>; problems: InputProblem[] } {
  const row: Record<string, unknown> = {};
  const problems: InputProblem[] = [];
  for (const field of fields) {
    const raw = inputs[field.name];
    const text = typeof raw === 'string' ? raw.trim() : '';
    switch (field.kind) {
      case 'bool':
        row[field.name] = raw === true;
        break;
      case 'localized':
      case 'localizedLong':
        row[field.name] = Object.fromEntries(LANGUAGES.map((language) => [language, ((raw as Record<string, string>)[language] ?? '').trim()]));
        break;
      case 'paragraphs':
        // A language without paragraphs is left out: its players see the store's own.
        row[field.name] = Object.fromEntries(
          LANGUAGES.flatMap((language) => {
            const lines = ((raw as Record<string, string>)[language] ?? '').split('\n').map((line) => line.trim()).filter(Boolean);
            return lines.length > 0 ? [[language, lines]] : [];
          }),
        );
        break;
      case 'minor': {
        const minor = minorOf(text, currencyOf(typeof inputs.area === 'string' ? inputs.area.trim() : ''));
        if (minor === null) problems.push({ field: field.name, problem: 'amount' });
        else row[field.name] = minor;
        break;
      }
      case 'items': {
        const items = itemsFromInputs(Array.isArray(raw) ? (raw as readonly ItemInput[]) : []);
        for (const problem of items.problems) problems.push({ field: field.name, problem });
        row[field.name] = items.items;
        break;
      }
      case 'rewards': {
        const rewards = rewardsFromInput(raw && typeof raw === 'object' && !Array.isArray(raw) && 'on' in raw ? (raw as RewardsInput) : NO_REWARDS);
        problems.push(...rewards.problems);
        row[field.name] = rewards.rewards;
        break;
      }
      case 'int':
      case 'nullableInt':
        if (text === '' && field.kind === 'nullableInt') row[field.name] = null;
        else if (/^-?\d+$/.test(text)) row[field.name] = Number(text);
        else problems.push({ field: field.name, problem: 'wholeNumber' });
        break;
      case 'nullableText':
        row[field.name] = text === '' ? null : text;
        break;
      case 'json':
      case 'nullableJson':
        if (text === '') {
          if (field.kind === 'nullableJson') row[field.name] = null;
          break;
        }
        try {
          row[field.name] = JSON.parse(text) as unknown;
        } catch {
          problems.push({ field: field.name, problem: 'json' });
        }
        break;
      case 'when': {
        if (text === '') {
          row[field.name] = null;
          break;
        }
        const date = new Date(text);
        if (Number.isNaN(date.getTime())) problems.push({ field: field.name, problem: 'when' });
        else row[field.name] = date.toISOString();
        break;
      }
      default:
        row[field.name] = text;
    }
  }
  return { row, problems };
}
