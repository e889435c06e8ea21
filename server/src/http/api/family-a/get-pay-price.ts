import { currencyCode, type Locale } from '@topup/shared/rules';
import type { Bundle } from '@topup/shared/types';
import type { CatalogueBundle } from '../../../catalogue/catalogue';
import { bundleTexts } from '../../../catalogue/catalogue-language';
import { resolveGameArea } from '../../../catalogue/resolve-game-area';
import { formatAmount } from '../../../payments';
import { onSale } from '../../../catalogue/sale-window';
import { deliveredPurchases, type BundlePurchases } from '../../../purchases';
import { shownVariant } from '../../../orders';
import { withVariant } from './variant-card';
import { defineAction } from '../action';
import { invalid } from '../api-error';
import { FIELD } from '../fields';
import { requireGameId } from '../require-game-id';

const NONE: BundlePurchases = { ever: 0, inPeriod: 0 };

/**
 * A bundle as the product card shows it to one character (or to anyone, with no purchases), in `language`:
 * the first-purchase offer while it has none, the limit's progress in the limit's current period.
 */
export function toBundleCard(bundle: CatalogueBundle, purchases: BundlePurchases, language: Locale): Bundle {
  const limit = bundle.roleBuyLimit;
  const bought = purchases.inPeriod;
  const words = bundleTexts(bundle, language);
  return {
    id: bundle.id,
    product_id: bundle.productId,
    game_id: bundle.gameId,
    area: bundle.area,
    type: bundle.type,
    product_name: words.productName,
    product_content: words.productContent,
    product_file_url: bundle.productFileUrl,
    amount: formatAmount(bundle.priceMinor, bundle.area),
    currency: currencyCode(bundle.area),
    first_buy: bundle.firstBuyOffer && purchases.ever === 0 ? 1 : 0,
    first_pay_icon: words.firstPayIcon,
    first_pay_content: words.firstPayContent,
    pay_icon: words.payIcon,
    pay_content: words.payContent,
    role_buy_limit: limit,
    role_buy_count: bought,
    role_buy_limit_progress: limit > 0 ? `${Math.min(bought, limit)}/${limit}` : '',
  };
}

/**
 * `getPayPrice`: the bundles of one tab on sale now (inside their sale window). With `role_id` (or
 * `ln_uid`), first-buy and limit progress are that character's own, from its delivered purchases.
 */
export const getPayPrice = defineAction({
  fields: { type: FIELD.productType, game_id: FIELD.gameId, area: FIELD.area, role_id: FIELD.roleId, ln_uid: FIELD.uid },
  signed: true,
  // A game with a running offer experiment shows each visitor its variant (decision 309): not kept.
  sameForEveryone: (input, experiments) => !input.role_id && !input.ln_uid && !experiments?.inGame(Number(input.game_id)),
  async handle(input, { catalogue, db, locale, now, experiments, visitor }): Promise<Bundle[]> {
    const gameId = requireGameId(input);
    const { gameArea } = resolveGameArea(catalogue, gameId, input.area);
    const type = input.type || gameArea.tabs[0] || '';
    if (type === '') return [];
    const bundles = gameArea.bundlesByTab.get(type);
    if (!bundles) throw invalid('type');
    const roleId = input.role_id ?? '';
    const uid = input.ln_uid ?? '';
    const bought = roleId || uid ? await deliveredPurchases(db, { gameId, roleId, uid }) : new Map<number, BundlePurchases>();
    const cards: Bundle[] = [];
    for (const bundle of bundles) {
      if (!onSale(bundle, now)) continue;
      const card = toBundleCard(bundle, bought.get(bundle.id) ?? NONE, locale);
      // Only a bundle under a running experiment asks for the visitor (and sets its cookie when it has none).
      const offer = shownVariant(experiments, { gameId, area: gameArea.area, productId: bundle.productId }, () => visitor.id());
      if (!offer) {
        cards.push(card);
        continue;
      }
      await experiments!.visited(offer);
      cards.push(withVariant(card, offer, bundle, gameArea, locale));
    }
    return cards;
  },
});
