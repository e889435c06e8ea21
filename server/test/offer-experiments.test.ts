import type { Db } from '../src/db/db';
import { CONTROL, definitionProblem, evaluateExperiments, experimentFigures, findExperiment, judgeVariant, recordConversion, recordVisit, runningExperimentOf, startExperiment, variantFor, variantResult, type ExperimentDefinition } from '../src/experiments';
import { auditExperimentStop } from '../src/ops/audit';
import { countRows } from './support/order-helpers';
import { openTestStore, type TestStore } from './support/test-app';
import { testDbTargets } from './support/test-db';

jest.setTimeout(120_000);

const SHARES = [
  { variant: CONTROL, share: 50, stopped: false },
  { variant: 'ten-off', share: 30, stopped: false },
  { variant: 'bonus', share: 20, stopped: false },
];
const visitors = (count: number, prefix = 'visitor') => Array.from({ length: count }, (_, index) => `${prefix}-${index}`);

describe('which variant a visitor sees', () => {
  it('is the same on every read, and another experiment splits the same visitors afresh', () => {
    const ids = visitors(500);
    const first = ids.map((id) => variantFor('winter-gems', id, SHARES));
    expect(ids.map((id) => variantFor('winter-gems', id, SHARES))).toEqual(first);
    const other = ids.map((id) => variantFor('spring-gems', id, SHARES));
    expect(other).not.toEqual(first);
  });

  it('splits many visitors by the shares, within one point', () => {
    const counts = new Map<string, number>();
    const ids = visitors(40_000);
    for (const id of ids) {
      const variant = variantFor('winter-gems', id, SHARES);
      counts.set(variant, (counts.get(variant) ?? 0) + 1);
    }
    for (const { variant, share } of SHARES) expect(Math.abs(((counts.get(variant) ?? 0) / ids.length) * 100 - share)).toBeLessThan(1);
  });

  it('gives a stopped variant’s visitors the control, and leaves everyone else where they were', () => {
    const stopped = SHARES.map((entry) => (entry.variant === 'ten-off' ? { ...entry, stopped: true } : entry));
    for (const id of visitors(2_000)) {
      const before = variantFor('winter-gems', id, SHARES);
      expect(variantFor('winter-gems', id, stopped)).toBe(before === 'ten-off' ? CONTROL : before);
    }
  });
});

describe('the guardrail', () => {
  const figures = (variant: string, visitorCount: number, converted: number, each: number) => ({ variant, visitors: visitorCount, converted, revenue: converted * each, revenueSquares: converted * each * each });

  it('stops a variant whose conversion is significantly lower than the control’s', () => {
    const verdict = judgeVariant(figures('ten-off', 400, 30, 450), figures(CONTROL, 400, 80, 500), 'conversion', 200);
    expect(verdict.stop).toBe(true);
    expect(verdict.z).toBeGreaterThan(2.326);
  });

  it('keeps a variant that is lower but not significantly, and one with too few visitors', () => {
    expect(judgeVariant(figures('ten-off', 400, 74, 450), figures(CONTROL, 400, 80, 500), 'conversion', 200)).toMatchObject({ stop: false });
    const few = judgeVariant(figures('ten-off', 100, 0, 450), figures(CONTROL, 400, 80, 500), 'conversion', 200);
    expect(few).toMatchObject({ stop: false });
    expect(few.because).toMatch(/too few visitors/);
  });

  it('judges revenue per visitor: fewer buyers at a lower price lose, the same buyers at a higher price do not', () => {
    expect(judgeVariant(figures('ten-off', 1000, 100, 450), figures(CONTROL, 1000, 200, 500), 'revenue_per_visitor', 200).stop).toBe(true);
    expect(judgeVariant(figures('pricier', 1000, 200, 600), figures(CONTROL, 1000, 200, 500), 'revenue_per_visitor', 200).stop).toBe(false);
  });

  it('gives each variant its figures with 95 % intervals around them', () => {
    const result = variantResult(figures('ten-off', 400, 80, 500));
    expect(result.conversion).toBeCloseTo(0.2);
    expect(result.conversionInterval[0]).toBeLessThan(0.2);
    expect(result.conversionInterval[1]).toBeGreaterThan(0.2);
    expect(result.revenuePerVisitor).toBeCloseTo(100);
    expect(result.revenuePerVisitorInterval[0]).toBeLessThan(100);
    expect(result.revenuePerVisitorInterval[1]).toBeGreaterThan(100);
  });
});

