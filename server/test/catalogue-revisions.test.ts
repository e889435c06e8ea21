import { CatalogueFileError, checkCatalogueFile, checkCatalogueFileInTurns, exportCatalogue, importCatalogue, picturesOf, type CatalogueFile } from '../src/catalogue/catalogue-file';
import { LISTED_PROBLEMS } from '../src/catalogue/catalogue-file-schema';
import { loadConfig } from '../src/config';
import { addOperator } from '../src/ops/operator-admin';
import { call, openTestStore, type TestStore } from './support/test-app';
import { testDbTargets } from './support/test-db';
import { Console, PASSWORD, type Json } from './support/ops-console-client';

jest.setTimeout(120_000);

const SETUP = { name: 'service:test-setup', operatorId: null, address: 'test' };
const IMPORT = { actor: 'service:test', reason: 'test', source: 'import' } as const;

/** A copy to change: the export is read-only. */
const copy = (file: CatalogueFile) => JSON.parse(JSON.stringify(file)) as { -readonly [K in keyof CatalogueFile]-?: Array<Record<string, unknown>> } & { format: number };

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+KAAAAEUlEQVR42mP8z8BQz0AEYBxVSF8AAFeSBPkI2+HUAAAAAElFTkSuQmCC', 'base64');

describe('a catalogue file checked in one pass', () => {
  it('lists the layout\'s problems and the rules\' together, and a banner\'s or bundle\'s picture the store does not have', async () => {
    const store = await openTestStore(testDbTargets()[0]!);
    try {
      const file = copy(await exportCatalogue(store.db));
      file.bundles[0]!.price_minor = 0; // layout
      file.bundles[1]!.type = 'no-such-tab'; // rule
      file.bundles[2]!.product_file_url = '/assets/products/gone.svg'; // picture: 404
      file.bundles[3]!.product_file_url = '/assets/catalogue/0123456789abcdef0123.png'; // picture: never uploaded
      file.banners[0]!.slideshow_url = 'https://cdn.example.com/slide.png'; // picture: not the store's
      file.banners[1]!.slideshow_url = '/assets/../package.json'; // picture: not a file the store serves
      file.banners[2]!.url = 'https://events.example.com/'; // rule
      file.games.push(null as unknown as Record<string, unknown>); // layout: not even an object
      const problems = await checkCatalogueFileInTurns(file, { pictures: await picturesOf(store.db, file) });
      expect(problems).toEqual([
        '/games/10: must be object',
        '/bundles/0/price_minor: must be >= 1',
        expect.stringMatching(/^bundles\[1\] \([^)]+\): there is no tab "no-such-tab"/),
        expect.stringMatching(/^bundles\[2\] \([^)]+\): product_file_url: the picture \/assets\/products\/gone.svg is missing: the store has no such file \(404\)$/),
        expect.stringMatching(/^bundles\[3\] \([^)]+\): product_file_url: the picture \/assets\/catalogue\/0123456789abcdef0123.png was never uploaded to this store$/),
        expect.stringMatching(/^banners\[0\] \([^)]+\): slideshow_url: the picture https:\/\/cdn.example.com\/slide.png is not one of the store's pictures/),
        expect.stringMatching(/^banners\[1\] \([^)]+\): slideshow_url: the picture \/assets\/..\/package.json is missing/),
        expect.stringMatching(/^banners\[2\] \([^)]+\): the link goes to events.example.com/),
      ]);
      // Without a database at hand (the command line's check of a file alone) the store's own files are still checked.
      expect(checkCatalogueFile(file).filter((p) => p.includes('picture'))).toHaveLength(3);
    } finally {
      await store.close();
    }
  });

  it('keeps its bound: the first problems listed, then how many more', async () => {
    const store = await openTestStore(testDbTargets()[0]!);
    try {
      const file = copy(await exportCatalogue(store.db));
      for (const bundle of file.bundles) bundle.product_file_url = '/assets/products/gone.svg';
      const problems = checkCatalogueFile(file);
      expect(problems).toHaveLength(LISTED_PROBLEMS + 1);
      expect(problems.at(-1)).toBe(`… and ${file.bundles.length - LISTED_PROBLEMS} more problems (${file.bundles.length} in all)`);
    } finally {
      await store.close();
    }
  });
});

