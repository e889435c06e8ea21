import type { Locale } from '@topup/shared/rules';
import type { Bundle } from '@topup/shared/types';
import type { CatalogueBundle, GameArea } from '../../../catalogue/catalogue';
import { itemsIn } from '../../../catalogue/catalogue-language';
import type { VariantOffer } from '../../../experiments';
import { experimentItems, variantPriceMinor } from '../../../orders';
import { formatAmount } from '../../../payments';

/** The line a variant's bonus items add to the card's words, in the page's language. */
const BONUS_LINE: Readonly<Record<Locale, (items: string) => string>> = {
  en: (items) => `Bonus: ${items}`,
  ko: (items) => `보너스: ${items}`,
  zh: (items) => `赠送：${items}`,
};

const joined = (text: string, line: string, between: string) => (text.trim() === '' ? line : `${text}${between}${line}`);

/**
 * The product card as a visitor's variant of an offer experiment shows it (decision 309): the
 * variant's price (the amount `createOrder` checks `seen_amount` against and charges, before the pay
 * method's difference), and its bonus items in `bonus_items` and in the card's own words (the subtitle
 * and the description), so that both storefronts show them with the card they have. The control
 * changes nothing.
 */
export function withVariant(card: Bundle, offer: VariantOffer, bundle: CatalogueBundle, gameArea: GameArea, language: Locale): Bundle {
  if (offer.percentOff === 0 && offer.bonusItems.length === 0) return card;
  const bonus = itemsIn(experimentItems(gameArea, offer.bonusItems), gameArea.area, language);
  const priced = { ...card, amount: formatAmount(variantPriceMinor(bundle.priceMinor, offer.percentOff), bundle.area) };
  if (bonus.length === 0) return priced;
  const line = BONUS_LINE[language](bonus.map((item) => `${item.name} ×${item.quantity}`).join(', '));
  return {
    ...priced,
    product_content: joined(card.product_content, line, '\n'),
    pay_content: joined(card.pay_content, line, ' · '),
    first_pay_content: joined(card.first_pay_content, line, ' · '),
    bonus_items: bonus,
  };
}
