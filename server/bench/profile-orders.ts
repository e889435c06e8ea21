/**
 * `npx tsx server/bench/profile-orders.ts`: the orders benchmark's server under a CPU profile
 * (node --cpu-prof) while autocannon places orders for PROFILE_SECONDS (default 15), on PostgreSQL
 * (BENCH_DATABASE_URL) or PGlite (PROFILE_DATABASE=pglite). Writes the .cpuprofile into PROFILE_DIR
 * (default a temporary directory) and prints where the server's time went, by package and by function,
 * and how many statements each order cost (pg_stat_statements is not needed: the server counts them).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { demoBuyers, placeOrders } from './order-load';
import { onEachDatabase } from './each-database';

const SECONDS = Number(process.env.PROFILE_SECONDS || 15);
const DIR = process.env.PROFILE_DIR || fs.mkdtempSync(path.join(os.tmpdir(), 'topup-profile-'));

interface Profile {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number } }>;
  samples: number[];
  timeDeltas: number[];
}

function summarise(file: string): string {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const byPackage = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, index) => {
    const time = profile.timeDeltas[index] ?? 0;
    total += time;
    const frame = nodes.get(id)!.callFrame;
    const url = frame.url;
    const inModules = url.split('node_modules/').pop() ?? '';
    const where = url.includes('node_modules/')
      ? `npm ${inModules.split('/').slice(0, inModules.startsWith('@') ? 2 : 1).join('/')}`
      : url.includes('/server/src/')
        ? `store ${url.split('/server/src/')[1]}`
        : url.startsWith('node:')
          ? url
          : `(${frame.functionName || 'program'})`;
    byPackage.set(where, (byPackage.get(where) ?? 0) + time);
    const name = `${frame.functionName || '(anonymous)'} ${url.split('/').slice(-2).join('/')}:${frame.lineNumber + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + time);
  });
  const top = (map: Map<string, number>, count: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([name, time]) => `${((100 * time) / total).toFixed(1).padStart(5)} %  ${name}`)
      .join('\n');
  return `${(total / 1e6).toFixed(1)} s sampled\n-- by package\n${top(byPackage, 25)}\n-- by function (self time)\n${top(byFunction, 25)}`;
}

async function main(): Promise<void> {
  const wanted = process.env.PROFILE_DATABASE === 'pglite' ? 'PGlite' : 'PostgreSQL';
  await onEachDatabase('bench_profile', async (database, env) => {
    if (database !== wanted) return null;
    const child = spawn(process.execPath, ['--cpu-prof', '--cpu-prof-dir', DIR, '--import', 'tsx', path.join(__dirname, 'orders-bench-server.ts')], {
      env: { ...process.env, LOG: 'off', NODE_ENV: 'development', DATABASE_URL: '', NODE_OPTIONS: '', COUNT_STATEMENTS: '1', ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const url = await new Promise<string>((resolve, reject) => {
      let output = '';
      child.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /listening (\d+)/.exec(output);
        if (match) resolve(`http://127.0.0.1:${match[1]}`);
      });
      child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
    });
    const everyone = await demoBuyers(url);
    await placeOrders(url, everyone, 'profile-warmup-', 3, 50);
    const statements = async () => (await (await fetch(`${url}/bench/statements`)).json()) as { statements: number; transactions: number };
    const before = await statements();
    const placing = await placeOrders(url, everyone, 'profile-', SECONDS, 50);
    const after = await statements();
    const orders = placing.answered;
    console.log(`${database}: ${Math.round(placing.requestsPerSecond)} orders/s, p50 ${placing.p50} ms, p99 ${placing.p99} ms, ${everyone.length} characters`);
    console.log(
      `statements per order (the store's and its sandbox game's, BEGIN and COMMIT counted): ${((after.statements - before.statements) / orders).toFixed(2)}; ` +
        `transactions per order: ${((after.transactions - before.transactions) / orders).toFixed(2)}`,
    );
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    // The main thread's profile is the largest (tsx's loader thread writes a small one of its own).
    const file = fs
      .readdirSync(DIR)
      .filter((name) => name.endsWith('.cpuprofile'))
      .map((name) => path.join(DIR, name))
      .sort((a, b) => fs.statSync(b).size - fs.statSync(a).size)[0];
    if (file) console.log(`${file}\n${summarise(file)}`);
    return null;
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
