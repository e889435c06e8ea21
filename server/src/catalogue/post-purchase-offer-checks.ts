import type { CatalogueFile } from './catalogue-file-shape';

/**
 * The problems of a catalogue file's post-purchase offers that its schema cannot say, each after where
 * it is (`at`): the game is sold in the area, the bundle offered is an active bundle of that game and
 * area, and the offer gives something (a per cent off or bonus items). Rows whose layout is wrong (`ok` false)
 * are named for that alone. Linear in the file's size.
 */
export function postPurchaseOfferProblems(file: CatalogueFile, at: (index: number, key: string) => string, ok: (row: unknown) => boolean = () => true): string[] {
  const problems: string[] = [];
  const areas = new Set(file.game_areas.map((row) => `${row.game_id}/${row.area}`));
  const bundles = new Map(file.bundles.map((row) => [row.product_id, row]));
  (file.post_purchase_offers ?? []).forEach((row, index) => {
    if (!ok(row)) return;
    const key = `${row.game_id}/${row.area}`;
    const say = (problem: string) => problems.push(`${at(index, key)}: ${problem}`);
    if (!areas.has(key)) say(`game ${row.game_id} is not sold in area "${row.area}" (game_areas)`);
    const bundle = bundles.get(row.product_id);
    if (!bundle) say(`product_id: there is no bundle "${row.product_id}"`);
    else if (bundle.game_id !== row.game_id || bundle.area !== row.area) say(`product_id: the bundle "${row.product_id}" is sold in game ${bundle.game_id}, area "${bundle.area}", not in this one`);
    else if (row.active && !bundle.active) say(`product_id: the bundle "${row.product_id}" is not on sale (active false)`);
    if (row.percent_off === 0 && row.bonus_items.length === 0) say('the offer gives nothing: set percent_off or bonus_items');
  });
  return problems;
}
