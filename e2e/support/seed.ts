/**
 * The demo data the browser tests use, by name (server/src/sandbox/seed: demo-catalogue.json and
 * demo-roles.ts): every store of the suite starts with it. A test names what it buys for whom here
 * rather than spelling IDs again.
 */

/** Emberwing Frontier, the game most flows run on, in its US area. */
export const EMBERWING = { game_id: '18', area: 'us', name: 'Emberwing Frontier' } as const;

export const NA_1_AURORA = { server_id: '1801', server_name: 'NA-1 Aurora' } as const;

/** The three demo accounts' characters on NA-1 Aurora (account n: uid 180000n, role 180100n). */
export const ARIA = { ...NA_1_AURORA, role_id: '1801001', role_name: 'Aria Stormblade', uid: '1800001' } as const;
export const BORIN = { ...NA_1_AURORA, role_id: '1801002', role_name: 'Borin Ironfist', uid: '1800002' } as const;
/** The returning player: the smallest currency bundle and one weekly supply bought already. */
export const CYRA = { ...NA_1_AURORA, role_id: '1801003', role_name: 'Cyra Moonshadow', uid: '1800003' } as const;

/** Bundles of Emberwing Frontier US, with their demo prices. */
export const GEMS_60 = { product_id: '18-us-currency-60', product_name: '60 Dragon Gems', amount: '0.99' } as const;
export const GEMS_300 = { product_id: '18-us-currency-300', product_name: '300 Dragon Gems', amount: '4.99' } as const;
export const GEMS_980 = { product_id: '18-us-currency-980', product_name: '980 Dragon Gems', amount: '14.99' } as const;
