#!/usr/bin/env node
// Browser tests drive Debian's Chromium. Install it when missing (as root), or say exactly what is needed.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const CHROMIUM = process.env.CHROME_PATH || '/usr/bin/chromium';

export function ensureChromium() {
  if (existsSync(CHROMIUM)) return CHROMIUM;
  if (typeof process.getuid === 'function' && process.getuid() === 0) {
    console.log(`Chromium is missing at ${CHROMIUM}: installing Debian's "chromium" package…`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    for (const args of [['update', '-qq'], ['install', '-y', '-qq', 'chromium']]) {
      const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
      if (result.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed with ${result.status}`);
    }
    if (existsSync(CHROMIUM)) return CHROMIUM;
  }
  throw new Error(
    `Chromium is not installed at ${CHROMIUM} and this user cannot install it.\n` +
      `Run as root: apt-get update && apt-get install -y chromium   (or set CHROME_PATH to a Chromium binary).`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    console.log(`Chromium: ${ensureChromium()}`);
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
