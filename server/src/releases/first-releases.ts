import fs from 'node:fs';
import path from 'node:path';
import { REMOTE_IDS } from '@topup/shared/contracts';
import { whileLocked } from '../db/advisory-lock';
import type { Db } from '../db/db';
import { isSafeVersion, RELEASABLE_APPS, type ReleasableApp } from './apps';
import { MANIFEST_FILE, parseManifest, readBuildFolder, stampedVersion } from './build-files';
import type { RegistryService } from './registry-service';
import type { ReleaseRecord } from './registry-repo';

/** Who records the builds an instance starts with, in the registry's history. */
export const SYSTEM_ACTOR = 'system';

/** The build folder of each app on this machine: `<app>/dist`, the host's where HOST_DIST says. */
export function buildFolders(repoRoot: string, hostDist: string): Record<ReleasableApp, string> {
  return Object.fromEntries([['host', hostDist], ...REMOTE_IDS.map((remote) => [remote, path.join(repoRoot, remote, 'dist')])]) as Record<ReleasableApp, string>;
}

export interface RecordedBuild {
  readonly app: ReleasableApp;
  readonly version: string;
  /** What the contract check found (the build was recorded anyway: it is what this instance would serve). */
  readonly problems: readonly string[];
}

export interface RecordBuildsOptions {
  /**
   * Development: a build the registry has not seen replaces a live release that came from a build,
   * so a rebuilt app shows at the next start. An app an operator released is never touched.
   */
  readonly followBuilds?: boolean;
}

/** The version stamped into a build folder's manifest, or null when it has no usable one. */
function builtVersion(dir: string): string | null {
  const file = path.join(dir, MANIFEST_FILE);
  if (!fs.existsSync(file)) return null;
  const version = stampedVersion(parseManifest(fs.readFileSync(file)));
  return isSafeVersion(version) ? version : null;
}

function reasonToRecord(version: string, releases: readonly ReleaseRecord[], live: string | undefined, options: RecordBuildsOptions): string | null {
  if (releases.length === 0) return 'first release from the build';
  if (!options.followBuilds || releases.some((release) => release.version === version)) return null;
  const liveRelease = releases.find((release) => release.version === live);
  return liveRelease?.released_by === SYSTEM_ACTOR ? 'a new build (development)' : null;
}

/**
 * Records each app's build as its first release, and makes it live, when the registry has no
 * release of that app: every instance then answers the same registry, and the next release has a
 * version to roll back to. Instances starting together take turns under one lock, so each app is
 * recorded once, from whichever build came first. The host goes first: the remotes' shared
 * exports are checked against it.
 */
export function recordBuildsAsReleases(
  db: Db,
  registry: RegistryService,
  folders: Partial<Record<ReleasableApp, string>>,
  options: RecordBuildsOptions = {},
): Promise<RecordedBuild[]> {
  return whileLocked(db, 'record-builds', async () => {
    const recorded: RecordedBuild[] = [];
    for (const app of RELEASABLE_APPS) {
      const dir = folders[app];
      const version = dir ? builtVersion(dir) : null;
      if (!dir || !version) continue;
      const [releases, live] = await Promise.all([registry.repo.releases(app), registry.repo.liveVersions()]);
      const reason = reasonToRecord(version, releases, live[app], options);
      if (!reason) continue;
      const { release } = await registry.release({ app, version, files: readBuildFolder(dir), actor: SYSTEM_ACTOR, reason, force: true });
      recorded.push({ app, version, problems: release.contract_problems });
    }
    return recorded;
  });
}
