// The store part (the one store and i18n instance) is imported here first, so every remote gets these ones.
import { changeLocale, i18n, initI18n } from '@topup/shared/store';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { App } from './App';
import { loadNotes } from './federation/health';
import { ensureRemotesRegistered, prefetchRemotePage } from './federation/remotes';
import { isWideWindow, routePageOf } from './federation/route-page';
import { initialLocale } from './locale';
import { registerShellStrings } from './shell/strings';
import './shell/shell.css';

async function start(): Promise<void> {
  const locale = initialLocale();
  await initI18n(locale);
  registerShellStrings();
  await changeLocale(locale, false);
  // The page the address shows starts loading now (registry, manifest, code), beside the first render.
  const page = routePageOf(window.location.hash, isWideWindow());
  if (page) prefetchRemotePage(page.remote, page.expose);
  // Remotes are registered from the live registry before the first render; if it cannot be
  // read, the shell still renders and each remote route offers Retry.
  const loaded = await ensureRemotesRegistered().catch((error: unknown) => {
    console.error('[shell] remote registry unavailable', error);
    return null;
  });
  const root = createRoot(document.getElementById('root') as HTMLElement);
  // A transition lets React render the first page in slices, so a phone's main thread is never
  // blocked for long while the page appears (the HTML already shows the shell's bar meanwhile).
  // Each remote's health goes to the server once the page has settled: nothing of it in the first load.
  setTimeout(() => void import('./federation/health-beacon').then((beacon) => beacon.startSending(loadNotes, ensureRemotesRegistered)), 5000);
  startTransition(() => {
    root.render(
      <StrictMode>
        <I18nextProvider i18n={i18n}>
          <App registry={loaded?.registry ?? null} refusedPreview={loaded?.refusedPreview ?? null} />
        </I18nextProvider>
      </StrictMode>,
    );
  });
}

void start();
