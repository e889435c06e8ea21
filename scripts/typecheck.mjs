#!/usr/bin/env node
// Type-checks every part of the workspace against its own tsconfig (strict everywhere).
// Two `tsc` at a time (TYPECHECK_JOBS; each is one thread): each project's output is printed whole when it ends.
import { spawn } from 'node:child_process';

const PROJECTS = ['.', 'shared', 'host', 'remote-topup', 'remote-voucher', 'remote-pccenter', 'remote-ops', 'server', 'e2e'];
const JOBS = Math.max(1, Number(process.env.TYPECHECK_JOBS) || 2);

function check(project) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('npx', ['tsc', '-p', project, '--noEmit'], { stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    const done = (ok) => {
      process.stdout.write(Buffer.concat(output));
      console.log(`typecheck ${project.padEnd(16)} ${ok ? 'ok' : 'FAILED'} (${Date.now() - started} ms)`);
      resolve(ok);
    };
    child.on('error', (error) => {
      output.push(Buffer.from(`${error.message}\n`));
      done(false);
    });
    child.on('close', (code) => done(code === 0));
  });
}

const waiting = [...PROJECTS];
let failed = 0;
await Promise.all(
  Array.from({ length: Math.min(JOBS, waiting.length) }, async () => {
    for (let project = waiting.shift(); project !== undefined; project = waiting.shift()) {
      if (!(await check(project))) failed += 1;
    }
  }),
);
process.exit(failed ? 1 : 0);
