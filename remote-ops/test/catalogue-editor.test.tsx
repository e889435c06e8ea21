import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CatalogueDraft } from '@topup/shared/types';
import { fakeApi, renderConsole } from './support/console-harness';

jest.setTimeout(30_000);

const MERCHANDISER = { operator: { name: 'merch@ops.example', role: 'merchandiser' }, permissions: ['read', 'catalogue.edit'], csrfToken: 'token' };
const VIEWER = { operator: { name: 'viewer@ops.example', role: 'viewer' }, permissions: ['read'], csrfToken: 'token' };

const GAME = { game_id: 18, names: { en: 'Emberwing Frontier', ko: '엠버윙', zh: '烬翼' }, descriptions: { en: '', ko: '', zh: '' }, icon_url: '/assets/games/18.svg', role_lookup: 'id', server_sign_required: false, role_help_image: '', in_voucher_centre: true, sort: 0 };
const BUNDLE = {
  product_id: '18-us-currency-300',
  game_id: 18,
  area: 'us',
  type: 'Gems',
  product_name: '300 Dragon Gems',
  product_content: '',
  product_file_url: '/assets/products/currency-1.svg',
  price_minor: 499,
  items: [{ name: 'Dragon Gems', quantity: 300 }],
  first_buy_offer: false,
  first_pay_icon: '',
  first_pay_content: '',
  first_buy_items: [],
  pay_icon: '',
  pay_content: '',
  bonus_items: [],
  role_buy_limit: 0,
  role_buy_limit_period: 'ever',
  sale_starts_at: null,
  sale_ends_at: null,
  texts: {},
  active: true,
  sort: 1,
};

function draftWith(file: Partial<Record<string, unknown[]>>, extra: Partial<CatalogueDraft> = {}): CatalogueDraft {
  return {
    revision: 7,
    rows: [],
    file: { games: [GAME], game_areas: [], servers: [], product_tabs: [], pay_types: [], bundles: [BUNDLE], banners: [], store_settings: [], ...file },
    problems: [],
    diff: { lists: {}, priceChanges: [] },
    provider_pay_types: ['card', 'wallet'],
    ...extra,
  };
}

