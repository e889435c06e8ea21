import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { payCentreCalls } from './support/pay-centre-calls';
import { currentRoute, recordPayCentreCalls, renderPayCentre, toastText } from './support/render-pay-centre';

jest.setTimeout(120_000);

const proxy = recordPayCentreCalls();

async function search(user: UserEvent, label: string, typed: string): Promise<void> {
  const input = screen.getByLabelText(label);
  await user.clear(input);
  await user.type(input, typed);
  await user.click(screen.getByRole('button', { name: 'Search' }));
}

const serverNames = async () => within(await screen.findByRole('radiogroup', { name: 'Server' })).getAllByRole('radio').map((r) => r.textContent);

describe('/pcrole: the server and the character', () => {
  it('offers the regions of game 18, their servers, and reloads them for another region', async () => {
    const user = userEvent.setup();
    await renderPayCentre('/pcrole?game_id=18&area=us');
    const regions = screen.getByRole('radiogroup', { name: 'Region' });
    expect(within(regions).getAllByRole('radio').map((r) => [r.textContent, r.getAttribute('aria-checked')])).toEqual([
      ['NA', 'true'],
      ['EU', 'false'],
      ['AS', 'false'],
    ]);
    expect(await serverNames()).toEqual(['NA-1 Aurora', 'NA-2 Borealis']);
    await user.click(within(regions).getByRole('radio', { name: 'EU' }));
    await waitFor(async () => expect(await serverNames()).toEqual(['EU-1 Avalon', 'EU-2 Camelot']));
    expect(payCentreCalls(proxy.requests, 'serverList').map((c) => [c.fields.area, c.fields.region])).toEqual([
      ['us', ''],
      ['eu', ''],
    ]);
  });

  it("asks for a server first, then the ID ('Please select a server', 'Please enter the role ID')", async () => {
    const user = userEvent.setup();
    await renderPayCentre('/pcrole?game_id=27&area=us');
    await serverNames();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(toastText()).toBe('Please select a server');
    await user.click(screen.getAllByRole('radio')[0] as HTMLElement);
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(toastText()).toBe('Please enter the role ID');
    expect(payCentreCalls(proxy.requests, 'roleInfo')).toHaveLength(0);
  });

  it('moves through the regions and the servers with the arrow keys, one Tab stop each, choosing as it goes', async () => {
    const user = userEvent.setup();
    await renderPayCentre('/pcrole?game_id=18&area=us');
    const regions = screen.getByRole('radiogroup', { name: 'Region' });
    const region = (name: string) => within(regions).getByRole('radio', { name });
    expect(within(regions).getAllByRole('radio').map((r) => r.tabIndex)).toEqual([0, -1, -1]);
    await serverNames();
    region('NA').focus();
    await user.keyboard('{ArrowRight}');
    expect(region('EU')).toHaveFocus();
    expect(region('EU')).toHaveAttribute('aria-checked', 'true');
    await waitFor(async () => expect(await serverNames()).toEqual(['EU-1 Avalon', 'EU-2 Camelot']));
    // From the first back to the last.
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(region('AS')).toHaveFocus();
    expect(within(regions).getAllByRole('radio').map((r) => [r.textContent, r.getAttribute('aria-checked'), r.tabIndex])).toEqual([
      ['NA', 'false', -1],
      ['EU', 'false', -1],
      ['AS', 'true', 0],
    ]);
    await waitFor(async () => expect(await serverNames()).toEqual(['AS-1 Sakura', 'AS-2 Lotus']));

    // No server chosen yet: Tab reaches the first; the arrows choose.
    const servers = screen.getByRole('radiogroup', { name: 'Server' });
    await user.tab();
    expect(within(servers).getByRole('radio', { name: 'AS-1 Sakura' })).toHaveFocus();
    expect(within(servers).getByRole('radio', { name: 'AS-1 Sakura' })).toHaveAttribute('aria-checked', 'false');
    await user.keyboard('{ArrowDown}');
    expect(within(servers).getByRole('radio', { name: 'AS-2 Lotus' })).toHaveFocus();
    expect(within(servers).getAllByRole('radio').map((r) => [r.getAttribute('aria-checked'), r.tabIndex])).toEqual([
      ['false', -1],
      ['true', 0],
    ]);
    await user.tab();
    expect(screen.getByLabelText('Character ID')).toHaveFocus();
  });

  it('says a missing server and a missing ID under their fields, which they describe, until they are filled', async () => {
    const user = userEvent.setup();
    await renderPayCentre('/pcrole?game_id=27&area=us');
    await serverNames();
    const servers = screen.getByRole('radiogroup', { name: 'Server' });
    const input = screen.getByLabelText('Character ID');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(servers).toHaveAttribute('aria-invalid', 'true');
    expect(servers).toHaveAccessibleDescription('Please select a server');
    expect(input).not.toHaveAttribute('aria-invalid');

    await user.click(within(servers).getAllByRole('radio')[0] as HTMLElement);
    expect(servers).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Please select a server', { selector: '.pc-field-error' })).toBeNull();
    const search = screen.getByRole('button', { name: 'Search' });
    await user.click(search);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Please enter the role ID');
    // The button that was pressed keeps the focus.
    expect(search).toHaveFocus();
    await user.type(input, '2');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toHaveAccessibleDescription();
  });

  it('finds a character by ID, shows it, and Confirm goes to /pcSubmit with it', async () => {
    const user = userEvent.setup();
    await renderPayCentre('/pcrole?game_id=18&area=us&from=ads');
    await serverNames();
    await user.click(screen.getByRole('radio', { name: 'NA-2 Borealis' }));
    await search(user, 'Character ID', '1802002');
    const found = await screen.findByTestId('found-character');
    expect(within(found).getByTestId('found-role-id')).toHaveTextContent('1802002');
    expect(within(found).getByTestId('found-server')).toHaveTextContent('NA-2 Borealis');
    expect(screen.getByTestId('found-status')).toHaveTextContent('Character found: ' + within(found).getByTestId('found-role-name').textContent + ', NA-2 Borealis, character ID 1802002.');
    await user.click(within(found).getByRole('button', { name: 'Confirm' }));
    expect(currentRoute()).toEqual({
      path: '/pcSubmit',
      query: {
        game_id: '18',
        area: 'us',
        from: 'ads',
        server_id: '1802',
        server_name: 'NA-2 Borealis',
        role_id: '1802002',
        role_name: within(found).getByTestId('found-role-name').textContent,
        uid: '1800002',
      },
    });
    // The page view, then the confirmation (type 4, the funnel's "character confirmed").
    await waitFor(() => expect(payCentreCalls(proxy.requests, 'report').map((c) => [c.fields.report_type, c.fields.from])).toEqual([['1', 'ads'], ['4', 'ads']]));
  });

  it('looks game 284 up by the character name', async () => {
    const user = userEvent.setup();
    await renderPayCentre('/pcrole?game_id=284&area=us');
    expect(screen.getByRole('tab', { name: 'By character name' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: (await serverNames())[0] as string }));
    await search(user, 'Character name', 'aria stormblade');
    await screen.findByTestId('found-character');
    expect(payCentreCalls(proxy.requests, 'roleInfo').at(-1)?.fields).toMatchObject({ role_id: '', role_name: 'aria stormblade', server_id: '28401' });
  });

  it('sends the server sign of game 134 with the lookup, and lists the servers of its region', async () => {
    const user = userEvent.setup();
    await renderPayCentre('/pcrole?game_id=134&area=multi');
    expect(await serverNames()).toEqual(['NA-1 Citadel', 'NA-2 Bastion']);
    await user.click(screen.getByRole('radio', { name: 'NA-1 Citadel' }));
    await search(user, 'Character ID', '13401001');
    await screen.findByTestId('found-character');
    expect(payCentreCalls(proxy.requests, 'serverList')[0]?.fields).toMatchObject({ area: 'multi', region: 'us' });
    expect(payCentreCalls(proxy.requests, 'roleInfo')[0]?.fields).toMatchObject({ server_id: '13401', server_sign: '13401-130091', area: 'multi' });
  });

  it("lists the Voucher Center's games' servers with getPcszServerList", async () => {
    await renderPayCentre('/pcrole?game_id=27&area=us&list=voucher');
    await serverNames();
    expect(payCentreCalls(proxy.requests).filter((c) => /server/i.test(c.action)).map((c) => c.action)).toEqual(['getPcszServerList']);
  });

  it('shows a refused lookup in a dialog with the store msg', async () => {
    const user = userEvent.setup();
    await renderPayCentre('/pcrole?game_id=18&area=us');
    await serverNames();
    await user.click(screen.getByRole('radio', { name: 'NA-1 Aurora' }));
    await search(user, 'Character ID', '1899999');
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('No character was found. Please check the server and your character information.');
    expect(screen.queryByTestId('found-character')).toBeNull();
  });
});

