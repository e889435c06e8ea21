import type { AddressInfo } from 'node:net';
import { loadConfig } from '../src/config';
import { CONTROL, recordConversion, recordVisit, runningExperimentOf } from '../src/experiments';
import { addOperator } from '../src/ops/operator-admin';
import { countRows } from './support/order-helpers';
import { Console, PASSWORD } from './support/ops-console-client';
import { openTestStore, type TestStore } from './support/test-app';
import { testDbTargets } from './support/test-db';

jest.setTimeout(120_000);

const OPS_TOKEN = 'ops-token-for-experiment-ops-tests-0123456789';
const SETUP = { name: 'service:test-setup', operatorId: null, address: 'test' };

/** A good definition on a demo bundle: a control and a variant ten per cent off with two bonus gems. */
const definition = (overrides: Record<string, unknown> = {}) => ({
  experiment_id: 'winter-gems',
  game_id: 18,
  area: 'us',
  product_id: '18-us-currency-300',
  guardrail: 'conversion',
  min_visitors: 100,
  variants: [
    { variant: CONTROL, share: 50 },
    { variant: 'ten-off', share: 30, percent_off: 10 },
    { variant: 'bonus', share: 20, bonus_items: [{ item_id: 'Dragon Gems', count: 20 }] },
  ],
  ...overrides,
});

