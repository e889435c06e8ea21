import type { Queryable } from '../db/db';
import { recordVisit, runningExperiments, type OfferExperiment } from './offer-experiments';
import type { VariantOffer } from './visitor';

export interface RunningExperimentsOptions {
  /** How often a read may reload the running experiments in the background (ms); reads never wait for it. */
  readonly refreshMs?: number;
  /** The clock (ms); Date.now by default. */
  readonly now?: () => number;
  readonly log?: { warn(details: object, message: string): void };
}

/** Visits this process recorded, so that a visitor's next reads write nothing (bounded; starts over when full). */
const VISITS_REMEMBERED = 50_000;

const keyOf = (gameId: number, area: string, productId: string) => `${gameId}\u0000${area}\u0000${productId}`;

/**
 * The running offer experiments held in memory (decision 309), so that a catalogue read of a bundle with
 * no experiment asks the database nothing more than before. Reloaded in the background every
 * `refreshMs` (as the catalogue's revision is checked), and at once after `reload()` (a start or a stop
 * in this process). An order of a bundle held here reads its experiment again from the database, so a
 * variant stopped on another instance a moment ago is never charged.
 */
export class RunningExperiments {
  private byBundle = new Map<string, OfferExperiment>();
  private games = new Set<number>();
  private loaded: Promise<void> | null = null;
  private lastLoad = 0;
  private loading = false;
  private recorded = new Set<string>();
  private readonly refreshMs: number;
  private readonly now: () => number;

  constructor(
    private readonly db: Queryable,
    private readonly options: RunningExperimentsOptions = {},
  ) {
    this.refreshMs = options.refreshMs ?? 5000;
    this.now = options.now ?? Date.now;
  }

  /** The running experiments, loaded once; afterwards the held ones at once (a background reload when due). */
  async ready(): Promise<this> {
    if (!this.loaded) this.loaded = this.load();
    await this.loaded;
    if (!this.loading && this.now() - this.lastLoad >= this.refreshMs) void this.load().catch(() => undefined);
    return this;
  }

  /** Loads them again now: what a start or a stop in this process calls, and tests. */
  async reload(): Promise<void> {
    this.loaded = this.load();
    await this.loaded;
  }

  /** Whether any experiment runs on a bundle of the game (its price reads then depend on the visitor). */
  inGame(gameId: number): boolean {
    return this.games.has(gameId);
  }

  /** The running experiment of a bundle as held in memory, or null. */
  of(gameId: number, area: string, productId: string): OfferExperiment | null {
    return this.byBundle.get(keyOf(gameId, area, productId)) ?? null;
  }

  /**
   * The visitor was shown the experiment's bundle with its variant: one visit per experiment and visitor,
   * the variant first shown (insert-if-absent, so every instance agrees). Written once per process; a
   * failed write is logged and the read answered all the same (the next read tries again).
   */
  async visited(offer: VariantOffer): Promise<void> {
    const key = `${offer.experimentId}\u0000${offer.visitor}`;
    if (this.recorded.has(key)) return;
    try {
      await recordVisit(this.db, offer.experimentId, offer.visitor, offer.variant);
      if (this.recorded.size >= VISITS_REMEMBERED) this.recorded = new Set();
      this.recorded.add(key);
    } catch (error) {
      this.options.log?.warn({ err: error, experiment: offer.experimentId }, 'recording an offer experiment visit failed');
    }
  }

  private async load(): Promise<void> {
    this.loading = true;
    try {
      const running = await runningExperiments(this.db);
      this.byBundle = new Map(running.map((experiment) => [keyOf(experiment.gameId, experiment.area, experiment.productId), experiment]));
      this.games = new Set(running.map((experiment) => experiment.gameId));
      this.lastLoad = this.now();
    } catch (error) {
      // The held experiments stay (none before the first load): the next read tries again.
      this.lastLoad = this.now();
      this.options.log?.warn({ err: error }, 'loading the running offer experiments failed; the held ones stay');
    } finally {
      this.loading = false;
    }
  }
}
