import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { onDialogPhase } from '@topup/shared/ui';
import { startStoreServer, type StoreServer } from '../../shared/test/support/store-server';
import { pointApiAt, renderMainPage } from './support/render-page';
import { bundleCard, chooseFromPicker, findDialogWith, resetPage, searchCharacter } from './support/page-test';

jest.setTimeout(30_000);

let server: StoreServer;

beforeAll(async () => {
  server = await startStoreServer();
  await pointApiAt(server.url);
}, 120_000);
afterAll(() => server?.stop());
afterEach(resetPage);

async function confirmCharacter(user: UserEvent, serverName: string, roleId: string): Promise<void> {
  await searchCharacter(user, serverName, roleId);
  await user.click(await screen.findByRole('button', { name: 'Confirm' }));
  await screen.findByRole('button', { name: 'Confirmed' });
}

async function submitQuery(): Promise<URLSearchParams> {
  const probe = await screen.findByTestId('submit-location');
  expect(probe).toHaveTextContent('/submit');
  return new URLSearchParams(probe.dataset.search ?? '');
}

describe('buying (spec §4)', () => {
  it('keeps the confirmed character and the chosen tab when the player comes back (Back, reload) in the same tab', async () => {
    const user = userEvent.setup();
    const first = await renderMainPage('/?game_id=18&area=us');
    await confirmCharacter(user, 'NA-2 Borealis', '1802002');
    await user.click(await screen.findByRole('tab', { name: 'Packs' }));
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Packs' })).toHaveAttribute('aria-selected', 'true'));
    first.unmount();

    const again = await renderMainPage('/?game_id=18&area=us');
    // Confirmed at once: no second search.
    expect(await screen.findByRole('button', { name: 'Confirmed' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Packs' })).toHaveAttribute('aria-selected', 'true'));
    again.unmount();

    // Another tab of the browser (a new session) starts with the search, as the spec's cache says.
    window.sessionStorage.clear();
    await renderMainPage('/?game_id=18&area=us');
    await screen.findByRole('tab', { name: 'Dragon Gems', selected: true });
    expect(screen.queryByRole('button', { name: 'Confirmed' })).toBeNull();
  });

  it('asks for a confirmed character first', async () => {
    const user = userEvent.setup();
    await renderMainPage('/?game_id=18&area=us');
    await waitFor(() => bundleCard('18-us-currency-300'));
    await user.click(within(bundleCard('18-us-currency-300')).getByRole('button', { name: /^Buy / }));
    const dialog = await findDialogWith('Please confirm your character information first!');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(screen.queryByTestId('submit-location')).not.toBeInTheDocument();
  });

  it('in list mode looks the character up again and goes to /submit with the bundle, pmx_show, type and roleInfo', async () => {
    const user = userEvent.setup();
    await renderMainPage('/?game_id=18&area=us');
    await confirmCharacter(user, 'NA-2 Borealis', '1802002');
    await waitFor(() => bundleCard('18-us-currency-300'));
    await user.click(within(bundleCard('18-us-currency-300')).getByRole('button', { name: 'Buy 300 Dragon Gems for $4.99' }));
    const query = await submitQuery();
    expect(query.get('product_id')).toBe('18-us-currency-300');
    expect(query.get('product_name')).toBe('300 Dragon Gems');
    expect(query.get('amount')).toBe('4.99');
    expect(query.get('first_buy')).toBe('1');
    expect(query.get('game_id')).toBe('18');
    expect(query.get('area')).toBe('us');
    expect(query.get('pmx_show')).toBe('1');
    expect(query.get('type')).toBe('Dragon Gems');
    expect(JSON.parse(query.get('roleInfo') ?? '{}')).toMatchObject({ role_id: '1802002', server_id: '1802', server_name: 'NA-2 Borealis' });
    expect(query.get('server_sign')).toBeNull();
  });

  it('in detail mode closes the dialog, waits 300 ms, then buys', async () => {
    const user = userEvent.setup();
    await renderMainPage('/?game_id=18&area=us');
    await confirmCharacter(user, 'NA-1 Aurora', '1801001');
    await waitFor(() => bundleCard('18-us-currency-980'));
    // The info icon: the image opens the same dialog, so only the icon is named and reached by Tab.
    const infoIcon = within(bundleCard('18-us-currency-980')).getByRole('button', { name: 'Details of 980 Dragon Gems' });
    expect(infoIcon).toHaveClass('tp-bundle__info');
    await user.click(infoIcon);
    const dialog = await screen.findByRole('dialog', { name: 'Bundle Details' });
    // No confirm button in the details dialog; the description is the subtitle.
    expect(within(dialog).queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();
    expect(within(dialog).getByTestId('bundle-subtitle').textContent).toMatch(/980 Dragon Gems delivered/);

    // What happens, in order (no clock read): the dialog hides, a wait of 300 ms or more is set and
    // runs out, then the purchase starts ('Checking your character…').
    const events: string[] = [];
    const stop = onDialogPhase(({ phase }) => {
      if (phase === 'hidden') events.push('hidden');
    });
    // A plain wrapper, not a jest mock: Testing Library would take a mock for fake timers.
    const realSetTimeout = window.setTimeout;
    let waits = 0;
    window.setTimeout = ((handler: TimerHandler, delay?: number, ...args: unknown[]) => {
      if (typeof handler !== 'function' || (delay ?? 0) < 300) return realSetTimeout(handler, delay, ...args);
      const wait = ++waits;
      events.push(`wait ${wait} set`);
      return realSetTimeout(() => {
        events.push(`wait ${wait} over`);
        (handler as (...rest: unknown[]) => void)(...args);
      }, delay);
    }) as typeof window.setTimeout;
    const watcher = new MutationObserver(() => {
      if (!events.includes('purchase') && document.body.textContent?.includes('Checking your character…')) events.push('purchase');
    });
    watcher.observe(document.body, { childList: true, subtree: true, characterData: true });
    let query: URLSearchParams;
    try {
      await user.click(within(dialog).getByRole('button', { name: 'Buy 980 Dragon Gems for $14.99' }));
      query = await submitQuery();
    } finally {
      window.setTimeout = realSetTimeout;
      watcher.disconnect();
      stop();
    }
    expect(query.get('product_id')).toBe('18-us-currency-980');
    const at = (event: string) => events.indexOf(event);
    expect(at('hidden')).toBeGreaterThanOrEqual(0);
    expect(at('purchase')).toBeGreaterThan(at('hidden'));
    // Some wait of at least 300 ms, set after the dialog hid, ran out before the purchase started.
    const waited = Array.from({ length: waits }, (_, index) => index + 1).filter(
      (wait) => at(`wait ${wait} set`) > at('hidden') && at(`wait ${wait} over`) >= 0 && at(`wait ${wait} over`) < at('purchase'),
    );
    expect(waited).not.toEqual([]);
  });

  it('game 134 looks the character up with the server_sign and passes it to /submit', async () => {
    const user = userEvent.setup();
    await renderMainPage('/?game_id=134&area=multi');
    expect(await screen.findByTestId('region-field')).toHaveTextContent('NA');
    await chooseFromPicker(user, 'region-field', 'EU');
    await confirmCharacter(user, 'EU-1 Rampart', '13411001');
    const card = await waitFor(() => document.querySelector<HTMLElement>('[data-product-id]') ?? Promise.reject(new Error('no bundles')));
    await user.click(within(card).getByRole('button', { name: /^Buy / }));
    const query = await submitQuery();
    expect(query.get('server_sign')).toMatch(/^13411-/);
    expect(JSON.parse(query.get('roleInfo') ?? '{}')).toMatchObject({ role_id: '13411001', server_id: '13411' });
  });
});