describe.each(testDbTargets())('the back office’s offer experiments on $name', (target) => {
  let store: TestStore;
  let url = '';
  let merch: Console;
  let viewer: Console;
  let support: Console;

  beforeAll(async () => {
    const ops = { ...loadConfig({}).ops, signInsPerAddress: 10_000 };
    store = await openTestStore(target, { opsToken: OPS_TOKEN, ops });
    await store.app.listen({ host: '127.0.0.1', port: 0 });
    url = `http://127.0.0.1:${(store.app.server.address() as AddressInfo).port}`;
    await addOperator(store.db, SETUP, { email: 'merch@ops.example', role: 'merchandiser', password: PASSWORD });
    await addOperator(store.db, SETUP, { email: 'viewer@ops.example', role: 'viewer', password: PASSWORD });
    await addOperator(store.db, SETUP, { email: 'support@ops.example', role: 'support', password: PASSWORD });
    merch = new Console(url);
    viewer = new Console(url);
    support = new Console(url);
    expect((await merch.signIn('merch@ops.example')).status).toBe(200);
    expect((await viewer.signIn('viewer@ops.example')).status).toBe(200);
    expect((await support.signIn('support@ops.example')).status).toBe(200);
  });
  afterAll(async () => store.close());

  it('offers the bundles on sale per game area, with the items a variant may add', async () => {
    const answer = await viewer.send('GET', '/experiments/bundles');
    expect(answer.status).toBe(200);
    expect(answer.body.guardrails).toEqual(['revenue_per_visitor', 'conversion']);
    const us = answer.body.areas.find((area: { game_id: number; area: string }) => area.game_id === 18 && area.area === 'us');
    expect(us).toMatchObject({ currency: 'USD', game_names: { en: expect.any(String) } });
    expect(us.bundles).toEqual(expect.arrayContaining([{ product_id: '18-us-currency-300', name: expect.any(String), price_minor: expect.any(Number) }]));
    expect(us.items).toEqual(expect.arrayContaining(['Dragon Gems', 'Dragon Gems (bonus)']));
  });

  it('lets a merchandiser start one, audited, and refuses viewers, support and strangers', async () => {
    expect(await viewer.send('POST', '/experiments', definition())).toMatchObject({ status: 403, body: { code: 'forbidden' } });
    expect(await support.send('POST', '/experiments', definition())).toMatchObject({ status: 403, body: { code: 'forbidden' } });
    expect(await new Console(url).send('POST', '/experiments', definition())).toMatchObject({ status: 401 });
    expect(await merch.send('POST', '/experiments', definition(), { 'x-csrf-token': '' })).toMatchObject({ status: 403, body: { code: 'csrf' } });
    expect(await countRows(store.db, `offer_experiments`)).toBe(0);

    await store.experiments.reload();
    expect(store.experiments.of(18, 'us', '18-us-currency-300')).toBeNull();
    const made = await merch.send('POST', '/experiments', { ...definition(), reason: 'does a tenth off sell more gems?', request_key: 'start-winter-gems-1' });
    expect(made.status).toBe(201);
    // This process's price reads hold it at once (their own refresh is an hour away here).
    expect(store.experiments.of(18, 'us', '18-us-currency-300')?.experimentId).toBe('winter-gems');
    expect(made.body.experiments).toHaveLength(1);
    expect(made.body.experiments[0]).toMatchObject({
      experiment_id: 'winter-gems',
      state: 'running',
      guardrail: 'conversion',
      variants: [
        { variant: CONTROL, share: 50, percent_off: 0, bonus_items: [], stopped: false, visitors: 0 },
        { variant: 'bonus', share: 20, percent_off: 0, bonus_items: [{ item_id: 'Dragon Gems', count: 20 }] },
        { variant: 'ten-off', share: 30, percent_off: 10 },
      ],
    });
    // The same press twice starts nothing more and records nothing more.
    expect((await merch.send('POST', '/experiments', { ...definition(), request_key: 'start-winter-gems-1' })).status).toBe(200);
    const audit = await store.db.query<{ actor: string; target_id: string; reason: string; after: { product_id: string; variants: unknown[] } }>(
      `SELECT actor, target_id, reason, after FROM audit_log WHERE action = 'experiment.create'`,
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor: 'merch@ops.example', target_id: 'winter-gems', reason: 'does a tenth off sell more gems?', after: { product_id: '18-us-currency-300' } });
    expect(audit[0]!.after.variants).toHaveLength(3);

    // Everyone who reads sees it; automation may too.
    expect((await viewer.send('GET', '/experiments')).body.experiments[0]).toMatchObject({ experiment_id: 'winter-gems', guardrail: 'conversion', min_visitors: 100 });
    expect((await new Console(url).send('GET', '/experiments', undefined, { authorization: `Bearer ${OPS_TOKEN}` })).status).toBe(200);
    expect(await new Console(url).send('GET', '/experiments')).toMatchObject({ status: 401 });
  });

  it('refuses a second running experiment of the same bundle, even two started at once', async () => {
    expect(await merch.send('POST', '/experiments', definition({ experiment_id: 'winter-gems-2' }))).toMatchObject({ status: 409, body: { code: 'experimentRunning' } });
    expect(await merch.send('POST', '/experiments', definition())).toMatchObject({ status: 409, body: { code: 'experimentNameTaken' } });
    const both = await Promise.all(
      ['race-a', 'race-b'].map((id) => new Console(url).send('POST', '/experiments', definition({ experiment_id: id, product_id: '18-us-currency-980' }), { authorization: `Bearer ${OPS_TOKEN}`, 'x-ops-actor': 'robot' })),
    );
    expect(both.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect(both.find((answer) => answer.status === 409)!.body.code).toBe('experimentRunning');
    expect(await countRows(store.db, `offer_experiments WHERE product_id = '18-us-currency-980'`)).toBe(1);
  });

  it.each([
    ['a bundle of another area', { product_id: '18-eu-currency-300' }, 'experimentNoBundle'],
    ['a bundle nobody sells', { product_id: 'nothing' }, 'experimentNoBundle'],
    ['a bad name', { experiment_id: 'Winter Gems' }, 'experimentBadName'],
    ['no visitors to judge by', { min_visitors: 0 }, 'experimentBadMinVisitors'],
    ['no control first', { variants: [{ variant: 'ten-off', share: 50, percent_off: 10 }, { variant: CONTROL, share: 50 }] }, 'experimentControlFirst'],
    ['a control with a discount', { variants: [{ variant: CONTROL, share: 50, percent_off: 5 }, { variant: 'a', share: 50, percent_off: 10 }] }, 'experimentControlChanged'],
    ['only a control', { variants: [{ variant: CONTROL, share: 100 }] }, 'experimentNoVariant'],
    ['shares adding up to 90', { variants: [{ variant: CONTROL, share: 50 }, { variant: 'a', share: 40, percent_off: 10 }] }, 'experimentSharesNot100'],
    ['a share of nothing', { variants: [{ variant: CONTROL, share: 100 }, { variant: 'a', share: 0, percent_off: 10 }] }, 'experimentBadShare'],
    ['95 % off', { variants: [{ variant: CONTROL, share: 50 }, { variant: 'a', share: 50, percent_off: 95 }] }, 'experimentBadPercentOff'],
    ['a variant that changes nothing', { variants: [{ variant: CONTROL, share: 50 }, { variant: 'a', share: 50 }] }, 'experimentVariantSame'],
    ['two variants named alike', { variants: [{ variant: CONTROL, share: 40 }, { variant: 'a', share: 30, percent_off: 5 }, { variant: 'a', share: 30, percent_off: 10 }] }, 'experimentVariantTwice'],
    ['a bad variant name', { variants: [{ variant: CONTROL, share: 50 }, { variant: 'Ten Off', share: 50, percent_off: 10 }] }, 'experimentBadVariantName'],
    ['an item the game does not have', { variants: [{ variant: CONTROL, share: 50 }, { variant: 'a', share: 50, bonus_items: [{ item_id: 'Gold Bars', count: 1 }] }] }, 'experimentUnknownItem'],
    ['no bonus items at all', { variants: [{ variant: CONTROL, share: 50 }, { variant: 'a', share: 50, bonus_items: [{ item_id: 'Dragon Gems', count: 0 }] }] }, 'experimentBadItemCount'],
  ])('refuses %s with its code, starting nothing', async (_, change, code) => {
    const answer = await merch.send('POST', '/experiments', definition({ experiment_id: 'refused', product_id: '18-us-currency-60', ...change }));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code, error: expect.any(String) });
    expect(await countRows(store.db, `offer_experiments WHERE experiment_id = 'refused'`)).toBe(0);
  });

  it('refuses a bundle outside its sale window', async () => {
    await store.db.query(`UPDATE bundles SET sale_ends_at = now() - interval '1 day' WHERE product_id = '18-us-currency-60'`);
    store.catalogue.invalidate();
    try {
      const answer = await merch.send('POST', '/experiments', definition({ experiment_id: 'late', product_id: '18-us-currency-60' }));
      expect(answer).toMatchObject({ status: 409, body: { code: 'experimentBundleOffSale' } });
      expect((await merch.send('GET', '/experiments/bundles')).body.areas.find((area: { game_id: number; area: string }) => area.game_id === 18 && area.area === 'us').bundles.map((bundle: { product_id: string }) => bundle.product_id)).not.toContain('18-us-currency-60');
    } finally {
      await store.db.query(`UPDATE bundles SET sale_ends_at = NULL WHERE product_id = '18-us-currency-60'`);
      store.catalogue.invalidate();
    }
  });

  it('stops a variant with a reason, then the last one ends the experiment; audited; viewers may not', async () => {
    for (let index = 0; index < 4; index += 1) {
      await recordVisit(store.db, 'winter-gems', `c-${index}`, CONTROL);
      if (index < 1) await recordConversion(store.db, { experimentId: 'winter-gems', visitor: `c-${index}`, variant: CONTROL, orderId: `wg-${index}`, amountMinor: 499 });
    }
    expect(await viewer.send('POST', '/experiments/winter-gems/stop', { variant: 'ten-off', reason: 'no' })).toMatchObject({ status: 403 });
    expect(await merch.send('POST', '/experiments/winter-gems/stop', { variant: 'ten-off', reason: '   ' })).toMatchObject({ status: 400, body: { code: 'reasonRequired' } });
    expect(await merch.send('POST', '/experiments/winter-gems/stop', { variant: 'ten-off' })).toMatchObject({ status: 400 });
    expect(await merch.send('POST', '/experiments/winter-gems/stop', { variant: CONTROL, reason: 'x' })).toMatchObject({ status: 400, body: { code: 'experimentStopControl' } });
    expect(await merch.send('POST', '/experiments/winter-gems/stop', { variant: 'nope', reason: 'x' })).toMatchObject({ status: 404, body: { code: 'noSuchVariant' } });
    expect(await merch.send('POST', '/experiments/nothing/stop', { reason: 'x' })).toMatchObject({ status: 404, body: { code: 'noSuchExperiment' } });

    const stopped = await merch.send('POST', '/experiments/winter-gems/stop', { variant: 'ten-off', reason: 'the margin is too thin', request_key: 'stop-ten-off-1' });
    expect(stopped.status).toBe(200);
    const shown = stopped.body.experiments.find((entry: { experiment_id: string }) => entry.experiment_id === 'winter-gems');
    expect(shown.state).toBe('running');
    expect(shown.variants.find((entry: { variant: string }) => entry.variant === 'ten-off')).toMatchObject({ stopped: true, stopped_why: 'the margin is too thin' });
    expect(shown.variants[0]).toMatchObject({ variant: CONTROL, visitors: 4, converted: 1, conversion: 0.25, revenue_per_visitor: 124.75 });
    expect((await merch.send('POST', '/experiments/winter-gems/stop', { variant: 'ten-off', reason: 'again', request_key: 'stop-ten-off-1' })).status).toBe(200);
    expect(await merch.send('POST', '/experiments/winter-gems/stop', { variant: 'ten-off', reason: 'again' })).toMatchObject({ status: 409, body: { code: 'variantStopped' } });

    expect((await merch.send('POST', '/experiments/winter-gems/stop', { variant: 'bonus', reason: 'seen enough' })).status).toBe(200);
    expect(await runningExperimentOf(store.db, 18, 'us', '18-us-currency-300')).toBeNull();
    expect(await merch.send('POST', '/experiments/winter-gems/stop', { reason: 'once more' })).toMatchObject({ status: 409, body: { code: 'experimentStopped' } });
    expect(await store.db.query(`SELECT target_id, reason FROM audit_log WHERE action = 'experiment.stop_variant' ORDER BY id`)).toEqual([
      { target_id: 'winter-gems:ten-off', reason: 'the margin is too thin' },
      { target_id: 'winter-gems:bonus', reason: 'seen enough' },
    ]);

    // The bundle is free again: a new experiment may start on it, and be stopped as a whole.
    expect((await merch.send('POST', '/experiments', definition({ experiment_id: 'winter-gems-2' }))).status).toBe(201);
    expect(store.experiments.of(18, 'us', '18-us-currency-300')?.experimentId).toBe('winter-gems-2');
    expect((await merch.send('POST', '/experiments/winter-gems-2/stop', { reason: 'wrong bundle' })).status).toBe(200);
    expect(store.experiments.of(18, 'us', '18-us-currency-300')).toBeNull();
    expect(await store.db.query(`SELECT target_id, reason, actor FROM audit_log WHERE action = 'experiment.stop'`)).toEqual([{ target_id: 'winter-gems-2', reason: 'wrong bundle', actor: 'merch@ops.example' }]);
    expect(await runningExperimentOf(store.db, 18, 'us', '18-us-currency-300')).toBeNull();
  });
});
