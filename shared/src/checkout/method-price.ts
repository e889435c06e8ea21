import { currencyCode, formatPrice } from '@topup/shared/rules';

/**
 * A bundle's price with a pay method's price difference (whole per cent, −50 to +50), in minor units,
 * rounded in the player's favour: a surcharge down, a saving up; never below one minor unit. The
 * server charges this and the pages show it: one function for both.
 */
export function methodPriceMinor(priceMinor: number, percent: number): number {
  const change = (priceMinor * Math.trunc(percent)) / 100;
  const adjusted = priceMinor + (change >= 0 ? Math.floor(change) : -Math.ceil(-change));
  return Math.max(1, adjusted);
}

/** A pay method's own price, formatted ("₩20,900"), for the pay method list; '' when it costs the bundle's price. */
export function methodPriceText(amount: string, percent: number | undefined, area: string): string {
  return percent ? formatPrice(methodAmount(amount, percent, area), area) : '';
}

/** The same on a price as the pages have it ("4.99", "19000"), in the area's currency. */
export function methodAmount(amount: string, percent: number, area: string): string {
  if (!percent) return amount;
  const decimals = currencyCode(area) === 'KRW' ? 0 : 2;
  const minor = Math.round(Number(amount) * 10 ** decimals);
  if (!Number.isFinite(minor) || minor <= 0) return amount;
  return (methodPriceMinor(minor, percent) / 10 ** decimals).toFixed(decimals);
}
