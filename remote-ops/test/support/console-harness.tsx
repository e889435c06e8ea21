import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { Locale } from '@topup/shared/rules';
import { i18n, initI18n, store } from '@topup/shared/store';
import OpsConsole from '../../src/exposes/OpsConsole';

// jsdom has no modal dialogs: open and close are enough for these tests (Chromium's are in the browser suite).
HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
  this.open = true;
};
HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
  this.open = false;
};

export interface Call {
  readonly method: string;
  readonly path: string;
  readonly body: Record<string, unknown> | null;
  readonly csrf: string | null;
}

export type Answer = { status?: number; body: unknown };

/** The back office's API as the console sees it: answers by method and path, every call recorded. */
export function fakeApi(answers: Record<string, Answer | ((call: Call) => Answer)>): Call[] {
  const calls: Call[] = [];
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://store.test');
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const call: Call = {
      method: init?.method ?? 'GET',
      path: `${url.pathname}${url.search}`.replace('/ops/api', ''),
      body: init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : null,
      csrf: headers['x-csrf-token'] ?? null,
    };
    calls.push(call);
    const key = `${call.method} ${url.pathname.replace('/ops/api', '')}`;
    const found = answers[key];
    const answer = typeof found === 'function' ? found(call) : (found ?? { status: 404, body: { error: 'Not found', code: 'refused' } });
    // jsdom has no Response: the console reads only these three members.
    const status = answer.status ?? 200;
    return { ok: status < 400, status, json: async () => answer.body } as unknown as Response;
  }) as typeof fetch;
  return calls;
}

/** The console at `route`, in `locale`, as the host mounts it under /ops/*. */
export async function renderConsole(route: string, locale: Locale = 'en') {
  await initI18n(locale);
  await i18n.changeLanguage(locale);
  store.getState().setLocale(locale);
  return render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={[route]}>
        <Routes>
          <Route path="/ops/*" element={<OpsConsole />} />
        </Routes>
      </MemoryRouter>
    </I18nextProvider>,
  );
}
