import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, renderConsole } from './support/console-harness';

// The chart library draws on a canvas jsdom does not have; the charts are pictures of the tables tested here.
jest.mock('../src/features/insights/InsightsChart', () => ({ __esModule: true, default: ({ title }: { title: string }) => <div data-testid="chart">{title}</div> }));

jest.setTimeout(30_000);

const MERCHANDISER = { operator: { name: 'merch@ops.example', role: 'merchandiser' }, permissions: ['read', 'catalogue.edit'], csrfToken: 'token' };
const VIEWER = { operator: { name: 'viewer@ops.example', role: 'viewer' }, permissions: ['read', 'releases.read'], csrfToken: 'token' };
const variant = (name: string, extra: Record<string, unknown> = {}) => ({
  variant: name, share: 50, percent_off: 0, bonus_items: [], stopped: false, stopped_why: '', visitors: 0, converted: 0, revenue_minor: 0,
  conversion: 0, conversion_interval: [0, 0], revenue_per_visitor: 0, revenue_per_visitor_interval: [0, 0], ...extra,
});
const RUNNING = {
  experiment_id: 'winter-gems', game_id: 18, area: 'us', product_id: '18-us-currency-300', guardrail: 'revenue_per_visitor', min_visitors: 80, state: 'running', stopped_why: '',
  variants: [
    variant('control', { visitors: 100, converted: 20, revenue_minor: 9980, conversion: 0.2, conversion_interval: [0.1216, 0.2784], revenue_per_visitor: 99.8, revenue_per_visitor_interval: [59.85, 139.75] }),
    variant('bonus', { share: 25, bonus_items: [{ item_id: 'Dragon Gems', count: 20 }], visitors: 50, converted: 5, conversion: 0.1, conversion_interval: [0.0168, 0.1832] }),
    variant('deep', { share: 25, percent_off: 30, stopped: true, stopped_why: 'stopped by the guardrail: revenue per visitor 12.00 over 300 visitors; z = 3.1', visitors: 50 }),
  ],
};
const BUNDLES = {
  guardrails: ['revenue_per_visitor', 'conversion'],
  areas: [
    { game_id: 18, game_names: { en: 'Emberwing Frontier', ko: '엠버윙 프론티어' }, area: 'us', currency: 'USD', bundles: [{ product_id: '18-us-currency-300', name: '300 Dragon Gems', price_minor: 499 }, { product_id: '18-us-currency-980', name: '980 Dragon Gems', price_minor: 1499 }], items: ['Dragon Gems', 'Dragon Gems (bonus)'] },
  ],
};

