/** Spec §9: the won sign when the area is kr, the dollar sign otherwise. */
export function currencySymbol(area: string | null | undefined): string {
  return area?.toLowerCase() === 'kr' ? '₩' : '$';
}

/** ISO currency the server charges in for an area. */
export function currencyCode(area: string | null | undefined): 'KRW' | 'USD' {
  return area?.toLowerCase() === 'kr' ? 'KRW' : 'USD';
}

/**
 * Price text on a price button: the symbol and the amount as `Intl` writes them (won without
 * decimals, grouped thousands). The store's three languages write prices alike, so one format serves them.
 */
export function formatPrice(amount: number | string, area: string | null | undefined): string {
  const value = typeof amount === 'number' ? amount : Number(amount);
  if (!Number.isFinite(value)) return `${currencySymbol(area)}${String(amount)}`;
  return new Intl.NumberFormat('en', { style: 'currency', currency: currencyCode(area), currencyDisplay: 'narrowSymbol' }).format(value);
}
