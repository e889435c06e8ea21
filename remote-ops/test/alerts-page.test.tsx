import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, renderConsole } from './support/console-harness';

jest.setTimeout(30_000);

const VIEWER = { operator: { name: 'viewer@ops.example', role: 'viewer' }, permissions: ['read', 'releases.read'], csrfToken: 'token' };
const INCIDENT = {
  id: 7,
  alert_kind: 'delivery_failures',
  subject: '18',
  title: 'game 18: 6 of 6 delivery attempts failed in the last 15 min (100 %)',
  facts: { game_id: 18 },
  opened_at: '2026-11-28T09:00:00Z',
  resolved_at: null,
  deliveries: 2,
  delivered: 1,
  failed: 1,
};
const MINE = {
  kinds: ['delivery_failures', 'auto_rollback', 'reconcile_finding', 'ticket', 'price_change'],
  formats: ['json', 'slack', 'discord'],
  subscriptions: ['ticket'],
  channels: [{ id: 3, channel: 'email', label: '', email: 'viewer@ops.example', url: null, format: 'json' }],
  deliveries: [],
};
const WEBHOOK = { id: 4, channel: 'webhook', label: '', email: null, url: 'https://hooks.slack.com/…', format: 'slack' };

describe('the Alerts page', () => {
  it('shows the unseen count in the menu, the incidents, and clears the count once they are seen', async () => {
    let seen = false;
    const calls = fakeApi({
      'GET /session': { body: VIEWER },
      'GET /alerts/unseen': () => ({ body: { unseen: seen ? 0 : 3 } }),
      'GET /alerts': { body: { incidents: [INCIDENT], unseen: 3 } },
      'POST /alerts/seen': () => {
        seen = true;
        return { body: { unseen: 0 } };
      },
      'GET /alerts/mine': { body: MINE },
    });
    await renderConsole('/ops/alerts', 'en');
    const nav = await screen.findByRole('navigation');
    const link = within(nav).getByRole('link', { name: /Alerts/ });
    await waitFor(() => expect(link).toHaveTextContent('3 new alerts'));
    const table = await screen.findByRole('table', { name: 'Incidents' });
    expect(within(table).getByText('Deliveries failing')).toBeInTheDocument();
    expect(within(table).getByText(INCIDENT.title)).toBeInTheDocument();
    expect(within(table).getByText('1 of 2')).toBeInTheDocument();
    await waitFor(() => expect(calls.some((call) => call.method === 'POST' && call.path === '/alerts/seen')).toBe(true));
    await waitFor(() => expect(within(nav).queryByTestId('alerts-badge')).toBeNull());
    expect(screen.getByRole('checkbox', { name: /New or reopened ticket/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Deliveries failing/ })).not.toBeChecked();
  });

  it('adds a webhook, shows its secret once, sends a test, and says a refused address in Korean', async () => {
    let refuse = true;
    const calls = fakeApi({
      'GET /session': { body: VIEWER },
      'GET /alerts/unseen': { body: { unseen: 0 } },
      'GET /alerts': { body: { incidents: [], unseen: 0 } },
      'POST /alerts/seen': { body: { unseen: 0 } },
      'GET /alerts/mine': { body: MINE },
      'POST /alerts/channels': () =>
        refuse
          ? { status: 400, body: { error: 'The store may not post to this address', code: 'badWebhookUrl' } }
          : {
              status: 201,
              body: {
                ...MINE,
                channels: [...MINE.channels, WEBHOOK],
                secret: 'whsec_shown_once',
              },
            },
      'POST /alerts/channels/4/test': { status: 202, body: { ...MINE, channels: [...MINE.channels, WEBHOOK], delivery_id: 11 } },
    });
    await renderConsole('/ops/alerts', 'ko');
    fireEvent.change(await screen.findByLabelText('채널'), { target: { value: 'webhook' } });
    fireEvent.input(screen.getByLabelText('웹훅 주소 (https)'), { target: { value: 'http://10.0.0.1/hook' } });
    fireEvent.change(screen.getByLabelText('본문 형식'), { target: { value: 'slack' } });
    fireEvent.click(screen.getByRole('button', { name: '채널 추가' }));
    expect(await screen.findByText('스토어가 이 주소로 보낼 수 없습니다. 공개된 https 주소를 쓰세요.')).toBeInTheDocument();
    expect(screen.getByLabelText('웹훅 주소 (https)')).toHaveAttribute('aria-invalid', 'true');

    refuse = false;
    fireEvent.input(screen.getByLabelText('웹훅 주소 (https)'), { target: { value: 'https://hooks.slack.com/services/T0/B0/x' } });
    fireEvent.click(screen.getByRole('button', { name: '채널 추가' }));
    expect(await screen.findByTestId('webhook-secret')).toHaveTextContent('whsec_shown_once');
    const added = calls.filter((call) => call.method === 'POST' && call.path === '/alerts/channels');
    expect(added[1]?.body).toEqual({ channel: 'webhook', url: 'https://hooks.slack.com/services/T0/B0/x', format: 'slack', label: '' });
    fireEvent.click(screen.getByRole('button', { name: '보관했습니다' }));
    expect(screen.queryByTestId('webhook-secret')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'https://hooks.slack.com/… (Slack 수신 웹훅)(으)로 테스트 보내기' }));
    expect(await screen.findByText('테스트를 보내는 중입니다.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST' && call.path === '/alerts/channels/4/test')).toBe(true);
  });
});
