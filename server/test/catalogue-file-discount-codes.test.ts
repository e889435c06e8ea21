import { diffCatalogue } from '../src/catalogue/catalogue-diff';
import { CatalogueFileError, checkCatalogueFile, exportCatalogue, importCatalogue, type CatalogueFile } from '../src/catalogue/catalogue-file';
import { migrate, readMigrations } from '../src/db/migrate';
import type { DiscountCodeRecord } from '../src/discounts/discount-codes';
import { findDiscountCode } from '../src/discounts/discount-codes';
import { readDemoCatalogue } from '../src/sandbox/seed/demo-catalogue';
import { openTestStore, type TestStore } from './support/test-app';
import { testDbTargets } from './support/test-db';

jest.setTimeout(120_000);

const IMPORT = { actor: 'service:test', reason: 'test', source: 'import' } as const;

const codeRow = (code: string, overrides: Partial<DiscountCodeRecord> = {}): DiscountCodeRecord => ({
  code,
  game_ids: [],
  product_ids: [],
  percent_off: 10,
  amount_off: null,
  valid_from: '2020-01-01T00:00:00.000Z',
  valid_until: null,
  uses_per_role: 0,
  uses_per_code: 0,
  active: true,
  ...overrides,
});

/** The demo file with these codes as its list. */
const withCodes = (...codes: DiscountCodeRecord[]): CatalogueFile => ({ ...readDemoCatalogue(), discount_codes: codes });

describe('the discount_codes list of a catalogue file: its checks', () => {
  it('accepts a per-cent code, an amount per currency, several games and bundles, limits and a window', () => {
    expect(
      checkCatalogueFile(
        withCodes(
          codeRow('SPRING', { valid_from: '2026-03-01T00:00:00Z', valid_until: '2026-06-01T09:00:00+09:00', uses_per_role: 1, uses_per_code: 500 }),
          codeRow('TWO', { percent_off: null, amount_off: { USD: 200, KRW: 2000 }, game_ids: [18, 44], product_ids: ['18-us-currency-300', '44-kr-currency-300'] }),
        ),
      ),
    ).toEqual([]);
  });

  it('refuses each broken rule, saying where and what', () => {
    const problems = checkCatalogueFile(
      withCodes(
        codeRow('save10'),
        codeRow(' '),
        codeRow('NOGAME', { game_ids: [18, 999] }),
        codeRow('NOBUNDLE', { product_ids: ['no-such-bundle'] }),
        codeRow('OTHERGAME', { game_ids: [18], product_ids: ['44-us-currency-300'] }),
        codeRow('BOTH', { amount_off: { USD: 100 } }),
        codeRow('NEITHER', { percent_off: null }),
        codeRow('FUNNYMONEY', { percent_off: null, amount_off: { XYZ: 100, EUR: 100 } }),
        codeRow('BACKWARDS', { valid_from: '2026-06-01T00:00:00Z', valid_until: '2026-03-01T00:00:00Z' }),
        codeRow('NODAY', { valid_from: '2026-02-30T00:00:00Z' }),
        codeRow('BACKWARDS', { percent_off: 20 }),
      ),
    );
    expect(problems).toEqual([
      'discount_codes[10] (BACKWARDS): the same code as discount_codes[8]',
      'discount_codes[0] (save10): a code is written in capitals without spaces around it ("SAVE10"); players may type it in any case',
      'discount_codes[1]: a code needs the letters players type',
      'discount_codes[2] (NOGAME): game 999 is not in games',
      'discount_codes[3] (NOBUNDLE): bundle "no-such-bundle" is not in bundles',
      'discount_codes[4] (OTHERGAME): bundle "44-us-currency-300" is of game 44, which is not in its game_ids',
      'discount_codes[5] (BOTH): a code takes either a percent_off or an amount_off, exactly one of them',
      'discount_codes[6] (NEITHER): a code takes either a percent_off or an amount_off, exactly one of them',
      'discount_codes[7] (FUNNYMONEY): amount_off: "XYZ" is not a currency',
      'discount_codes[7] (FUNNYMONEY): amount_off: no area of the store is sold in EUR (KRW, USD)',
      'discount_codes[8] (BACKWARDS): valid_until (2026-03-01T00:00:00Z) must be after valid_from (2026-06-01T00:00:00Z)',
      'discount_codes[9] (NODAY): valid_from 2026-02-30T00:00:00Z is no day of the calendar',
    ]);
  });

  it('names the currencies of a code\'s own games when they are not its amount\'s', () => {
    const file = withCodes(codeRow('KRONA', { percent_off: null, amount_off: { SEK: 1000 }, game_ids: [18] }));
    expect(checkCatalogueFile(file)).toEqual(['discount_codes[0] (KRONA): amount_off: no area of its games is sold in SEK (KRW, USD)']);
  });

  it('keeps to its layout: a per cent from 1 to 90, whole positive amounts, times with a zone', () => {
    expect(checkCatalogueFile(withCodes(codeRow('BIG', { percent_off: 95 })))).toEqual(['/discount_codes/0/percent_off: must be <= 90']);
    expect(checkCatalogueFile(withCodes(codeRow('ZERO', { percent_off: null, amount_off: { USD: 0 } })))).toEqual(['/discount_codes/0/amount_off/USD: must be >= 1']);
    expect(checkCatalogueFile(withCodes(codeRow('LOCAL', { valid_from: '2026-01-01 00:00' })))).toEqual([
      expect.stringMatching(/^\/discount_codes\/0\/valid_from: must match pattern/),
    ]);
  });
});

