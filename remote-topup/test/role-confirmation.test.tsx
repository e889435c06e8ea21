import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { onDialogPhase, type DialogPhase } from '@topup/shared/ui';
import { configureApi } from '@topup/shared/api';
import { nodeHttpFetch } from '../../shared/test/support/node-http-fetch';
import { startStoreServer, type StoreServer } from '../../shared/test/support/store-server';
import { pointApiAt, renderMainPage } from './support/render-page';
import { bundleCard, findDialogWith, resetPage, searchCharacter } from './support/page-test';

jest.setTimeout(30_000);

let server: StoreServer;

beforeAll(async () => {
  server = await startStoreServer();
  await pointApiAt(server.url);
}, 120_000);
afterAll(() => server?.stop());
afterEach(resetPage);

// Game 18, area us, server NA-1 Aurora: the demo's returning player (account 3) already bought
// the 60-gem bundle, so once that character is confirmed its first-buy tag is used up.
const RETURNING = { server: 'NA-1 Aurora', roleId: '1801003', uid: '1800003', serverId: '1801' };
const FIRST_TAG = 'First top-up ×2';

async function tagOf60Gems(): Promise<string> {
  await waitFor(() => bundleCard('18-us-currency-60'));
  return within(bundleCard('18-us-currency-60')).getByTestId('bundle-tag').textContent ?? '';
}

