// `npm run release -- <app> [--no-activate] [--force] [--reason "…"]`
// Builds one app alone, stamps it with a version, copies it immutably into RELEASES_DIR,
// records it in the registry and (unless --no-activate) makes it live.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { resolveBuildVersion } from '@topup/shared/build-version';
import { loadConfig } from '../config';
import { isReleasableApp, isSafeVersion, RELEASABLE_APPS } from '../releases/apps';
import { openRegistry } from '../releases/open-registry';
import { ReleaseFiles } from '../releases/release-files';
import { fail, operator, parseArgs } from './cli-args';
import { auditRegistry, auditRelease } from '../ops/audit';

async function main(): Promise<void> {
  const { positional, flags } = parseArgs(process.argv.slice(2));
  const app = positional[0];
  if (!isReleasableApp(app)) fail(`usage: npm run release -- <${RELEASABLE_APPS.join('|')}> [--no-activate] [--force] [--reason "…"]`);
  const config = loadConfig();
  const version = resolveBuildVersion(config.repoRoot);
  if (!isSafeVersion(version)) fail(`MF_BUILD_VERSION "${version}" may use only letters, digits, ".", "_" and "-"`);
  const files = new ReleaseFiles(config.releasesDir);
  if (fs.existsSync(files.dirOf(app, version))) fail(`${app} ${version} is already released: a version is released once.`);

  console.log(`Building ${app} ${version} alone…`);
  const out = fs.mkdtempSync(path.join(os.tmpdir(), `topup-release-${app}-`));
  const build = spawnSync('npx', ['rspack', 'build', '-c', path.join(app, 'rspack.config.ts')], {
    cwd: config.repoRoot,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production', MF_BUILD_VERSION: version, TOPUP_BUILD_OUT: out },
  });
  if (build.status !== 0) fail(`the build of ${app} failed`);

  const dir = files.copyIn(app, version, out);
  fs.rmSync(out, { recursive: true, force: true });
  const registry = await openRegistry(config);
  try {
    const reason = typeof flags.reason === 'string' ? flags.reason : `release ${version}`;
    // Through the ops routes the server audits with the token's actor; on the database, this command does.
    const actor = { name: `service:${operator()}`, operatorId: null, address: 'command line' };
    const outcome = await registry.operations.release({
      app,
      version,
      actor: operator(),
      reason,
      force: flags.force === true,
      activate: flags['no-activate'] !== true,
      audit: auditRegistry(actor, 'release.activate', reason),
      auditRelease: auditRelease(actor, reason),
    });
    console.log(`✓ ${app} ${version} released to ${dir} (through ${registry.via})`);
    if (outcome.release.forced) console.log(`  forced past the contract check: ${outcome.release.contract_problems.join('; ')}`);
    if (outcome.activation) console.log(`✓ live: ${app} ${outcome.activation.from_version ?? '(build)'} → ${outcome.activation.to_version}`);
    else console.log(`  not activated; preview it with ?mf_preview=${app}@${version}`);
  } catch (error) {
    // The registry refused it: the folder was never recorded, so it goes.
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  } finally {
    await registry.close();
  }
}

main().catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
