import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, renderConsole } from './support/console-harness';

jest.setTimeout(30_000);

const ADMIN = { operator: { name: 'admin@ops.example', role: 'admin' }, permissions: ['read', 'operators.manage'], stage: 'full', csrfToken: 't' };
const operator = (id: number, email: string, role: string, twoFactor: boolean) => ({
  id,
  email,
  role,
  created_at: '2026-11-20 09:00:00+00',
  created_by: 'service:setup',
  disabled_at: null,
  last_seen_at: '2026-11-28 09:00:00+00',
  two_factor: twoFactor,
});

describe('the operators page: clearing a lost second factor', () => {
  const listing = (lostPhone: boolean) => ({
    operators: [operator(1, 'admin@ops.example', 'admin', true), operator(2, 'lost.phone@ops.example', 'release_manager', lostPhone), operator(3, 'support@ops.example', 'support', false)],
    roles: ['admin', 'release_manager', 'support', 'viewer'],
  });

  it('offers it only for another operator who has one, and asks a reason and a second confirmation', async () => {
    let cleared = false;
    const calls = fakeApi({
      'GET /session': { body: ADMIN },
      'GET /operators': () => ({ body: listing(!cleared) }),
      'POST /operators/2/two-factor/clear': () => {
        cleared = true;
        return { body: { operator: operator(2, 'lost.phone@ops.example', 'release_manager', false) } };
      },
    });
    await renderConsole('/ops/operators');
    const row = (email: string) => document.querySelector(`tr[data-operator="${email}"]`) as HTMLElement;
    await screen.findByRole('table');
    // Not on oneself (the account page removes one's own, with one's password), nor where there is none.
    expect(within(row('admin@ops.example')).queryByRole('button', { name: /second factor/ })).toBeNull();
    expect(within(row('support@ops.example')).queryByRole('button', { name: /second factor/ })).toBeNull();
    expect(within(row('support@ops.example')).getByText('Off')).toBeInTheDocument();

    fireEvent.click(within(row('lost.phone@ops.example')).getByRole('button', { name: 'Clear the second factor of lost.phone@ops.example' }));
    const dialog = await screen.findByRole('dialog', { name: 'Clear the second factor of lost.phone@ops.example' });
    expect(dialog).toHaveTextContent('signed out everywhere');
    const confirm = within(dialog).getByRole('button', { name: 'Confirm' });
    expect(confirm).toBeDisabled();
    fireEvent.input(within(dialog).getByLabelText(/^Reason/), { target: { value: 'lost phone, checked by video call' } });
    expect(confirm).toBeDisabled();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /I checked that lost\.phone@ops\.example asked for this/ }));
    expect(confirm).toBeEnabled();
    fireEvent.click(confirm);

    expect(await screen.findByRole('status')).toHaveTextContent('The second factor of lost.phone@ops.example is cleared; their sessions ended.');
    expect(calls.filter((c) => c.method === 'POST' && c.path.startsWith('/operators')).map((c) => [c.path, c.body])).toEqual([['/operators/2/two-factor/clear', { reason: 'lost phone, checked by video call', confirm: true }]]);
    await waitFor(() => expect(within(row('lost.phone@ops.example')).queryByRole('button', { name: /second factor/ })).toBeNull());
  });

  it('keeps the dialog open with the server\'s refusal', async () => {
    fakeApi({
      'GET /session': { body: ADMIN },
      'GET /operators': { body: listing(true) },
      'POST /operators/2/two-factor/clear': { status: 409, body: { error: 'lost.phone@ops.example has no second factor to clear', code: 'twoFactorOff' } },
    });
    await renderConsole('/ops/operators', 'ko');
    const button = await screen.findByRole('button', { name: 'lost.phone@ops.example의 2단계 인증 해제' }, { timeout: 4000 });
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog');
    fireEvent.input(within(dialog).getAllByRole('textbox')[0]!, { target: { value: '휴대폰 분실' } });
    fireEvent.click(within(dialog).getByRole('checkbox'));
    fireEvent.click(within(dialog).getByRole('button', { name: '확인' }));
    expect(await within(dialog).findByRole('alert')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
