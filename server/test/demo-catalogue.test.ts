import fs from 'node:fs';
import { diffCatalogue } from '../src/catalogue/catalogue-diff';
import { CATALOGUE_SCHEMA_ID, catalogueRevisions, checkCatalogueFile, exportCatalogue } from '../src/catalogue/catalogue-file';
import { DEMO_DISCOUNT_CODES } from '../src/discounts/demo-discount-codes';
import { DEMO_CATALOGUE_PATH, readDemoCatalogue } from '../src/sandbox/seed/demo-catalogue';
import { seedDemo } from '../src/sandbox/seed/seed-demo';
import { testDbTargets } from './support/test-db';

jest.setTimeout(120_000);

describe('the demo catalogue file', () => {
  const text = fs.readFileSync(DEMO_CATALOGUE_PATH, 'utf8');

  it('is a catalogue file the published schema and the import\'s rules accept', () => {
    const file = readDemoCatalogue();
    expect(file.$schema).toBe(CATALOGUE_SCHEMA_ID);
    expect(checkCatalogueFile(file)).toEqual([]);
    expect(file.games).toHaveLength(10);
  });

  it('is written for people to review: two-space indents, one value a line, a final newline', () => {
    expect(text).toBe(`${JSON.stringify(JSON.parse(text), null, 2)}\n`);
  });

  it('brings the demo discount codes production refuses, and no other', () => {
    expect((readDemoCatalogue().discount_codes ?? []).map((code) => code.code).sort()).toEqual([...DEMO_DISCOUNT_CODES].sort());
  });
});

describe.each(testDbTargets())('seeding the demo catalogue on $name', (target) => {
  it('imports the file as one revision; seeding again changes nothing and makes no revision', async () => {
    const db = await target.open();
    try {
      await seedDemo(db);
      const seeded = await exportCatalogue(db);
      const { current, revisions } = await catalogueRevisions(db);
      expect(revisions).toEqual([expect.objectContaining({ revision: current, actor: 'service:seed', source: 'seed' })]);
      const { lists } = diffCatalogue(seeded, readDemoCatalogue());
      expect(Object.values(lists).every((list) => list.added === 0 && list.changed === 0)).toBe(true);

      await seedDemo(db);
      expect(await exportCatalogue(db)).toEqual(seeded);
      expect((await catalogueRevisions(db)).current).toBe(current);
    } finally {
      await db.close();
    }
  });

  it('leaves the discount codes out when they are off, and adds them when they are on', async () => {
    const db = await target.open();
    try {
      await seedDemo(db, null, { discountCodes: false });
      expect((await exportCatalogue(db)).discount_codes).toEqual([]);
      await seedDemo(db);
      expect((await exportCatalogue(db)).discount_codes).toEqual(readDemoCatalogue().discount_codes);
    } finally {
      await db.close();
    }
  });
});
