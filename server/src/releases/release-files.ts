import fs from 'node:fs';
import path from 'node:path';
import { isSafeVersion, type ReleasableApp } from './apps';
import type { FederationManifest } from './contract-check';

export class ReleaseExistsError extends Error {
  constructor(app: ReleasableApp, version: string) {
    super(`${app} ${version} is already released: a version is released once and never overwritten.`);
    this.name = 'ReleaseExistsError';
  }
}

/** Immutable release folders: `<RELEASES_DIR>/<app>/<version>/`. */
export class ReleaseFiles {
  constructor(readonly root: string) {}

  dirOf(app: ReleasableApp, version: string): string {
    if (!isSafeVersion(version)) throw new Error(`"${version}" is not a valid version`);
    return path.join(this.root, app, version);
  }

  exists(app: ReleasableApp, version: string): boolean {
    return isSafeVersion(version) && fs.existsSync(path.join(this.dirOf(app, version), 'mf-manifest.json'));
  }

  /** Copies a build into its release folder; refuses when the version is already there. */
  copyIn(app: ReleasableApp, version: string, buildDir: string): string {
    const target = this.dirOf(app, version);
    if (fs.existsSync(target)) throw new ReleaseExistsError(app, version);
    if (!fs.existsSync(path.join(buildDir, 'mf-manifest.json'))) {
      throw new Error(`${buildDir} has no mf-manifest.json: build ${app} first`);
    }
    fs.mkdirSync(path.dirname(target), { recursive: true });
    const staging = `${target}.staging-${process.pid}`;
    fs.rmSync(staging, { recursive: true, force: true });
    fs.cpSync(buildDir, staging, { recursive: true });
    for (const file of fs.readdirSync(staging, { recursive: true }) as string[]) {
      const full = path.join(staging, file);
      if (fs.statSync(full).isFile()) fs.chmodSync(full, 0o444);
    }
    // A rename is atomic: a release folder is either complete or absent.
    fs.renameSync(staging, target);
    return target;
  }

  readManifest(app: ReleasableApp, version: string): FederationManifest {
    return JSON.parse(fs.readFileSync(path.join(this.dirOf(app, version), 'mf-manifest.json'), 'utf8')) as FederationManifest;
  }

  /** Every released version of an app on disk, oldest first by folder time. */
  versionsOnDisk(app: ReleasableApp): string[] {
    const dir = path.join(this.root, app);
    if (!fs.existsSync(dir)) return [];
    return fs
      .readdirSync(dir)
      .filter((name) => isSafeVersion(name) && fs.existsSync(path.join(dir, name, 'mf-manifest.json')))
      .sort((a, b) => fs.statSync(path.join(dir, a)).mtimeMs - fs.statSync(path.join(dir, b)).mtimeMs);
  }
}
