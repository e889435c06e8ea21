#!/usr/bin/env node
// `npm start`: builds whatever app has no build yet, then starts the server on its defaults.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildMissingApps } from './build-missing.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const built = buildMissingApps();
if (built !== 0) process.exit(built);

const server = spawn('npx', ['tsx', 'server/src/main.ts'], { cwd: root, stdio: 'inherit', env: process.env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
