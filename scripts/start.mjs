#!/usr/bin/env node
// `npm start`: builds whatever app has no build yet, then starts the server on its defaults.
import { existsSync } from 'node:fs';
import { spawnSync, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const apps = [
  { name: 'host', marker: 'host/dist/index.html' },
  { name: 'remote-topup', marker: 'remote-topup/dist/mf-manifest.json' },
  { name: 'remote-voucher', marker: 'remote-voucher/dist/mf-manifest.json' },
  { name: 'remote-pccenter', marker: 'remote-pccenter/dist/mf-manifest.json' },
  { name: 'remote-ops', marker: 'remote-ops/dist/mf-manifest.json' },
];

for (const app of apps) {
  if (existsSync(path.join(root, app.marker))) continue;
  console.log(`Building ${app.name}…`);
  const result = spawnSync('npx', ['rspack', 'build', '-c', `${app.name}/rspack.config.ts`], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = spawn('npx', ['tsx', 'server/src/main.ts'], { cwd: root, stdio: 'inherit', env: process.env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