describe.each(testDbTargets())('catalogue revisions on $name', (target) => {
  let store: TestStore;
  let url: string;

  beforeAll(async () => {
    store = await openTestStore(target, { ops: { ...loadConfig({}).ops, signInsPerAddress: 10_000 } });
    await store.app.listen({ host: '127.0.0.1', port: 0 });
    const address = store.app.server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    await addOperator(store.db, SETUP, { email: 'merch@ops.example', role: 'merchandiser', password: PASSWORD });
    await addOperator(store.db, SETUP, { email: 'viewer@ops.example', role: 'viewer', password: PASSWORD });
  });
  afterAll(() => store.close());

  const signedIn = async (email: string) => {
    const console = new Console(url);
    expect((await console.signIn(email)).status).toBe(200);
    return console;
  };

  it('refuses an import whose banner picture is missing, and takes one uploaded', async () => {
    const merch = await signedIn('merch@ops.example');
    const file = copy(await exportCatalogue(store.db));
    file.banners[0]!.slideshow_url = '/assets/banners/18-9.svg';
    const refusal = await importCatalogue(store.db, store.catalogue, file, IMPORT).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(CatalogueFileError);
    expect((refusal as CatalogueFileError).problems).toEqual([expect.stringMatching(/^banners\[0\] \([^)]+\): slideshow_url: the picture \/assets\/banners\/18-9.svg is missing/)]);
    const checked = await merch.send('POST', '/catalogue/check', file);
    expect(checked.body.problems).toEqual((refusal as CatalogueFileError).problems);

    const upload = await fetch(`${url}/ops/api/catalogue/images`, { method: 'POST', headers: { ...merch.headers(), 'content-type': 'image/png' }, body: PNG });
    file.banners[0]!.slideshow_url = ((await upload.json()) as { url: string }).url;
    expect((await merch.send('POST', '/catalogue/check', file)).body.problems).toEqual([]);
  });

  it('counts a revision as the catalogue it keeps, keeps its diff, and reverts to it retiring what was added since when asked', async () => {
    const merch = await signedIn('merch@ops.example');
    // Revision A: one price changed.
    const first = copy(await exportCatalogue(store.db));
    const priced = first.bundles.find((b) => b.product_id === '18-us-currency-300')!;
    const oldPrice = priced.price_minor as number;
    priced.price_minor = oldPrice + 100;
    const a = await importCatalogue(store.db, store.catalogue, first, IMPORT);
    const diffA = (await merch.send('GET', `/catalogue/diff?revision=${a.revision}`)).body;
    expect(diffA.diff.lists.bundles).toMatchObject({ added: 0, changed: 1, retired: 0, rows: { changed: [{ key: '18-us-currency-300', fields: ['price_minor'], from_minor: oldPrice, to_minor: oldPrice + 100 }] } });

    // Revision B: a bundle and a banner added, another bundle retired.
    const second = copy(await exportCatalogue(store.db));
    const added = { ...priced, product_id: '18-us-currency-300-winter', product_name: '300 Dragon Gems (winter)', sort: 99 };
    second.bundles.push(added);
    second.banners.push({ ...second.banners.find((b) => b.game_id === 18)!, banner_key: '18-us-winter', starts_at: null, ends_at: null });
    second.bundles.find((b) => b.product_id === '18-us-currency-60')!.active = false;
    const b = await importCatalogue(store.db, store.catalogue, second, IMPORT);
    const diffB = (await merch.send('GET', `/catalogue/diff?revision=${b.revision}`)).body.diff;
    expect(diffB.lists.bundles).toMatchObject({ added: 1, changed: 0, retired: 1, rows: { added: [{ key: '18-us-currency-300-winter', to_minor: oldPrice + 100 }], retired: [{ key: '18-us-currency-60', fields: ['active'] }] } });
    expect(diffB.lists.banners).toMatchObject({ added: 1, rows: { added: [{ key: '18-us-winter' }] } });

    // The preview names what was added since A; a viewer may read it.
    const viewer = await signedIn('viewer@ops.example');
    const preview = (await viewer.send('GET', `/catalogue/revert-preview?revision=${a.revision}`)).body;
    expect(preview.added_since).toEqual({ bundles: 1, banners: 1, discount_codes: 0 });
    // Either way 18-us-currency-60 goes back on sale; retiring also takes the winter bundle off.
    expect(preview.diff.lists.bundles).toMatchObject({ retired: 0, changed: 1, rows: { changed: [{ key: '18-us-currency-60', fields: ['active'] }] } });
    expect(preview.diff_retiring.lists.bundles).toMatchObject({ retired: 1, changed: 1, rows: { retired: [{ key: '18-us-currency-300-winter', fields: ['active'] }] } });
    expect((await viewer.send('POST', '/catalogue/revert', { revision: a.revision, reason: 'x', request_key: 'revert-viewer-1', retire_added: true })).status).toBe(403);

    // Revert to A keeping the additions: the revision counts the catalogue (one bundle more than A's file).
    const keep = await merch.send('POST', '/catalogue/revert', { revision: a.revision, reason: 'winter over', request_key: 'revert-keep-1' });
    expect(keep.body).toMatchObject({ done: true });
    const bundles = (await exportCatalogue(store.db)).bundles;
    expect(bundles.find((x) => x.product_id === '18-us-currency-300-winter')?.active).toBe(true);
    const listed = (await merch.send('GET', '/catalogue')).body.revisions as Json[];
    expect(listed[0]).toMatchObject({ revision: keep.body.revision, has_diff: true, counts: { bundles: bundles.length } });
    expect(listed.find((r) => r.revision === a.revision).counts.bundles).toBe(bundles.length - 1);

    // Revert to A retiring the additions: the new bundle off sale, the new banner no longer shown, one audited revert.
    const retire = await merch.send('POST', '/catalogue/revert', { revision: a.revision, reason: 'winter over', request_key: 'revert-retire-1', retire_added: true });
    expect(retire.body).toMatchObject({ revision: keep.body.revision + 1, done: true });
    const after = await exportCatalogue(store.db);
    expect(after.bundles.find((x) => x.product_id === '18-us-currency-300-winter')?.active).toBe(false);
    expect(after.bundles.find((x) => x.product_id === '18-us-currency-60')?.active).toBe(true);
    expect(after.bundles).toHaveLength(bundles.length);
    const slides = await call<Array<{ slideshow_url: string }>>(store.app, 'banners', { game_id: 18, area: 'us' });
    expect(JSON.stringify(slides.data)).not.toContain('18-us-winter');
    const kept = (await merch.send('GET', `/catalogue/diff?revision=${retire.body.revision}`)).body.diff;
    expect(kept.lists.bundles.rows.retired).toEqual([expect.objectContaining({ key: '18-us-currency-300-winter' })]);
    expect(kept.lists.banners.rows.retired).toEqual([expect.objectContaining({ key: '18-us-winter', fields: ['ends_at'] })]);
    const [audit] = await store.db.query<{ action: string; after: Json; reason: string }>("SELECT action, after, reason FROM audit_log WHERE request_key = 'revert-retire-1'");
    expect(audit).toMatchObject({ action: 'catalogue.revert', after: { reverted_to: a.revision, retired_added: true }, reason: expect.stringContaining('retiring what was added since') });
    // The same request again does nothing more.
    expect((await merch.send('POST', '/catalogue/revert', { revision: a.revision, reason: 'winter over', request_key: 'revert-retire-1', retire_added: true })).body).toEqual({ revision: retire.body.revision, done: false });
  });

  it('answers a diff or a preview of a revision it does not have with 404, and a malformed one with 400', async () => {
    const viewer = await signedIn('viewer@ops.example');
    expect((await viewer.send('GET', '/catalogue/diff?revision=999999')).body.code).toBe('noDiff');
    expect((await viewer.send('GET', '/catalogue/revert-preview?revision=999999')).body.code).toBe('noSuchRevision');
    expect((await viewer.send('GET', '/catalogue/diff?revision=-1')).status).toBe(400);
    expect((await viewer.send('GET', '/catalogue/diff')).status).toBe(400);
    expect((await new Console(url).send('GET', '/catalogue/diff?revision=1')).status).toBe(401);
  });
});
