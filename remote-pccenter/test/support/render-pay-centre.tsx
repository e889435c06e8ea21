import { act, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { type Locale } from '@topup/shared/rules';
import { i18n, initI18n, store } from '@topup/shared/store';
import { configureApi } from '@topup/shared/api';
import { clearToast, closeAllDialogs } from '@topup/shared/ui';
import PcIndexPage from '../../src/exposes/PcIndexPage';
import PcPayPage from '../../src/exposes/PcPayPage';
import PcRolePage from '../../src/exposes/PcRolePage';
import PcSubmitPage from '../../src/exposes/PcSubmitPage';
import { nodeHttpFetch } from '../../../shared/test/support/node-http-fetch';
import { startRecordingProxy, type RecordedRequest, type RecordingProxy } from '../../../shared/test/support/recording-proxy';
import { startStoreServer, type StoreServer } from '../../../shared/test/support/store-server';

/** Where the pay centre has taken the player: path and query, for assertions. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location" data-path={location.pathname} data-search={location.search} hidden />;
}

export function pointApiAt(serverUrl: string): void {
  configureApi({ baseURL: `${serverUrl}/api`, fetch: nodeHttpFetch });
}

/** Renders the pay centre's four routes at a hash route (e.g. `/pcrole?game_id=18&area=us`). */
export async function renderPayCentre(route: string, locale: Locale = 'en') {
  await initI18n(locale);
  await i18n.changeLanguage(locale);
  store.getState().setLocale(locale);
  return render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={[route]}>
        <LocationProbe />
        <Routes>
          <Route path="/pcIndex" element={<PcIndexPage />} />
          <Route path="/pcrole" element={<PcRolePage />} />
          <Route path="/pcSubmit" element={<PcSubmitPage />} />
          <Route path="/pcpay" element={<PcPayPage />} />
        </Routes>
      </MemoryRouter>
    </I18nextProvider>,
  );
}

/** The current route of the rendered pay centre. */
export function currentRoute(): { path: string; query: Record<string, string> } {
  const probe = screen.getByTestId('location');
  return {
    path: probe.getAttribute('data-path') ?? '',
    query: Object.fromEntries(new URLSearchParams(probe.getAttribute('data-search') ?? '')),
  };
}

/** Leaves no dialog, toast, stored value or customer-service link behind for the next test. */
export async function resetPage(): Promise<void> {
  closeAllDialogs();
  clearToast();
  window.localStorage.clear();
  window.sessionStorage.clear();
  store.getState().hideCustomerService();
  await act(() => new Promise((resolve) => setTimeout(resolve, 250)));
}

/** The toast on screen now, if any. */
export function toastText(): string | null {
  return document.querySelector('[data-toast]')?.textContent ?? null;
}

/**
 * For a whole test file: the store's server behind a recording proxy, the pages' API calls pointed
 * at the proxy, and each test starting with nothing recorded and a clean page.
 */
export function recordPayCentreCalls(): { readonly requests: RecordedRequest[]; readonly url: string } {
  let server: StoreServer | undefined;
  let proxy: RecordingProxy | undefined;
  beforeAll(async () => {
    server = await startStoreServer();
    proxy = await startRecordingProxy(server.url);
  });
  afterAll(async () => {
    await proxy?.close();
    await server?.stop();
  });
  beforeEach(() => {
    if (!proxy) throw new Error('the recording proxy did not start');
    proxy.requests.length = 0;
    pointApiAt(proxy.url);
  });
  afterEach(resetPage);
  return {
    get requests() {
      return proxy?.requests ?? [];
    },
    /** Where the recording proxy listens (to put another proxy in front of it). */
    get url() {
      return proxy?.url ?? '';
    },
  };
}
