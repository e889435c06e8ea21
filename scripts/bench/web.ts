// `npm run bench:web`: Lighthouse (mobile defaults) on the federated store and on the same pages built
// as one app without federation, three runs each, medians and ratios into docs/benchmarks.md.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { startServer, REPO_ROOT } from '../../e2e/support/server';
import { machineLine, writeSection } from './benchmarks-doc';
import { measureFirstLoad } from './first-load';
import { medianFigures, runLighthouse, type PageFigures } from './lighthouse';

const RUNS = Number(process.env.BENCH_RUNS || 3);
const ROUTES = ['/?game_id=18&area=us', '/index_1'];
const MONOLITH_DIR = path.join(REPO_ROOT, '.tmp', 'monolith');

function build(args: string[], env: Record<string, string> = {}): void {
  const result = spawnSync('npx', ['rspack', 'build', ...args], { cwd: REPO_ROOT, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production', ...env } });
  if (result.status !== 0) throw new Error(`build failed: rspack build ${args.join(' ')}`);
}

async function measure(label: string, env: Record<string, string>): Promise<Record<string, PageFigures> & { firstLoadGzip: number }> {
  const server = await startServer(env);
  try {
    const figures: Record<string, PageFigures> = {};
    for (const route of ROUTES) {
      const runs: PageFigures[] = [];
      for (let i = 0; i < RUNS; i += 1) runs.push(runLighthouse(`${server.url}/#${route}`));
      figures[route] = medianFigures(runs);
      console.log(`${label} ${route}: ${JSON.stringify(figures[route])}`);
    }
    const files = await measureFirstLoad(server.url, ROUTES[0] as string);
    return Object.assign(figures, { firstLoadGzip: files.reduce((sum, f) => sum + f.gzipBytes, 0) });
  } finally {
    await server.stop();
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => `${Math.round(value)} ms`;

async function main(): Promise<void> {
  build(['-c', 'rspack.config.ts']);
  build(['-c', 'scripts/bench/monolith/rspack.monolith.ts'], { MONOLITH_OUT: MONOLITH_DIR });
  const federated = await measure('federated', {});
  const monolith = await measure('monolith', { HOST_DIST: MONOLITH_DIR });

  const rows: string[] = [];
  for (const route of ROUTES) {
    for (const [name, f] of [['federated', federated[route]], ['monolith', monolith[route]]] as const) {
      if (!f) continue;
      rows.push(`| \`#${route}\` | ${name} | ${f.score} | ${ms(f.lcpMs)} | ${ms(f.tbtMs)} | ${f.cls.toFixed(3)} | ${kb(f.jsBytesBeforeInteractive)} (${f.jsFilesBeforeInteractive} files) |`);
    }
  }
  const main = ROUTES[0] as string;
  const fed = federated[main] as PageFigures;
  const mono = monolith[main] as PageFigures;
  const ratio = (a: number, b: number) => `${((a / b - 1) * 100).toFixed(1)} %`;
  writeSection(
    'web',
    [
      '## Phone page load (Lighthouse), federated vs monolith',
      '',
      `Measured ${machineLine()} by \`npm run bench:web\`: Lighthouse 12, mobile defaults (simulated throttling),`,
      `Debian Chromium, ${RUNS} runs per page, medians. "JS before interactive" is the JavaScript transferred before`,
      'Time to Interactive, as served. The monolith is the same host and pages bundled as one app without federation',
      '(`scripts/bench/monolith/`), served by the same server.',
      '',
      '| page | build | score | LCP | TBT | CLS | JS before interactive |',
      '|---|---|---:|---:|---:|---:|---:|',
      ...rows,
      '',
      `First-load JavaScript of \`#${main}\` (gzip level 9 of every script fetched): federated ${kb(federated.firstLoadGzip)}, monolith ${kb(monolith.firstLoadGzip)}.`,
      '',
      '| federation overhead on the top-up page | federated / monolith − 1 |',
      '|---|---:|',
      `| first-load JS (gzip) | ${ratio(federated.firstLoadGzip, monolith.firstLoadGzip)} |`,
      `| JS before interactive (as served) | ${ratio(fed.jsBytesBeforeInteractive, mono.jsBytesBeforeInteractive)} |`,
      `| LCP | ${ratio(fed.lcpMs, mono.lcpMs)} |`,
      `| TBT | ${fed.tbtMs === 0 && mono.tbtMs === 0 ? '0 / 0' : ratio(fed.tbtMs, Math.max(mono.tbtMs, 1))} |`,
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
