import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_CUSTOMER_SERVICE_URL, localStore, store } from '@topup/shared/store';
import { startRecordingProxy, type RecordingProxy } from '../../shared/test/support/recording-proxy';
import { startStoreServer, type StoreServer } from '../../shared/test/support/store-server';
import { pointApiAt, renderVoucherCenter, resetPage } from './support/render-voucher';
import { startStubStore } from './support/stub-store';

jest.setTimeout(120_000);

let server: StoreServer;
let proxy: RecordingProxy;

beforeAll(async () => {
  server = await startStoreServer();
  proxy = await startRecordingProxy(server.url);
});
afterAll(async () => {
  await proxy?.close();
  await server?.stop();
});
beforeEach(() => {
  proxy.requests.length = 0;
  pointApiAt(proxy.url);
});
afterEach(async () => {
  await resetPage();
  delete window.TopUpHelper;
});

const GAME_COUNT = 10;

function gameRow(name: string): HTMLElement {
  const heading = screen.getByRole('heading', { name });
  const row = heading.closest<HTMLElement>('article');
  if (!row) throw new Error(`${name} is not in a game row`);
  return row;
}

describe('the Voucher Center (spec §2)', () => {
  it("is titled 'Voucher Center' and lists every game with icon, name, description and 'Charge'", async () => {
    await renderVoucherCenter('/index_1');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Voucher Center');
    const list = await screen.findByRole('list', { name: 'Games' });
    const rows = within(list).getAllByRole('article');
    expect(rows).toHaveLength(GAME_COUNT);
    const ember = gameRow('Emberwing Frontier');
    expect(ember.querySelector('img')?.getAttribute('src')).toBe('/assets/games/18.svg');
    expect(ember).toHaveTextContent('Tame dragons');
    expect(within(ember).getByRole('button', { name: 'Charge Emberwing Frontier' })).toHaveTextContent('Charge');
    // The list was posted empty, through the Family B wrapper.
    const listCall = proxy.requests.find((r) => r.url === '/api/getPayGameList');
    expect([listCall?.method, listCall?.body]).toEqual(['POST', '']);
  });

  it('Charge goes to / with game_id, area and the from of the address, showing a loading state on the way', async () => {
    const user = userEvent.setup();
    await renderVoucherCenter('/index_1?from=newsletter');
    await screen.findByRole('heading', { name: 'Skyreach Legends' });
    const charge = within(gameRow('Skyreach Legends')).getByRole('button', { name: 'Charge Skyreach Legends' });
    let loadingSeen = false;
    const watch = new MutationObserver(() => {
      if (document.querySelector('[aria-label="Opening Skyreach Legends…"]')) loadingSeen = true;
    });
    watch.observe(document.body, { subtree: true, attributes: true, childList: true });
    await user.click(charge);
    const landed = await screen.findByTestId('top-up-location');
    watch.disconnect();
    expect(loadingSeen).toBe(true);
    expect(landed).toHaveTextContent('/');
    const query = new URLSearchParams(landed.getAttribute('data-search') ?? '');
    expect(Object.fromEntries(query)).toEqual({ game_id: '44', area: 'us', from: 'newsletter' });
    expect(localStore.get('from')).toBe('newsletter');
  });

  it('takes from from the embedding app when the address has none', async () => {
    const user = userEvent.setup();
    window.TopUpHelper = { getFrom: () => 'game-app' };
    await renderVoucherCenter('/index_1');
    await user.click(await screen.findByRole('button', { name: 'Charge Pixel Hearth' }));
    const query = new URLSearchParams((await screen.findByTestId('top-up-location')).getAttribute('data-search') ?? '');
    expect(Object.fromEntries(query)).toEqual({ game_id: '284', area: 'us', from: 'game-app' });
  });

  it('asks in the stored area: Korean names, won-priced areas and ACCEPT-LANGUAGE kr', async () => {
    const user = userEvent.setup();
    await renderVoucherCenter('/index_1?area=kr', 'ko');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('바우처 센터');
    await screen.findByRole('heading', { name: '엠버윙 프론티어' });
    expect(proxy.requests.find((r) => r.url === '/api/getPayGameList')?.headers['accept-language']).toBe('kr,ko');
    await user.click(screen.getByRole('button', { name: '엠버윙 프론티어 충전' }));
    const query = new URLSearchParams((await screen.findByTestId('top-up-location')).getAttribute('data-search') ?? '');
    expect([query.get('game_id'), query.get('area')]).toEqual(['18', 'kr']);
  });

  it('follows the chosen language and its region: Korean on a US link charges the kr store, Chinese names in Chinese (issue 34)', async () => {
    const user = userEvent.setup();
    await renderVoucherCenter('/index_1?area=us', 'ko');
    await screen.findByRole('heading', { name: '엠버윙 프론티어' });
    expect(screen.queryByText(/Emberwing|Frontier/)).toBeNull();
    await user.click(screen.getByRole('button', { name: '엠버윙 프론티어 충전' }));
    const query = new URLSearchParams((await screen.findByTestId('top-up-location')).getAttribute('data-search') ?? '');
    expect([query.get('game_id'), query.get('area')]).toEqual(['18', 'kr']);
    await resetPage();

    await renderVoucherCenter('/index_1', 'zh');
    await screen.findByRole('heading', { name: '烬翼边境' });
    expect(screen.queryByRole('heading', { name: 'Emberwing Frontier' })).toBeNull();
  });

  it("shows the store's customer-service link: the social-media page first, then the server's", async () => {
    await renderVoucherCenter('/index_1');
    expect(store.getState().customerService).toEqual({ url: DEFAULT_CUSTOMER_SERVICE_URL, visible: true });
    await waitFor(() => expect(store.getState().customerService).toEqual({ url: '/#/help', visible: true }));
    const call = proxy.requests.find((r) => r.url === '/api/custUrl');
    expect(Object.fromEntries(new URLSearchParams(call?.body))).toMatchObject({ game_id: '', area: '' });
  });
});

