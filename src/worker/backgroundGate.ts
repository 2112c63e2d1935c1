/**
 * When the worker's background reads (the first read of every step's model for `costTotals`, of
 * every request header for `requestChanges`: 1.4 s of CPU at 12M events) may take their next
 * slice. Between slices they yield (slices.ts); on top of that, while the user is asking (a
 * request came in the last QUIET_MS) they wait: on a 2 GB log right after it opened, each seek's
 * answers otherwise waited a slice behind them, one request after another (messages answered
 * 25 ms after it was asked instead of 1), and their parsing took a core the page needed.
 * A pause waits MAX_DEFER_MS at most, so steady asking (playback) slows them, never stops them.
 */
import { yieldToEvents } from './loader';

/** How long after the last request a background read waits before its next slice. */
export const QUIET_MS = 150;
/** The longest one pause waits for quiet. */
export const MAX_DEFER_MS = 1000;

export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

const realClock: Clock = {
  now: () => performance.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

export class BackgroundGate {
  private lastAsked = -Infinity;

  constructor(private readonly clock: Clock = realClock) {}

  /** A request the user waits for arrived. */
  asked(): void {
    this.lastAsked = this.clock.now();
  }

  /** The pause between two slices of a background read. */
  readonly pause = async (): Promise<void> => {
    await yieldToEvents();
    const since = this.clock.now();
    for (;;) {
      const wait = Math.min(this.lastAsked + QUIET_MS, since + MAX_DEFER_MS) - this.clock.now();
      if (wait <= 0) return;
      await this.clock.sleep(wait);
    }
  };
}
