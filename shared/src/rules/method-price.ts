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
