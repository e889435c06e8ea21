/**
 * A bundle's price with a pay method's price difference (whole per cent, −50 to +50), in minor units,
 * rounded in the player's favour (down: a surcharge loses its fraction, a saving gains it); never
 * below one minor unit. The server charges this and the pages show it: one function for both.
 */
export function methodPriceMinor(priceMinor: number, percent: number): number {
  return Math.max(1, priceMinor + Math.floor((priceMinor * Math.trunc(percent)) / 100));
}
