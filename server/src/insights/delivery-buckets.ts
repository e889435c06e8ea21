/**
 * Payment-to-delivery times are kept counted per bucket (insights_delivery_hours), not one by one:
 * percentiles then add up over hours, games and filters. Bucket b (PostgreSQL's width_bucket, from 1)
 * holds the times from DELIVERY_BUCKET_BOUNDS_MS[b - 1] up to DELIVERY_BUCKET_BOUNDS_MS[b]; the last,
 * a day and more. A percentile is answered as its bucket's upper bound: "at most so many ms".
 */
export const DELIVERY_BUCKET_BOUNDS_MS: readonly number[] = [
  0, 500, 1_000, 1_500, 2_000, 3_000, 4_000, 5_000, 7_500, 10_000, 15_000, 20_000, 30_000, 45_000, 60_000,
  90_000, 120_000, 180_000, 300_000, 600_000, 900_000, 1_800_000, 3_600_000, 7_200_000, 21_600_000, 86_400_000,
];

/** The bucket's upper bound in ms; null for the last bucket (a day or more). */
export function bucketUpperBound(bucket: number): number | null {
  return DELIVERY_BUCKET_BOUNDS_MS[bucket] ?? null;
}

/**
 * The `share` percentile (0.5, 0.95) of counts per bucket: the upper bound of the bucket that holds
 * it. null when there is nothing counted, or when it lies in the last bucket (`beyondLast`).
 */
export function percentileOf(counts: ReadonlyMap<number, number>, share: number): { readonly atMostMs: number | null } | null {
  const total = [...counts.values()].reduce((sum, n) => sum + n, 0);
  if (total === 0) return null;
  const rank = Math.ceil(share * total);
  let seen = 0;
  for (const bucket of [...counts.keys()].sort((a, b) => a - b)) {
    seen += counts.get(bucket) ?? 0;
    if (seen >= rank) return { atMostMs: bucketUpperBound(bucket) };
  }
  return { atMostMs: null };
}
