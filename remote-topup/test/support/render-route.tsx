import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { type Locale } from '@topup/shared/rules';
import { i18n, initI18n, store } from '@topup/shared/store';
import { startStoreServer, type StoreServer } from '../../../shared/test/support/store-server';
import { resetPage } from './page-test';
import { pointApiAt } from './render-page';
import GamePage from '../../src/exposes/GamePage';
import MainPage from '../../src/exposes/MainPage';
import ProductPage from '../../src/exposes/ProductPage';
import OrdersPage from '../../src/exposes/OrdersPage';
import ReceiptPage from '../../src/exposes/ReceiptPage';

/** Where a page sent the player: its path and query, for the routes a test does not render. */
function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location" data-search={location.search}>
      {location.pathname}
    </output>
  );
}

/**
 * Renders /game, /prod, /orders, /receipt or / at a hash route the way the host does; `/submit`,
 * `/payResult` (and `/` unless `withMainPage`) show where the player was sent instead.
 */
export async function renderRoute(route: string, { locale = 'en', withMainPage = false }: { locale?: Locale; withMainPage?: boolean } = {}) {
  await initI18n(locale);
  await i18n.changeLanguage(locale);
  store.getState().setLocale(locale);
  return render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={[route]}>
        <Routes>
          <Route path="/game" element={<GamePage />} />
          <Route path="/prod" element={<ProductPage />} />
          <Route path="/" element={withMainPage ? <MainPage /> : <LocationProbe />} />
          <Route path="/orders" element={<OrdersPage />} />
          <Route path="/receipt" element={<ReceiptPage />} />
          <Route path="/submit" element={<LocationProbe />} />
          <Route path="/payResult" element={<LocationProbe />} />
        </Routes>
      </MemoryRouter>
    </I18nextProvider>,
  );
}

/** The path and query the page sent the player to. */
export async function sentTo(findByTestId: (id: string) => Promise<HTMLElement>): Promise<{ path: string; query: URLSearchParams }> {
  const probe = await findByTestId('location');
  return { path: probe.textContent ?? '', query: new URLSearchParams(probe.dataset.search ?? '') };
}

/**
 * The set-up of a suite of routed pages: a real store server for the whole file, the API pointed at
 * it, and a clean page after each test. jsdom does not scroll, so `scrollTo` is a no-op.
 */
/** Starts the store for the file's tests; gives its address (for the sandbox's own routes). */
export function withStoreServer(): () => string {
  let server: StoreServer | undefined;
  jest.setTimeout(30_000);
  beforeAll(async () => {
    jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    server = await startStoreServer();
    await pointApiAt(server.url);
  }, 120_000);
  afterAll(() => server?.stop());
  afterEach(resetPage);
  return () => server!.url;
}
