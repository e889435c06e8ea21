import { StrictMode, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { HashRouter, Route, Routes } from 'react-router-dom';
import { I18nextProvider } from 'react-i18next';
import { i18n, initI18n, localStore, store } from '@topup/shared/store';
import { resolveLocale } from '@topup/shared/rules';

/** What `renderStandalone` loads: a root with the providers the host gives a remote's pages. */
export async function renderStandaloneNow(pages: Readonly<Record<string, ComponentType>>, element: HTMLElement): Promise<void> {
  const query = new URLSearchParams(window.location.hash.split('?')[1] ?? '');
  const locale = resolveLocale({
    queryLang: query.get('lang'),
    queryArea: query.get('area'),
    storedLang: localStore.get('lang'),
    storedArea: localStore.get('area'),
  });
  await initI18n(locale);
  store.getState().setLocale(locale);
  const first = Object.keys(pages)[0] ?? '/';
  createRoot(element).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <HashRouter>
          <Routes>
            {Object.entries(pages).map(([path, Page]) => (
              <Route key={path} path={path} element={<Page />} />
            ))}
            <Route path="*" element={<p>Standalone routes: {Object.keys(pages).join(', ')} (start at {first})</p>} />
          </Routes>
        </HashRouter>
      </I18nextProvider>
    </StrictMode>,
  );
}
