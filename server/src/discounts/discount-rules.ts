/** A discount code as the store keeps it (table discount_codes). */
export interface DiscountCode {
  readonly code: string;
  /** null: every game. */
  readonly gameId: number | null;
  /** null: every bundle (of the game, when one is set). */
  readonly productId: string | null;
  readonly percentOff: number;
  readonly validFrom: Date;
  /** null: no end. */
  readonly validUntil: Date | null;
  /** Orders one character may place with it; 0: no limit. */
  readonly usesPerRole: number;
  readonly active: boolean;
}

export type DiscountRefusal = 'unknown' | 'notForThisBundle' | 'notYetValid' | 'expired' | 'usedUp';

export interface DiscountUse {
  readonly gameId: number;
  readonly productId: string;
  readonly now: Date;
  /** Orders of this character that hold a use of the code (unpaid ones until they expire). */
  readonly usesByRole: number;
}

/** Codes are typed by people: spaces around them and letter case do not matter. */
export function normaliseCode(typed: string): string {
  return typed.trim().toUpperCase();
}

/** Why a code cannot be used for this bundle by this character now, or null when it can. */
export function refuseDiscount(code: DiscountCode | null, use: DiscountUse): DiscountRefusal | null {
  if (!code || !code.active) return 'unknown';
  if (code.gameId !== null && code.gameId !== use.gameId) return 'notForThisBundle';
  if (code.productId !== null && code.productId !== use.productId) return 'notForThisBundle';
  if (use.now < code.validFrom) return 'notYetValid';
  if (code.validUntil && use.now >= code.validUntil) return 'expired';
  if (code.usesPerRole > 0 && use.usesByRole >= code.usesPerRole) return 'usedUp';
  return null;
}
