import type { Db } from '../db/db';
import type { Catalogue } from './catalogue';
import { loadCatalogue } from './load-catalogue';

export interface CatalogueCacheOptions {
  /**
   * How often a read may check, in the background, whether another process changed the
   * catalogue (its revision row). Reads never wait for that check.
   */
  readonly revisionCheckMs?: number;
  readonly now?: () => number;
}

/**
 * The catalogue held in memory, so that catalogue reads never touch the database.
 * Writes made in this process call `invalidate()`; writes made by another process are seen
 * through the revision row within `revisionCheckMs`.
 */
export class CatalogueCache {
  private current: Catalogue | null = null;
  private loading: Promise<Catalogue> | null = null;
  private lastCheck = 0;
  private checking = false;
  private readonly revisionCheckMs: number;
  private readonly now: () => number;

  constructor(
    private readonly db: Db,
    options: CatalogueCacheOptions = {},
  ) {
    this.revisionCheckMs = options.revisionCheckMs ?? 5000;
    this.now = options.now ?? Date.now;
  }

  /** The catalogue; loads it on first use or after an invalidation. */
  get(): Promise<Catalogue> {
    const current = this.current;
    if (current) {
      this.maybeCheckRevision(current);
      return Promise.resolve(current);
    }
    return this.load();
  }

  /** Drops the held catalogue: the next read loads it again. */
  invalidate(): void {
    this.current = null;
    this.loading = null;
  }

  private load(): Promise<Catalogue> {
    if (this.loading) return this.loading;
    const loading = this.db
      .transaction(async (tx) => {
        await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
        return loadCatalogue(tx);
      })
      .then(
        (catalogue) => {
          if (this.loading === loading) {
            this.current = catalogue;
            this.lastCheck = this.now();
            this.loading = null;
          }
          return catalogue;
        },
        (error: unknown) => {
          if (this.loading === loading) this.loading = null;
          throw error;
        },
      );
    this.loading = loading;
    return loading;
  }

  private maybeCheckRevision(current: Catalogue): void {
    if (this.checking || this.now() - this.lastCheck < this.revisionCheckMs) return;
    this.checking = true;
    this.lastCheck = this.now();
    this.db
      .query<{ revision: number }>('SELECT revision FROM catalogue_revision WHERE id = 1')
      .then((rows) => {
        if (this.current === current && rows[0] && rows[0].revision !== current.revision) this.invalidate();
      })
      .catch(() => undefined)
      .finally(() => {
        this.checking = false;
      });
  }
}

/** Marks a catalogue write: call inside the writing transaction. */
export async function bumpCatalogueRevision(tx: { query(sql: string): Promise<unknown> }): Promise<void> {
  await tx.query('UPDATE catalogue_revision SET revision = revision + 1 WHERE id = 1');
}
