import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { chartSeries, summarise, type HealthMinute } from '../src/features/releases/release-health-figures';
import { fakeApi, renderConsole } from './support/console-harness';

// jsdom draws no canvas: the charts' own module stands aside; their figures are tested below.
jest.mock('../src/features/releases/ReleaseHealthChart', () => ({ __esModule: true, default: ({ versions }: { versions: string[] }) => <div data-testid="health-chart">{versions.join(' ')}</div> }));

const RELEASER = { operator: { name: 'releases@ops.example', role: 'release_manager' }, permissions: ['read', 'releases.read', 'releases.act'], csrfToken: 't' };

const MINUTES: HealthMinute[] = [
  { version: 'v2', minute: '2026-11-26 07:00:00+00', rendered: 90, manifest_failed: 0, chunk_failed: 4, render_failed: 6, render_ms: 500 },
  { version: 'v1', minute: '2026-11-26 07:00:00+00', rendered: 300, manifest_failed: 0, chunk_failed: 0, render_failed: 0, render_ms: 420 },
  { version: 'v2', minute: '2026-11-26 07:01:00+00', rendered: 10, manifest_failed: 0, chunk_failed: 0, render_failed: 0, render_ms: 600 },
];

const release = (version: string) => ({ app: 'remote-topup', version, released_at: '2026-11-26T06:00:00Z', released_by: 'ci', contract_ok: true, contract_problems: [], forced: false });
const LISTING = {
  apps: ['remote-topup'],
  live: { 'remote-topup': 'v1' },
  canaries: { 'remote-topup': { version: 'v2', share: 5, since: '2026-11-26T06:59:00Z' } },
  releases: [release('v0'), release('v1'), release('v2')],
  history: [
    { id: 3, app: 'remote-topup', from_version: 'v1', to_version: 'v2', kind: 'canary', actor: 'releases@ops.example', reason: 'try', forced: false, activated_at: '2026-11-26T06:59:00Z', share: 5, figures: null },
    { id: 2, app: 'remote-topup', from_version: 'v0', to_version: 'v1', kind: 'activate', actor: 'ci', reason: '', forced: false, activated_at: '2026-11-26T06:00:00Z', share: null, figures: null },
  ],
  auto_rollback: {},
  policy: { minLoads: 50, windowMinutes: 30, maxFailureRate: 0.05 },
};

jest.setTimeout(30_000);

