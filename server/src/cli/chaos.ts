import os from 'node:os';
import { machineLine, writeSection } from '../../../scripts/bench/benchmarks-doc';
import { chaosProblems, DEFAULT_FAULTS, runChaos, type ChaosOptions } from '../chaos/chaos-run';
import { chaosFailures, renderChaosDetails, renderChaosTable } from '../chaos/chaos-report';
import { positiveIntegerFrom } from '../config';
import { fail, parseArgs } from './cli-args';

const USAGE = 'npm run chaos -- [--orders N] [--seed N] [--instances N] [--players N] [--spread-seconds N] [--write-docs]';

/**
 * `npm run chaos`: the store as a cluster (its own PostgreSQL, Redis, N instances behind HAProxy)
 * taking orders from simulated players while PostgreSQL restarts, instances and Redis are killed, the
 * game goes down or hangs and webhook answers get lost, on a seeded schedule; then every order is
 * compared across the player, the database, the payments and the game's mailbox. Exits 1 when an
 * order was doubled, lost or charged without delivery or refund, an instance died of something other
 * than the chaos's own kills, or a killed one did not come back. docs/operations.md, "Chaos".
 */
async function main(): Promise<number> {
  const { flags } = parseArgs(process.argv.slice(2), ['orders', 'seed', 'instances', 'players', 'spread-seconds']);
  const known = new Set(['orders', 'seed', 'instances', 'players', 'spread-seconds', 'write-docs']);
  const unknown = Object.keys(flags).filter((flag) => !known.has(flag));
  if (unknown.length) fail(`unknown option --${unknown[0]}\n  ${USAGE}`);
  const number = (name: string, fallback: number) => {
    const value = flags[name];
    if (value === true) fail(`--${name} needs a number\n  ${USAGE}`);
    try {
      return positiveIntegerFrom(`--${name}`, value, fallback);
    } catch (error) {
      return fail(`${error instanceof Error ? error.message : String(error)}\n  ${USAGE}`);
    }
  };
  const problems = chaosProblems();
  if (problems.length) fail(`a chaos run needs: ${problems.join('; ')}`);
  const orders = number('orders', 1000);
  const seed = number('seed', 1);
  const options: ChaosOptions = {
    orders,
    seed,
    instances: number('instances', 3),
    players: number('players', 8),
    faults: DEFAULT_FAULTS,
    // About four orders a second: the faults fall among the orders, not after them.
    spreadMs: number('spread-seconds', Math.max(30, Math.round(orders / 4))) * 1000,
    outageMs: 20_000,
    giveUpAfterMs: 15_000,
    settleMs: 180_000,
    patienceMs: 60_000,
    lostAcks: 5,
    log: (line) => console.log(line),
  };
  const cleanups: Array<() => void> = [];
  const cleanUp = () => {
    while (cleanups.length) {
      try {
        cleanups.pop()?.();
      } catch {
        /* the rest still */
      }
    }
  };
  process.once('exit', cleanUp);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.error(`${signal}: stopping everything the chaos started…`);
      cleanUp();
      process.exit(130);
    });
  }
  const loadAtStart = os.loadavg()[0] ?? 0;
  const commandLine = `npm run chaos -- --orders ${orders} --seed ${seed}${flags.instances ? ` --instances ${options.instances}` : ''}`;
  try {
    const result = await runChaos(options, (cleanup) => cleanups.push(cleanup));
    const table = renderChaosTable(result);
    console.log(`\n${table}\n`);
    const details = renderChaosDetails(result);
    if (details) console.log(details);
    const failures = chaosFailures(result);
    if (flags['write-docs']) {
      writeSection(
        'chaos',
        [
          '## Chaos: orders through faults',
          '',
          `Measured by \`${commandLine} --write-docs\` (${machineLine()}; load average ${loadAtStart.toFixed(1)} when it started, other work shares the machine), ` +
            `${(result.elapsedMs / 1000).toFixed(0)} s in all. Its own PostgreSQL (initdb and pg_ctl in a temporary folder) and Redis, ${options.instances} instances ` +
            `through \`startCluster\` behind HAProxy; ${options.players} players place ${orders} orders over ${options.spreadMs / 1000} s, each retrying a failed request ` +
            `with its own order token, 5 % of them declining at the checkout. Game outages through ${result.outageSwitch === 'game-outage' ? 'the store\'s game outage switch' : 'the sandbox\'s mail failure switch (every mail fails at once: the "hang" is a "down")'}, ` +
            `${options.outageMs / 1000} s each against a delivery give-up of ${options.giveUpAfterMs / 1000} s, so some orders end refunded. ` +
            'A fault that falls during a game outage heals no sooner than the outage ends: no order can be placed while the game cannot look a character up. ' +
            `The seed fixes the schedule; what the faults hit depends on timing. ${failures.length ? `**The run failed: ${failures.join('; ')}.**` : 'The run passed.'}`,
          '',
          table,
        ].join('\n'),
      );
      console.log('Wrote the chaos section of docs/benchmarks.md');
    }
    if (failures.length) {
      console.error(`\n!!! chaos FAILED: ${failures.join('; ')} !!!`);
      return 1;
    }
    console.log('\nchaos passed: nothing doubled, lost or charged without delivery or refund.');
    return 0;
  } finally {
    cleanUp();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(2);
  },
);
