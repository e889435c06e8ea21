import { useState } from 'react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import type { Locale } from '@topup/shared/rules';
import { i18n, initI18n, store } from '@topup/shared/store';
import { ImageField } from '../src/app/ImageField';
import { opsCall } from '../src/lib/ops-client';
import '../src/strings';

interface Sent {
  readonly method: string;
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body: unknown;
}

type Answer = { status: number; body: unknown };

/** The back office's API as the field sees it: the session answer, then the upload's answer (awaited when a promise). */
function fakeApi(upload: () => Answer | Promise<Answer>): Sent[] {
  const sent: Sent[] = [];
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://store.test');
    const call: Sent = { method: init?.method ?? 'GET', path: url.pathname, headers: (init?.headers ?? {}) as Record<string, string>, body: init?.body };
    sent.push(call);
    const answer = call.path === '/ops/api/session' ? { status: 200, body: { operator: { name: 'm@ops.example', role: 'merchandiser' }, permissions: ['read', 'catalogue.edit'], csrfToken: 'csrf-1' } } : await upload();
    // jsdom has no Response: the client reads only these three members.
    return { ok: answer.status < 400, status: answer.status, json: async () => answer.body } as unknown as Response;
  }) as typeof fetch;
  return sent;
}

/** A form holding a picture's address, as the catalogue's forms do. */
function Form({ initial = '' }: { readonly initial?: string }) {
  const [url, setUrl] = useState(initial);
  return (
    <>
      <ImageField label="Banner picture" value={url} onChange={setUrl} />
      <span data-testid="held">{url}</span>
    </>
  );
}

async function renderForm(locale: Locale = 'en', initial = '') {
  await initI18n(locale);
  await i18n.changeLanguage(locale);
  store.getState().setLocale(locale);
  return render(
    <I18nextProvider i18n={i18n}>
      <Form initial={initial} />
    </I18nextProvider>,
  );
}

const picture = (bytes: number, type = 'image/png') => new File([new Uint8Array(bytes)], 'banner.png', { type });

describe('a picture field of the catalogue forms', () => {
  it('uploads the chosen file as bytes with the CSRF token, says it is busy meanwhile, then previews the address it hands the form', async () => {
    let answer: (value: Answer) => void = () => undefined;
    const sent = fakeApi(() => new Promise<Answer>((resolve) => (answer = resolve)));
    await opsCall('GET', '/session');
    await renderForm('en', '/assets/banners/18-1.svg');
    expect(screen.getByRole('img', { name: 'The current image' })).toHaveAttribute('src', '/assets/banners/18-1.svg');

    const input = screen.getByLabelText('Banner picture');
    expect(input).toHaveAttribute('accept', 'image/png,image/jpeg,image/webp,image/gif');
    const file = picture(2048);
    fireEvent.change(input, { target: { files: [file] } });
    expect(await screen.findByRole('status')).toHaveTextContent('Uploading the image…');
    expect(input).toBeDisabled();

    const upload = sent.at(-1)!;
    expect(upload).toMatchObject({ method: 'POST', path: '/ops/api/catalogue/images', headers: { 'content-type': 'image/png', 'x-csrf-token': 'csrf-1' } });
    expect(upload.body).toBe(file);

    const url = '/assets/catalogue/0123456789abcdef0123.png';
    await act(async () => answer({ status: 201, body: { url, name: '0123456789abcdef0123.png', size: 2048, width: 750, height: 300 } }));
    await waitFor(() => expect(screen.getByTestId('held')).toHaveTextContent(url));
    expect(screen.getByRole('img', { name: 'The current image' })).toHaveAttribute('src', url);
    expect(screen.getByRole('status')).toHaveTextContent('');
    expect(input).toBeEnabled();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says a refusal in the operator\'s language, tied to the field, and keeps the address it had', async () => {
    fakeApi(() => ({ status: 415, body: { error: 'SVG pictures are not accepted (they can carry scripts): upload a PNG, JPEG, WebP or GIF picture', code: 'imageType' } }));
    await renderForm('ko');
    expect(screen.getByText('아직 이미지가 없습니다.')).toBeInTheDocument();
    const input = screen.getByLabelText('Banner picture');
    fireEvent.change(input, { target: { files: [picture(100, 'image/svg+xml')] } });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('PNG, JPEG, WebP 또는 GIF 이미지를 선택하세요.');
    expect(input.getAttribute('aria-describedby')?.split(' ')).toContain(alert.id);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('held')).toHaveTextContent('');
  });

  it('refuses a file over 1 MiB without sending it, and shows the server\'s own words for a refusal it has no text for', async () => {
    const sent = fakeApi(() => ({ status: 400, body: { error: 'Something new the console does not know', code: 'somethingNew' } }));
    await renderForm('en');
    const input = screen.getByLabelText('Banner picture');
    fireEvent.change(input, { target: { files: [picture(1024 * 1024 + 1)] } });
    expect(await screen.findByRole('alert')).toHaveTextContent('This image is larger than 1 MiB: choose a smaller one.');
    expect(sent).toHaveLength(0);

    fireEvent.change(input, { target: { files: [picture(10)] } });
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Something new the console does not know'));
    expect(sent).toHaveLength(1);
  });
});