describe('the Experiments page', () => {
  it('lists each experiment with its bundle, guardrail and results, a stopped variant marked with why; a viewer cannot change anything', async () => {
    fakeApi({ 'GET /session': { body: VIEWER }, 'GET /experiments': { body: { experiments: [RUNNING] } }, 'GET /experiments/bundles': { body: BUNDLES } });
    await renderConsole('/ops/experiments');
    await screen.findByRole('heading', { name: 'Offer experiments', level: 1 });
    const card = await screen.findByRole('region', { name: /^winter-gems/ });
    await waitFor(() => expect(within(card).getByText('300 Dragon Gems', { exact: false })).toBeInTheDocument());
    expect(within(card).getByText('Revenue per visitor', { selector: 'dd' })).toBeInTheDocument();
    // The bonus and the deep variant have 50 visitors of the 80 the guardrail waits for.
    expect(within(card).getByText('80 for each variant and the control', { selector: 'dd' })).toBeInTheDocument();
    expect(within(card).getByText(/judges a variant once it and the control each have 80 visitors/)).toBeInTheDocument();
    const table = within(card).getByRole('table', { name: 'Results of winter-gems' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getAllByRole('cell').map((c) => c.textContent)).toEqual(['The catalogue’s offer', '50%', '100', '20', '20%95 %: 12.2% – 27.8%', '$1.0095 %: $0.60 – $1.40']);
    expect(within(rows[1]!).getAllByRole('cell')[0]).toHaveTextContent('+20 Dragon Gems');
    expect(within(rows[2]!).getByRole('rowheader')).toHaveTextContent(/deep\s*Stopped stopped by the guardrail: revenue per visitor 12\.00/);
    expect(screen.getAllByTestId('chart').map((c) => c.textContent)).toEqual(['Conversion per variant, with its 95 % interval', 'Revenue per visitor per variant (USD), with its 95 % interval']);
    expect(screen.queryByRole('button', { name: 'Define an experiment' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Stop/ })).toBeNull();
  });

  it('says when there is none, and offers to try again when the store cannot answer, in Korean', async () => {
    let failing = true;
    fakeApi({
      'GET /session': { body: MERCHANDISER },
      'GET /experiments': () => (failing ? { status: 500, body: { error: 'boom', code: 'server' } } : { body: { experiments: [] } }),
      'GET /experiments/bundles': { body: BUNDLES },
    });
    await renderConsole('/ops/experiments', 'ko');
    await screen.findByRole('heading', { name: '오퍼 실험', level: 1 });
    const alert = await screen.findByRole('alert');
    failing = false;
    fireEvent.click(within(alert).getByRole('button'));
    expect(await screen.findByText('아직 실험이 없습니다.')).toBeInTheDocument();
  });

  it('defines an experiment from the catalogue’s bundles, with the variants as rows, and shows a refusal in words', async () => {
    let refuse = true;
    const calls = fakeApi({
      'GET /session': { body: MERCHANDISER },
      'GET /experiments': { body: { experiments: [] } },
      'GET /experiments/bundles': { body: BUNDLES },
      'POST /experiments': () =>
        refuse ? { status: 409, body: { error: 'already running', code: 'experimentRunning' } } : { status: 201, body: { experiments: [{ ...RUNNING, experiment_id: 'spring-gems', product_id: '18-us-currency-980' }] } },
    });
    await renderConsole('/ops/experiments');
    fireEvent.click(await screen.findByRole('button', { name: 'Define an experiment' }));
    const form = await screen.findByRole('form', { name: 'Define an experiment' });
    // The button that opened it is gone: the keyboard's focus is on the form's heading.
    await waitFor(() => expect(within(form).getByRole('heading', { name: 'Define an experiment' })).toHaveFocus());
    fireEvent.input(within(form).getByLabelText('Name'), { target: { value: 'spring-gems' } });
    fireEvent.change(within(form).getByLabelText('Bundle'), { target: { value: '18-us-currency-980' } });
    fireEvent.change(within(form).getByLabelText('Guardrail'), { target: { value: 'conversion' } });
    const second = within(form).getByRole('group', { name: 'Variant 1' });
    fireEvent.input(within(second).getByLabelText('Variant'), { target: { value: 'ten-off' } });
    fireEvent.input(within(second).getByLabelText('Share (%)'), { target: { value: '30' } });
    expect(within(form).getByText('The shares add up to 80 %: they must add up to 100 %.')).toBeInTheDocument();
    fireEvent.click(within(form).getByRole('button', { name: 'Add a variant' }));
    const third = within(form).getByRole('group', { name: 'Variant 2' });
    fireEvent.input(within(third).getByLabelText('Share (%)'), { target: { value: '20' } });
    fireEvent.input(within(third).getByLabelText('Per cent off'), { target: { value: '0' } });
    fireEvent.change(within(third).getByLabelText('Bonus item'), { target: { value: 'Dragon Gems' } });
    fireEvent.input(within(third).getByLabelText('How many'), { target: { value: '25' } });
    // A second bonus item, then a third taken away again; the control has none to add.
    fireEvent.click(within(third).getByRole('button', { name: 'Add a bonus item' }));
    expect(within(third).queryByRole('button', { name: 'Add a bonus item' })).toBeNull();
    fireEvent.change(within(third).getByLabelText('Bonus item 2'), { target: { value: 'Dragon Gems (bonus)' } });
    fireEvent.input(within(third).getByLabelText('How many of bonus item 2'), { target: { value: '5' } });
    fireEvent.click(within(third).getByRole('button', { name: 'Add a bonus item' }));
    fireEvent.change(within(third).getByLabelText('Bonus item 3'), { target: { value: 'Dragon Gems' } });
    fireEvent.click(within(third).getByRole('button', { name: 'Remove bonus item 3' }));
    expect(within(third).queryByLabelText('Bonus item 3')).toBeNull();
    expect(within(within(form).getByRole('group', { name: 'Control' })).queryByRole('button', { name: 'Add a bonus item' })).toBeNull();
    expect(within(form).getByText('The shares add up to 100 %.')).toBeInTheDocument();
    expect(within(within(form).getByRole('group', { name: 'Control' })).getByLabelText('Variant')).toHaveAttribute('readonly');

    fireEvent.click(within(form).getByRole('button', { name: 'Start the experiment' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('This bundle already has a running experiment: stop it first.');
    refuse = false;
    fireEvent.click(within(form).getByRole('button', { name: 'Start the experiment' }));
    expect(await screen.findByText('Experiment spring-gems started.')).toBeInTheDocument();
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(2);
    expect(posts[1]!.csrf).toBe('token');
    expect(posts[1]!.body).toMatchObject({
      experiment_id: 'spring-gems', game_id: 18, area: 'us', product_id: '18-us-currency-980', guardrail: 'conversion', min_visitors: 200,
      variants: [
        { variant: 'control', share: 50, percent_off: 0, bonus_items: [] },
        { variant: 'ten-off', share: 30, percent_off: 10, bonus_items: [] },
        { variant: 'variant-b', share: 20, percent_off: 0, bonus_items: [{ item_id: 'Dragon Gems', count: 25 }, { item_id: 'Dragon Gems (bonus)', count: 5 }] },
      ],
    });
    // A corrected definition is another request.
    expect(posts[1]!.body!.request_key).not.toBe(posts[0]!.body!.request_key);
    expect(screen.queryByRole('form', { name: 'Define an experiment' })).toBeNull();
    const started = await screen.findByRole('region', { name: /^spring-gems/ });
    await waitFor(() => expect(within(started).getByRole('heading', { level: 2 })).toHaveFocus());
  });

  it('stops a variant with a reason, after a confirmation', async () => {
    const calls = fakeApi({
      'GET /session': { body: MERCHANDISER },
      'GET /experiments': { body: { experiments: [RUNNING] } },
      'GET /experiments/bundles': { body: BUNDLES },
      'POST /experiments/winter-gems/stop': { body: { experiments: [{ ...RUNNING, variants: RUNNING.variants.map((v) => (v.variant === 'bonus' ? { ...v, stopped: true, stopped_why: 'too generous' } : v)) }] } },
    });
    await renderConsole('/ops/experiments');
    const card = await screen.findByRole('region', { name: /^winter-gems/ });
    // A stopped variant has no stop of its own; the control has none either.
    expect(within(card).queryByRole('button', { name: 'Stop deep' })).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Stop control' })).toBeNull();
    fireEvent.click(within(card).getByRole('button', { name: 'Stop bonus' }));
    const dialog = await screen.findByRole('dialog', { name: 'Stop variant bonus of winter-gems' });
    const confirm = within(dialog).getByRole('button', { name: 'Stop bonus' });
    expect(confirm).toBeDisabled();
    fireEvent.input(within(dialog).getByLabelText('Reason (kept in the audit log)'), { target: { value: 'too generous' } });
    expect(confirm).toBeDisabled();
    fireEvent.click(within(dialog).getByRole('checkbox'));
    fireEvent.click(confirm);
    expect(await screen.findByText('Variant bonus stopped.')).toBeInTheDocument();
    const stop = calls.find((c) => c.method === 'POST')!;
    expect(stop.body).toMatchObject({ variant: 'bonus', reason: 'too generous', request_key: expect.any(String) });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Stop bonus' })).toBeNull());
    await waitFor(() => expect(within(card).getByRole('heading', { level: 2 })).toHaveFocus());
  });
});