describe('an experiment’s definition', () => {
  const base: ExperimentDefinition = { experimentId: 'x', gameId: 18, area: 'us', productId: 'p', guardrail: 'conversion', variants: [{ variant: CONTROL, share: 50 }, { variant: 'a', share: 50, percentOff: 10 }] };
  it.each([
    ['no control first', { ...base, variants: [{ variant: 'a', share: 50, percentOff: 10 }, { variant: CONTROL, share: 50 }] }],
    ['shares not adding up to 100', { ...base, variants: [{ variant: CONTROL, share: 50 }, { variant: 'a', share: 40, percentOff: 10 }] }],
    ['a variant that changes nothing', { ...base, variants: [{ variant: CONTROL, share: 50 }, { variant: 'a', share: 50 }] }],
    ['a control with a discount', { ...base, variants: [{ variant: CONTROL, share: 50, percentOff: 5 }, { variant: 'a', share: 50, percentOff: 10 }] }],
    ['only a control', { ...base, variants: [{ variant: CONTROL, share: 100 }] }],
  ])('refuses %s', (_, definition) => {
    expect(definitionProblem(definition)).not.toBeNull();
  });
  it('accepts a control and a variant', () => expect(definitionProblem(base)).toBeNull());
});

describe.each(testDbTargets())('offer experiments on $name', (target) => {
  let db: Db;
  beforeAll(async () => {
    db = await target.open();
  });
  afterAll(async () => db.close());

  /** Visitors of one variant, `converted` of them buying once at `amount`. */
  async function traffic(experimentId: string, variant: string, count: number, converted: number, amount: number): Promise<void> {
    for (let index = 0; index < count; index += 1) {
      const visitor = `${variant}-${index}`;
      await recordVisit(db, experimentId, visitor, variant);
      if (index < converted) await recordConversion(db, { experimentId, visitor, variant, orderId: `${experimentId}-${visitor}`, amountMinor: amount });
    }
  }

  it('stops the losing variant with its audit row and alert, keeps the one not significantly worse, and does both once', async () => {
    await startExperiment(db, {
      experimentId: 'winter-gems',
      gameId: 18,
      area: 'us',
      productId: '18-us-currency-300',
      guardrail: 'conversion',
      minVisitors: 200,
      variants: [
        { variant: CONTROL, share: 50 },
        { variant: 'deep', share: 25, percentOff: 30 },
        { variant: 'mild', share: 25, bonusItems: [{ item_id: 'gem', count: 10 }] },
      ],
    });
    await expect(startExperiment(db, { experimentId: 'second', gameId: 18, area: 'us', productId: '18-us-currency-300', guardrail: 'conversion', variants: [{ variant: CONTROL, share: 50 }, { variant: 'a', share: 50, percentOff: 5 }] })).rejects.toThrow();
    await traffic('winter-gems', CONTROL, 400, 80, 499);
    await traffic('winter-gems', 'deep', 300, 20, 349);
    await traffic('winter-gems', 'mild', 300, 55, 499);
    // A visit and an order counted twice count once.
    await recordVisit(db, 'winter-gems', 'deep-0', 'deep');
    await recordConversion(db, { experimentId: 'winter-gems', visitor: 'deep-0', variant: 'deep', orderId: 'winter-gems-deep-0', amountMinor: 349 });
    expect(await experimentFigures(db, 'winter-gems')).toEqual([
      { variant: CONTROL, visitors: 400, converted: 80, revenue: 80 * 499, revenueSquares: 80 * 499 * 499 },
      { variant: 'deep', visitors: 300, converted: 20, revenue: 20 * 349, revenueSquares: 20 * 349 * 349 },
      { variant: 'mild', visitors: 300, converted: 55, revenue: 55 * 499, revenueSquares: 55 * 499 * 499 },
    ]);

    const stopped = await db.transaction((tx) => evaluateExperiments(tx, auditExperimentStop()));
    expect(stopped.map((entry) => [entry.experimentId, entry.variant, entry.experimentEnded])).toEqual([['winter-gems', 'deep', false]]);
    const experiment = await runningExperimentOf(db, 18, 'us', '18-us-currency-300');
    expect(experiment?.variants.map((entry) => [entry.variant, entry.stopped])).toEqual([[CONTROL, false], ['deep', true], ['mild', false]]);
    expect(experiment?.variants.find((entry) => entry.variant === 'deep')?.stoppedWhy).toMatch(/stopped by the guardrail: conversion 6\.7 %/);
    // Its visitors see the control from now on.
    const deepVisitor = visitors(5_000).find((id) => variantFor('winter-gems', id, SHARES.map((s, i) => ({ ...s, variant: ['control', 'deep', 'mild'][i]! }))) === 'deep')!;
    expect(variantFor('winter-gems', deepVisitor, experiment!.variants)).toBe(CONTROL);

    const [audit] = await db.query<{ action: string; actor: string; target_id: string; reason: string }>(`SELECT action, actor, target_id, reason FROM audit_log WHERE action = 'experiment.variant_stopped'`);
    expect(audit).toMatchObject({ actor: 'service:experiment-guardrail', target_id: 'winter-gems:deep' });
    expect(audit!.reason).toMatch(/z = /);
    expect(await countRows(db, `alert_incidents WHERE alert_kind = 'experiment_stopped' AND subject = 'winter-gems:deep'`)).toBe(1);

    // The next period finds nothing new to stop and records nothing twice.
    expect(await db.transaction((tx) => evaluateExperiments(tx, auditExperimentStop()))).toEqual([]);
    expect(await countRows(db, `audit_log WHERE action = 'experiment.variant_stopped'`)).toBe(1);
    expect((await findExperiment(db, 'winter-gems'))?.state).toBe('running');
  });

  it('ends the experiment when its last variant is stopped', async () => {
    await startExperiment(db, { experimentId: 'lonely', gameId: 18, area: 'us', productId: 'other', guardrail: 'revenue_per_visitor', minVisitors: 100, variants: [{ variant: CONTROL, share: 50 }, { variant: 'half', share: 50, percentOff: 50 }] });
    await traffic('lonely', CONTROL, 300, 90, 1000);
    await traffic('lonely', 'half', 300, 60, 500);
    const stopped = await db.transaction((tx) => evaluateExperiments(tx, auditExperimentStop()));
    expect(stopped.map((entry) => [entry.variant, entry.experimentEnded])).toEqual([['half', true]]);
    expect(await findExperiment(db, 'lonely')).toMatchObject({ state: 'stopped' });
    expect(await runningExperimentOf(db, 18, 'us', 'other')).toBeNull();
  });
});

