import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, renderConsole } from './support/console-harness';

// The chart library draws on a canvas jsdom does not have; the charts are pictures of the tables tested here.
jest.mock('../src/features/insights/InsightsChart', () => ({ __esModule: true, default: ({ title }: { title: string }) => <div data-testid="chart">{title}</div> }));

const VIEWER = { operator: { name: 'viewer@ops.example', role: 'viewer' }, permissions: ['read'], csrfToken: 'token' };
const PERIOD = { from: '2026-11-01', to: '2026-11-02', timeZone: 'Asia/Seoul' };
const PREVIOUS = { from: '2026-10-30', to: '2026-10-31', timeZone: 'Asia/Seoul' };
const zeroSales = { paid_orders: 0, revenue_minor: 0, refunded_orders: 0, refunded_minor: 0, disputed_orders: 0, disputed_minor: 0, net_minor: 0, average_order_minor: null, first_purchase_share: null };

const FUNNEL = {
  period: PERIOD, previous_period: PREVIOUS, report_steps_narrowed: true,
  steps: [
    { step: 'page_loads', count: 10, previous: 8, conversion: null, previous_conversion: null, dropped: null },
    { step: 'characters_confirmed', count: 6, previous: 4, conversion: 0.6, previous_conversion: 0.5, dropped: 4 },
    { step: 'bundles_chosen', count: 3, previous: 4, conversion: 0.5, previous_conversion: 1, dropped: 3 },
    { step: 'orders_placed', count: 3, previous: 2, conversion: 1, previous_conversion: 0.5, dropped: 0 },
    { step: 'paid_orders', count: 2, previous: 2, conversion: 0.6667, previous_conversion: 1, dropped: 1 },
    { step: 'delivered_orders', count: 2, previous: 2, conversion: 1, previous_conversion: 1, dropped: 0 },
  ],
  days: [],
};
const SALES = {
  period: PERIOD, previous_period: PREVIOUS, by: 'game',
  currencies: [
    { currency: 'KRW', ...zeroSales, paid_orders: 1, revenue_minor: 5900, net_minor: 5900, average_order_minor: 5900, first_purchase_share: 1, previous: null },
    { currency: 'USD', ...zeroSales, paid_orders: 2, revenue_minor: 998, net_minor: 998, average_order_minor: 499, first_purchase_share: 0.5, previous: { ...zeroSales, paid_orders: 1, revenue_minor: 499, net_minor: 499 } },
  ],
  days: [
    { day: '2026-11-01', currency: 'USD', ...zeroSales, paid_orders: 2, revenue_minor: 998, net_minor: 998, average_order_minor: 499 },
    { day: '2026-11-02', currency: 'KRW', ...zeroSales, paid_orders: 1, revenue_minor: 5900, net_minor: 5900, average_order_minor: 5900 },
  ],
  breakdown: [{ key: '18', currency: 'USD', ...zeroSales, paid_orders: 2, revenue_minor: 998, net_minor: 998, average_order_minor: 499 }],
};
const DELIVERY = {
  period: PERIOD, previous_period: PREVIOUS,
  games: [{ game_id: 18, paid_orders: 2, delivered_orders: 2, failed_deliveries: 0, refunded_orders: 0, failure_rate: 0, refund_rate: 0, p50_ms: 1500, p95_ms: 5000, previous: null }],
  days: [{ day: '2026-11-01', game_id: 18, paid_orders: 2, delivered_orders: 2, failed_deliveries: 0, refunded_orders: 0, failure_rate: 0, refund_rate: 0, p50_ms: 1500, p95_ms: 5000 }],
};
const EXPERIMENT = {
  experiment_id: 'winter-gems', game_id: 18, area: 'us', product_id: '18-us-currency-300', guardrail: 'conversion', min_visitors: 200, state: 'running', stopped_why: '',
  variants: [
    { variant: 'control', share: 50, percent_off: 0, bonus_items: [], stopped: false, stopped_why: '', visitors: 100, converted: 20, revenue_minor: 9980, conversion: 0.2, conversion_interval: [0.1216, 0.2784], revenue_per_visitor: 99.8, revenue_per_visitor_interval: [59.85, 139.75] },
    { variant: 'ten-off', share: 50, percent_off: 10, bonus_items: [], stopped: false, stopped_why: '', visitors: 100, converted: 25, revenue_minor: 11225, conversion: 0.25, conversion_interval: [0.1651, 0.3349], revenue_per_visitor: 112.25, revenue_per_visitor_interval: [72.1, 152.4] },
  ],
};
const STOPPED_EXPERIMENT = { ...EXPERIMENT, experiment_id: 'old-one', state: 'stopped' };
const DRAFT = { revision: 1, rows: [], problems: [], diff: {}, provider_pay_types: [], file: { games: [{ game_id: 18, names: { en: 'Emberwing Frontier', ko: '엠버윙 프론티어' } }], game_areas: [{ area: 'us' }], pay_types: [{ pay_type: 'card' }], discount_codes: [{ code: 'EMBER15' }], bundles: [] } };

