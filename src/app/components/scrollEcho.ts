/**
 * The scroll event a list's own scroll causes. When code sets a list's scroll position and reads it
 * back, the browser still reports the move with a scroll event in the next frame; reading the
 * position again there forces a layout whenever the page changed in between (another pane's
 * commit), for a position already known. `expect()` after such a scroll; `take()` in the scroll
 * handler says whether this event is that echo (then it is skipped). An echo not seen soon (the
 * browser fires none when the position did not move after all) expires, so a user's scroll is
 * never ignored for long: at worst, the first event after an expired echo is read as before.
 */
/** After an echo, when the position is looked at again (past the frame it came in). */
const RECHECK_MS = 50;

export class ScrollEcho {
  private until = -Infinity;
  private recheckTimer: ReturnType<typeof setTimeout> | undefined;
  private recheckFrame = 0;

  constructor(
    private readonly now: () => number = () => performance.now(),
    /** The echo comes in the next frame; past this (ms) it is not waited for. */
    private readonly windowMs = 100,
    /** Where the recheck runs: the page's animation frames (tests run them by hand). */
    private readonly frames: {
      request: (run: () => void) => number;
      cancel: (id: number) => void;
    } = { request: (run) => requestAnimationFrame(run), cancel: (id) => cancelAnimationFrame(id) },
  ) {}

  /** Code just moved the position (and knows it): the next scroll event reports that move. */
  expect(): void {
    this.until = this.now() + this.windowMs;
  }

  /**
   * Whether this scroll event is the expected echo (consumed: the next one is read). A user's
   * scroll in the same frame as the list's own move comes as this one event too: `recheck` runs
   * once that frame is over, to read the position if it is not the one the list set (a list
   * that skipped it stayed blank, or put its old position back, until the next scroll).
   * It reads in an animation frame: reading the position forces a layout when the page has
   * changed, and a timer's task often lands between a seek's commit and its frame (a click, a key
   * held down), where that layout held the frame back (~6-12 ms here); in the frame, it is the
   * layout the frame does anyway.
   */
  take(recheck?: () => void): boolean {
    const echo = this.now() <= this.until;
    this.until = -Infinity;
    if (echo && recheck) {
      this.cancelRecheck();
      this.recheckTimer = setTimeout(() => {
        this.recheckTimer = undefined;
        this.recheckFrame = this.frames.request(() => {
          this.recheckFrame = 0;
          recheck();
        });
      }, RECHECK_MS);
    }
    return echo;
  }

  /** The list is gone: no recheck runs. */
  dispose(): void {
    this.cancelRecheck();
  }

  private cancelRecheck(): void {
    clearTimeout(this.recheckTimer);
    this.recheckTimer = undefined;
    if (this.recheckFrame !== 0) this.frames.cancel(this.recheckFrame);
    this.recheckFrame = 0;
  }
}
