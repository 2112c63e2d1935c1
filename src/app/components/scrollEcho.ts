/**
 * The scroll event a list's own scroll causes. When code sets a list's scroll position and reads it
 * back, the browser still reports the move with a scroll event in the next frame; reading the
 * position again there forces a layout whenever the page changed in between (another pane's
 * commit), for a position already known. `expect()` after such a scroll; `take()` in the scroll
 * handler says whether this event is that echo (then it is skipped). An echo not seen soon (the
 * browser fires none when the position did not move after all) expires, so a user's scroll is
 * never ignored for long: at worst, the first event after an expired echo is read as before.
 */
export class ScrollEcho {
  private until = -Infinity;

  constructor(
    private readonly now: () => number = () => performance.now(),
    /** The echo comes in the next frame; past this (ms) it is not waited for. */
    private readonly windowMs = 100,
  ) {}

  /** Code just moved the position (and knows it): the next scroll event reports that move. */
  expect(): void {
    this.until = this.now() + this.windowMs;
  }

  /** Whether this scroll event is the expected echo (consumed: the next one is read). */
  take(): boolean {
    const echo = this.now() <= this.until;
    this.until = -Infinity;
    return echo;
  }
}
