import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, renderConsole } from './support/console-harness';

const SIGNED_OUT = { operator: null, permissions: [], csrfToken: 'token-before' };
const SUPPORT = { operator: { name: 'support@ops.example', role: 'support' }, permissions: ['read', 'orders.act', 'tickets.act'], csrfToken: 'token-after' };

describe('signing in', () => {
  it('refuses in the operator\'s language, then shows only the sections the role may open, with the CSRF token sent along', async () => {
    let attempts = 0;
    const calls = fakeApi({
      'GET /session': { body: SIGNED_OUT },
      'POST /session': () => (attempts++ === 0 ? { status: 401, body: { error: 'The e-mail address or the password is wrong', code: 'wrongCredentials' } } : { body: SUPPORT }),
      'GET /orders': { body: { rows: [], next: null } },
    });
    await renderConsole('/ops', 'ko');
    const email = await screen.findByLabelText('이메일 주소');
    fireEvent.input(email, { target: { value: 'support@ops.example' } });
    fireEvent.input(screen.getByLabelText('비밀번호'), { target: { value: 'wrong password' } });
    fireEvent.click(screen.getByRole('button', { name: '로그인' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('이메일 주소 또는 비밀번호가 올바르지 않습니다.');
    // The password field is emptied after a refusal; the address stays.
    expect(screen.getByLabelText('비밀번호')).toHaveValue('');
    expect(email).toHaveValue('support@ops.example');

    fireEvent.input(screen.getByLabelText('비밀번호'), { target: { value: 'right password' } });
    fireEvent.click(screen.getByRole('button', { name: '로그인' }));
    const nav = await screen.findByRole('navigation');
    expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual(['주문', '플레이어', '확인 필요', '문의', '카탈로그', '인사이트', '실험', '감사 로그', '알림']);
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.csrf)).toEqual(['token-before', 'token-before']);
    await screen.findByText('이 필터에 맞는 주문이 없습니다.');
  });
});

describe('the orders list', () => {
  it('sends the filters in the API\'s terms (minor units, an inclusive end date) and pages on with the cursor', async () => {
    const row = (id: string) => ({
      order_id: id, status: 'delivered', game_id: 18, area: 'us', server_id: '1801', server_name: 'NA-1 Aurora', role_id: '1801003', role_name: 'Cyra Moonshadow',
      product_name: '300 Dragon Gems', pay_type: 'card', amount_minor: 499, currency: 'USD', created_at: '2026-11-26 00:45:48.1+00', disputed: false,
    });
    const calls = fakeApi({
      'GET /session': { body: SUPPORT },
      'GET /orders': (call) => (call.path.includes('after=') ? { body: { rows: [row('TP-SECOND')], next: null } } : { body: { rows: [row('TP-FIRST')], next: 'cursor-1' } }),
    });
    await renderConsole('/ops/orders');
    await screen.findByText('TP-FIRST');
    fireEvent.input(screen.getByLabelText('Character ID or name'), { target: { value: 'cyra' } });
    fireEvent.change(screen.getByLabelText('Currency'), { target: { value: 'USD' } });
    fireEvent.input(screen.getByLabelText('Amount from'), { target: { value: '4.99' } });
    fireEvent.input(screen.getByLabelText('Placed to'), { target: { value: '2026-11-26' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(calls.filter((c) => c.path.startsWith('/orders?')).length).toBe(1));
    const query = new URLSearchParams(calls.find((c) => c.path.startsWith('/orders?'))!.path.split('?')[1]);
    expect(Object.fromEntries(query)).toEqual({ character: 'cyra', currency: 'USD', min_amount: '499', to: '2026-11-27' });
    await screen.findByText('TP-FIRST');
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await screen.findByText('TP-SECOND');
    expect(calls.at(-1)!.path).toContain('after=cursor-1');
    expect(screen.getAllByText('$4.99', { selector: 'td' })).toHaveLength(2);
  });
});

describe('an order\'s actions', () => {
  const dossier = {
    order: {
      order_id: 'TP-ORDER', status: 'delivered', game_id: 18, area: 'us', server_id: '1801', server_name: 'NA-1 Aurora', role_id: '1801003', role_name: 'Cyra Moonshadow',
      uid: '1800003', product_id: '18-us-currency-300', product_name: '300 Dragon Gems', first_buy: false, promised_items: null, pay_type: 'card', discount_code: '',
      list_price_minor: 499, discount_minor: 0, amount_minor: 499, currency: 'USD', payment_provider: 'sandbox', created_at: '2026-11-26T00:45:48Z', paid_at: '2026-11-26T00:45:49Z',
      delivered_at: '2026-11-26T00:45:50Z', refunded_at: null, refund_requested_at: null, disputed_at: null, mail_id: '45', receipt_email: '', locale: 'en',
    },
    events: [{ event: 'created', at: '2026-11-26T00:45:48Z', attempt: null, next_attempt_at: null, detail: '' }],
    payments: [], refunds: [], jobs: [], receipt: null, audit: [], findings: [], tickets: [], notes: [],
  };

  it('asks for a reason and the player\'s confirmation before resending, and sends the action with its request key and the CSRF token', async () => {
    const calls = fakeApi({
      'GET /session': { body: SUPPORT },
      'GET /orders/TP-ORDER': { body: dossier },
      'POST /orders/TP-ORDER/actions': { body: { action: 'resend_mail', orderId: 'TP-ORDER', done: true } },
    });
    await renderConsole('/ops/orders/TP-ORDER');
    fireEvent.click(await screen.findByRole('button', { name: 'Resend mail' }));
    const dialog = screen.getByRole('dialog', { name: 'Resend the in-game mail' });
    const confirm = within(dialog).getByRole('button', { name: 'Resend mail' });
    expect(confirm).toBeDisabled();
    fireEvent.input(within(dialog).getByLabelText('Reason (kept in the audit log)'), { target: { value: 'never arrived' } });
    expect(confirm).toBeDisabled();
    fireEvent.click(within(dialog).getByLabelText('The player confirmed they did not get the mail.'));
    expect(confirm).toBeEnabled();
    await act(async () => {
      fireEvent.click(confirm);
    });
    expect(await screen.findByRole('status')).toHaveTextContent('The mail is being resent.');
    const posted = calls.filter((c) => c.method === 'POST');
    expect(posted).toHaveLength(1);
    expect(posted[0]!.body).toEqual({ action: 'resend_mail', reason: 'never arrived', request_key: expect.stringMatching(/^[0-9a-f]{32}$/), confirmed: true });
    expect(posted[0]!.csrf).toBe('token-after');
  });

  it('refunds a part in the currency\'s units, sent as minor units with its reason, and refuses more than was paid before asking', async () => {
    const calls = fakeApi({
      'GET /session': { body: SUPPORT },
      'GET /orders/TP-ORDER': { body: dossier },
      'POST /orders/TP-ORDER/actions': { body: { action: 'partial_refund', orderId: 'TP-ORDER', done: true } },
    });
    await renderConsole('/ops/orders/TP-ORDER');
    fireEvent.click(await screen.findByRole('button', { name: 'Refund a part' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund a part of this order' });
    const amount = within(dialog).getByLabelText(/^Amount to refund \(USD, at most \$4\.99\)/);
    fireEvent.input(within(dialog).getByLabelText('Reason (kept in the audit log)'), { target: { value: 'one pack short' } });
    fireEvent.input(amount, { target: { value: '5.00' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Refund a part' }));
    });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This is more than is left of the payment to refund.');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    fireEvent.input(amount, { target: { value: '1.25' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Refund a part' }));
    });
    expect(await screen.findByRole('status')).toHaveTextContent('The partial refund is under way.');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { action: 'partial_refund', reason: 'one pack short', request_key: expect.stringMatching(/^[0-9a-f]{32}$/), amount_minor: 125 },
    ]);
  });

  it('shows a viewer the order without any action', async () => {
    fakeApi({
      'GET /session': { body: { operator: { name: 'viewer@ops.example', role: 'viewer' }, permissions: ['read', 'releases.read'], csrfToken: 't' } },
      'GET /orders/TP-ORDER': { body: dossier },
    });
    await renderConsole('/ops/orders/TP-ORDER');
    await screen.findByRole('heading', { name: /Order TP-ORDER/ });
    expect(screen.queryByRole('button', { name: 'Resend mail' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Refund' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Refund a part' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add note' })).toBeNull();
  });

  it('says plainly when a role may not open a page', async () => {
    fakeApi({ 'GET /session': { body: SUPPORT } });
    await renderConsole('/ops/operators');
    expect(await screen.findByRole('heading', { name: 'Not for your role' })).toBeInTheDocument();
  });
});

describe('the catalogue', () => {
  const MERCHANDISER = { operator: { name: 'catalogue@ops.example', role: 'merchandiser' }, permissions: ['read', 'catalogue.edit'], csrfToken: 't' };
  const revision = (n: number) => ({ revision: n, created_at: '2026-11-26 01:00:00+00', actor: 'catalogue@ops.example', reason: `r${n}`, source: 'back-office', counts: { games: 10, bundles: 242 } });

  it('reverts to a revision, asking a second time when the server names price changes over 50 %', async () => {
    let tries = 0;
    const calls = fakeApi({
      'GET /session': { body: MERCHANDISER },
      'GET /catalogue': { body: { current: 2, revisions: [revision(2), revision(1)] } },
      'POST /catalogue/revert': (call) =>
        tries++ === 0
          ? {
              status: 409,
              body: {
                error: 'confirm',
                code: 'confirmPriceChanges',
                price_changes: [{ product_id: '18-us-currency-300', product_name: '300 Dragon Gems', game_id: 18, area: 'us', from_minor: 499, to_minor: 1497, percent: 200 }],
              },
            }
          : { body: { revision: 3, counts: {}, done: true, asked: call.body } },
    });
    await renderConsole('/ops/catalogue');
    const row = (await screen.findByText('r1')).closest('tr') as HTMLElement;
    expect(within((await screen.findByText('r2')).closest('tr') as HTMLElement).queryByRole('button', { name: 'Revert to this revision' })).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: 'Revert to this revision' }));
    let dialog = screen.getByRole('dialog', { name: 'Revert the catalogue to revision 1' });
    fireEvent.input(within(dialog).getByLabelText('Reason (kept in the audit log)'), { target: { value: 'winter again' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Revert to this revision' }));
    });
    // The server's answer arrives after the click: the dialog then names the price changes.
    await screen.findByText(/300 Dragon Gems: \$4\.99 → \$14\.97 \(\+200 %\)/);
    dialog = await screen.findByRole('dialog', { name: 'Revert the catalogue to revision 1' });
    expect(within(dialog).getByText(/300 Dragon Gems: \$4\.99 → \$14\.97 \(\+200 %\)/)).toBeInTheDocument();
    const confirm = within(dialog).getByRole('button', { name: 'Revert to this revision' });
    fireEvent.input(within(dialog).getByLabelText('Reason (kept in the audit log)'), { target: { value: 'winter again' } });
    expect(confirm).toBeDisabled();
    fireEvent.click(within(dialog).getByLabelText('I checked the 1 price change of more than 50 %.'));
    await act(async () => {
      fireEvent.click(confirm);
    });
    expect(await screen.findByRole('status')).toHaveTextContent('The catalogue is now revision 3, as revision 1 was.');
    const posted = calls.filter((c) => c.method === 'POST').map((c) => c.body);
    expect(posted).toEqual([
      { revision: 1, reason: 'winter again', request_key: expect.any(String), confirm_price_changes: false, retire_added: false },
      { revision: 1, reason: 'winter again', request_key: expect.any(String), confirm_price_changes: true, retire_added: false },
    ]);
  });

  it('offers to retire what was added since, and shows what a revision changed', async () => {
    const none = { added: [], changed: [], retired: [] };
    const bundlesDiff = (retired: number) => ({
      lists: {
        bundles: {
          added: 0,
          changed: 0,
          retired,
          rows: { ...none, retired: retired ? [{ key: '18-us-winter', name: 'Winter Pack', game_id: 18, area: 'us', fields: ['active'] }] : [] },
        },
      },
      priceChanges: [],
    });
    const calls = fakeApi({
      'GET /session': { body: MERCHANDISER },
      'GET /catalogue': { body: { current: 2, revisions: [{ ...revision(2), has_diff: true }, revision(1)] } },
      'GET /catalogue/revert-preview': { body: { revision: 1, added_since: { bundles: 1, banners: 2, discount_codes: 0 }, diff: bundlesDiff(0), diff_retiring: bundlesDiff(1) } },
      'GET /catalogue/diff': {
        body: { revision: 2, diff: { lists: { bundles: { added: 1, changed: 0, retired: 0, rows: { ...none, added: [{ key: '18-us-winter', name: 'Winter Pack', game_id: 18, area: 'us', to_minor: 999 }] } } }, priceChanges: [] } },
      },
      'POST /catalogue/revert': { body: { revision: 3, counts: {}, done: true } },
    });
    await renderConsole('/ops/catalogue');
    const newest = (await screen.findByText('r2')).closest('tr') as HTMLElement;
    // Revision 1 was made before revisions kept their changes: nothing to show.
    expect(within((await screen.findByText('r1')).closest('tr') as HTMLElement).queryByRole('button', { name: 'What it changed' })).toBeNull();
    const show = within(newest).getByRole('button', { name: 'What it changed' });
    fireEvent.click(show);
    expect(show).toHaveAttribute('aria-expanded', 'true');
    const kept = await screen.findByRole('region', { name: 'Bundles' });
    expect(kept).toHaveTextContent('Added Winter Pack 18-us-winter · us · $9.99');

    fireEvent.click(within((await screen.findByText('r1')).closest('tr') as HTMLElement).getByRole('button', { name: 'Revert to this revision' }));
    const dialog = screen.getByRole('dialog', { name: 'Revert the catalogue to revision 1' });
    const retire = await within(dialog).findByLabelText('Also retire what was added since: 1 bundles and 0 discount codes off sale, 2 banners no longer shown');
    expect(within(dialog).queryByText(/Retired Winter Pack/)).toBeNull();
    fireEvent.click(retire);
    expect(within(dialog).getByText(/Retired/).closest('li')).toHaveTextContent('Retired Winter Pack 18-us-winter · us · changes On sale');
    fireEvent.input(within(dialog).getByLabelText('Reason (kept in the audit log)'), { target: { value: 'winter over' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Revert to this revision' }));
    });
    expect(await screen.findByRole('status')).toHaveTextContent('The catalogue is now revision 3, as revision 1 was.');
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ revision: 1, reason: 'winter over', request_key: expect.any(String), confirm_price_changes: false, retire_added: true });
  });
});
