// Part of `npm run build`: the JavaScript a phone downloads for the first paint of `#/` (host + top-up
// remote, gzip level 9, each file as served), against the budget in shared/build/bundle-budget.json.
// Fails the build when the total is over. Needs the build in the apps' dist/ folders and Chromium.
import fs from 'node:fs';
import path from 'node:path';
import { startServer, REPO_ROOT } from '../e2e/support/server';
import { measureFirstLoad, totalGzip, type LoadedFile } from './bench/first-load';

export interface Budget {
  /** Most gzip bytes of JavaScript for the first load of `#/`. */
  readonly firstLoadGzipBytes: number;
  /** What the store aims for (docs/benchmarks.md); reported, not enforced. */
  readonly targetGzipBytes: number;
}

export function readBudget(): Budget {
  return JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'shared', 'build', 'bundle-budget.json'), 'utf8')) as Budget;
}

async function main(): Promise<void> {
  const budget = readBudget();
  const server = await startServer();
  let files: LoadedFile[];
  try {
    files = await measureFirstLoad(server.url, '/');
  } finally {
    await server.stop();
  }
  const total = totalGzip(files);
  for (const f of files.slice().sort((a, b) => b.gzipBytes - a.gzipBytes)) console.log(`${String(f.gzipBytes).padStart(8)}  ${f.path}`);
  const line = `first load of #/: ${total} gzip bytes in ${files.length} scripts; budget ${budget.firstLoadGzipBytes}, target ${budget.targetGzipBytes}`;
  if (total > budget.firstLoadGzipBytes) {
    console.error(`\n✗ OVER BUDGET — ${line}`);
    process.exit(1);
  }
  console.log(`\n✓ within budget — ${line}`);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