describe('the release console: canaries, health and the automatic rollback', () => {
  it('sums each version’s loads, failures by kind and render time, and lays out the charts’ columns by minute', () => {
    expect(summarise(MINUTES, 'v2')).toEqual({ version: 'v2', loads: 110, success: 100 / 110, manifest: 0, chunk: 4, render: 6, renderMs: 510 });
    const series = chartSeries(MINUTES, ['v2', 'v1']);
    expect(series.success).toEqual([[Date.parse('2026-11-26T07:00:00Z') / 1000, Date.parse('2026-11-26T07:01:00Z') / 1000], [90, 100], [100, null]]);
    expect(series.renderMs[2]).toEqual([420, null]);
  });

  it('shows the canary beside the live version with their health, raises its share and switches the rollback off, each with a reason', async () => {
    const calls = fakeApi({
      'GET /session': { body: RELEASER },
      'GET /releases': { body: LISTING },
      'GET /releases/health': { body: { app: 'remote-topup', minutes: MINUTES } },
      'POST /releases/promote': (call) => ({ body: { id: 4, app: 'remote-topup', from_version: 'v2', to_version: 'v2', kind: 'canary', share: call.body?.share, actor: 'x', reason: 'r', forced: false, activated_at: '' } }),
      'POST /releases/policy': { body: { app: 'remote-topup', auto_rollback: false } },
    });
    await renderConsole('/ops/releases');
    const card = await screen.findByRole('region', { name: 'remote-topup' });
    expect(within(card).getByText(/Canary: v2 for 5 % of browsers since/)).toBeInTheDocument();
    const health = await within(card).findByRole('table', { name: 'Health of remote-topup per version' });
    const rows = within(health).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['v2 Canary', '110', '90.9 %', '0', '4', '6', '510 ms'],
      ['v1 Live', '300', '100.0 %', '0', '0', '0', '420 ms'],
    ]);
    expect(await within(card).findByTestId('health-chart')).toHaveTextContent('v2 v1');

    fireEvent.click(within(card).getByRole('button', { name: 'Raise to 25 %' }));
    const dialog = await screen.findByRole('dialog', { name: 'remote-topup v2 for 25 % of browsers' });
    fireEvent.input(within(dialog).getByLabelText('Reason (kept in the audit log)'), { target: { value: 'looks healthy' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Raise to 25 %' }));
    await waitFor(() => expect(calls.find((c) => c.path === '/releases/promote')?.body).toEqual({ app: 'remote-topup', version: 'v2', share: 25, reason: 'looks healthy', force: false }));
    expect(await screen.findByText('remote-topup v2 is live for 25 % of browsers.')).toBeInTheDocument();

    fireEvent.click(within(card).getByRole('checkbox', { name: 'Roll back by itself when a new version fails' }));
    const off = await screen.findByRole('dialog', { name: 'No automatic rollback of remote-topup' });
    fireEvent.input(within(off).getByLabelText('Reason (kept in the audit log)'), { target: { value: 'drill' } });
    fireEvent.click(within(off).getByRole('button', { name: 'Switch off' }));
    await waitFor(() => expect(calls.find((c) => c.path === '/releases/policy')?.body).toEqual({ app: 'remote-topup', auto_rollback: false, reason: 'drill' }));
  });
});

describe('the release console after a rollback', () => {
  const AFTER: HealthMinute[] = [
    { version: 'v2', minute: '2026-11-26 07:00:00+00', rendered: 170, manifest_failed: 0, chunk_failed: 30, render_failed: 0, render_ms: 700 },
    { version: 'v1', minute: '2026-11-26 07:05:00+00', rendered: 200, manifest_failed: 0, chunk_failed: 0, render_failed: 0, render_ms: 400 },
  ];
  const listing = {
    ...LISTING,
    canaries: {},
    history: [
      { id: 5, app: 'remote-topup', from_version: 'v2', to_version: 'v1', kind: 'auto-rollback', actor: 'store', reason: 'automatic rollback: 30 of 200 loads failed', forced: false, activated_at: '2026-11-26T07:02:00Z', share: null, figures: null },
      { id: 4, app: 'remote-topup', from_version: 'v2', to_version: 'v2', kind: 'canary', actor: 'releases@ops.example', reason: 'raise', forced: false, activated_at: '2026-11-26T07:01:00Z', share: 25, figures: null },
      ...LISTING.history,
    ],
    rolled_back: [{ app: 'remote-topup', version: 'v2', kind: 'auto-rollback', actor: 'store', reason: 'automatic rollback: 30 of 200 loads failed', at: '2026-11-26T07:02:00Z', to_version: 'v1', figures: null }],
    rollback_to: { 'remote-topup': 'v0' },
  };

  it('keeps the rolled-back version’s health beside the live one, marks it with who and why, and names the version a rollback returns to', async () => {
    fakeApi({ 'GET /session': { body: RELEASER }, 'GET /releases': { body: listing }, 'GET /releases/health': { body: { app: 'remote-topup', minutes: AFTER } } });
    await renderConsole('/ops/releases');
    const card = await screen.findByRole('region', { name: 'remote-topup' });
    const health = await within(card).findByRole('table', { name: 'Health of remote-topup per version' });
    const rows = within(health).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['v1 Live', '200', '100.0 %', '0', '0', '0', '400 ms'],
      ['v2 Rolled back', '200', '85.0 %', '0', '30', '0', '700 ms'],
    ]);
    expect(within(card).getByTestId('health-chart')).toHaveTextContent('v1 v2');
    const v2 = card.querySelector('[data-release="v2"]') as HTMLElement;
    expect(v2).toHaveTextContent(/Rolled back by the store \(automatic rollback\) at .*, players got v1 — “automatic rollback: 30 of 200 loads failed”/);
    expect(within(v2).queryByRole('button', { name: 'Preview' })).toBeNull();
    expect(within(v2).getByRole('button', { name: 'Activate again…' })).toBeInTheDocument();
    // The history names a canary's share, never "Canary v2 → v2".
    const lines = within(card).getAllByRole('listitem').map((item) => item.textContent ?? '');
    expect(lines.some((line) => line.includes('Canary v2 for 25 %'))).toBe(true);
    expect(lines.some((line) => line.includes('v2 → v2'))).toBe(false);

    fireEvent.click(within(card).getByRole('button', { name: 'Roll back' }));
    const dialog = await screen.findByRole('dialog', { name: 'Roll remote-topup back to v0' });
    expect(dialog).toHaveTextContent('Players get v0 again on their next page load; v1 is marked as rolled back.');
  });

  it('asks a reason and a second confirmation before trying a rolled-back version again, and says it is a re-activation', async () => {
    const calls = fakeApi({
      'GET /session': { body: RELEASER },
      'GET /releases': { body: listing },
      'GET /releases/health': { body: { app: 'remote-topup', minutes: AFTER } },
      'POST /releases/promote': { body: { id: 6, app: 'remote-topup', from_version: 'v1', to_version: 'v2', kind: 'canary', share: 5, actor: 'x', reason: 'r', forced: false, activated_at: '' } },
    });
    await renderConsole('/ops/releases');
    const card = await screen.findByRole('region', { name: 'remote-topup' });
    const v2 = card.querySelector('[data-release="v2"]') as HTMLElement;
    fireEvent.click(within(v2).getByRole('button', { name: 'Try on 5 %' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make remote-topup v2 live again' });
    expect(dialog).toHaveTextContent('v2 was rolled back by the store (automatic rollback) at');
    const confirm = within(dialog).getByRole('button', { name: 'Try on 5 %' });
    expect(confirm).toBeDisabled();
    fireEvent.input(within(dialog).getByLabelText('Reason (kept in the audit log)'), { target: { value: 'the CDN rule is fixed' } });
    expect(confirm).toBeDisabled();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'I know why v2 was rolled back, and that it is fixed.' }));
    expect(confirm).toBeEnabled();
    fireEvent.click(confirm);
    await waitFor(() => expect(calls.find((c) => c.path === '/releases/promote')?.body).toEqual({ app: 'remote-topup', version: 'v2', share: 5, reason: 'the CDN rule is fixed', force: false, reactivate: true }));
  });
});

