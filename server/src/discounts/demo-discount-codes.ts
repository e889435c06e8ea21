/**
 * The discount codes of the demo catalogue (the `discount_codes` list of
 * server/src/sandbox/seed/demo-catalogue.json), published in docs/orders.md: anyone can read them, so a
 * production store must not have them active (production/demo-data-check.ts). A test keeps this list
 * and the file's the same.
 */
export const DEMO_DISCOUNT_CODES: readonly string[] = ['EMBER15', 'EMBERSKY10', 'FIRST3', 'FUTURE30', 'ONCE50', 'SAVE2USD', 'SPRING2024', 'WELCOME10'];
