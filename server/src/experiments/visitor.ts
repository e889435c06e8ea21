import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { variantFor } from './assignment';
import type { ExperimentItem, OfferExperiment } from './offer-experiments';

/**
 * The visitor of offer experiments (decisions 308, 309): a browser's own random id in its own cookie,
 * signed so that only ids the store made are ever read. Not the report session and not the canary
 * bucket. The id names nothing about the player; it is joined to the orders the browser places.
 */
export const VISITOR_COOKIE = 'topup_visitor';

/** Kept a year: a visitor stays in its variant for as long as an experiment may run. */
export const VISITOR_LIFE_SECONDS = 365 * 24 * 3600;

/** 128 random bits as 22 characters of base64url, a dot, and 128 bits of the id's HMAC-SHA256. */
const SHAPE = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{22})$/;

const tagOf = (secret: string, id: string) => createHmac('sha256', secret).update(`offer-experiment-visitor:${id}`).digest().subarray(0, 16);

/** A new visitor: its id and the cookie's value. */
export function newVisitor(secret: string): { id: string; value: string } {
  const id = randomBytes(16).toString('base64url');
  return { id, value: `${id}.${tagOf(secret, id).toString('base64url')}` };
}

/** The visitor id of a cookie's value, or null for anything the store did not make (absent, garbage, forged). */
export function visitorOf(secret: string, value: string | null): string | null {
  const match = value === null ? null : SHAPE.exec(value);
  if (!match) return null;
  const [, id, tag] = match as unknown as [string, string, string];
  const sent = Buffer.from(tag, 'base64url');
  const wanted = tagOf(secret, id);
  return sent.length === wanted.length && timingSafeEqual(sent, wanted) ? id : null;
}

/** What a visitor's variant changes on a bundle: which experiment and variant, its per cent off and bonus items. */
export interface VariantOffer {
  readonly experimentId: string;
  readonly variant: string;
  readonly visitor: string;
  readonly percentOff: number;
  readonly bonusItems: readonly ExperimentItem[];
}

/** The visitor's variant of a running experiment (the control's offer changes nothing; a stopped variant gives the control). */
export function variantOfferFor(experiment: OfferExperiment, visitor: string): VariantOffer {
  const variant = variantFor(experiment.experimentId, visitor, experiment.variants);
  const terms = experiment.variants.find((entry) => entry.variant === variant);
  return { experimentId: experiment.experimentId, variant, visitor, percentOff: terms?.percentOff ?? 0, bonusItems: terms?.bonusItems ?? [] };
}