describe('/pcrole: through the player account', () => {
  it('lists the characters of the uid with the last played one chosen, and Confirm takes it', async () => {
    const user = userEvent.setup();
    await renderPayCentre('/pcrole?game_id=18&area=us');
    await user.click(screen.getByRole('tab', { name: 'By account ID' }));
    expect(screen.queryByRole('radiogroup', { name: 'Server' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Find my characters' }));
    expect(toastText()).toBe('Please fill in your account ID');
    await user.type(screen.getByLabelText('Account ID (UID)'), '1800001');
    await user.click(screen.getByRole('button', { name: 'Find my characters' }));
    const list = await screen.findByRole('group', { name: 'Characters of account 1800001' });
    const choices = within(list).getAllByRole('radio');
    const listed = payCentreCalls(proxy.requests, 'getPczsRoleList');
    const last = payCentreCalls(proxy.requests, 'getPcszLastLoginRole');
    expect([listed[0]?.fields, last[0]?.fields]).toEqual([
      expect.objectContaining({ game_id: '18', area: 'us', uid: '1800001' }),
      expect.objectContaining({ game_id: '18', area: 'us', uid: '1800001' }),
    ]);
    // Two NA servers: one character on each; the last played one is chosen.
    expect(choices).toHaveLength(2);
    const chosen = choices.find((c) => (c as HTMLInputElement).checked);
    const label = chosen?.closest('label');
    expect(label).toHaveTextContent('Last played');
    await user.click(within(list).getByRole('button', { name: 'Confirm' }));
    expect(currentRoute().path).toBe('/pcSubmit');
    expect(currentRoute().query.role_id).toBe(label?.getAttribute('data-role-id'));
    expect(currentRoute().query.uid).toBe('1800001');
    // A character taken from the account is confirmed too: the funnel's type 4 follows the page view.
    await waitFor(() => expect(payCentreCalls(proxy.requests, 'report').map((c) => c.fields.report_type)).toEqual(['1', '4']));
  });

  it('says so when the account has no character there', async () => {
    const user = userEvent.setup();
    await renderPayCentre('/pcrole?game_id=18&area=us');
    await user.click(screen.getByRole('tab', { name: 'By account ID' }));
    await user.type(screen.getByLabelText('Account ID (UID)'), '1899999');
    await user.click(screen.getByRole('button', { name: 'Find my characters' }));
    expect(await screen.findByText('This account has no character in this region yet.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
