import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { isBuildFilePath } from './build-files';

/** A file as the static routes send it: its bytes and the entity tag that names them. */
export interface ServedFile {
  readonly content: Buffer;
  readonly etag: string;
}

/** The files of one build: a release from the release store, or a build folder of this machine. */
export interface ServedBuild {
  /** `file` (a `/`-separated path inside the build), or null when the build has no such file. */
  read(file: string): Promise<ServedFile | null>;
}

/** A strong entity tag from a file's SHA-256 (hex). */
export const etagOf = (sha256: string) => `"${sha256.slice(0, 32)}"`;

/** A build folder on this machine (`<app>/dist`), read at each request: a rebuild shows at once. */
export function folderBuild(dir: string): ServedBuild {
  return {
    async read(file) {
      if (!isBuildFilePath(file)) return null;
      try {
        const content = await fs.promises.readFile(path.join(dir, ...file.split('/')));
        return { content, etag: etagOf(createHash('sha256').update(content).digest('hex')) };
      } catch {
        // Absent, or a folder.
        return null;
      }
    },
  };
}
