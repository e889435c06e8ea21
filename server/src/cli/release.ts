// `npm run release -- <app> [--no-activate] [--force] [--reason "…"]`
// Builds one app alone, stamps it with a version, records it in the registry with its files (in
// the database every instance serves them from) and (unless --no-activate) makes it live.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { resolveBuildVersion } from '@topup/shared/build-version';
import { configFrom } from '../config';
import { childEnvironment, processSettings } from '../settings/environment';
import { isReleasableApp, isSafeVersion, RELEASABLE_APPS } from '../releases/apps';
import { readBuildFolder } from '../releases/build-files';
import { openRegistry } from '../releases/open-registry';
import { fail, operator, parseArgs } from './cli-args';
import { auditRegistry, auditRelease } from '../ops/audit';

async function main(): Promise<void> {
  const { positional, flags } = parseArgs(process.argv.slice(2));
  const app = positional[0];
  if (!isReleasableApp(app)) fail(`usage: npm run release -- <${RELEASABLE_APPS.join('|')}> [--no-activate] [--force] [--reason "…"]`);
  const settings = processSettings();
  const config = configFrom(settings);
  const version = resolveBuildVersion(config.repoRoot);
  if (!isSafeVersion(version)) fail(`MF_BUILD_VERSION "${version}" may use only letters, digits, ".", "_" and "-"`);

  console.log(`Building ${app} ${version} alone…`);
  const out = fs.mkdtempSync(path.join(os.tmpdir(), `topup-release-${app}-`));
  const build = spawnSync('npx', ['rspack', 'build', '-c', path.join(app, 'rspack.config.ts')], {
    cwd: config.repoRoot,
    stdio: 'inherit',
    env: childEnvironment({ NODE_ENV: 'production', MF_BUILD_VERSION: version, TOPUP_BUILD_OUT: out }),
  });
  if (build.status !== 0) fail(`the build of ${app} failed`);

  const files = readBuildFolder(out);
  fs.rmSync(out, { recursive: true, force: true });
  const registry = await openRegistry(config, settings.TOPUP_SERVER_URL);
  try {
    const reason = typeof flags.reason === 'string' ? flags.reason : `release ${version}`;
    // Through the ops routes the server audits with the token's actor; on the database, this command does.
    const actor = { name: `service:${operator()}`, operatorId: null, address: 'command line' };
    const outcome = await registry.operations.release({
      app,
      version,
      files,
      actor: operator(),
      reason,
      force: flags.force === true,
      activate: flags['no-activate'] !== true,
      audit: auditRegistry(actor, 'release.activate', reason),
      auditRelease: auditRelease(actor, reason),
    });
    console.log(`✓ ${app} ${version} released: ${files.length} files in the release store (through ${registry.via})`);
    if (outcome.release.forced) console.log(`  forced past the contract check: ${outcome.release.contract_problems.join('; ')}`);
    if (outcome.activation) console.log(`✓ live: ${app} ${outcome.activation.from_version ?? '(build)'} → ${outcome.activation.to_version}`);
    else console.log(`  not activated; preview it with a link from the release console (GET /ops/api/releases/preview-link?app=${app}&version=${version})`);
  } finally {
    await registry.close();
  }
}

main().catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
