import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { type Locale } from '@topup/shared/rules';
import { i18n, initI18n, store } from '@topup/shared/store';
import { configureApi } from '@topup/shared/api';
import MainPage from '../../src/exposes/MainPage';
import { nodeHttpFetch } from '../../../shared/test/support/node-http-fetch';

/** Shows where the page sent the player, so tests can read the /submit query. */
function SubmitProbe() {
  const location = useLocation();
  return (
    <output data-testid="submit-location" data-search={location.search}>
      {location.pathname}
    </output>
  );
}

export async function pointApiAt(serverUrl: string, timeoutMs = 15_000): Promise<void> {
  configureApi({ baseURL: `${serverUrl}/api`, fetch: nodeHttpFetch, timeoutMs });
}

/** Renders the main page at a hash route (e.g. `/?game_id=18&area=us`) the way the host does. */
export async function renderMainPage(route: string, locale: Locale = 'en') {
  await initI18n(locale);
  await i18n.changeLanguage(locale);
  store.getState().setLocale(locale);
  return render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={[route]}>
        <Routes>
          <Route path="/" element={<MainPage />} />
          <Route path="/submit" element={<SubmitProbe />} />
        </Routes>
      </MemoryRouter>
    </I18nextProvider>,
  );
}
