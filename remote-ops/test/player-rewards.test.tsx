import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, renderConsole } from './support/console-harness';

jest.setTimeout(30_000);

const SUPPORT = { operator: { name: 'support@ops.example', role: 'support' }, permissions: ['read', 'orders.act', 'tickets.act'], csrfToken: 'token' };
const VIEWER = { operator: { name: 'viewer@ops.example', role: 'viewer' }, permissions: ['read'], csrfToken: 'token' };
const REWARDS = {
  game_id: 18,
  server_id: '1801',
  role_id: '1801001',
  links: [{ link_id: 'L1nkL1nkL1nkL1nkL1nkL1', created_at: '2026-11-28T09:00:00Z', expires_at: '2027-02-26T09:00:00Z', ended_at: null, ended_by: null, live: true }],
  points: 49,
  entries: [{ id: '1', kind: 'purchase', points: 49, order_id: 'TP261128AAAA', reason: '', actor: '', created_at: '2026-11-28T09:05:00Z' }],
  gifts: [{ day: '2026-11-28', mail_key: 'gift-x', claimed_at: '2026-11-28T09:01:00Z' }],
};
const PLAYER = {
  key: { kind: 'character', value: '1801001' },
  uids: ['1800001'],
  emails: [],
  characters: [{ game_id: 18, area: 'us', server_id: '1801', server_name: 'NA-1 Aurora', role_id: '1801001', role_name: 'Aria', uid: '1800001', orders: 1, last_order_at: '2026-11-28T09:00:00Z' }],
  orders: [
    { order_id: 'TP261128AAAA', status: 'delivered', game_id: 18, area: 'us', server_id: '1801', server_name: 'NA-1 Aurora', role_id: '1801001', role_name: 'Aria', product_name: '300 Dragon Gems', pay_type: 'card', amount_minor: 499, currency: 'USD', created_at: '2026-11-28T09:00:00Z', disputed: false, uid: '1800001', receipt_email: '' },
  ],
  tickets: [],
  refunds: [],
  notes: [],
  more_orders: false,
  rewards: [REWARDS],
};

describe("the player's page: linked characters, points and gifts", () => {
  it('shows the links, the ledger and the gifts; an agent ends a link, corrects points and mails a gift again with a reason', async () => {
    const calls = fakeApi({
      'GET /session': { body: SUPPORT },
      'GET /alerts/unseen': { body: { unseen: 0 } },
      'GET /player': { body: PLAYER },
      'POST /player/links/L1nkL1nkL1nkL1nkL1nkL1/end': { body: { done: true } },
      'POST /player/points': { status: 409, body: { error: 'The points would go below zero', code: 'pointsBelowZero' } },
      'POST /player/gifts/resend': { body: { done: true } },
    });
    await renderConsole('/ops/player?q=1801001', 'en');
    const section = await screen.findByTestId('rewards-1801001');
    expect(within(section).getByText('Points: 49')).toBeInTheDocument();
    expect(within(section).getByText('Purchase', { exact: false })).toBeInTheDocument();
    expect(within(section).getByText('2026-11-28', { exact: false })).toBeInTheDocument();
    const end = within(section).getByRole('button', { name: 'End link' });
    expect(end).toBeDisabled();
    const resend = within(section).getByRole('button', { name: 'Send again: the gift of 2026-11-28' });
    expect(resend).toBeDisabled();
    fireEvent.input(within(section).getByLabelText('Reason'), { target: { value: 'lost phone' } });
    fireEvent.click(end);
    await waitFor(() => expect(calls.some((call) => call.method === 'POST' && call.path === '/player/links/L1nkL1nkL1nkL1nkL1nkL1/end')).toBe(true));
    const ended = calls.find((call) => call.path === '/player/links/L1nkL1nkL1nkL1nkL1nkL1/end')!;
    expect(ended.body).toMatchObject({ reason: 'lost phone', request_key: expect.stringMatching(/^[0-9a-f]{32}$/) });
    fireEvent.input(within(section).getByLabelText('Points to add (negative to take away)'), { target: { value: '-100' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Correct points' }));
    expect(await within(section).findByText("The character's points would go below zero.")).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/player/points')?.body).toMatchObject({ game_id: 18, server_id: '1801', role_id: '1801001', points: -100, reason: 'lost phone' });
    fireEvent.input(within(section).getByLabelText('Reason'), { target: { value: 'the gift never arrived' } });
    fireEvent.click(resend);
    await waitFor(() => expect(calls.find((call) => call.path === '/player/gifts/resend')?.body).toMatchObject({
      game_id: 18, server_id: '1801', role_id: '1801001', day: '2026-11-28', reason: 'the gift never arrived', request_key: expect.stringMatching(/^[0-9a-f]{32}$/),
    }));
    expect(await within(section).findByText('Done.')).toBeInTheDocument();
  });

  it('shows a viewer the same in Korean, without the actions', async () => {
    fakeApi({ 'GET /session': { body: VIEWER }, 'GET /alerts/unseen': { body: { unseen: 0 } }, 'GET /player': { body: PLAYER } });
    await renderConsole('/ops/player?q=1801001', 'ko');
    const section = await screen.findByTestId('rewards-1801001');
    expect(within(section).getByText('포인트: 49')).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: '연결 해제' })).toBeNull();
    expect(within(section).queryByRole('button', { name: '포인트 정정' })).toBeNull();
    expect(within(section).queryByRole('button', { name: '다시 보내기: 2026-11-28 선물' })).toBeNull();
  });
});