describe('the catalogue editor', () => {
  it('checks a new row in the browser first, sends typed values to the draft, and marks the row new', async () => {
    const saved = { game_id: 901, names: { en: 'Tidewatch', ko: '타이드', zh: '潮汐' } };
    const calls = fakeApi({
      'GET /session': { body: MERCHANDISER },
      'GET /catalogue/draft': { body: draftWith({}) },
      // The saved game's row shows its game server card, which asks for the game servers.
      'GET /catalogue/game-servers': { body: { game_servers: [{ game_id: 901, url: '', secret_set: false }] } },
      'POST /catalogue/draft/rows': (call) => ({
        body: {
          key: '901',
          draft: draftWith(
            { games: [GAME, call.body!.row] },
            { rows: [{ list: 'games', key: '901', row: call.body!.row as Record<string, unknown>, kind: 'new', stale: false, live: null, updated_by: 'merch@ops.example', updated_at: '' }], problems: ['game_areas: game 901 is sold in no area'] },
          ),
        },
      }),
    });
    await renderConsole('/ops/catalogue/edit');
    expect(await screen.findByText('The draft changes nothing yet: players see revision 7.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    const form = screen.getByRole('form', { name: 'New row: Games' });
    const gameId = within(form).getByLabelText('Game ID');
    fireEvent.input(gameId, { target: { value: '90x' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save to draft' }));
    // Not a number: said next to the field, linked to it, and nothing sent.
    expect(gameId).toHaveAttribute('aria-invalid', 'true');
    expect(gameId).toHaveAccessibleDescription('Enter a whole number.');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    fireEvent.input(gameId, { target: { value: '901' } });
    const names = within(form).getByRole('group', { name: 'Name' });
    fireEvent.input(within(names).getByLabelText('English'), { target: { value: saved.names.en } });
    fireEvent.input(within(names).getByLabelText('Korean'), { target: { value: saved.names.ko } });
    fireEvent.input(within(names).getByLabelText('Chinese'), { target: { value: saved.names.zh } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save to draft' }));
    expect(await screen.findByText('Saved to the draft.')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toMatchObject({ list: 'games', row: { ...saved, role_lookup: 'id', in_voucher_centre: true, sort: 0 } });
    expect(post.csrf).toBe('token');
    expect(screen.getByText('The draft changes 1 row; players see revision 7 until it is published.')).toBeInTheDocument();
    // The game server card has its answer before the page's alerts are counted: the draft's problems are the only one.
    expect(await screen.findByText('none (the sandbox game in a demo store)')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Publishing needs 1 problem fixed first:game_areas: game 901 is sold in no area');
    expect(screen.getByRole('button', { name: 'Publish as revision 8' })).toBeDisabled();
    expect(within(screen.getByRole('list', { name: 'Games' })).getByText('new')).toBeInTheDocument();
  });

  it('adds a post-purchase offer to the draft: the bundle, its per cent off or bonus items, and its minutes', async () => {
    const calls = fakeApi({
      'GET /session': { body: MERCHANDISER },
      'GET /catalogue/draft': { body: draftWith({ post_purchase_offers: [] }) },
      'POST /catalogue/draft/rows': (call) => ({
        body: { key: '18/us', draft: draftWith({ post_purchase_offers: [call.body!.row] }, { rows: [{ list: 'post_purchase_offers', key: '18/us', row: call.body!.row as Record<string, unknown>, kind: 'new', stale: false, live: null, updated_by: 'merch@ops.example', updated_at: '' }] }) },
      }),
    });
    await renderConsole('/ops/catalogue/edit');
    fireEvent.click(await screen.findByRole('button', { name: /^Post-purchase offers/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    const form = screen.getByRole('form', { name: 'New row: Post-purchase offers' });
    fireEvent.input(within(form).getByLabelText('Game ID'), { target: { value: '18' } });
    fireEvent.input(within(form).getByLabelText('Area'), { target: { value: 'us' } });
    fireEvent.input(within(form).getByLabelText('Bundle offered (product ID)'), { target: { value: '18-us-currency-300' } });
    fireEvent.input(within(form).getByLabelText('Percent off (0: none)'), { target: { value: '15' } });
    expect(within(form).getByLabelText('Minutes after payment')).toHaveAccessibleDescription('How long the offer may be bought after the order is paid (1 to 1440).');
    const bonus = within(form).getByRole('group', { name: 'Bonus items' });
    fireEvent.click(within(bonus).getByRole('button', { name: 'Add an item' }));
    const first = within(bonus).getByRole('group', { name: 'Item 1' });
    fireEvent.input(within(first).getByLabelText('Item'), { target: { value: 'Stamina Potion' } });
    fireEvent.input(within(first).getByLabelText('Count'), { target: { value: '2' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save to draft' }));
    expect(await screen.findByText('Saved to the draft.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      list: 'post_purchase_offers',
      row: { game_id: 18, area: 'us', product_id: '18-us-currency-300', percent_off: 15, bonus_items: [{ name: 'Stamina Potion', quantity: 2 }], minutes: 30, active: true },
    });
  });

  it('shows the server\'s refusal of a row next to the field it names', async () => {
    fakeApi({
      'GET /session': { body: MERCHANDISER },
      'GET /catalogue/draft': { body: draftWith({}) },
      'POST /catalogue/draft/rows': { status: 400, body: { error: 'The row is refused', code: 'rowInvalid', problems: ['price_minor: must be >= 1'] } },
    });
    await renderConsole('/ops/catalogue/edit');
    fireEvent.click(await screen.findByRole('button', { name: /^Bundles/ }));
    fireEvent.click(screen.getByRole('button', { name: /300 Dragon Gems/ }));
    const form = screen.getByRole('form', { name: '300 Dragon Gems' });
    expect(within(form).getByLabelText('Product ID')).toBeDisabled();
    const price = within(form).getByLabelText('Price (USD)');
    expect(price).toHaveValue('4.99');
    fireEvent.input(price, { target: { value: '0' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save to draft' }));
    await waitFor(() => expect(price).toHaveAttribute('aria-invalid', 'true'));
    expect(price).toHaveAccessibleDescription("In the area's currency: dollars and cents such as 4.99, whole won such as 6500. price_minor: must be >= 1");
    expect(screen.getByRole('alert')).toHaveTextContent('The row is refused: see the fields marked.');
    expect(price).toHaveValue('0');
  });

  it('publishes with a reason, and asks a second time when the server names large price changes', async () => {
    const change = { product_id: '18-us-currency-300', product_name: '300 Dragon Gems', area: 'us', from_minor: 499, to_minor: 1499, percent: 200 };
    const draft = draftWith({}, { rows: [{ list: 'bundles', key: BUNDLE.product_id, row: { ...BUNDLE, price_minor: 1499 }, kind: 'changed', stale: false, live: BUNDLE, updated_by: 'merch@ops.example', updated_at: '' }] });
    const calls = fakeApi({
      'GET /session': { body: MERCHANDISER },
      'GET /catalogue/draft': { body: draft },
      'POST /catalogue/draft/publish': (call) =>
        call.body!.confirm_price_changes ? { body: { revision: 8, done: true } } : { status: 409, body: { error: 'confirm', code: 'confirmPriceChanges', price_changes: [change] } },
    });
    await renderConsole('/ops/catalogue/edit');
    fireEvent.click(await screen.findByRole('button', { name: 'Publish as revision 8' }));
    let dialog = screen.getByRole('dialog', { name: 'Publish the draft as revision 8' });
    fireEvent.input(within(dialog).getByLabelText('Reason (kept in the audit log)'), { target: { value: 'Winter prices' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Publish' }));
    // The dialog opens again with the changes listed and a box to tick.
    await waitFor(() => expect(screen.getByRole('dialog', { name: 'Publish the draft as revision 8' })).toHaveTextContent('300 Dragon Gems: $4.99 → $14.99 (+200 %)'));
    dialog = screen.getByRole('dialog', { name: 'Publish the draft as revision 8' });
    fireEvent.input(within(dialog).getByLabelText('Reason (kept in the audit log)'), { target: { value: 'Winter prices' } });
    const publish = within(dialog).getByRole('button', { name: 'Publish' });
    expect(publish).toBeDisabled();
    fireEvent.click(within(dialog).getByLabelText('I checked the 1 price change of more than 50 %.'));
    fireEvent.click(publish);
    expect(await screen.findByText('Published: the catalogue is now revision 8.')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/catalogue/draft/publish').map((c) => [c.body!.reason, c.body!.confirm_price_changes])).toEqual([
      ['Winter prices', false],
      ['Winter prices', true],
    ]);
  });

  it('shows a viewer every row but no way to change one', async () => {
    fakeApi({ 'GET /session': { body: VIEWER }, 'GET /catalogue/draft': { body: draftWith({}) } });
    await renderConsole('/ops/catalogue/edit');
    expect(await screen.findByText('Your role can look at the catalogue but not change it.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Publish/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Emberwing Frontier/ }));
    const form = screen.getByRole('form', { name: 'Emberwing Frontier' });
    expect(within(form).getByLabelText('Order')).toBeDisabled();
    expect(within(form).queryByRole('button', { name: 'Save to draft' })).toBeNull();
  });

  it('says in the operator\'s words that a picture the store does not have is refused, next to its field', async () => {
    const missing = '/assets/products/gone.svg';
    fakeApi({
      'GET /session': { body: MERCHANDISER },
      'GET /catalogue/draft': { body: draftWith({}) },
      'POST /catalogue/draft/rows': {
        status: 400,
        body: { error: 'The row is refused', code: 'rowInvalid', problems: [`product_file_url: the picture ${missing} is missing: the store has no such file (404)`], pictures: [{ field: 'product_file_url', url: missing, reason: 'notFound' }] },
      },
    });
    await renderConsole('/ops/catalogue/edit');
    fireEvent.click(await screen.findByRole('button', { name: /^Bundles/ }));
    fireEvent.click(screen.getByRole('button', { name: /300 Dragon Gems/ }));
    const form = screen.getByRole('form', { name: '300 Dragon Gems' });
    const picture = within(form).getByLabelText('Bundle image');
    fireEvent.input(picture, { target: { value: missing } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save to draft' }));
    await waitFor(() => expect(picture).toHaveAttribute('aria-invalid', 'true'));
    expect(picture).toHaveAccessibleDescription(expect.stringContaining(`The picture ${missing} is missing: the store has no such file.`));
    // Said once, in the operator's language, not also in the server's English.
    expect(form).not.toHaveTextContent('(404)');
  });

  it('names a refused picture in Korean for a Korean operator', async () => {
    const missing = '/assets/banners/18-9.svg';
    fakeApi({
      'GET /session': { body: MERCHANDISER },
      'GET /catalogue/draft': { body: draftWith({}) },
      'POST /catalogue/draft/rows': { status: 400, body: { error: 'The row is refused', code: 'rowInvalid', problems: [`product_file_url: the picture ${missing} is missing: the store has no such file (404)`], pictures: [{ field: 'product_file_url', url: missing, reason: 'notFound' }] } },
    });
    await renderConsole('/ops/catalogue/edit', 'ko');
    fireEvent.click(await screen.findByRole('button', { name: /^상품\s*\d+$/ }));
    fireEvent.click(screen.getByRole('button', { name: /18-us-currency-300/ }));
    const form = screen.getByRole('form', { name: '300 Dragon Gems' });
    fireEvent.click(within(form).getByRole('button', { name: '초안에 저장' }));
    await waitFor(() => expect(form).toHaveTextContent(`사진 ${missing}이(가) 없습니다.`));
    expect(form).not.toHaveTextContent('is missing');
  });

  it('shows in the publish dialog everything publishing adds, changes and retires, with prices old and new', async () => {
    const draft = draftWith(
      {},
      {
        rows: [{ list: 'bundles', key: BUNDLE.product_id, row: { ...BUNDLE, price_minor: 549 }, kind: 'changed', stale: false, live: BUNDLE, updated_by: 'merch@ops.example', updated_at: '' }],
        diff: {
          lists: {
            bundles: {
              added: 1,
              changed: 1,
              retired: 1,
              rows: {
                added: [{ key: '18-kr-currency-300', name: '300 Dragon Gems', game_id: 18, area: 'kr', to_minor: 6500 }],
                changed: [{ key: '18-us-currency-300', name: '300 Dragon Gems', game_id: 18, area: 'us', fields: ['price_minor'], from_minor: 499, to_minor: 549 }],
                retired: [{ key: '18-eu-currency-300', name: '300 Dragon Gems', game_id: 18, area: 'eu', fields: ['active'] }],
              },
            },
            games: { added: 0, changed: 0, retired: 0, rows: { added: [], changed: [], retired: [] } },
          },
          priceChanges: [],
        },
      },
    );
    fakeApi({ 'GET /session': { body: MERCHANDISER }, 'GET /catalogue/draft': { body: draft } });
    await renderConsole('/ops/catalogue/edit');
    fireEvent.click(await screen.findByRole('button', { name: 'Publish as revision 8' }));
    const dialog = screen.getByRole('dialog', { name: 'Publish the draft as revision 8' });
    const diff = within(dialog).getByRole('region', { name: 'What publishing changes' });
    expect(within(diff).getByRole('heading', { name: 'Bundles (1 added, 1 changed, 1 retired)' })).toBeInTheDocument();
    expect(within(diff).queryByRole('heading', { name: /Games/ })).toBeNull();
    const rows = within(diff).getAllByRole('listitem').map((item) => item.textContent);
    expect(rows).toEqual([
      'Added 300 Dragon Gems 18-kr-currency-300 · kr · ₩6,500',
      'Changed 300 Dragon Gems 18-us-currency-300 · us · $4.99 → $5.49 · changes Price',
      'Retired 300 Dragon Gems 18-eu-currency-300 · eu · changes On sale',
    ]);
  });

  it('tells three bundles of one name apart by area, price in its currency, ID and sale state', async () => {
    const kr = { ...BUNDLE, product_id: '18-kr-currency-300', area: 'kr', price_minor: 6500 };
    const retired = { ...BUNDLE, product_id: '18-eu-currency-300', area: 'eu', active: false };
    const later = { ...BUNDLE, product_id: '18-en-currency-300', area: 'en', sale_starts_at: '2999-01-01T00:00:00Z' };
    fakeApi({ 'GET /session': { body: MERCHANDISER }, 'GET /catalogue/draft': { body: draftWith({ bundles: [BUNDLE, kr, retired, later] }) } });
    await renderConsole('/ops/catalogue/edit');
    fireEvent.click(await screen.findByRole('button', { name: /^Bundles/ }));
    const rows = within(screen.getByRole('list', { name: 'Bundles' })).getAllByRole('button').map((button) => button.textContent);
    expect(rows).toEqual([
      '300 Dragon Gemsgame 18 · us · $4.99 · 18-us-currency-300on sale',
      '300 Dragon Gemsgame 18 · kr · ₩6,500 · 18-kr-currency-300on sale',
      '300 Dragon Gemsgame 18 · eu · $4.99 · 18-eu-currency-300off sale',
      '300 Dragon Gemsgame 18 · en · $4.99 · 18-en-currency-300not on sale yet',
    ]);
  });

  it('takes a price in the currency\'s units (dollars and cents, whole won) and the items as rows', async () => {
    const kr = { ...BUNDLE, product_id: '18-kr-currency-300', area: 'kr', price_minor: 6500, items: [{ name: '드래곤 젬', quantity: 300, names: { en: 'Dragon Gems' } }] };
    const calls = fakeApi({
      'GET /session': { body: MERCHANDISER },
      'GET /catalogue/draft': { body: draftWith({ bundles: [BUNDLE, kr] }) },
      'POST /catalogue/draft/rows': (call) => {
        const row = call.body!.row as { product_id: string };
        return { body: { key: row.product_id, draft: draftWith({ bundles: [BUNDLE, kr].map((b) => (b.product_id === row.product_id ? row : b)) }) } };
      },
    });
    await renderConsole('/ops/catalogue/edit');
    fireEvent.click(await screen.findByRole('button', { name: /^Bundles/ }));

    // Dollars: 5.49 is 549 cents; three decimals are refused before anything is sent.
    fireEvent.click(screen.getByRole('button', { name: /18-us-currency-300/ }));
    let form = screen.getByRole('form', { name: '300 Dragon Gems' });
    const price = within(form).getByLabelText('Price (USD)');
    fireEvent.input(price, { target: { value: '5.499' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save to draft' }));
    expect(price).toHaveAccessibleDescription(expect.stringContaining("Enter an amount in the currency's units"));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    fireEvent.input(price, { target: { value: '5.49' } });
    const items = within(form).getByRole('group', { name: 'Items delivered' });
    expect(within(items).getByRole('group', { name: 'Item 1' })).toBeInTheDocument();
    fireEvent.click(within(items).getByRole('button', { name: 'Add an item' }));
    const second = within(items).getByRole('group', { name: 'Item 2' });
    fireEvent.input(within(second).getByLabelText('Item'), { target: { value: 'Dragon Scale' } });
    fireEvent.input(within(second).getByLabelText('Count'), { target: { value: '0' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save to draft' }));
    expect(within(second).getByLabelText('Count')).toHaveAttribute('aria-invalid', 'true');
    expect(items).toHaveAccessibleDescription(expect.stringContaining('Each item needs a count of 1 or more.'));
    fireEvent.input(within(second).getByLabelText('Count'), { target: { value: '2' } });
    fireEvent.input(within(second).getByLabelText('Name in Korean (optional)'), { target: { value: '드래곤 비늘' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save to draft' }));
    await screen.findByText('Saved to the draft.');
    expect(calls.filter((c) => c.method === 'POST')[0]!.body!.row).toMatchObject({
      price_minor: 549,
      items: [
        { name: 'Dragon Gems', quantity: 300 },
        { name: 'Dragon Scale', quantity: 2, names: { ko: '드래곤 비늘' } },
      ],
    });

    // Won: whole won only; an item row removed.
    fireEvent.click(screen.getByRole('button', { name: /18-kr-currency-300/ }));
    form = screen.getByRole('form', { name: '300 Dragon Gems' });
    const won = within(form).getByLabelText('Price (KRW)');
    expect(won).toHaveValue('6500');
    fireEvent.input(won, { target: { value: '6500.5' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save to draft' }));
    expect(won).toHaveAttribute('aria-invalid', 'true');
    fireEvent.input(won, { target: { value: '7000' } });
    const krItems = within(form).getByRole('group', { name: 'Items delivered' });
    expect(within(krItems).getByLabelText('Name in English (optional)')).toHaveValue('Dragon Gems');
    fireEvent.click(within(krItems).getByRole('button', { name: 'Add an item' }));
    fireEvent.click(within(krItems).getByRole('button', { name: 'Remove item 2' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Save to draft' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'POST')[1]!.body!.row).toMatchObject({ price_minor: 7000, items: [{ name: '드래곤 젬', quantity: 300, names: { en: 'Dragon Gems' } }] });
  });

  it('previews the draft on the player\'s page of the game being edited, in this browser, and ends the preview', async () => {
    const draft = draftWith(
      { game_areas: [{ game_id: 18, area: 'us', customer_service_url: null, sort: 0 }] },
      { rows: [{ list: 'bundles', key: BUNDLE.product_id, row: { ...BUNDLE, price_minor: 549 }, kind: 'changed', stale: false, live: BUNDLE, updated_by: 'merch@ops.example', updated_at: '' }] },
    );
    const calls = fakeApi({
      'GET /session': { body: MERCHANDISER },
      'GET /catalogue/draft': { body: draft },
      'POST /catalogue/draft/preview': { body: { previewing: true, seconds: 7200 } },
      'POST /catalogue/draft/preview/end': { body: { previewing: false } },
    });
    await renderConsole('/ops/catalogue/edit');
    fireEvent.click(await screen.findByRole('button', { name: /^Bundles/ }));
    fireEvent.click(screen.getByRole('button', { name: /18-us-currency-300/ }));
    fireEvent.click(screen.getByRole('button', { name: "Preview the player's page" }));
    const open = await screen.findByRole('link', { name: 'Open game 18 in us with the draft' });
    expect(open).toHaveAttribute('href', '/#/?game_id=18&area=us');
    expect(open).toHaveAttribute('target', '_blank');
    expect(screen.getByText(/Preview on in this browser/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'End the preview' }));
    await screen.findByRole('button', { name: "Preview the player's page" });
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/catalogue/draft/preview', '/catalogue/draft/preview/end']);
  });
});
