import type { Locale } from '@topup/shared/rules';
import { CHECKOUT_RETURN_PARAM } from '../../../payments';
import type { Storefront } from '../action';

/**
 * Where the player pays, in the page's language: the payment page opens in the language the player
 * reads. The pay centre's orders also say so (`return=pcpay`): their checkout comes back to the pay
 * centre's result page, not the phone's.
 */
export function payUrlIn(url: string, locale: Locale, storefront: Storefront = 'phone'): string {
  if (!url) return url;
  const back = storefront === 'payCentre' ? `&${CHECKOUT_RETURN_PARAM}=pcpay` : '';
  return `${url}${url.includes('?') ? '&' : '?'}lang=${locale}${back}`;
}
