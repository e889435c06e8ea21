import { currencyCode, formatPrice, methodPriceMinor } from '@topup/shared/rules';

/** A pay method's price for the bundle, formatted ("₩20,900"), for the pay method list. */
export function methodPriceText(amount: string, percent: number | undefined, area: string): string {
  return formatPrice(methodAmount(amount, percent ?? 0, area), area);
}

/** The same on a price as the pages have it ("4.99", "19000"), in the area's currency. */
export function methodAmount(amount: string, percent: number, area: string): string {
  if (!percent) return amount;
  const decimals = currencyCode(area) === 'KRW' ? 0 : 2;
  const minor = Math.round(Number(amount) * 10 ** decimals);
  if (!Number.isFinite(minor) || minor <= 0) return amount;
  return (methodPriceMinor(minor, percent) / 10 ** decimals).toFixed(decimals);
}