describe('role confirmation (spec §4)', () => {
  it('checks the server first, then the character ID, with the spec words', async () => {
    const user = userEvent.setup();
    await renderMainPage('/?game_id=18&area=us');
    // The page has its shelf (it no longer suspends) before the player taps Search.
    await tagOf60Gems();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    // The toast says it, and so does the field, until the player fixes it (decision 208).
    const serverField = screen.getByTestId('server-field');
    await waitFor(() => expect(serverField).toHaveAttribute('aria-invalid', 'true'));
    expect(serverField).toHaveAccessibleDescription('Please select a server');
    expect(screen.getAllByText('Please select a server').length).toBeGreaterThanOrEqual(1);
    await searchCharacter(user, RETURNING.server, ' ');
    const input = screen.getByRole('textbox');
    await waitFor(() => expect(input).toHaveAccessibleDescription('Please enter the role ID'));
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(serverField).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByTestId('character-confirmation')).not.toBeInTheDocument();
    await user.type(input, '1');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toHaveAccessibleDescription();
  });

  it('goes not searched → found → confirmed, repricing the bundles for the confirmed character', async () => {
    const user = userEvent.setup();
    await renderMainPage('/?game_id=18&area=us');
    expect(await tagOf60Gems()).toBe(FIRST_TAG);

    await searchCharacter(user, RETURNING.server, RETURNING.roleId);
    const view = await screen.findByTestId('character-confirmation');
    expect(within(view).getByTestId('confirmed-server')).toHaveTextContent(RETURNING.server);
    expect(within(view).getByTestId('confirmed-role-id')).toHaveTextContent(RETURNING.roleId);
    expect(within(view).getByTestId('confirmed-role-name').textContent).not.toBe('');
    // Found but not confirmed: prices are still anyone's.
    expect(await tagOf60Gems()).toBe(FIRST_TAG);

    await user.click(within(view).getByRole('button', { name: 'Confirm' }));
    const done = await within(view).findByRole('button', { name: 'Confirmed' });
    // It keeps focus (marked, not disabled) and the status line says who was confirmed.
    expect(done).toHaveAttribute('aria-disabled', 'true');
    expect(done).toHaveFocus();
    expect(within(view).getByRole('status')).toHaveTextContent(`Confirmed: ${within(view).getByTestId('confirmed-role-name').textContent} (${RETURNING.roleId})`);
    await waitFor(async () => expect(await tagOf60Gems()).toBe('Popular'));
    expect(JSON.parse(window.localStorage.getItem('roleInfo') ?? '{}')).toMatchObject({ role_id: RETURNING.roleId, uid: RETURNING.uid });
  });

  it('reports the confirmation to the funnel (type 4) once, with no session of its own (the store keeps it in a cookie)', async () => {
    const sent: URLSearchParams[] = [];
    // The page's requests pass through on their way to the store; the reports' forms are kept.
    configureApi({
      baseURL: `${server.url}/api`,
      timeoutMs: 15_000,
      fetch: async (input, init) => {
        if (String(input).endsWith('/api/report') && typeof init?.body === 'string') sent.push(new URLSearchParams(init.body));
        return nodeHttpFetch(input, init);
      },
    });
    try {
      const user = userEvent.setup();
      await renderMainPage('/?game_id=18&area=us');
      await searchCharacter(user, RETURNING.server, RETURNING.roleId);
      const view = await screen.findByTestId('character-confirmation');
      expect(sent.filter((fields) => fields.get('report_type') === '4')).toEqual([]);
      await user.click(within(view).getByRole('button', { name: 'Confirm' }));
      await waitFor(() => expect(sent.filter((fields) => fields.get('report_type') === '4')).toHaveLength(1));
      const confirmed = sent.find((fields) => fields.get('report_type') === '4')!;
      expect({ game_id: confirmed.get('game_id'), area: confirmed.get('area'), session_id: confirmed.get('session_id') }).toEqual({ game_id: '18', area: 'us', session_id: null });
    } finally {
      await pointApiAt(server.url);
    }
  });

  it('asks "Re-enter the character information?": Cancel keeps the character, Confirm returns to the input view un-confirmed', async () => {
    const user = userEvent.setup();
    const phases: DialogPhase[] = [];
    const stop = onDialogPhase((record) => phases.push(record.phase));
    await renderMainPage('/?game_id=18&area=us');
    await searchCharacter(user, RETURNING.server, RETURNING.roleId);
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await screen.findByRole('button', { name: 'Confirmed' });

    const closeIcon = screen.getByRole('button', { name: 'Change character' });
    await user.click(closeIcon);
    let dialog = await findDialogWith('Re-enter the character information?');
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(phases.slice(-4)).toEqual(['registered', 'shown', 'hidden', 'removed']));
    expect(screen.getByRole('button', { name: 'Confirmed' })).toHaveAttribute('aria-disabled', 'true');
    expect(document.activeElement).toBe(closeIcon);

    await user.click(closeIcon);
    dialog = await findDialogWith('Re-enter the character information?');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByTestId('character-confirmation')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Search' })).toBeEnabled();
    expect(window.localStorage.getItem('roleInfo')).toBeNull();
    await waitFor(async () => expect(await tagOf60Gems()).toBe(FIRST_TAG));
    stop();
  });

  it('starts confirmed when entered with finish_pay and a remembered character', async () => {
    window.localStorage.setItem('game_id', '18');
    window.localStorage.setItem('area', 'us');
    window.localStorage.setItem(
      'roleInfo',
      JSON.stringify({ server_name: RETURNING.server, role_id: RETURNING.roleId, role_name: 'Cyra', uid: RETURNING.uid, server_id: RETURNING.serverId }),
    );
    await renderMainPage('/?game_id=18&area=us&finish_pay=1');
    expect(await screen.findByRole('button', { name: 'Confirmed' })).toHaveAttribute('aria-disabled', 'true');
    expect(await tagOf60Gems()).toBe('Popular');
  });

  it('reuses the remembered character when the areas match (us matches a stored eu) and forgets it otherwise', async () => {
    const remember = (area: string) => {
      window.localStorage.setItem('game_id', '18');
      window.localStorage.setItem('area', area);
      window.localStorage.setItem('area_name', 'eu');
      window.localStorage.setItem('role_id', '1811001');
      window.localStorage.setItem(
        'roleInfo',
        JSON.stringify({ server_name: 'EU-1 Avalon', role_id: '1811001', role_name: 'x', uid: '1800001', server_id: '1811' }),
      );
    };
    remember('eu');
    const first = await renderMainPage('/?game_id=18&area=us');
    expect(await screen.findByTestId('region-field')).toHaveTextContent('EU');
    await waitFor(() => expect(screen.getByTestId('server-field')).toHaveTextContent('EU-1 Avalon'));
    expect(screen.getByRole('textbox')).toHaveValue('1811001');
    first.unmount();

    window.localStorage.clear();
    remember('kr');
    await renderMainPage('/?game_id=18&area=us');
    expect(await screen.findByTestId('region-field')).toHaveTextContent('NA');
    expect(screen.getByTestId('server-field')).toHaveTextContent('Select a server');
    expect(screen.getByRole('textbox')).toHaveValue('');
    expect(window.localStorage.getItem('roleInfo')).toBeNull();
    expect(window.localStorage.getItem('area')).toBe('us');
  });

  it("shows the server's message in a confirm dialog when a lookup answers ret ≠ 0", async () => {
    const user = userEvent.setup();
    await renderMainPage('/?game_id=18&area=us');
    await searchCharacter(user, RETURNING.server, '999999999');
    const dialog = await findDialogWith('No character was found. Please check the server and your character information.');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(screen.queryByTestId('character-confirmation')).not.toBeInTheDocument();
  });

  it('offers the characters confirmed before on this device, newest first: a tap looks one up again, and one can be removed', async () => {
    const user = userEvent.setup();
    // Two characters confirmed one after the other (the second goes first in the list).
    const first = await renderMainPage('/?game_id=18&area=us');
    for (const roleId of ['1801002', RETURNING.roleId]) {
      await searchCharacter(user, RETURNING.server, roleId);
      await user.click(await screen.findByRole('button', { name: 'Confirm' }));
      await screen.findByRole('button', { name: 'Confirmed' });
      await waitFor(() => expect(window.localStorage.getItem('topup:recent-characters')).toContain(roleId));
      await user.click(screen.getByRole('button', { name: 'Change character' }));
      await user.click(within(await findDialogWith('Re-enter the character information?')).getByRole('button', { name: 'Confirm' }));
      await waitFor(() => expect(screen.queryByTestId('character-confirmation')).not.toBeInTheDocument());
      // Back at the form, the list shows what was just confirmed.
      await waitFor(() => expect(screen.getByRole('region', { name: 'Recent characters' })).toHaveTextContent(roleId));
    }
    first.unmount();

    await renderMainPage('/?game_id=18&area=us');
    const recent = await screen.findByRole('region', { name: 'Recent characters' });
    const uses = within(recent).getAllByRole('button', { name: /NA-1 Aurora · 180100[23]$/ });
    expect(uses.map((button) => button.getAttribute('data-role-id'))).toEqual([RETURNING.roleId, '1801002']);
    // A tap fills the form and looks the character up afresh: found, waiting for Confirm.
    await user.click(uses[1]!);
    const view = await screen.findByTestId('character-confirmation');
    expect(within(view).getByTestId('confirmed-role-id')).toHaveTextContent('1801002');
    expect(within(view).getByRole('button', { name: 'Confirm' })).toBeEnabled();
    expect(within(view).getByTestId('confirmed-server')).toHaveTextContent('NA-1 Aurora');

    // Back to the form: removing one keeps the other, and focus stays in the list.
    await user.click(within(view).getByRole('button', { name: 'Change character' }));
    await user.click(within(await findDialogWith('Re-enter the character information?')).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByTestId('character-confirmation')).not.toBeInTheDocument());
    const list = await screen.findByRole('region', { name: 'Recent characters' });
    const removeButton = within(list).getAllByRole('button', { name: /^Remove .+ from recent characters$/ })[0]!;
    await user.click(removeButton);
    await waitFor(() => expect(within(list).getAllByRole('button', { name: /^Remove/ })).toHaveLength(1));
    expect(list).toContainElement(document.activeElement as HTMLElement);
    expect(JSON.parse(window.localStorage.getItem('topup:recent-characters') ?? '[]')).toHaveLength(1);
  });

  it('shows no recent characters of another game', async () => {
    window.localStorage.setItem(
      'topup:recent-characters',
      JSON.stringify([{ gameId: '18', area: 'us', region: 'us', serverId: '1801', serverName: 'NA-1 Aurora', roleId: '1801003', roleName: 'Cyra', usedAt: 1 }]),
    );
    await renderMainPage('/?game_id=14&area=us');
    // The page has loaded what it loads on demand (the help button of game 14) and its shelf.
    await screen.findByRole('button', { name: 'Where do I find my character ID?' });
    await waitFor(() => bundleCard('14-us-currency-60'));
    expect(screen.queryByRole('region', { name: 'Recent characters' })).not.toBeInTheDocument();
    // The same store shows it on its own game's page.
    cleanup();
    await renderMainPage('/?game_id=18&area=us');
    expect(await screen.findByRole('region', { name: 'Recent characters' })).toHaveTextContent('Cyra');
  });

  it("opens game 14's character-ID help, and its picture enlarges in the image viewer", async () => {
    const user = userEvent.setup();
    await renderMainPage('/?game_id=14&area=us');
    await user.click(await screen.findByRole('button', { name: 'Where do I find my character ID?' }));
    const help = await findDialogWith('Tap the image to enlarge it.');
    await user.click(within(help).getByRole('button', { name: 'Enlarge the picture of Where to find your character ID' }));
    const viewer = await screen.findByRole('dialog', { name: 'Image preview' });
    expect(within(viewer).getByRole('img')).toHaveAttribute('alt', 'Where to find your character ID');
  });

});
