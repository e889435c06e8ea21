import { useCallback, useEffect, useState } from 'react';
import { priceChange, type PriceChange } from './price-change';

interface Seen {
  readonly productId: string;
  readonly amount: string;
}

/**
 * The price the player last saw for the bundle, against the store's now. The first seen price is the
 * one the player chose the bundle at (the phone's shelf, carried by /submit's link) or, without one,
 * the store's first answer. When the store refuses an order because the price changed, the price that
 * was sent becomes the one seen and the storefront reads the bundle again: the page then shows both
 * prices and Pay charges the new one (one tap), never a loop of refusals.
 */
export function usePriceChange(productId: string, storeAmount: string | undefined, firstSeen?: string) {
  // `storeAmount` undefined: the store has not answered yet, nothing is compared or kept.
  const [seen, setSeen] = useState<Seen | null>(null);
  const known = seen !== null && seen.productId === productId;
  useEffect(() => {
    if (!known && productId && storeAmount) setSeen({ productId, amount: firstSeen || storeAmount });
  }, [known, productId, firstSeen, storeAmount]);
  const reference = known ? seen.amount : firstSeen;
  const change: PriceChange | null = productId ? priceChange(reference, storeAmount) : null;
  /** The store refused `sent`: it is what the player saw, whatever the store says next. */
  const refused = useCallback((sent: string) => setSeen({ productId, amount: sent }), [productId]);
  return { change, refused };
}
