#!/usr/bin/env node
// Builds each app that has no build yet (the host and every remote), as `npm start` and `npm run cluster` need.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const apps = [
  { name: 'host', marker: 'host/dist/index.html' },
  { name: 'remote-topup', marker: 'remote-topup/dist/mf-manifest.json' },
  { name: 'remote-voucher', marker: 'remote-voucher/dist/mf-manifest.json' },
  { name: 'remote-pccenter', marker: 'remote-pccenter/dist/mf-manifest.json' },
  { name: 'remote-ops', marker: 'remote-ops/dist/mf-manifest.json' },
];

/** Builds what is missing; returns the failed build's exit status, or 0. */
export function buildMissingApps() {
  for (const app of apps) {
    if (existsSync(path.join(root, app.marker))) continue;
    console.log(`Building ${app.name}…`);
    const result = spawnSync('npx', ['rspack', 'build', '-c', `${app.name}/rspack.config.ts`], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (result.status !== 0) return result.status ?? 1;
  }
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exit(buildMissingApps());
