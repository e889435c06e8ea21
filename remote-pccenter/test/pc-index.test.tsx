import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sign } from '@topup/shared/sign';
import { store } from '@topup/shared/store';
import { payCentreCalls } from './support/pay-centre-calls';
import { startInterceptingProxy } from './support/intercepting-proxy';
import { pointApiAt, recordPayCentreCalls, renderPayCentre } from './support/render-pay-centre';

jest.setTimeout(120_000);

const proxy = recordPayCentreCalls();

const allGames = () => screen.getByRole('region', { name: 'All games' });

describe('/pcIndex', () => {
  it('shows the offers, the voucher games and every game with each area it is sold in', async () => {
    await renderPayCentre('/pcIndex');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Pay Center');
    const ember = await within(allGames()).findByRole('list', { name: 'Regions of Emberwing Frontier' });
    expect(within(ember).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['North America', '/pcrole?game_id=18&area=us'],
      ['Europe', '/pcrole?game_id=18&area=eu'],
      ['International', '/pcrole?game_id=18&area=en'],
      ['Korea', '/pcrole?game_id=18&area=kr'],
    ]);
    expect(within(allGames()).getAllByRole('article')).toHaveLength(10);
    // A busy "Voucher games" region holds the place while the catalogue loads, and the loaded one
    // replaces it: look the region up afresh until its cards are there.
    const charge = await waitFor(() =>
      within(screen.getByRole('region', { name: 'Voucher games' })).getByRole('link', { name: 'Charge Crownfall Realms' }),
    );
    expect(charge.getAttribute('href')).toBe('/pcrole?game_id=134&area=multi&list=voucher');
    expect(await screen.findAllByRole('button', { name: /^Offer \d of 2$/ })).toHaveLength(2);
    expect([...document.querySelectorAll('.pc-banner__slide')].map((slide) => slide.getAttribute('href'))).toEqual(['/#/pcIndex', '/#/index_1']);

    // Every call is a signed form post to /api/pcpay/<name>.
    const calls = payCentreCalls(proxy.requests);
    expect(calls.map((c) => c.action).sort()).toEqual(['banner', 'customerConfig', 'getPcszGameList', 'payCenterList']);
    for (const { fields } of calls) expect(fields.sign).toBe(sign(Object.fromEntries(Object.entries(fields).filter(([k]) => k !== 'sign'))));
    expect(proxy.requests.every((r) => r.method === 'POST' && /^application\/x-www-form-urlencoded/.test(r.headers['content-type'] ?? ''))).toBe(true);
  });

  it('finds games by name or description, and says when nothing matches', async () => {
    const user = userEvent.setup();
    await renderPayCentre('/pcIndex');
    await within(allGames()).findAllByRole('article');
    const search = screen.getByRole('searchbox', { name: 'Search games' });
    await user.type(search, 'pixel');
    expect(await screen.findByText('1 game matches “pixel”')).toBeInTheDocument();
    expect(within(allGames()).getAllByRole('heading').map((h) => h.textContent)).toEqual(['All games', 'Pixel Hearth']);
    await user.clear(search);
    await user.type(search, 'zzz');
    expect(await screen.findByText('No game matches “zzz”.')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(within(allGames()).getAllByRole('article')).toHaveLength(10));
  });

  it("offers the player's own game when the address names one, with its customer-service link", async () => {
    await renderPayCentre('/pcIndex?game_id=44&area=us&from=mobile');
    const yours = await screen.findByTestId('your-game');
    expect(within(yours).getByRole('link', { name: 'Top up Skyreach Legends' }).getAttribute('href')).toBe('/pcrole?game_id=44&area=us&from=mobile');
    await waitFor(() => expect(store.getState().customerService).toEqual({ url: '/#/help?game_id=44&area=us', visible: true }));
  });

  it('says on the page when the games could not be read, and lists them after Retry', async () => {
    const user = userEvent.setup();
    const front = await startInterceptingProxy(proxy.url, (action, earlier) =>
      action === 'payCenterList' && earlier === 0 ? { ret: 1099, data: null, msg: 'Something went wrong on our side. Please try again later.' } : 'pass',
    );
    try {
      pointApiAt(front.url);
      await renderPayCentre('/pcIndex');
      const failure = await within(allGames()).findByRole('alert');
      expect(failure).toHaveTextContent('Something went wrong on our side. Please try again later.');
      expect(screen.queryByRole('dialog')).toBeNull();
      await user.click(within(failure).getByRole('button', { name: 'Retry' }));
      await waitFor(() => expect(within(allGames()).getAllByRole('article')).toHaveLength(10));
      expect(within(allGames()).queryByRole('alert')).toBeNull();
      // Only what failed is asked again.
      expect(payCentreCalls(proxy.requests, 'payCenterList')).toHaveLength(1);
      expect(payCentreCalls(proxy.requests, 'banner')).toHaveLength(1);
    } finally {
      await front.close();
    }
  });

  it('speaks the page language: Korean texts and names', async () => {
    await renderPayCentre('/pcIndex', 'ko');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('결제 센터');
    const names = await within(await screen.findByRole('region', { name: '전체 게임' })).findAllByRole('heading', { name: '엠버윙 프론티어' });
    expect(names).toHaveLength(1);
    expect(payCentreCalls(proxy.requests, 'payCenterList').length).toBe(1);
    expect(proxy.requests.find((r) => r.url === '/api/pcpay/payCenterList')?.headers['accept-language']).toBe('ko');
  });
});
