import type { MailItem } from '../game/game-gateway';

/** The parts of a bundle its tags make promises about. */
export interface TaggedBundle {
  readonly first_pay_icon: string;
  readonly pay_icon: string;
  readonly items: readonly MailItem[];
  readonly first_buy_items: readonly MailItem[];
  readonly bonus_items: readonly MailItem[];
  readonly texts: Readonly<Record<string, { readonly firstPayIcon?: string; readonly payIcon?: string } | undefined>>;
}

const total = (items: readonly MailItem[]) => items.reduce((sum, item) => sum + item.quantity, 0);

/** "+25%", "+25 %", "25%" → 25; the highest when a tag says more than one. */
function percentOf(tag: string): number | null {
  const found = [...tag.matchAll(/(\d+(?:[.,]\d+)?)\s*[%％]/g)].map((match) => Number(match[1]!.replace(',', '.')));
  return found.length ? Math.max(...found) : null;
}

/** A tag that says the bundle doubles: "×2", "x2", "2배", "双倍", "double". */
const DOUBLES = /[×x]\s*2(?!\d)|2\s*배|双倍|翻倍|double/i;

/**
 * What a bundle's tags promise beyond what it delivers, in every language they are written in:
 * a percentage above the bonus's share of the items ("+25%" for 1,600 on 6,480, which is 24.7 %),
 * or a doubling that covers only part of the items (a first purchase that doubles the potions of a
 * pack with Dragon Gems and potions). A tag of a bundle that lists no items promises nothing checkable.
 */
export function bundleTagProblems(bundle: TaggedBundle): string[] {
  const base = total(bundle.items);
  if (base === 0) return [];
  const problems: string[] = [];
  const tags = (field: 'firstPayIcon' | 'payIcon', own: string) => [
    { where: field === 'payIcon' ? 'pay_icon' : 'first_pay_icon', tag: own },
    ...Object.entries(bundle.texts ?? {}).map(([language, texts]) => ({ where: `texts.${language}.${field}`, tag: texts?.[field] ?? '' })),
  ];
  const checks = [
    { tags: tags('payIcon', bundle.pay_icon), extra: bundle.bonus_items, what: 'the repeat bonus' },
    { tags: tags('firstPayIcon', bundle.first_pay_icon), extra: bundle.first_buy_items, what: 'the first-purchase bonus' },
  ];
  for (const { tags: written, extra, what } of checks) {
    const share = (total(extra) / base) * 100;
    const doublesAll = extra.length >= bundle.items.length && total(extra) >= base;
    for (const { where, tag } of written) {
      if (!tag) continue;
      const percent = percentOf(tag);
      if (percent !== null && percent > share + 1e-9) {
        problems.push(`${where} "${tag}" promises ${percent} % but ${what} is ${Math.round(share * 10) / 10} % of the items: say at most ${Math.floor(share)} %`);
      }
      if (DOUBLES.test(tag) && !doublesAll) {
        problems.push(`${where} "${tag}" promises double, but ${what} (${extra.map((item) => `${item.name} ×${item.quantity}`).join(', ') || 'nothing'}) does not double every item`);
      }
    }
  }
  return problems;
}
