/** How often a lease is renewed: three times per lease, so one late renewal never loses it. */
export const RENEWALS_PER_LEASE = 3;

export interface LeaseHeartbeatOptions<T> {
  readonly leaseMs: number;
  /** Renews the leases of `held` for another `leaseMs`; resolves to those it renewed. */
  readonly renew: (held: T[]) => Promise<T[]>;
  /** A held item was not renewed: another worker has it now (or it was finished meanwhile). */
  readonly onLost: (item: T) => void;
  /** The renewal itself failed (the database is unreachable); the next beat tries again. */
  readonly onError: (error: unknown) => void;
}

/**
 * Keeps a worker's leases while it works: every leaseMs / RENEWALS_PER_LEASE it renews every lease it
 * holds, in one statement. A crashed worker stops renewing, so its jobs are free again within one
 * lease; a worker that stays alive keeps its jobs however long they take.
 */
export class LeaseHeartbeat<T> {
  private readonly held = new Set<T>();
  private timer: NodeJS.Timeout | null = null;
  private beating: Promise<void> | null = null;

  constructor(private readonly options: LeaseHeartbeatOptions<T>) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.beat(), Math.max(1, Math.floor(this.options.leaseMs / RENEWALS_PER_LEASE)));
    this.timer.unref();
  }

  /** Stops renewing (the leases left run out); waits for a renewal under way. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.beating;
  }

  /** What it renews now. */
  holding(): T[] {
    return [...this.held];
  }

  hold(item: T): void {
    this.held.add(item);
  }

  /** Whether the lease is still this worker's, as far as the last renewal knows. */
  holds(item: T): boolean {
    return this.held.has(item);
  }

  /** Done with it: its outcome is recorded (or it was lost). */
  release(item: T): void {
    this.held.delete(item);
  }

  /** Renews every lease held now; one renewal at a time. */
  beat(): Promise<void> {
    if (this.beating || this.held.size === 0) return this.beating ?? Promise.resolve();
    const items = [...this.held];
    this.beating = this.options
      .renew(items)
      .then((renewed) => {
        const kept = new Set(renewed);
        for (const item of items) {
          // Released meanwhile: finished, not lost.
          if (kept.has(item) || !this.held.has(item)) continue;
          this.held.delete(item);
          this.options.onLost(item);
        }
      }, this.options.onError)
      .finally(() => {
        this.beating = null;
      });
    return this.beating;
  }
}