describe.each(testDbTargets())('offer experiments’ results in insights on $name', (target) => {
  const OPS_TOKEN = 'ops-token-for-experiment-tests-0123456789';
  let store: TestStore;
  let url = '';
  beforeAll(async () => {
    store = await openTestStore(target, { opsToken: OPS_TOKEN });
    await store.app.listen({ host: '127.0.0.1', port: 0 });
    const address = store.app.server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => store.close());

  it('gives each variant its visitors, conversion and revenue per visitor with intervals, to operators only', async () => {
    const { db } = store;
    await startExperiment(db, { experimentId: 'shown', gameId: 18, area: 'us', productId: 'p', guardrail: 'revenue_per_visitor', variants: [{ variant: CONTROL, share: 60 }, { variant: 'ten-off', share: 40, percentOff: 10 }] });
    for (let index = 0; index < 10; index += 1) {
      await recordVisit(db, 'shown', `c-${index}`, CONTROL);
      if (index < 2) await recordConversion(db, { experimentId: 'shown', visitor: `c-${index}`, variant: CONTROL, orderId: `shown-c-${index}`, amountMinor: 500 });
    }
    const stranger = await fetch(`${url}/ops/api/insights/experiments`);
    expect(stranger.status).toBe(401);
    const response = await fetch(`${url}/ops/api/insights/experiments`, { headers: { authorization: `Bearer ${OPS_TOKEN}` } });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { experiments: { experiment_id: string; state: string; variants: Record<string, unknown>[] }[] };
    expect(body.experiments).toHaveLength(1);
    expect(body.experiments[0]).toMatchObject({ experiment_id: 'shown', state: 'running', guardrail: 'revenue_per_visitor' });
    const [control, variant] = body.experiments[0]!.variants;
    expect(control).toMatchObject({ variant: CONTROL, share: 60, visitors: 10, converted: 2, revenue_minor: 1000, conversion: 0.2, revenue_per_visitor: 100 });
    expect((control!.conversion_interval as number[])[0]).toBeLessThan(0.2);
    expect((control!.revenue_per_visitor_interval as number[])[1]).toBeGreaterThan(100);
    expect(variant).toMatchObject({ variant: 'ten-off', percent_off: 10, visitors: 0, converted: 0, conversion: 0, revenue_per_visitor: 0, stopped: false });
  });
});
