import { act, render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { type Locale } from '@topup/shared/rules';
import { i18n, initI18n, store } from '@topup/shared/store';
import { configureApi } from '@topup/shared/api';
import { clearToast, closeAllDialogs } from '@topup/shared/ui';
import VoucherCenterPage from '../../src/exposes/VoucherCenterPage';
import { nodeHttpFetch } from '../../../shared/test/support/node-http-fetch';

/** Where Charge sent the player: the top-up page's path and query. */
function TopUpProbe() {
  const location = useLocation();
  return (
    <output data-testid="top-up-location" data-search={location.search}>
      {location.pathname}
    </output>
  );
}

export function pointApiAt(serverUrl: string): void {
  configureApi({ baseURL: `${serverUrl}/api`, fetch: nodeHttpFetch });
}

/** Renders the Voucher Center at a hash route (e.g. `/index_1?from=app`) the way the host does. */
export async function renderVoucherCenter(route = '/index_1', locale: Locale = 'en') {
  await initI18n(locale);
  await i18n.changeLanguage(locale);
  store.getState().setLocale(locale);
  return render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={[route]}>
        <Routes>
          <Route path="/index_1" element={<VoucherCenterPage />} />
          <Route path="/" element={<TopUpProbe />} />
        </Routes>
      </MemoryRouter>
    </I18nextProvider>,
  );
}

/** Leaves no dialog, toast, stored value or customer-service link behind for the next test. */
export async function resetPage(): Promise<void> {
  closeAllDialogs();
  clearToast();
  window.localStorage.clear();
  store.getState().hideCustomerService();
  await act(() => new Promise((resolve) => setTimeout(resolve, 250)));
}
