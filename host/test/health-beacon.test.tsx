import type { ReactElement } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { I18nextProvider } from 'react-i18next';
import type { RemoteRegistry } from '@topup/shared/contracts';
import { i18n, initI18n } from '@topup/shared/store';
import { registerShellStrings } from '../src/shell/strings';

jest.mock('../src/federation/remotes', () => ({ loadRemotePage: jest.fn() }));
import { loadRemotePage } from '../src/federation/remotes';
import { RemoteRoute } from '../src/federation/RemoteRoute';
import { loadNotes } from '../src/federation/health';
import { failureOf, startSending } from '../src/federation/health-beacon';
import type { LoadedRegistry } from '../src/federation/registry';

const load = loadRemotePage as jest.MockedFunction<typeof loadRemotePage>;

const REGISTRY = {
  contractVersion: 1,
  remotes: {
    'remote-topup': { version: 'v3', manifestUrl: '/remotes/remote-topup/v3/mf-manifest.json' },
    'remote-voucher': { version: 'v7', manifestUrl: '/remotes/remote-voucher/v7/mf-manifest.json' },
    'remote-pccenter': { version: 'p1', manifestUrl: '/remotes/remote-pccenter/p1/mf-manifest.json', preview: true },
    'remote-ops': { version: 'o1', manifestUrl: '/remotes/remote-ops/o1/mf-manifest.json' },
  },
  store: { appKey: 'k', healthSample: 1 },
  health: 'load-token-from-the-registry',
} as RemoteRegistry;

beforeAll(async () => {
  await initI18n('en');
  registerShellStrings();
});

const route = (remote: 'remote-topup' | 'remote-voucher' | 'remote-pccenter') => (
  <I18nextProvider i18n={i18n}>
    <MemoryRouter>
      <RemoteRoute remote={remote} expose="Page" />
    </MemoryRouter>
  </I18nextProvider>
);

describe('each remote page load’s health, as the pages report it', () => {
  it('tells a chunk, a manifest or entry, and a render failure apart', () => {
    const chunk = Object.assign(new Error('Loading chunk 192 failed.'), { name: 'ChunkLoadError' });
    expect(failureOf(chunk)).toBe('chunk');
    expect(failureOf(new Error('[ Federation Runtime ]: RUNTIME-003 Failed to get manifest.'))).toBe('manifest');
    expect(failureOf(new Error('remote-topup did not expose a page as Page'))).toBe('manifest');
    expect(failureOf(new Error('This release was built with DRILL_FAULT=render: every page throws on render.'))).toBe('render');
  });

  it('notes a page that rendered and one that threw, and sends one beacon with a report per remote, never for a preview', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const sent: string[] = [];
    Object.defineProperty(navigator, 'sendBeacon', { configurable: true, value: (url: string, body: string) => sent.push(`${url} ${body}`) });
    loadNotes.splice(0);
    load.mockResolvedValueOnce({ default: () => <h1>Vouchers</h1> });
    render(route('remote-voucher'));
    await screen.findByRole('heading', { name: 'Vouchers' });
    const Broken = (): ReactElement => {
      throw new Error('This release was built with DRILL_FAULT=render: every page throws on render.');
    };
    load.mockResolvedValueOnce({ default: Broken });
    render(route('remote-topup'));
    await screen.findByText(/unavailable/i);
    load.mockResolvedValueOnce({ default: () => <h1>Pay centre</h1> });
    render(route('remote-pccenter'));
    await screen.findByRole('heading', { name: 'Pay centre' });
    // A page's note is taken in an effect, which runs once the page is painted.
    await waitFor(() => expect(loadNotes.map(([remote, what]) => `${remote} ${what}`)).toEqual(expect.arrayContaining(['remote-voucher rendered', 'remote-topup failed', 'remote-pccenter rendered'])));

    await act(async () => {
      startSending(loadNotes, async () => ({ registry: REGISTRY, refusedPreview: null }) as LoadedRegistry);
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(sent).toHaveLength(1);
    const [url, body] = sent[0]!.split(' ', 2) as [string, string];
    expect(url).toBe('/mf/health');
    const { token, loads } = JSON.parse(sent[0]!.slice(url.length + 1)) as { token: string; loads: Array<{ app: string; version: string; outcome: string; ms?: number }> };
    // The page load's token rides back with its reports: without it the store counts nothing.
    expect(token).toBe('load-token-from-the-registry');
    expect(body.length).toBeGreaterThan(0);
    expect(loads.map(({ app, version, outcome }) => `${app} ${version} ${outcome}`).sort()).toEqual(['remote-topup v3 render', 'remote-voucher v7 rendered']);
    expect(loads.find((l) => l.outcome === 'rendered')?.ms).toEqual(expect.any(Number));
    expect(loadNotes).toEqual([]);
  });
});
