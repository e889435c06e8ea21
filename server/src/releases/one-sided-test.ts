/**
 * The store's one one-sided significance test (decision 308): the canary policy rolls a release back,
 * and the offer experiments stop a variant, only when it is worse with 99 % confidence.
 */

/** The one-sided critical value at α = 0.01. */
export const Z_CRITICAL = 2.326;

/** The two-sided 95 % value, for the confidence intervals the back office shows beside the figures. */
export const Z_INTERVAL_95 = 1.96;

/** How many standard errors `difference` is; an error of 0 makes any positive difference infinitely far. */
export function zScore(difference: number, standardError: number): number {
  if (standardError > 0) return difference / standardError;
  return difference > 0 ? Number.POSITIVE_INFINITY : 0;
}

/** The pooled standard error of the difference of two proportions (hits1 of n1 against hits0 of n0). */
export function pooledProportionError(hits1: number, n1: number, hits0: number, n0: number): number {
  if (n1 <= 0 || n0 <= 0) return 0;
  const pooled = (hits1 + hits0) / (n1 + n0);
  return Math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n0));
}

/** The standard error of one proportion p0 measured over n trials. */
export function oneProportionError(p0: number, n: number): number {
  return n > 0 ? Math.sqrt((p0 * (1 - p0)) / n) : 0;
}

/** The (unpooled) standard error of the difference of two means, from each sample's variance and size. */
export function meansDifferenceError(variance1: number, n1: number, variance0: number, n0: number): number {
  if (n1 <= 0 || n0 <= 0) return 0;
  return Math.sqrt(variance1 / n1 + variance0 / n0);
}

/** Whether z says "worse" at the policy's one-sided α = 0.01. */
export function significantlyWorse(z: number): boolean {
  return z >= Z_CRITICAL;
}
