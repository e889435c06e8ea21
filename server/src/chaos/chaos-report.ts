import type { ChaosResult, FaultKind } from './chaos-run';

/** The counts that must be 0 (and the comebacks that must be yes) for a run to pass, each with its failure. */
export function chaosFailures(result: ChaosResult): string[] {
  const { comparison } = result;
  const unexpectedDeaths = result.deaths.filter((death) => death.cause !== 'chaos SIGKILL');
  return [
    comparison.doubled ? `${comparison.doubled} orders doubled` : null,
    comparison.lost ? `${comparison.lost} orders lost` : null,
    comparison.chargedWithoutDeliveryOrRefund ? `${comparison.chargedWithoutDeliveryOrRefund} orders charged without delivery or refund` : null,
    unexpectedDeaths.length ? `${unexpectedDeaths.length} instance deaths the chaos did not cause (${[...new Set(unexpectedDeaths.map((death) => death.cause))].join('; ')})` : null,
    result.comebacks.some((comeback) => comeback.backMs === null) ? 'a killed instance did not come back by itself' : null,
    result.priceAfterRestartMs.some((ms) => ms === null) ? 'a price changed after a PostgreSQL restart did not reach every instance' : null,
  ].filter((failure): failure is string => failure !== null);
}

const seconds = (ms: number | null) => (ms === null ? '—' : `${(ms / 1000).toFixed(1)} s`);
const KIND_NAMES: Record<FaultKind, string> = {
  'postgres-restart': 'PostgreSQL restart (pg_ctl restart -m fast)',
  'instance-kill': 'instance SIGKILL',
  'lease-kill': 'instance SIGKILL while it holds a delivery lease',
  'redis-kill': 'Redis SIGKILL, restarted 2 s later',
  'game-down': 'game down',
  'game-hang': 'game hanging',
  'webhook-ack-loss': 'webhook acknowledgements lost',
};

/** The run's table of counts, deaths, comebacks and heal times, in Markdown. */
export function renderChaosTable(result: ChaosResult): string {
  const c = result.comparison;
  const mark = (value: number) => (value === 0 ? '0 ✓' : `**${value} ✗**`);
  const deathsByCause = new Map<string, number>();
  for (const death of result.deaths) deathsByCause.set(death.cause, (deathsByCause.get(death.cause) ?? 0) + 1);
  const unexpected = result.deaths.filter((death) => death.cause !== 'chaos SIGKILL').length;
  const back = result.comebacks.length === 0 ? 'no instance killed' : result.comebacks.every((comeback) => comeback.backMs !== null) ? 'yes' : `**no** (${result.comebacks.filter((comeback) => comeback.backMs === null).map((comeback) => comeback.name).join(', ')} not back within 60 s)`;
  const lines = [
    '| what | count |',
    '|---|---:|',
    `| orders tried by the players | ${c.tried} |`,
    `| placed (the player got an order id) | ${c.placed} |`,
    `| paid (the provider booked a payment) | ${c.paid} |`,
    `| delivered exactly once | ${c.deliveredOnce} |`,
    `| refunded (delivery given up) | ${c.refunded} |`,
    `| declined or expired | ${c.declinedOrExpired} |`,
    `| unpaid (the player gave up before paying) | ${c.unpaid} |`,
    `| refused by the store (4xx) | ${c.refused} |`,
    `| requests a player gave up on (patience ${seconds(result.options.patienceMs)}) | ${c.gaveUp} |`,
    `| webhooks the provider sent more than once | ${c.webhooksResent} |`,
    `| **doubled** (must be 0) | ${mark(c.doubled)} |`,
    `| **lost** (must be 0) | ${mark(c.lost)} |`,
    `| **charged without delivery or refund** (must be 0) | ${mark(c.chargedWithoutDeliveryOrRefund)} |`,
    `| order page disagrees with the database | ${c.pageDisagrees} |`,
    ...[...deathsByCause].map(([cause, count]) => `| instance deaths: ${cause.replace(/\|/g, '\\|')} | ${count} |`),
    `| **instance deaths the chaos did not cause** (must be 0) | ${mark(unexpected)} |`,
    `| every killed instance back by itself | ${back} |`,
    `| a price changed after each PostgreSQL restart, served by every instance after | ${result.priceAfterRestartMs.map((ms) => (ms === null ? '**not within 10 s**' : `${ms} ms`)).join(', ') || '—'} |`,
    `| store settled after the last order | ${result.settledMs === null ? `**no** (not within ${seconds(result.options.settleMs)})` : seconds(result.settledMs)} |`,
    `| reconciliation (\`npm run reconcile\`) | ${result.reconcile.every((section) => section.rows !== null && section.rows.length === 0) ? 'clean' : result.reconcile.map((section) => `${section.title}: ${section.rows === null ? 'not checked' : section.rows.length}`).join('; ')} |`,
  ];
  const faults = [
    '',
    '| fault | at | detail | healed after | healed by |',
    '|---|---:|---|---:|---|',
    ...result.faults.map(
      (fault) => `| ${KIND_NAMES[fault.kind]} | ${seconds(fault.startedMs)} | ${fault.detail.replace(/\|/g, '\\|')} | ${seconds(fault.healMs)} | ${fault.healedBy || '—'} |`,
    ),
  ];
  return [...lines, ...faults].join('\n');
}

/** The examples behind each failing count, and the reconciliation's rows, for the console. */
export function renderChaosDetails(result: ChaosResult): string {
  const out: string[] = [];
  for (const [kind, examples] of Object.entries(result.comparison.examples)) if (examples.length) out.push(`${kind}:`, ...examples.map((example) => `  ${example}`));
  for (const death of result.deaths.filter((candidate) => candidate.cause !== 'chaos SIGKILL')) out.push(`${death.name} (pid ${death.pid}) died at ${seconds(death.atMs)}: ${death.cause}`);
  for (const section of result.reconcile) if (section.rows?.length) out.push(`reconcile — ${section.title}: ${JSON.stringify(section.rows.slice(0, 5))}`);
  const refusals = new Map<string, number>();
  for (const client of result.clients) if (client.refused) refusals.set(client.refused, (refusals.get(client.refused) ?? 0) + 1);
  for (const [refusal, count] of refusals) out.push(`refused ${count}×: ${refusal}`);
  if (result.stoppedEarly) out.push(`players stopped early: ${result.stoppedEarly}`);
  return out.join('\n');
}
