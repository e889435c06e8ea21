/** Spec §9: the won sign when the area is kr, the dollar sign otherwise. */
export function currencySymbol(area: string | null | undefined): string {
  return area?.toLowerCase() === 'kr' ? '₩' : '$';
}

/** ISO currency the server charges in for an area. */
export function currencyCode(area: string | null | undefined): 'KRW' | 'USD' {
  return area?.toLowerCase() === 'kr' ? 'KRW' : 'USD';
}

/** Price text on a price button: symbol plus amount, won without decimals. */
export function formatPrice(amount: number | string, area: string | null | undefined): string {
  const value = typeof amount === 'number' ? amount : Number(amount);
  if (!Number.isFinite(value)) return `${currencySymbol(area)}${String(amount)}`;
  const text = currencyCode(area) === 'KRW' ? Math.round(value).toLocaleString('en-US') : value.toFixed(2);
  return `${currencySymbol(area)}${text}`;
}
