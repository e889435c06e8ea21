import fs from 'node:fs';
import type { DatabaseRun } from './api-bench';

export interface BenchSetting {
  readonly seconds: number;
  readonly rounds: number;
  readonly connections: number;
  readonly cpus: number;
  readonly node: string;
  readonly loadAverage: number;
  readonly note: string;
  /** A paragraph written under the tables ("" for none). */
  readonly extra?: string;
}

const TARGET_SHARE = 0.3;
const TARGET_P99_MS = 15;
const TARGET_RSS_MB: Record<string, number> = { PGlite: 700, PostgreSQL: 250 };

function table(run: DatabaseRun): string[] {
  const baseline = run.results[0]?.requestsPerSecond ?? 0;
  const lines = [
    `### ${run.database}${run.store ? ` — ${run.store}` : ''}`,
    '',
    '| scenario | req/s | p50 (ms) | p99 (ms) | vs baseline | failures |',
    '|---|---:|---:|---:|---:|---:|',
  ];
  for (const result of run.results) {
    const share = baseline ? result.requestsPerSecond / baseline : 0;
    lines.push(
      `| ${result.scenario} | ${Math.round(result.requestsPerSecond).toLocaleString('en-US')} | ${result.p50} | ${result.p99} | ${Math.round(share * 100)} % | ${result.failures} |`,
    );
  }
  const catalogue = run.results.find((r) => r.scenario === 'getPayPrice, no role');
  const share = catalogue && baseline ? catalogue.requestsPerSecond / baseline : 0;
  const rssTarget = TARGET_RSS_MB[run.database] ?? Infinity;
  lines.push(
    '',
    `Peak resident memory of the server: **${run.peakRssMb} MB** (target ≤ ${rssTarget} MB: ${run.peakRssMb <= rssTarget ? 'met' : 'NOT met'}).`,
    `Catalogue read (getPayPrice, no role): ${Math.round(share * 100)} % of the baseline (target ≥ ${TARGET_SHARE * 100} %: ${share >= TARGET_SHARE ? 'met' : 'NOT met'}), ` +
      `p99 ${catalogue?.p99 ?? '?'} ms (target ≤ ${TARGET_P99_MS} ms: ${catalogue && catalogue.p99 <= TARGET_P99_MS ? 'met' : 'NOT met'}).`,
  );
  // Issue 35: reads about a character at 30 % of the bare route, on PostgreSQL.
  const characterReads = run.results.filter((r) => r.scenario === 'getPayPrice, with a role' || r.scenario === 'getRoleInfo');
  if (run.database === 'PostgreSQL' && characterReads.length > 0) {
    lines.push(
      `Reads about a character (issue 35, target ≥ ${TARGET_SHARE * 100} % of the baseline): ` +
        characterReads
          .map((r) => {
            const part = baseline ? r.requestsPerSecond / baseline : 0;
            return `${r.scenario} ${Math.round(part * 100)} % (${part >= TARGET_SHARE ? 'met' : 'NOT met'})`;
          })
          .join('; ') +
        '.',
    );
  }
  lines.push(
    '',
  );
  return lines;
}

const START = '<!-- api:start -->';
const END = '<!-- api:end -->';

/** The `## API` section: replaced on every run, the rest of the file left as it is. */
export function renderSection(runs: readonly DatabaseRun[], setting: BenchSetting): string {
  const lines = [
    START,
    '## API',
    '',
    `Measured by \`npm run bench:api\` on ${new Date().toISOString().slice(0, 10)}: autocannon with ${setting.connections} connections, ` +
      `${setting.seconds} s per scenario after a 2 s warm-up; the scenarios took turns for ${setting.rounds} rounds and each keeps its best round ` +
      `(the machine is shared with other work). Client and server on the same ${setting.cpus}-core machine, Node ${setting.node}. ` +
      'The server runs in its own process on a fresh database with the demo catalogue; each POST is a signed JSON body. ' +
      'The baseline is `GET /healthz`, a route that does nothing. ' +
      `Load average when the run started: ${setting.loadAverage.toFixed(1)}.`,
    '',
    'Catalogue reads are answered from the in-memory catalogue. Reads about a character (first-buy and limits, ' +
      'role lookups) query the database on every request; on PGlite those run one at a time inside the server process, ' +
      'which is what bounds them there. A role lookup is a signed HTTP call to the sandbox game, which runs in the same process ' +
      'and reads its own tables. `getRoleInfo` asks for one character again and again: a store with decision 126 answers it ' +
      'from its memory of characters found (`ROLE_MEMORY_SECONDS`) after the first request. ' +
      '"getRoleInfo, a new character each time" names a character of its own in every request, one the game does not know, ' +
      'so every store asks the game every time ("not found" is never remembered, and no two lookups are alike to share a call): ' +
      'what a lookup costs when the game is asked.',
    '',
  ];
  if (setting.note) lines.push(`> ${setting.note}`, '');
  if (runs.some((run) => run.store.startsWith('baseline'))) {
    lines.push(
      "Each database ran the baseline (or the baselines, oldest first) and this tree at once, each in its own process on fresh storage of its own, and each scenario of each round was measured store by store (one store under load at a time), so that the machine's other work weighed on each alike.",
      '',
    );
  }
  for (const run of runs) lines.push(...table(run));
  if (setting.extra) lines.push(setting.extra, '');
  lines.push(END);
  return lines.join('\n');
}

export function writeBenchSection(file: string, runs: readonly DatabaseRun[], setting: BenchSetting): void {
  const section = renderSection(runs, setting);
  const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Benchmarks\n';
  const start = current.indexOf(START);
  const end = current.indexOf(END);
  const next =
    start !== -1 && end > start
      ? `${current.slice(0, start)}${section}${current.slice(end + END.length)}`
      : `${current.trimEnd()}\n\n${section}\n`;
  fs.writeFileSync(file, next);
}
