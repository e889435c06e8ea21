/**
 * The loop of an outbox worker: a round every `intervalMs`, or at once when woken (work just came in);
 * one round at a time, a wake during a round runs another right after it. The delivery worker and the
 * mail worker both run on it; what a round does is theirs.
 */
export class PollLoop {
  private timer: NodeJS.Timeout | null = null;
  private round: Promise<unknown> | null = null;
  private again = false;
  private stopped = true;

  constructor(
    private readonly intervalMs: number,
    private readonly runRound: () => Promise<unknown>,
  ) {}

  /** Starts polling and runs a round now; a loop already running stays as it is. */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.timer = setInterval(() => this.wake(), this.intervalMs);
    this.timer.unref();
    this.wake();
  }

  /** Runs a round now, or right after the round under way. */
  wake(): void {
    if (this.stopped) return;
    if (this.round) {
      this.again = true;
      return;
    }
    this.round = this.runRound().finally(() => {
      this.round = null;
      if (this.again) {
        this.again = false;
        this.wake();
      }
    });
  }

  /** Another round right after this one (the round took a full batch: there may be more). */
  runAgain(): void {
    this.again = true;
  }

  /** Stops polling and waits for the round under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.round;
  }
}
