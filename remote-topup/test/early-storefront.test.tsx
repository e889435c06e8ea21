import { screen, waitFor } from '@testing-library/react';
import { configureApi } from '@topup/shared/api';
import { startStoreServer, type StoreServer } from '../../shared/test/support/store-server';
import { nodeHttpFetch } from '../../shared/test/support/node-http-fetch';
import { startStorefrontReads, takeStorefrontReads } from '../src/features/storefront/early-storefront';
import { renderMainPage } from './support/render-page';
import { resetPage } from './support/page-test';

jest.setTimeout(30_000);

let server: StoreServer;
const calls: string[] = [];
/** The action of every call (`…/api/getTab` → `getTab`). */
const countingFetch: typeof fetch = (input, init) => {
  calls.push(String(input).split('/').pop() ?? '');
  return nodeHttpFetch(input, init);
};

beforeAll(async () => {
  server = await startStoreServer();
  configureApi({ baseURL: `${server.url}/api`, fetch: countingFetch, timeoutMs: 15_000 });
}, 120_000);
afterAll(() => server?.stop());
beforeEach(() => {
  calls.length = 0;
});
afterEach(resetPage);

describe('the top-up page reads its storefront as soon as its code arrives', () => {
  it('reads the banners and tabs of the address the player opened, once', async () => {
    startStorefrontReads('#/?game_id=18&area=us');
    await waitFor(() => expect(calls.slice().sort()).toEqual(['banners', 'getTab']));
    expect(takeStorefrontReads('18', 'kr')).toBeNull();
    const reads = takeStorefrontReads('18', 'us');
    expect(reads).not.toBeNull();
    const banners = await reads?.banners;
    expect(banners?.map((b) => b.slideshow_url)).toEqual([expect.stringMatching(/^\/banner-slides\/18-us-1\/en\.svg\?r=\d+$/), expect.stringMatching(/^\/banner-slides\/18-us-2\/en\.svg\?r=\d+$/)]);
    expect((await reads?.tabData)?.game.game_id).toBe(18);
    // Taken once: a later visit reads afresh.
    expect(takeStorefrontReads('18', 'us')).toBeNull();
  });

  it('reads nothing for another page or an address without a game', async () => {
    startStorefrontReads('#/index_1?game_id=18&area=us');
    startStorefrontReads('#/?area=us');
    startStorefrontReads('');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(calls).toEqual([]);
    expect(takeStorefrontReads('18', 'us')).toBeNull();
  });

  it('shows the page from the early reads without asking again', async () => {
    startStorefrontReads('#/?game_id=44&area=us');
    await renderMainPage('/?game_id=44&area=us');
    expect(await screen.findByRole('img', { name: 'Best value top-up: 980 + 110 bonus' })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Packs' })).toBeInTheDocument();
    expect(calls.filter((c) => c === 'banners' || c === 'getTab').sort()).toEqual(['banners', 'getTab']);
  });
});
