import type { Bundle } from '@topup/shared/types';
import { CatalogueFileError, checkCatalogueFile, exportCatalogue, importCatalogue, type CatalogueFile } from '../src/catalogue/catalogue-file';
import { call, openTestStore, type TestStore } from './support/test-app';
import { testDbTargets } from './support/test-db';

jest.setTimeout(120_000);

const IMPORT = { actor: 'service:test', reason: 'test', source: 'import' } as const;

const revisionOf = async (store: TestStore) => (await store.db.query<{ revision: number }>('SELECT revision::int AS revision FROM catalogue_revision'))[0]!.revision;

/** A copy to change: the export is read-only. */
const copy = (file: CatalogueFile) => JSON.parse(JSON.stringify(file)) as { -readonly [K in keyof CatalogueFile]: Array<Record<string, unknown>> } & { format: number };

describe.each(testDbTargets())('the catalogue as a file on $name', (target) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await openTestStore(target);
  });
  afterAll(() => store.close());

  it('exports the demo catalogue as a file the published schema and rules accept, and imports it back unchanged as one revision', async () => {
    const file = await exportCatalogue(store.db);
    expect(file.games.length).toBe(10);
    expect(JSON.stringify(file)).not.toContain('game_server_secret');
    expect(checkCatalogueFile(file)).toEqual([]);
    const before = await revisionOf(store);
    const outcome = await importCatalogue(store.db, store.catalogue, JSON.parse(JSON.stringify(file)), IMPORT);
    expect(outcome.revision).toBe(before + 1);
    expect(await revisionOf(store)).toBe(before + 1);
    expect(await exportCatalogue(store.db)).toEqual(file);
    const { catalogueAtRevision, catalogueRevisions } = await import('../src/catalogue/catalogue-file');
    expect((await catalogueRevisions(store.db)).revisions[0]).toMatchObject({ revision: before + 1, actor: 'service:test', source: 'import', counts: { games: 10 } });
    expect(await catalogueAtRevision(store.db, before + 1)).toEqual(file);
  });

  it('refuses a broken file whole, naming every problem, and changes nothing', async () => {
    const file = copy(await exportCatalogue(store.db));
    file.bundles[0]!.price_minor = -5;
    file.bundles[1]!.type = 'no-such-tab';
    file.games[0]!.colour = 'red';
    file.servers.push({ ...file.servers[0]! });
    file.banners[2]!.slideshow_url = '/assets/banners/no-such-slide.svg';
    // Every problem in one pass: the layout's and the rules between the lists, the rows of a wrong layout
    // not judged by the rules (bundles[0]'s tab is not said to offer nothing).
    const problems = checkCatalogueFile(file);
    expect(problems).toEqual([
      expect.stringMatching(/^\/games\/0: must NOT have additional properties \(colour\)$/),
      expect.stringMatching(/^\/bundles\/0\/price_minor: must be >= 1$/),
      expect.stringMatching(/^servers\[\d+\] \(\d+\/\w+\): the same game and server_id as servers\[0\]$/),
      expect.stringMatching(/^bundles\[1\] \([^)]+\): there is no tab "no-such-tab" for game \d+ in area "\w+"$/),
      expect.stringMatching(/^banners\[2\] \([^)]+\): slideshow_url: the picture \/assets\/banners\/no-such-slide.svg is missing: the store has no such file \(404\)$/),
    ]);
    // Fixing the layout uncovers nothing more.
    delete file.games[0]!.colour;
    file.bundles[0]!.price_minor = 499;
    expect(checkCatalogueFile(file)).toEqual(problems.slice(2));
    const before = await revisionOf(store);
    await expect(importCatalogue(store.db, store.catalogue, file, IMPORT)).rejects.toBeInstanceOf(CatalogueFileError);
    expect(await revisionOf(store)).toBe(before);
  });

  it('changes a price for players at once, retires a bundle with "active": false, and refuses to drop one', async () => {
    const file = copy(await exportCatalogue(store.db));
    const index = file.bundles.findIndex((b) => b.product_id === '18-us-currency-300');
    const retired = file.bundles.findIndex((b) => b.product_id !== '18-us-currency-300' && b.game_id === 18 && b.area === 'us' && b.type === file.bundles[index]!.type);
    file.bundles[index]!.price_minor = 555;
    file.bundles[retired]!.active = false;
    await importCatalogue(store.db, store.catalogue, file, IMPORT);
    const tab = String(file.bundles[index]!.type);
    const answer = await call<Bundle[]>(store.app, 'getPayPrice', { type: tab, game_id: 18, area: 'us', role_id: '', ln_uid: '' });
    const shown = answer.data.map((bundle) => bundle.product_id);
    expect(answer.data.find((bundle) => bundle.product_id === '18-us-currency-300')?.amount).toBe('5.55');
    expect(shown).not.toContain(file.bundles[retired]!.product_id);

    const dropped = copy(await exportCatalogue(store.db));
    dropped.bundles.splice(index, 1);
    const refusal = await importCatalogue(store.db, store.catalogue, dropped, IMPORT).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(CatalogueFileError);
    expect((refusal as CatalogueFileError).problems).toEqual([expect.stringMatching(/^bundles: 18-us-currency-300 is in the catalogue but not in the file/)]);
  });
});
