/** A discount code as the store keeps it (table discount_codes, a list of the catalogue file). */
export interface DiscountCode {
  readonly code: string;
  /** The games it applies to; empty: every game. */
  readonly gameIds: readonly number[];
  /** The bundles it applies to (product ids); empty: every bundle of its games. */
  readonly productIds: readonly string[];
  /** Per cent off the price (1-90); null for a code with an amount off. */
  readonly percentOff: number | null;
  /** Minor units off per currency ({ USD: 200, KRW: 2000 }); null for a per-cent code. */
  readonly amountOff: Readonly<Record<string, number>> | null;
  readonly validFrom: Date;
  /** null: no end. */
  readonly validUntil: Date | null;
  /** Orders one character may place with it; 0: no limit. */
  readonly usesPerRole: number;
  /** Orders all characters together may place with it; 0: no limit. */
  readonly usesPerCode: number;
  readonly active: boolean;
}

export type DiscountRefusal = 'unknown' | 'notForThisBundle' | 'notYetValid' | 'expired' | 'usedUp' | 'usedUpEverywhere';

export interface DiscountUse {
  readonly gameId: number;
  readonly productId: string;
  /** The currency the bundle is sold in here: a code with an amount off names the currencies it takes off. */
  readonly currency: string;
  readonly now: Date;
  /** Orders of this character that hold a use of the code (paid ones, not refunded). */
  readonly usesByRole: number;
  /** Orders of every character that hold a use of the code, counted the same way. */
  readonly usesByAll: number;
}

/** Codes are typed by people: spaces around them and letter case do not matter. */
export function normaliseCode(typed: string): string {
  return typed.trim().toUpperCase();
}

/** Why a code cannot be used for this bundle by this character now, or null when it can. */
export function refuseDiscount(code: DiscountCode | null, use: DiscountUse): DiscountRefusal | null {
  if (!code || !code.active) return 'unknown';
  if (code.gameIds.length > 0 && !code.gameIds.includes(use.gameId)) return 'notForThisBundle';
  if (code.productIds.length > 0 && !code.productIds.includes(use.productId)) return 'notForThisBundle';
  if (code.amountOff && !Object.hasOwn(code.amountOff, use.currency)) return 'notForThisBundle';
  if (use.now < code.validFrom) return 'notYetValid';
  if (code.validUntil && use.now >= code.validUntil) return 'expired';
  if (code.usesPerRole > 0 && use.usesByRole >= code.usesPerRole) return 'usedUp';
  if (code.usesPerCode > 0 && use.usesByAll >= code.usesPerCode) return 'usedUpEverywhere';
  return null;
}

/** What a code takes off: its per cent, or its amount in the order's currency (minor units). */
export type DiscountOff = { readonly percent: number } | { readonly minor: number };

/** The discount of a code that applies (refuseDiscount said null) to a bundle sold in this currency. */
export function discountOff(code: Pick<DiscountCode, 'percentOff' | 'amountOff'>, currency: string): DiscountOff {
  if (code.amountOff) return { minor: code.amountOff[currency] ?? 0 };
  return { percent: code.percentOff ?? 0 };
}
