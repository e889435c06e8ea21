#!/usr/bin/env node
// `npm test`: typecheck, lint, unit + component + server tests, a fresh build, then browser tests.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureChromium } from './ensure-chromium.mjs';

const results = { passed: 0, failed: 0, skipped: 0 };
const steps = [];

function run(name, command, args, env = {}) {
  console.log(`\n━━━ ${name} ━━━`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = result.status === 0;
  steps.push({ name, ok, ms: Date.now() - started });
  return ok;
}

/**
 * Steps that need no other step run side by side (two cores): each one's output is kept and printed
 * whole when it ends, so that the log reads one step at a time.
 */
function runTogether(list) {
  return Promise.all(
    list.map(
      ({ name, command, args }) =>
        new Promise((resolve) => {
          const started = Date.now();
          const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
          const output = [];
          child.stdout.on('data', (chunk) => output.push(chunk));
          child.stderr.on('data', (chunk) => output.push(chunk));
          const done = (ok) => {
            console.log(`\n━━━ ${name} ━━━`);
            process.stdout.write(Buffer.concat(output));
            steps.push({ name, ok, ms: Date.now() - started });
            resolve(ok);
          };
          child.on('error', (error) => {
            output.push(Buffer.from(`${error.message}\n`));
            done(false);
          });
          child.on('close', (code) => done(code === 0));
        }),
    ),
  ).then((oks) => oks.every(Boolean));
}

function jest(name, args) {
  const out = path.join(mkdtempSync(path.join(os.tmpdir(), 'topup-jest-')), 'results.json');
  const ok = run(name, 'npx', ['jest', ...args, '--json', `--outputFile=${out}`], {
    NODE_OPTIONS: '--experimental-vm-modules --no-warnings=ExperimentalWarning',
  });
  try {
    const report = JSON.parse(readFileSync(out, 'utf8'));
    results.passed += report.numPassedTests;
    results.failed += report.numFailedTests;
    results.skipped += report.numPendingTests + report.numTodoTests;
    if (report.numTotalTests === 0) {
      console.error(`${name}: no test ran`);
      return false;
    }
  } catch {
    console.error(`${name}: jest wrote no results`);
    return false;
  }
  return ok;
}

if (!process.env.TEST_DATABASE_URL) {
  console.warn(
    '\n!!! TEST_DATABASE_URL is not set: the database suite runs on embedded PGlite ONLY; the PostgreSQL half is SKIPPED.\n' +
      '!!! Set TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test to run it (.ci/run does).\n',
  );
}

/** Jest workers per stage: TEST_WORKERS, else 2 (this machine class has two cores). */
const WORKERS = Number(process.env.TEST_WORKERS) || 2;

let ok = true;
ok =
  (await runTogether([
    { name: 'typecheck', command: 'node', args: ['scripts/typecheck.mjs'] },
    { name: 'lint', command: 'npx', args: ['eslint', '.', '--max-warnings=0'] },
  ])) && ok;
// Two workers on two cores: most of a server or page test waits on a socket, a database or a render.
ok = jest('unit, component and server tests', ['--selectProjects', 'node', 'web', `--maxWorkers=${WORKERS}`]) && ok;
ok = run('build (host and all remotes)', 'npx', ['rspack', 'build', '-c', 'rspack.config.ts'], { NODE_ENV: 'production' }) && ok;
try {
  ensureChromium();
  ok = run('bundle budget of #/ (first-load JavaScript, gzip)', 'npx', ['tsx', 'scripts/check-budget.ts']) && ok;
  // One store per worker (e2e/support/global-setup.ts), one Chromium for all.
  ok = jest('browser tests (Chromium)', ['--selectProjects', 'e2e', `--maxWorkers=${WORKERS}`]) && ok;
} catch (error) {
  console.error(`\n!!! Browser tests NOT RUN: ${error.message}`);
  steps.push({ name: 'browser tests (Chromium)', ok: false, ms: 0 });
  ok = false;
}

console.log('\n━━━ summary ━━━');
for (const step of steps) console.log(`${step.ok ? 'ok    ' : 'FAILED'} ${step.name} (${(step.ms / 1000).toFixed(1)} s)`);
console.log(`${results.passed} passed, ${results.failed} failed, ${results.skipped} skipped`);
process.exit(ok ? 0 : 1);
