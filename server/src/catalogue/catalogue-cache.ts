import type { Db, Listening } from '../db/db';
import type { Catalogue } from './catalogue';
import { loadCatalogue } from './load-catalogue';

export interface CatalogueCacheOptions {
  /**
   * How often a read may check, in the background, whether another process changed the
   * catalogue (its revision row). Reads never wait for that check.
   */
  readonly revisionCheckMs?: number;
  /** The store's clock (ms since the epoch); Date.now by default. */
  readonly now?: () => number;
  /** Where losing and regaining the announcements is said (the server's log). */
  readonly log?: { warn(details: object, message: string): void; info(details: object, message: string): void };
}

/** The channel every catalogue revision is announced on (payload `<schema>:<revision>`). */
export const CATALOGUE_CHANNEL = 'topup_catalogue';

/**
 * The catalogue held in memory, so that catalogue reads never touch the database.
 * Writes made in this process call `invalidate()`; on PostgreSQL every process hears each new revision
 * at once (LISTEN/NOTIFY, `listen()`), and the revision row is checked every `revisionCheckMs` as well in
 * case a notification was lost.
 */
export class CatalogueCache {
  private current: Catalogue | null = null;
  private loading: Promise<Catalogue> | null = null;
  private lastCheck = 0;
  private checking = false;
  private readonly revisionCheckMs: number;
  /** The clock the catalogue is read by: bundles' sale windows are judged against it at each read. */
  readonly now: () => number;
  /** The newest revision announced: a load that began before it must not be kept. */
  private announced = 0;
  private listening: Listening | null = null;
  private readonly log: CatalogueCacheOptions['log'];

  constructor(
    private readonly db: Db,
    options: CatalogueCacheOptions = {},
  ) {
    this.revisionCheckMs = options.revisionCheckMs ?? 5000;
    this.now = options.now ?? Date.now;
    this.log = options.log;
  }

  /** The catalogue held now, if any, without loading: for answers that must not wait (an error's language). */
  peek(): Catalogue | null {
    return this.current;
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

  /**
   * Hears every new revision committed by any process on the same PostgreSQL database and loads it at
   * once; while the announcements are lost (a database restart) the connection is made again by itself,
   * and once it is back the catalogue is loaded again (a revision may have been announced meanwhile).
   * Nothing on the embedded database (one process).
   */
  async listen(): Promise<void> {
    if (!this.db.listen || this.listening) return;
    this.listening = await this.db.listen(CATALOGUE_CHANNEL, {
      onNotify: (payload) => {
        const revision = Number(payload);
        if (!Number.isInteger(revision)) return;
        this.announced = Math.max(this.announced, revision);
        if (this.current && this.current.revision < revision) this.reload();
      },
      onLost: (error, retryInMs) =>
        this.log?.warn({ err: error, retryInMs }, 'catalogue announcements lost: listening again soon, meanwhile the revision is checked on reads'),
      onBack: () => {
        this.log?.info({}, 'catalogue announcements are back: the catalogue is loaded again');
        this.reload();
      },
    });
  }

  /** Whether new revisions are announced to this process now: null on the embedded database, which needs none. */
  isListening(): boolean | null {
    if (!this.db.listen) return null;
    return this.listening?.active ?? false;
  }

  /** Stops listening (the server is closing). */
  async close(): Promise<void> {
    const listening = this.listening;
    this.listening = null;
    await listening?.stop();
  }

  /** Drops the held catalogue and loads the current one now, so the next read need not wait for it. */
  reload(): void {
    this.invalidate();
    this.load().catch((error: unknown) => this.log?.warn({ err: error }, 'loading the catalogue failed; the next read tries again'));
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
          // A revision announced while this load ran is newer than what it read: read again next time.
          if (this.loading === loading && catalogue.revision >= this.announced) {
            this.current = catalogue;
            this.lastCheck = this.now();
            this.loading = null;
          } else if (this.loading === loading) {
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

/**
 * Marks a catalogue write: call inside the writing transaction. The new revision is announced to every
 * process when the transaction commits (NOTIFY is transactional), with the schema so that stores sharing
 * a database in different schemas hear only their own.
 */
export async function bumpCatalogueRevision(tx: { query(sql: string, params?: readonly unknown[]): Promise<unknown> }): Promise<void> {
  await tx.query(
    `WITH bumped AS (UPDATE catalogue_revision SET revision = revision + 1 WHERE id = 1 RETURNING revision)
     SELECT pg_notify($1, current_schema() || ':' || revision) FROM bumped`,
    [CATALOGUE_CHANNEL],
  );
}
