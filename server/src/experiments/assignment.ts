import { createHash } from 'node:crypto';

/**
 * Which variant of an offer experiment a visitor gets (decision 308): a hash of the experiment's id and
 * the visitor's id placed on 10,000 slots, the variants' shares laid end to end in their order. The
 * same visitor gets the same variant on every read and every instance (no state, no clock), and two
 * experiments split the same visitors independently. A stopped variant's visitors get the control.
 */

export const CONTROL = 'control';
const SLOTS = 10_000;

export interface VariantShare {
  readonly variant: string;
  /** Per cent of the visitors, 1–100; the shares of an experiment add up to 100. */
  readonly share: number;
  /** Stopped (by the guardrail or an operator): its visitors see the control. */
  readonly stopped: boolean;
}

/** The visitor's slot, 0–9,999, in one experiment. */
export function slotOf(experimentId: string, visitor: string): number {
  const digest = createHash('sha256').update(`${experimentId}\u0000${visitor}`).digest();
  return digest.readUInt32BE(0) % SLOTS;
}

/**
 * The variant the visitor sees: the one whose share holds its slot, or the control when that variant
 * is stopped, or when the shares leave the slot uncovered.
 */
export function variantFor(experimentId: string, visitor: string, variants: readonly VariantShare[]): string {
  const slot = slotOf(experimentId, visitor);
  let end = 0;
  for (const entry of variants) {
    end += entry.share * (SLOTS / 100);
    if (slot < end) return entry.stopped ? CONTROL : entry.variant;
  }
  return CONTROL;
}