describe.each(testDbTargets())('discount codes through catalogue files on $name', (target) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await openTestStore(target);
  });
  afterAll(() => store.close());

  it('round trip: exported, imported and exported again, every code is the same', async () => {
    const first = await exportCatalogue(store.db);
    const added = [
      codeRow('ROUNDTRIP', { percent_off: null, amount_off: { KRW: 3000, USD: 250 }, game_ids: [44, 18], product_ids: ['18-kr-currency-300'], uses_per_code: 7 }),
      codeRow('WINDOW', { valid_from: '2026-03-01T00:00:00.000Z', valid_until: '2026-06-01T00:00:00.000Z', uses_per_role: 2 }),
    ];
    await importCatalogue(store.db, store.catalogue, { ...first, discount_codes: [...(first.discount_codes ?? []), ...added] }, IMPORT);
    const second = await exportCatalogue(store.db);
    expect(second.discount_codes).toEqual(expect.arrayContaining([...(first.discount_codes ?? []), ...added]));
    expect(second.discount_codes).toHaveLength((first.discount_codes ?? []).length + 2);
    await importCatalogue(store.db, store.catalogue, JSON.parse(JSON.stringify(second)), IMPORT);
    expect((await exportCatalogue(store.db)).discount_codes).toEqual(second.discount_codes);
    expect(await findDiscountCode(store.db, 'ROUNDTRIP')).toMatchObject({ gameIds: [44, 18], amountOff: { KRW: 3000, USD: 250 }, usesPerCode: 7, percentOff: null });
  });

  it('lists a changed code as a change and a new one as an addition before importing', async () => {
    const now = await exportCatalogue(store.db);
    const codes = (now.discount_codes ?? []).map((row) => (row.code === 'WELCOME10' ? { ...row, percent_off: 12 } : row));
    const diff = diffCatalogue(now, { ...now, discount_codes: [...codes, codeRow('BRANDNEW')] });
    expect(diff.lists.discount_codes).toMatchObject({ added: 1, changed: 1 });
  });

  it('refuses a file that leaves a code out; one without the list leaves the codes as they are', async () => {
    const now = await exportCatalogue(store.db);
    const dropped = { ...now, discount_codes: (now.discount_codes ?? []).filter((row) => row.code !== 'WELCOME10') };
    const refusal = await importCatalogue(store.db, store.catalogue, dropped, IMPORT).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(CatalogueFileError);
    expect((refusal as CatalogueFileError).problems).toEqual([expect.stringMatching(/^discount_codes: WELCOME10 is in the catalogue but not in the file/)]);

    // A file written before codes were part of it (a revision reverted to, say).
    const { discount_codes: codes, ...older } = now;
    const outcome = await importCatalogue(store.db, store.catalogue, older, IMPORT);
    // The revision counts the catalogue it leaves: the codes the file left alone are still there.
    expect(outcome.counts.discount_codes).toBe(codes?.length);
    expect((await exportCatalogue(store.db)).discount_codes).toEqual(codes);
  });
});

describe.each(testDbTargets())('migration 062 on $name', (target) => {
  it('turns a code\'s game and bundle into lists and keeps its per cent', async () => {
    const db = await target.openUnmigrated();
    try {
      await migrate(db, readMigrations().filter((migration) => migration.version < 62));
      await db.query(
        `INSERT INTO discount_codes (code, game_id, product_id, percent_off, uses_per_role) VALUES ('ONEGAME', 18, NULL, 15, 0), ('ONEBUNDLE', 18, '18-us-currency-60', 30, 1), ('ANY', NULL, NULL, 10, 0)`,
      );
      await migrate(db);
      const rows = await db.query('SELECT code, game_ids, product_ids, percent_off, amount_off, uses_per_role, uses_per_code FROM discount_codes ORDER BY code');
      expect(rows).toEqual([
        { code: 'ANY', game_ids: [], product_ids: [], percent_off: 10, amount_off: null, uses_per_role: 0, uses_per_code: 0 },
        { code: 'ONEBUNDLE', game_ids: [18], product_ids: ['18-us-currency-60'], percent_off: 30, amount_off: null, uses_per_role: 1, uses_per_code: 0 },
        { code: 'ONEGAME', game_ids: [18], product_ids: [], percent_off: 15, amount_off: null, uses_per_role: 0, uses_per_code: 0 },
      ]);
      await expect(db.query(`INSERT INTO discount_codes (code, percent_off, amount_off) VALUES ('BOTH', 10, '{"USD": 100}')`)).rejects.toThrow();
      await expect(db.query(`INSERT INTO discount_codes (code) VALUES ('NEITHER')`)).rejects.toThrow();
    } finally {
      await db.close();
    }
  });
});
