import { execSync } from 'node:child_process';

function shortSha(cwd: string): string {
  try {
    return execSync('git rev-parse --short HEAD', { cwd, stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
  } catch {
    return 'nogit';
  }
}

function buildTime(now: Date): string {
  return now.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z').replace('T', '.');
}

/**
 * The version a build is stamped with: `MF_BUILD_VERSION` when set, otherwise the short
 * git sha plus the build time (e.g. `3f2a9c1-20261121.213000Z`). It is written into
 * `process.env` so that Module Federation's manifest carries the same value.
 */
export function resolveBuildVersion(cwd: string, now: Date = new Date()): string {
  const version = process.env.MF_BUILD_VERSION || `${shortSha(cwd)}-${buildTime(now)}`;
  process.env.MF_BUILD_VERSION = version;
  return version;
}
