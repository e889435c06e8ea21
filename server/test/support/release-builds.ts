import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { requiredExposes } from '@topup/shared/contracts';
import { SHARED_REACT_VERSION } from '@topup/shared/shared-deps';
import type { BuildFile } from '../../src/releases/build-files';
import type { FederationManifest } from '../../src/releases/contract-check';
import { uploadedFile } from '../../src/releases/uploaded-files';

export const ROUTER = ['HashRouter', 'Link', 'useNavigate'];
export const TOPUP_EXPOSES = requiredExposes('remote-topup');

/** A manifest as Rspack writes it, with what the contract check reads. */
export function manifestFor(exposes: readonly string[], options: { react?: string; router?: readonly string[]; stamp?: string } = {}): FederationManifest {
  const react = options.react ?? SHARED_REACT_VERSION;
  return {
    metaData: {
      ...(options.stamp ? { buildInfo: { buildVersion: options.stamp } } : {}),
      topupContract: { version: 1, sharedExports: { 'react-router-dom': options.router ?? ROUTER } },
    },
    shared: [{ name: 'react', version: react }, { name: 'react-dom', version: react }],
    exposes: exposes.map((e) => ({ name: e.replace('./', ''), path: e })),
  };
}

/** A build as Rspack leaves it: the manifest, an entry, and any other files. */
export function buildOf(manifest: FederationManifest, files: Record<string, string | Buffer> = {}): BuildFile[] {
  const all: Record<string, string | Buffer> = { 'mf-manifest.json': JSON.stringify(manifest), 'remoteEntry.js': '/* entry */', ...files };
  return Object.entries(all).map(([file, content]) => ({ path: file, content: Buffer.from(content) }));
}

/** A host build: a page, a hashed chunk, and the manifest that says what the host ships. */
export function hostBuildOf(page: string, chunk: string, options: { router?: readonly string[]; stamp?: string } = {}): BuildFile[] {
  return buildOf(manifestFor([], options), { 'index.html': page, [chunk]: `/* ${page} */` });
}

/** The same build as a folder on disk (a `dist/`), for what reads builds from disk. */
export function folderOf(files: readonly BuildFile[], dir = fs.mkdtempSync(path.join(os.tmpdir(), 'topup-build-'))): string {
  for (const file of files) {
    fs.mkdirSync(path.dirname(path.join(dir, file.path)), { recursive: true });
    fs.writeFileSync(path.join(dir, file.path), file.content);
  }
  return dir;
}

/** The body of `POST /ops/releases` for a build. */
export function releaseBody(app: string, version: string, files: readonly BuildFile[], extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { app, version, files: files.map(uploadedFile), ...extra };
}
