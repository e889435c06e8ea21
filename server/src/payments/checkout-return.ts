/**
 * Where a checkout sends the player back once they paid or declined: the storefront that placed the
 * order. The phone store's orders go back to its result page, `/#/payResult`; the pay centre's carry
 * `return=pcpay` in their pay_url and go back to `/#/pcpay`, the desktop page that placed them, not
 * the phone's. A closed set of page names, never an address: nothing else is read from the link.
 */
export type CheckoutReturn = 'payResult' | 'pcpay';

/** The pay_url's parameter that names the page to return to. */
export const CHECKOUT_RETURN_PARAM = 'return';

/** The page a link's `return=` names; anything but `pcpay` (absent, unknown, forged) is the phone's. */
export function checkoutReturn(value: unknown): CheckoutReturn {
  return value === 'pcpay' ? 'pcpay' : 'payResult';
}

/** The store's result page of an order, on the storefront the checkout returns to. */
export function resultPath(orderId: string, back: CheckoutReturn = 'payResult'): string {
  return `/#/${back}?order_id=${encodeURIComponent(orderId)}`;
}
