// `npm run remotes -- list | activate <app> <version> | promote <app> <version> --share N | rollback <app>` [--reason "…"] [--force] [--reactivate]
import { configFrom } from '../config';
import { processSettings } from '../settings/environment';
import { RELEASABLE_APPS } from '../releases/apps';
import { openRegistry } from '../releases/open-registry';
import type { RegistryListing } from '../releases/registry-service';
import { fail, operator, parseArgs } from './cli-args';
import { auditRegistry } from '../ops/audit';

const USAGE =
  'usage: npm run remotes -- list | activate <app> <version> | promote <app> <version> --share <1–100> | rollback <app>   [--reason "…"] [--force]\n' +
  '       a version a rollback took off players goes live again only with --reason "…" and --reactivate';

function printListing(listing: RegistryListing): void {
  console.log('Live versions:');
  for (const app of RELEASABLE_APPS) {
    const canary = listing.canaries?.[app];
    console.log(`  ${app.padEnd(16)} ${listing.live[app] ?? '(local build, no release live)'}${canary ? `   canary ${canary.version} for ${canary.share} % since ${canary.since}` : ''}`);
  }
  console.log('\nReleases:');
  for (const r of listing.releases) {
    const mark = listing.live[r.app] === r.version ? '●' : ' ';
    const note = r.forced ? `  forced: ${r.contract_problems.join('; ')}` : '';
    console.log(`  ${mark} ${r.app.padEnd(16)} ${r.version.padEnd(28)} ${r.released_at}  by ${r.released_by}${note}`);
  }
  console.log('\nHistory (newest first):');
  for (const h of listing.history.slice(0, 20)) {
    const share = h.kind === 'canary' ? ` (${h.share} %)` : '';
    console.log(`  ${h.activated_at}  ${h.app.padEnd(16)} ${h.kind.padEnd(13)} ${h.from_version ?? '(build)'} → ${h.to_version}${share}  by ${h.actor}${h.reason ? ` — ${h.reason}` : ''}`);
  }
}

/** The command line acts as a service actor in the audit log (through the ops routes, the server writes it). */
const cliActor = () => ({ name: `service:${operator()}`, operatorId: null, address: 'command line' });

async function main(): Promise<void> {
  const { positional, flags } = parseArgs(process.argv.slice(2), ['reason', 'share']);
  const [command, app, version] = positional;
  const reason = typeof flags.reason === 'string' ? flags.reason : '';
  // A rolled-back version going live again: the caller's confirmation, audited as a re-activation.
  const reactivation = { confirmed: flags.reactivate === true, audit: auditRegistry(cliActor(), 'release.reactivate', reason) };
  if (!command) fail(USAGE);
  const settings = processSettings();
  const registry = await openRegistry(configFrom(settings), settings.TOPUP_SERVER_URL);
  try {
    if (command === 'list') printListing(await registry.operations.list());
    else if (command === 'activate' && app && version) {
      const a = await registry.operations.activate(app, version, operator(), reason, flags.force === true, auditRegistry(cliActor(), 'release.activate', reason), reactivation);
      console.log(`✓ live: ${a.app} ${a.from_version ?? '(build)'} → ${a.to_version} (through ${registry.via})`);
    } else if (command === 'promote' && app && version) {
      const share = Number(flags.share);
      const a = await registry.operations.promote(app, version, share, operator(), reason, flags.force === true, auditRegistry(cliActor(), 'release.activate', reason || `canary ${share} %`), reactivation);
      console.log(a.kind === 'canary' ? `✓ canary: ${a.app} ${a.to_version} for ${a.share} % of browsers (through ${registry.via})` : `✓ live: ${a.app} ${a.from_version ?? '(build)'} → ${a.to_version} (through ${registry.via})`);
    } else if (command === 'rollback' && app) {
      const a = await registry.operations.rollback(app, operator(), reason, auditRegistry(cliActor(), 'release.rollback', reason));
      console.log(`✓ rolled back: ${a.app} ${a.from_version} → ${a.to_version} (through ${registry.via})`);
    } else fail(USAGE);
  } finally {
    await registry.close();
  }
}

main().catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
