import { currencyCode } from '@topup/shared/rules';
import { type DiscountCodeRecord, normaliseCode } from '../discounts';
import type { CatalogueFile } from './catalogue-file-shape';
import { windowProblems } from './sale-window';

const CURRENCIES = new Set(Intl.supportedValuesOf('currency'));

/**
 * The problems of a catalogue file's discount codes that its schema cannot say, each in words after
 * where it is (`at`): what players type, what the code applies to, what it takes off and when. Rows
 * refused for their layout (not `ok`) are left to that refusal.
 */
export function discountCodeProblems(file: CatalogueFile, at: (index: number, code: string) => string, ok: (row: unknown) => boolean = () => true): string[] {
  const problems: string[] = [];
  const games = new Set(file.games.map((game) => game.game_id));
  const bundleGames = new Map(file.bundles.map((bundle) => [bundle.product_id, bundle.game_id]));
  // Gathered once per game, so that each code costs what its own lists hold (linear in the file).
  const currenciesOfGame = new Map<number, Set<string>>();
  for (const area of file.game_areas) if (ok(area)) currenciesOfGame.set(area.game_id, (currenciesOfGame.get(area.game_id) ?? new Set<string>()).add(currencyCode(area.area)));
  const everyCurrency = new Set<string>([...currenciesOfGame.values()].flatMap((currencies) => [...currencies]));
  const currenciesOf = (gameIds: readonly number[]) =>
    gameIds.length === 0 ? everyCurrency : new Set<string>(gameIds.flatMap((gameId) => [...(currenciesOfGame.get(gameId) ?? [])]));

  (file.discount_codes ?? []).forEach((row: DiscountCodeRecord, index) => {
    if (!ok(row)) return;
    const where = at(index, row.code.trim());
    const say = (problem: string) => problems.push(`${where}: ${problem}`);
    if (row.code.trim() === '') say('a code needs the letters players type');
    else if (row.code !== normaliseCode(row.code)) say(`a code is written in capitals without spaces around it ("${normaliseCode(row.code)}"); players may type it in any case`);
    for (const gameId of row.game_ids) if (!games.has(gameId)) say(`game ${gameId} is not in games`);
    const ownGames = new Set(row.game_ids);
    for (const productId of row.product_ids) {
      const gameId = bundleGames.get(productId);
      if (gameId === undefined) say(`bundle "${productId}" is not in bundles`);
      else if (row.game_ids.length > 0 && !ownGames.has(gameId)) say(`bundle "${productId}" is of game ${gameId}, which is not in its game_ids`);
    }
    if ((row.percent_off === null) === (row.amount_off === null)) say('a code takes either a percent_off or an amount_off, exactly one of them');
    if (row.amount_off) {
      const sold = currenciesOf(row.game_ids);
      for (const currency of Object.keys(row.amount_off)) {
        if (!CURRENCIES.has(currency)) say(`amount_off: "${currency}" is not a currency`);
        else if (!sold.has(currency)) say(`amount_off: no area of ${row.game_ids.length > 0 ? 'its games' : 'the store'} is sold in ${currency} (${[...sold].sort().join(', ')})`);
      }
    }
    windowProblems('valid_from', row.valid_from, 'valid_until', row.valid_until).forEach(say);
  });
  return problems;
}
