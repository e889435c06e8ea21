import { CatalogueFileError, checkCatalogueFile, exportCatalogue, importCatalogue, type CatalogueFile } from '../src/catalogue/catalogue-file';
import { checkDraftRow } from '../src/catalogue/catalogue-drafts';
import { findPostPurchaseOffer, type PostPurchaseOfferRecord } from '../src/discounts';
import { readDemoCatalogue } from '../src/sandbox/seed/demo-catalogue';
import { openTestStore, type TestStore } from './support/test-app';
import { testDbTargets } from './support/test-db';

jest.setTimeout(120_000);

const IMPORT = { actor: 'service:test', reason: 'test', source: 'import' } as const;

const offerRow = (overrides: Partial<PostPurchaseOfferRecord> = {}): PostPurchaseOfferRecord => ({
  game_id: 18,
  area: 'us',
  product_id: '18-us-currency-980',
  percent_off: 20,
  bonus_items: [],
  minutes: 30,
  active: true,
  ...overrides,
});

const withOffers = (...offers: PostPurchaseOfferRecord[]): CatalogueFile => ({ ...readDemoCatalogue(), post_purchase_offers: offers });

describe('the post_purchase_offers list of a catalogue file: its checks', () => {
  it('accepts a per-cent offer and a bonus-only offer', () => {
    expect(checkCatalogueFile(withOffers(offerRow(), offerRow({ area: 'kr', product_id: '18-kr-currency-300', percent_off: 0, bonus_items: [{ name: '드래곤 젬', quantity: 30 }] })))).toEqual([]);
  });

  it('refuses each broken rule, saying where and what', () => {
    const problems = checkCatalogueFile(
      withOffers(
        offerRow({ area: 'de' }),
        offerRow({ area: 'kr', product_id: 'no-such-bundle' }),
        offerRow({ game_id: 44, product_id: '18-us-currency-980' }),
        offerRow({ game_id: 14, percent_off: 0, product_id: '14-us-currency-60' }),
        offerRow({ area: 'kr', product_id: '18-kr-currency-300' }),
      ),
    );
    expect(problems).toEqual(
      expect.arrayContaining([
        'post_purchase_offers[4] (18/kr): the same game and area as post_purchase_offers[1]',
        'post_purchase_offers[0] (18/de): game 18 is not sold in area "de" (game_areas)',
        'post_purchase_offers[0] (18/de): product_id: the bundle "18-us-currency-980" is sold in game 18, area "us", not in this one',
        'post_purchase_offers[1] (18/kr): product_id: there is no bundle "no-such-bundle"',
        'post_purchase_offers[2] (44/us): product_id: the bundle "18-us-currency-980" is sold in game 18, area "us", not in this one',
        'post_purchase_offers[3] (14/us): the offer gives nothing: set percent_off or bonus_items',
      ]),
    );
  });

  it('refuses a percentage over 90 and a window over a day, by the schema (and the draft row check)', () => {
    expect(checkCatalogueFile(withOffers(offerRow({ percent_off: 95 })))).toEqual([expect.stringContaining('/post_purchase_offers/0/percent_off')]);
    expect(checkCatalogueFile(withOffers(offerRow({ minutes: 1441 })))).toEqual([expect.stringContaining('/post_purchase_offers/0/minutes')]);
    expect(checkDraftRow('post_purchase_offers', offerRow())).toEqual([]);
    expect(checkDraftRow('post_purchase_offers', { ...offerRow(), minutes: 0 })).not.toEqual([]);
  });
});

describe.each(testDbTargets())('post-purchase offers imported and exported on $name', (target) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await openTestStore(target);
  });
  afterAll(() => store?.close());

  it('are written by an import, exported again, never removed, and retired with active false', async () => {
    const file = await exportCatalogue(store.db);
    await importCatalogue(store.db, store.catalogue, { ...file, post_purchase_offers: [offerRow({ product_id: '18-us-currency-300', percent_off: 15 })] }, IMPORT);
    expect(await findPostPurchaseOffer(store.db, 18, 'us')).toMatchObject({ productId: '18-us-currency-300', percentOff: 15, minutes: 30 });
    expect((await exportCatalogue(store.db)).post_purchase_offers).toEqual([offerRow({ product_id: '18-us-currency-300', percent_off: 15 })]);
    // A file without the list leaves the offers as they are; one that leaves an offer out is refused.
    await importCatalogue(store.db, store.catalogue, { ...file, post_purchase_offers: undefined }, IMPORT);
    expect(await findPostPurchaseOffer(store.db, 18, 'us')).not.toBeNull();
    await expect(importCatalogue(store.db, store.catalogue, { ...file, post_purchase_offers: [] }, IMPORT)).rejects.toThrow(CatalogueFileError);
    await importCatalogue(store.db, store.catalogue, { ...file, post_purchase_offers: [offerRow({ active: false })] }, IMPORT);
    expect(await findPostPurchaseOffer(store.db, 18, 'us')).toBeNull();
  });
});
