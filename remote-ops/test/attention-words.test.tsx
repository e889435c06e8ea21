import { screen, within } from '@testing-library/react';
import { fakeApi, renderConsole } from './support/console-harness';

jest.setTimeout(30_000);

const VIEWER = { operator: { name: 'viewer@ops.example', role: 'viewer' }, permissions: ['read'], csrfToken: 't' };

/** The attention answer as the store gives it: each report with its key, its figures and its own (English, developer) words. */
const ATTENTION = {
  findings: [
    { key: 'moneyAndItemsDisagree', params: {}, title: 'Orders whose money and items disagree', meaning: 'paid with its job still in the outbox', rows: [] },
    {
      key: 'deliveredWithoutPayment',
      params: {},
      title: 'Delivered without a payment',
      meaning: 'items went out with no paid_at, or paid_at after delivered_at',
      rows: [{ order_id: 'TP-1', status: 'delivered', paid_at: null, mail_sent_at: '2026-11-26 07:00:00+00', delivered_at: '2026-11-26 07:00:01+00', mails: 1 }],
    },
    { key: 'providerPaymentsUnaccounted', params: { provider: 'sandbox', since: '2026-11-25T00:00:00.000Z' }, title: 'Payments the provider kept', meaning: 'booked as paid', rows: null },
    {
      key: 'paidPastDeadline',
      params: { giveUpMinutes: 1440, marginMinutes: 30 },
      title: 'Paid orders past their deadline',
      meaning: 'paid more than DELIVERY_GIVE_UP_AFTER (1440 min) + 30 min ago',
      rows: [{ order_id: 'TP-2', status: 'delivery_failed', paid_at: '2026-11-25 07:00:00+00', open_jobs: 1, last_error: 'game server timed out' }],
    },
  ],
  failingDeliveries: [],
  pendingRefunds: [],
  openTickets: 0,
};

describe('Needs attention speaks an operator’s words', () => {
  it.each([
    ['en', 'Items sent without a payment', 'Paid more than 24 h + 30 min ago (when the store stops retrying a delivery', 'Paid at: –', 'Deliveries or refunds waiting: 1'],
    ['ko', '결제 없이 지급된 아이템', '결제 후 24시간 + 30분(스토어가 지급 재시도를 멈추는 시간과 여유)이 지났는데', '결제 시각: –', '대기 중인 지급·환불: 1'],
    ['zh', '未付款却已发放的道具', '付款已超过 24 小时 + 30 分钟（商店停止重试发放的时间加余量）', '付款时间: –', '等待中的发放或退款: 1'],
  ] as const)('in %s, with no column names, settings or "outbox"', async (locale, deliveredTitle, deadline, paidAt, waiting) => {
    fakeApi({ 'GET /session': { body: VIEWER }, 'GET /attention': { body: ATTENTION } });
    await renderConsole('/ops/attention', locale);
    const delivered = await screen.findByRole('region', { name: deliveredTitle });
    expect(delivered).toHaveTextContent(paidAt);
    const past = document.querySelector('[data-finding="paidPastDeadline"]') as HTMLElement;
    expect(past).toHaveTextContent(deadline);
    expect(within(past).getByText(new RegExp(waiting))).toBeInTheDocument();
    const text = document.body.textContent ?? '';
    for (const developerWord of ['paid_at', 'delivered_at', 'open_jobs', 'DELIVERY_GIVE_UP_AFTER', 'outbox', 'true', 'false']) expect(text).not.toContain(developerWord);
  });
});
