#!/usr/bin/env node
// Type-checks every part of the workspace against its own tsconfig (strict everywhere).
import { spawnSync } from 'node:child_process';

const PROJECTS = ['.', 'shared', 'host', 'remote-topup', 'remote-voucher', 'remote-pccenter', 'remote-ops', 'server', 'e2e'];
let failed = 0;
for (const project of PROJECTS) {
  const started = Date.now();
  const result = spawnSync('npx', ['tsc', '-p', project, '--noEmit'], { stdio: 'inherit' });
  const ok = result.status === 0;
  console.log(`typecheck ${project.padEnd(16)} ${ok ? 'ok' : 'FAILED'} (${Date.now() - started} ms)`);
  if (!ok) failed += 1;
}
process.exit(failed ? 1 : 0);