describe('previewing a release from the console', () => {
  const listing = { ...LISTING, canaries: {} };

  it('opens the signed link the store gives, in a new tab', async () => {
    const calls = fakeApi({
      'GET /session': { body: RELEASER },
      'GET /releases': { body: listing },
      'GET /releases/health': { body: { app: 'remote-topup', minutes: [] } },
      'GET /releases/preview-link': { body: { link: '/?mf_preview=remote-topup%40v2~123~sig#/', expires_at: '2026-11-26T15:00:00Z' } },
    });
    const tab = { opener: {} as unknown, location: { href: 'about:blank' }, close: jest.fn() };
    const open = jest.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    try {
      await renderConsole('/ops/releases');
      const card = await screen.findByRole('region', { name: 'remote-topup' });
      const v2 = within(card).getAllByText('v2').map((cell) => cell.closest('tr')).find((row) => row !== null && within(row).queryByRole('button', { name: 'Preview' }) !== null)!;
      fireEvent.click(within(v2).getByRole('button', { name: 'Preview' }));
      await waitFor(() => expect(tab.location.href).toBe('/?mf_preview=remote-topup%40v2~123~sig#/'));
      expect(calls.find((c) => c.path.startsWith('/releases/preview-link'))?.path).toBe('/releases/preview-link?app=remote-topup&version=v2');
      expect(open).toHaveBeenCalledWith('about:blank', '_blank');
      // The preview cannot reach back into the console.
      expect(tab.opener).toBeNull();
    } finally {
      open.mockRestore();
    }
  });

  it('says why when the store refuses (a rolled-back version), and closes the tab it opened', async () => {
    fakeApi({
      'GET /session': { body: RELEASER },
      'GET /releases': { body: listing },
      'GET /releases/health': { body: { app: 'remote-topup', minutes: [] } },
      'GET /releases/preview-link': { status: 409, body: { error: 'remote-topup v0 was rolled back: it is not previewed', code: 'rolledBack' } },
    });
    const tab = { opener: {} as unknown, location: { href: 'about:blank' }, close: jest.fn() };
    const open = jest.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    try {
      await renderConsole('/ops/releases');
      const card = await screen.findByRole('region', { name: 'remote-topup' });
      const v0 = within(card).getAllByText('v0').map((cell) => cell.closest('tr')).find((row) => row !== null && within(row).queryByRole('button', { name: 'Preview' }) !== null)!;
      fireEvent.click(within(v0).getByRole('button', { name: 'Preview' }));
      expect(await within(v0).findByRole('alert')).toHaveTextContent('remote-topup v0 was rolled back: it is not previewed');
      expect(tab.close).toHaveBeenCalled();
      expect(tab.location.href).toBe('about:blank');
    } finally {
      open.mockRestore();
    }
  });
});
