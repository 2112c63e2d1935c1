/**
 * How a filter's scan runs in the log worker. The filter is answered once the scan has read the
 * events that were loaded when it was asked (`reached`): a loading log's later events are not
 * waited for. (The scan chased them until the load ended, so a filter typed while a big log
 * loaded changed nothing on screen for seconds.) The rest is scanned on, in slices between other
 * requests, until the load has ended and every event is read; the page is told the growing match
 * count (`told(false)`, at most every ROWS_PUSH_MS) and, last, that the scan is through
 * (`told(true)`). Only a filter answered before its scan was through tells anything.
 */
import type { FilterScan } from './filterScan';
import { yieldToEvents } from './loader';
import { SLICE_MS } from './slices';

/** How often the growing match count is told while the rest of the log is scanned. */
const ROWS_PUSH_MS = 250;
/** Caught up with a log still loading: how long to wait for more events. */
const WAIT_FOR_EVENTS_MS = 50;

export interface FilterRunHooks {
  /** False once another log replaced this one. */
  current(): boolean;
  /** The log's first read is still running (more events will come before it is ready). */
  loading(): boolean;
  /** Tells the page the rows changed: `through` once the scan has read the whole log. */
  told(through: boolean): void;
}

export class FilterRun {
  /** The run is over: read through, replaced or cancelled. */
  ended = false;
  private cancelled = false;
  private waiters: { target: number; settle: (reached: boolean) => void }[] = [];
  /** A filter was answered before its scan was through: the page is told the rest. */
  private answeredEarly = false;

  constructor(
    readonly scan: FilterScan,
    private readonly hooks: FilterRunHooks,
  ) {
    void this.run();
  }

  /** A newer filter (or another log) replaces this one: the scan stops at its next slice. */
  cancel(): void {
    this.cancelled = true;
  }

  /** True once `target` events are read (or the scan is through); false if cancelled first. */
  reached(target: number): Promise<boolean> {
    if (this.ended) return Promise.resolve(!this.cancelled && this.hooks.current());
    return new Promise((settle) => {
      this.waiters.push({ target, settle });
      this.settleWaiters(false);
    });
  }

  private settleWaiters(through: boolean): void {
    this.waiters = this.waiters.filter((w) => {
      if (!through && this.scan.scannedCount < w.target) return true;
      if (!through) this.answeredEarly = true;
      w.settle(true);
      return false;
    });
  }

  private async run(): Promise<void> {
    let toldAt = performance.now();
    let toldMatches = this.scan.matches.length;
    try {
      for (;;) {
        const caughtUp = this.scan.advance(SLICE_MS);
        // Not through before the load has ended (ready): the log's end may still change matches
        // (diagnostics found then make earlier events errors: the scan reads from there again).
        const through = caughtUp && !this.hooks.loading();
        this.settleWaiters(through);
        if (through) break;
        if (caughtUp) await new Promise((r) => setTimeout(r, WAIT_FOR_EVENTS_MS));
        else await yieldToEvents();
        if (this.cancelled || !this.hooks.current()) return;
        const now = performance.now();
        if (this.answeredEarly && now - toldAt >= ROWS_PUSH_MS && this.scan.matches.length !== toldMatches) {
          toldAt = now;
          toldMatches = this.scan.matches.length;
          this.hooks.told(false);
        }
      }
      if (this.answeredEarly) this.hooks.told(true);
    } finally {
      this.ended = true;
      for (const w of this.waiters) w.settle(false);
      this.waiters = [];
    }
  }
}