describe('Insights', () => {
  it('reads the three charts with the filters and the operator\'s time zone, and shows their figures in tables, per currency', async () => {
    const calls = fakeApi({
      'GET /session': { body: VIEWER },
      'GET /insights/funnel': { body: FUNNEL },
      'GET /insights/sales': { body: SALES },
      'GET /insights/delivery': { body: DELIVERY },
      'GET /catalogue/draft': { body: DRAFT },
      'GET /experiments': { body: { experiments: [EXPERIMENT, STOPPED_EXPERIMENT] } },
    });
    await renderConsole('/ops/insights?from=2026-11-01&to=2026-11-02&game_id=18');
    const nav = await screen.findByRole('navigation');
    expect(within(nav).getByRole('link', { name: 'Insights' })).toHaveAttribute('aria-current', 'page');
    await screen.findByRole('heading', { name: 'Insights', level: 1 });

    const funnel = await screen.findByRole('table', { name: 'Funnel from 2026-11-01 to 2026-11-02' });
    const characters = within(funnel).getByRole('row', { name: /Character confirmed/ });
    expect(within(characters).getAllByRole('cell').map((c) => c.textContent)).toEqual(['6 +50% compared with the period before', '60%', '4', '4', '50%']);
    expect(screen.getByText(/Most players drop before “Bundle chosen”: 50% of the step before \(3\)/)).toBeInTheDocument();

    const days = screen.getByRole('table', { name: 'Sales per day' });
    expect(within(days).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((c) => c.textContent).slice(0, 3))).toEqual([
      ['USD', '2', '$9.98'],
      ['KRW', '1', '₩5,900'],
    ]);
    expect(screen.getAllByTestId('chart').map((c) => c.textContent)).toEqual([
      'Sessions and orders per step',
      'Revenue and net per day (KRW)',
      'Revenue and net per day (USD)',
      'Payment to delivery, 95th percentile per day (seconds)',
      'Failed deliveries per day (%)',
      'Conversion per variant, with its 95 % interval',
      'Revenue per visitor per variant (USD), with its 95 % interval',
    ]);
    // The running experiments' results with their intervals, and the way to all experiments.
    const experiments = screen.getByRole('region', { name: 'Offer experiments' });
    const results = within(experiments).getByRole('table', { name: 'Results of winter-gems' });
    expect(within(within(results).getAllByRole('row')[2]!).getAllByRole('cell').map((c) => c.textContent)).toEqual(['10 % off', '50%', '100', '25', '25%95 %: 16.5% – 33.5%', '$1.1295 %: $0.72 – $1.52']);
    expect(within(experiments).queryByText(/old-one/)).toBeNull();
    expect(within(experiments).getByRole('link', { name: 'All experiments' })).toHaveAttribute('href', '/ops/experiments');
    const breakdown = screen.getByRole('table', { name: 'Sales by Game' });
    expect(within(breakdown).getByRole('rowheader')).toHaveTextContent('Emberwing Frontier');
    const delivery = screen.getByRole('table', { name: 'Delivery health' });
    expect(within(within(delivery).getAllByRole('row')[1]!).getAllByRole('cell').map((c) => c.textContent).slice(-2)).toEqual(['≤ 1.5 s', '≤ 5 s']);

    const funnelCall = calls.find((c) => c.path.startsWith('/insights/funnel?'))!;
    const query = Object.fromEntries(new URLSearchParams(funnelCall.path.split('?')[1]));
    expect(query).toEqual({ from: '2026-11-01', to: '2026-11-02', game_id: '18', tz: Intl.DateTimeFormat().resolvedOptions().timeZone });
    expect(screen.getByRole('link', { name: 'Sales CSV' }).getAttribute('href')).toBe(`/ops/api/insights/sales.csv?from=2026-11-01&to=2026-11-02&game_id=18&tz=${encodeURIComponent(query.tz!)}`);

    // Another breakdown reads the sales again, by bundle.
    fireEvent.click(screen.getByRole('button', { name: 'Bundle' }));
    await waitFor(() => expect(calls.some((c) => c.path.startsWith('/insights/sales?') && c.path.includes('by=bundle'))).toBe(true));
  });

  it('says when a period has nothing, and offers to try again when the store cannot answer, in Korean', async () => {
    const emptyFunnel = { ...FUNNEL, steps: FUNNEL.steps.map((s) => ({ ...s, count: 0, previous: 0, conversion: null, previous_conversion: null, dropped: 0 })) };
    let failing = true;
    fakeApi({
      'GET /session': { body: VIEWER },
      'GET /insights/funnel': { body: emptyFunnel },
      'GET /insights/sales': { body: { ...SALES, currencies: [], days: [], breakdown: [] } },
      'GET /insights/delivery': () => (failing ? { status: 400, body: { error: 'tz must be a time zone name', code: 'badFilter' } } : { body: DELIVERY }),
      'GET /catalogue/draft': { body: DRAFT },
      'GET /experiments': { body: { experiments: [] } },
    });
    await renderConsole('/ops/insights', 'ko');
    await screen.findByRole('heading', { name: '인사이트', level: 1 });
    expect(await screen.findAllByText('이 기간과 필터에 해당하는 데이터가 없습니다.')).toHaveLength(2);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('필터');
    failing = false;
    fireEvent.click(within(alert).getByRole('button'));
    expect(await screen.findByRole('table', { name: '지급 상태' })).toBeInTheDocument();
    // The default period: the last 30 days, today in the operator's time zone included.
    const from = screen.getByLabelText('시작일') as HTMLInputElement;
    const to = screen.getByLabelText('종료일') as HTMLInputElement;
    expect((Date.parse(to.value) - Date.parse(from.value)) / 86_400_000).toBe(29);
  });
});
