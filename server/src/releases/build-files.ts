import fs from 'node:fs';
import path from 'node:path';
import type { FederationManifest } from './contract-check';

/** One file of a build: its path inside the build (`/`-separated) and its bytes. */
export interface BuildFile {
  readonly path: string;
  readonly content: Buffer;
}

export const MANIFEST_FILE = 'mf-manifest.json';

// A part of a path: no separator, no control character, not `.` or `..`.
// eslint-disable-next-line no-control-regex
const PART = /^(?!\.\.?$)[^/\\\u0000-\u001f]+$/;

/** A path inside a build: relative, `/`-separated, never leaving the build. */
export function isBuildFilePath(value: string): boolean {
  return value.length > 0 && value.length <= 300 && value.split('/').every((part) => PART.test(part));
}

/** Every file of a build folder (the precompressed `.br` and `.gz` siblings are files like the others). */
export function readBuildFolder(dir: string): BuildFile[] {
  if (!fs.existsSync(path.join(dir, MANIFEST_FILE))) throw new Error(`${dir} has no ${MANIFEST_FILE}: build it first`);
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .filter((relative) => fs.statSync(path.join(dir, relative)).isFile())
    .map((relative) => ({ path: relative.split(path.sep).join('/'), content: fs.readFileSync(path.join(dir, relative)) }))
    .sort((a, b) => a.path.localeCompare(b.path));
}

/** The federation manifest among a build's files, or null when it has none that parses. */
export function manifestOf(files: readonly BuildFile[]): FederationManifest | null {
  const file = files.find((f) => f.path === MANIFEST_FILE);
  return file ? parseManifest(file.content) : null;
}

export function parseManifest(content: Buffer): FederationManifest | null {
  try {
    const manifest: unknown = JSON.parse(content.toString('utf8'));
    return manifest && typeof manifest === 'object' ? (manifest as FederationManifest) : null;
  } catch {
    return null;
  }
}

/** The version a build was stamped with (`MF_BUILD_VERSION`), as its manifest says. */
export function stampedVersion(manifest: FederationManifest | null): string | null {
  return manifest?.metaData?.buildInfo?.buildVersion ?? null;
}
