import { isSafeVersion, type ReleasableApp } from './apps';
import type { ReleaseIndex, ReleaseStore, StoredFile } from './release-store';

/** What this instance keeps of the release files it served (64 MiB by default). */
export const RELEASE_CACHE_BYTES = 64 * 1024 * 1024;

/** Releases whose list of files is kept; a list is a few hundred short rows. */
const KEPT_INDEXES = 200;

/** A map that forgets its least recently used entries once their weight passes a bound. */
class Recent<V> {
  private readonly entries = new Map<string, V>();
  private total = 0;

  constructor(
    private readonly bound: number,
    private readonly weigh: (value: V) => number,
  ) {}

  get(key: string): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  set(key: string, value: V): void {
    if (this.entries.has(key)) return;
    this.entries.set(key, value);
    this.total += this.weigh(value);
    for (const [oldest, old] of this.entries) {
      if (this.total <= this.bound) break;
      this.entries.delete(oldest);
      this.total -= this.weigh(old);
    }
  }
}

/**
 * This instance's memory of release files. A release's files never change once written, so what
 * was read once is served again without the database; the least recently served go first. A
 * release not found is not remembered: another instance may record it the next moment.
 */
export class ReleaseFileCache {
  private readonly indexes = new Recent<ReleaseIndex>(KEPT_INDEXES, () => 1);
  private readonly files: Recent<StoredFile>;

  constructor(
    readonly store: ReleaseStore,
    private readonly maxBytes: number = RELEASE_CACHE_BYTES,
  ) {
    this.files = new Recent<StoredFile>(maxBytes, (file) => file.content.length);
  }

  /** The release's files by path, or null when it has none. */
  async index(app: ReleasableApp, version: string): Promise<ReleaseIndex | null> {
    if (!isSafeVersion(version)) return null;
    const key = `${app}@${version}`;
    const known = this.indexes.get(key);
    if (known) return known;
    const index = await this.store.index(app, version);
    if (index.size === 0) return null;
    this.indexes.set(key, index);
    return index;
  }

  async read(app: ReleasableApp, version: string, path: string): Promise<StoredFile | null> {
    if (!(await this.index(app, version))?.has(path)) return null;
    const key = `${app}@${version}/${path}`;
    const known = this.files.get(key);
    if (known) return known;
    const file = await this.store.read(app, version, path);
    // One file never takes more than an eighth of the room.
    if (file && file.content.length <= this.maxBytes / 8) this.files.set(key, file);
    return file;
  }
}
