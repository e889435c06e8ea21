import { screen, waitFor, within } from '@testing-library/react';
import { startStoreServer, type StoreServer } from '../../shared/test/support/store-server';
import { pointApiAt, renderMainPage } from './support/render-page';
import { resetPage } from './support/page-test';

jest.setTimeout(30_000);

let server: StoreServer;

beforeAll(async () => {
  server = await startStoreServer();
  await pointApiAt(server.url);
}, 120_000);
afterAll(() => server?.stop());
afterEach(resetPage);

describe('entry query (spec §2)', () => {
  it('takes region, server_id and role_id from the link', async () => {
    await renderMainPage('/?game_id=44&area=us&region=eu&server_id=4412&role_id=4412003&from=mail');
    expect(await screen.findByTestId('region-field')).toHaveTextContent('EU');
    await waitFor(() => expect(screen.getByTestId('server-field')).toHaveTextContent('EU-2 Lynx'));
    expect(screen.getByRole('textbox')).toHaveValue('4412003');
    expect(window.localStorage.getItem('from')).toBe('mail');
    expect(window.localStorage.getItem('game_id')).toBe('44');
  });

  it('asks for a game when the link has none', async () => {
    await renderMainPage('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Which game would you like to top up?' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the Voucher Center' })).toHaveAttribute('href', '/index_1');
  });
});

describe('footer (spec §2)', () => {
  const cases = [
    { locale: 'en', area: 'us', terms: 'Terms of Service', query: /\?lang=en&app_id=topup-store$/ },
    { locale: 'ko', area: 'kr', terms: '서비스 이용약관', query: /\?lang=kr&app_id=topup-store$/ },
    { locale: 'zh', area: 'us', terms: '服务条款', query: /\?lang_num=1$/ },
  ] as const;

  for (const { locale, area, terms, query } of cases) {
    it(`shows the four selling points and opens terms and privacy in a new tab (${locale})`, async () => {
      await renderMainPage(`/?game_id=18&area=${area}`, locale);
      const footer = await screen.findByRole('contentinfo');
      expect(within(footer).getAllByRole('listitem')).toHaveLength(4);
      for (const style of ['safe', 'convenient', 'economical', 'efficient']) expect(footer.querySelector(`.tp-point--${style} img`)).not.toBeNull();
      const link = within(footer).getByRole('link', { name: new RegExp(terms) });
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
      expect(link.getAttribute('href')).toMatch(/terms\.html/);
      expect(link.getAttribute('href')).toMatch(query);
      expect(within(footer).getByTestId('privacy-link').getAttribute('href')).toMatch(query);
      expect(footer.querySelector('address')?.textContent).not.toBe('');
    });
  }
});
