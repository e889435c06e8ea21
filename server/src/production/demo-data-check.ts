import type { Queryable } from '../db/db';
import { activeCodesAmong, DEMO_DISCOUNT_CODES } from '../discounts';

/**
 * Why this database cannot serve a production store, or null. The demo discount codes are
 * published in the docs; a database that served as a development store first still has them.
 */
export async function demoDataProblem(db: Queryable): Promise<string | null> {
  const codes = await activeCodesAmong(db, DEMO_DISCOUNT_CODES);
  if (codes.length === 0) return null;
  const list = codes.map((code) => `'${code}'`).join(', ');
  return `the database holds the demo discount codes ${codes.join(', ')}: deactivate them (UPDATE discount_codes SET active = false WHERE code IN (${list})). STORE_MODE=demo allows them for a public demo.`;
}