describe('when the store refuses', () => {
  it("alerts the server's msg when the game list fails, and lists the games after Retry", async () => {
    const stub = await startStubStore({
      getPayGameList: { ret: 1099, data: null, msg: 'Something went wrong on our side. Please try again later.' },
      custUrl: { ret: 0, data: { social_media_url: '' }, msg: 'OK' },
    });
    const user = userEvent.setup();
    try {
      pointApiAt(stub.url);
      await renderVoucherCenter('/index_1');
      const alert = await screen.findByRole('dialog');
      expect(alert).toHaveTextContent('Something went wrong on our side. Please try again later.');
      await user.click(within(alert).getByRole('button', { name: 'Confirm' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(screen.queryAllByRole('article')).toHaveLength(0);
      // No link from the server: no button (its answer may come after the game list's).
      await waitFor(() => expect(store.getState().customerService.visible).toBe(false));

      pointApiAt(proxy.url);
      await user.click(screen.getByRole('button', { name: 'Retry' }));
      expect(await screen.findAllByRole('article')).toHaveLength(GAME_COUNT);
    } finally {
      await stub.close();
    }
  });

  it('says nothing and shows no button when customer service fails', async () => {
    const stub = await startStubStore({
      getPayGameList: { ret: 0, data: { list: [] }, msg: 'OK' },
      custUrl: '<html>bad gateway</html>',
    });
    try {
      pointApiAt(stub.url);
      await renderVoucherCenter('/index_1');
      expect(await screen.findByText('There are no games to charge right now.')).toBeInTheDocument();
      await waitFor(() => expect(store.getState().customerService.visible).toBe(false));
      await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
      expect(screen.queryByRole('dialog')).toBeNull();
    } finally {
      await stub.close();
    }
  });
});
