#!/usr/bin/env node
// `npm run dev`: the server plus Rspack dev servers (hot reload) for the host and all three remotes.
// Open http://127.0.0.1:3000/ — the host dev server forwards API calls to the server on :8080.
import { spawn } from 'node:child_process';

const children = [];
function start(name, command, args, env = {}) {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  const prefix = `[${name}] `;
  const forward = (stream, out) => stream.on('data', (chunk) => out.write(String(chunk).replace(/^(?=.)/gm, prefix)));
  forward(child.stdout, process.stdout);
  forward(child.stderr, process.stderr);
  child.on('exit', (code) => {
    console.log(`${prefix}exited with ${code}`);
    shutdown(code ?? 1);
  });
  children.push(child);
}

function shutdown(code) {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exitCode = code;
}
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));

start('server', 'node_modules/.bin/tsx', ['watch', 'server/src/main.ts'], { DEV_REMOTES: '1' });
for (const app of ['host', 'remote-topup', 'remote-voucher', 'remote-pccenter', 'remote-ops']) {
  start(app, 'node_modules/.bin/rspack', ['dev', '-c', `${app}/rspack.config.ts`], { NODE_ENV: 'development' });
}
console.log('TopUp Store (dev) at http://127.0.0.1:3000/ — remotes on :3001-3004, API on :8080');
