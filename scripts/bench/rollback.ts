// `npm run bench:rollback`: from `npm run remotes -- rollback remote-topup` to a page load that runs the old version.
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
  await page.goto(`${baseUrl}/#/`);
  await page.locator('[data-remote-root="remote-topup"] h1').first().waitFor({ timeout: 20_000 });
  const shown = (await page.locator('[data-version-of="remote-topup"]').textContent())?.trim();
  if (shown !== version) throw new Error(`expected remote-topup ${version}, the page runs ${shown}`);
}

async function main(): Promise<void> {
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
      mustRunOps('remotes', ['activate', 'remote-topup', current, '--reason', 'bench: forward again'], ops);
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
