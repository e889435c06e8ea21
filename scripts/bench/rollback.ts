// `npm run bench:rollback`: from `npm run remotes -- rollback remote-topup` to a page load that runs the old
// version; and from the first page load of a failing canary to the store rolling it back by itself.
import type { Page } from 'playwright-core';
import { launchBrowser, PHONE } from '../../e2e/support/browser';
import { mustRunOps } from '../../e2e/support/ops';
import { startServer } from '../../e2e/support/server';
import { machineLine, writeSection } from './benchmarks-doc';

const ROUNDS = 5;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

async function loadShowing(page: Page, baseUrl: string, version: string): Promise<void> {
  await page.goto('about:blank');
  await page.goto(`${baseUrl}/?about#/`);
  await page.locator('[data-remote-root="remote-topup"] h1').first().waitFor({ timeout: 20_000 });
  const shown = (await page.locator('[data-version-of="remote-topup"]').textContent())?.trim();
  if (shown !== version) throw new Error(`expected remote-topup ${version}, the page runs ${shown}`);
}

/** Players: browser contexts, each with its canary bucket (below 2,500: in a 25 % canary). */
const CANARY_BUCKETS = [0, 400, 800, 1200, 1600, 2000, 2400, 100, 900, 1900];
/** Loads a new version needs before the store judges it, in this run (the default is 50). */
const MIN_LOADS = 8;

/**
 * A broken canary (every page throws on render) at 25 %, players in its quarter loading the store at
 * once: the time from the first failing page on screen to the registry no longer offering the canary.
 */
async function timeAutomaticRollback(rounds: number): Promise<{ times: number[]; beaconDelayMs: number; checkMs: number }> {
  const run = Math.random().toString(36).slice(2, 8);
  const checkMs = 1000;
  const env = { OPS_TOKEN: `bench-${run}`, OPS_ACTOR: 'bench', ROLLBACK_CHECK_SECONDS: String(checkMs / 1000), ROLLBACK_MIN_LOADS: String(MIN_LOADS) };
  const server = await startServer(env);
  const ops = { ...env, DATA_DIR: server.dataDir };
  const browser = await launchBrowser();
  const times: number[] = [];
  try {
    const [good, broken] = [`auto1-${run}`, `auto2-${run}`];
    mustRunOps('release', ['remote-topup'], { ...ops, MF_BUILD_VERSION: good });
    mustRunOps('release', ['remote-topup', '--no-activate'], { ...ops, MF_BUILD_VERSION: broken, DRILL_FAULT: 'render' });
    const host = new URL(server.url).hostname;
    for (let round = 0; round < rounds; round += 1) {
      // The store counts loads per minute: each round starts in a minute of its own, so no round sees another's loads.
      if (round > 0) await new Promise((resolve) => setTimeout(resolve, 60_000 - (Date.now() % 60_000) + 500));
      mustRunOps('remotes', ['promote', 'remote-topup', broken, '--share', '25', '--reason', 'bench: a broken canary'], ops);
      const contexts = await Promise.all(
        CANARY_BUCKETS.slice(0, MIN_LOADS + 2).map(async (bucket) => {
          const context = await browser.newContext(PHONE);
          await context.addCookies([{ name: 'topup_bucket', value: String(bucket), domain: host, path: '/' }]);
          return context;
        }),
      );
      const failedAt: number[] = [];
      await Promise.all(
        contexts.map(async (context) => {
          const page = await context.newPage();
          await page.goto(`${server.url}/#/`);
          await page.locator('[data-remote-unavailable="remote-topup"]').waitFor({ timeout: 20_000 });
          failedAt.push(performance.now());
        }),
      );
      const first = Math.min(...failedAt);
      for (;;) {
        const registry = (await (await fetch(`${server.url}/mf/registry.json`, { headers: { cookie: 'topup_bucket=0' } })).json()) as { remotes: Record<string, { version: string }> };
        if (registry.remotes['remote-topup']?.version === good) break;
        if (performance.now() - first > 60_000) throw new Error('the store did not roll the canary back within a minute');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      times.push(performance.now() - first);
      await Promise.all(contexts.map((context) => context.close()));
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  return { times, beaconDelayMs: 5000, checkMs };
}

async function main(): Promise<void> {
  const automatic = await timeAutomaticRollback(3);
  const run = Math.random().toString(36).slice(2, 8);
  const env = { OPS_TOKEN: `bench-${run}`, OPS_ACTOR: 'bench' };
  const server = await startServer(env);
  const ops = { ...env, DATA_DIR: server.dataDir };
  const browser = await launchBrowser();
  try {
    const [old, current] = [`bench1-${run}`, `bench2-${run}`];
    mustRunOps('release', ['remote-topup'], { ...ops, MF_BUILD_VERSION: old });
    mustRunOps('release', ['remote-topup'], { ...ops, MF_BUILD_VERSION: current });
    const page = await (await browser.newContext(PHONE)).newPage();
    await loadShowing(page, server.url, current);

    const plainLoads: number[] = [];
    const commands: number[] = [];
    const totals: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      let started = performance.now();
      await loadShowing(page, server.url, current);
      plainLoads.push(performance.now() - started);

      started = performance.now();
      mustRunOps('remotes', ['rollback', 'remote-topup', '--reason', 'bench'], ops);
      commands.push(performance.now() - started);
      await loadShowing(page, server.url, old);
      totals.push(performance.now() - started);
      mustRunOps('remotes', ['activate', 'remote-topup', current, '--reason', 'bench: forward again', '--reactivate'], ops);
    }
    const fmt = (ms: number) => `${Math.round(ms)} ms`;
    writeSection(
      'rollback',
      [
        '## Rollback: from the command to a page showing the old version',
        '',
        `Measured ${machineLine()} by \`npm run bench:rollback\` (${ROUNDS} rounds, medians), embedded database held by a`,
        'running server, so the command goes through its `/ops` routes. Baseline: a plain page load of `#/` in the same run.',
        '',
        '| step | median |',
        '|---|---:|',
        `| baseline: page load of \`#/\` | ${fmt(median(plainLoads))} |`,
        `| \`npm run remotes -- rollback remote-topup\` (process start to exit) | ${fmt(median(commands))} |`,
        `| rollback command + next page load showing the old version | ${fmt(median(totals))} |`,
        `| ratio to the baseline page load | ${(median(totals) / median(plainLoads)).toFixed(1)}× |`,
        '',
        '### Automatic rollback: from the first failing page to the store ending the canary',
        '',
        `A canary whose every page throws on render (\`DRILL_FAULT=render\`) at 25 %, ${MIN_LOADS + 2} players in its quarter loading`,
        `\`#/\` at once, the store judging every ${automatic.checkMs / 1000} s after ${MIN_LOADS} loads (\`ROLLBACK_CHECK_SECONDS\`,`,
        `\`ROLLBACK_MIN_LOADS\`; the defaults are 10 s and 50). Pages send their reports ${automatic.beaconDelayMs / 1000} s after they start,`,
        'so that the beacon stays out of the first load: that wait is most of the time below.',
        '',
        '| rounds | each | median |',
        '|---:|---|---:|',
        `| ${automatic.times.length} | ${automatic.times.map(fmt).join(', ')} | ${fmt(median(automatic.times))} |`,
      ].join('\n'),
    );
    console.log(`rollback to old version visible: median ${fmt(median(totals))} (command ${fmt(median(commands))}, page load ${fmt(median(plainLoads))})`);
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
