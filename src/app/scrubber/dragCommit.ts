/**
 * A scrubber drag's schedule. The pointer moves many times a frame; the handle and the readout
 * follow it on the next animation frame, outside the panes (`paint`), so only the scrubber paints
 * each frame. The selection (`select`: a store commit, which renders the timeline and the
 * messages pane and asks the worker for the new seq) follows more slowly: at most once per
 * FOLLOW_MS, or as soon as the pointer rests for REST_MS, and only once the messages pane shows
 * the seq selected last (`shownSeq`). The newest position wins, the positions passed over
 * meanwhile are never asked for, and at most one frame in FOLLOW_MS carries the panes'
 * rendering. A pane that does not answer (an error, a dead worker) holds the drag back for
 * STALE_MS at most. The selection is made in a task of its own after the frame that painted the
 * handle (`afterPaint`), never inside that frame: the panes' render then delays no frame's paint
 * of the handle it follows. That selection moves the messages pane only: the heavy panes (the
 * inspector, the timeline, charts, diffs, the request in force) follow the settled seq (`settle`),
 * once the pointer rests for SETTLE_MS or when the drag ends, when the pointer's last position is
 * selected and settled at once.
 */

/** The panes follow a moving pointer at most this often (ms): the frames between paint only the scrubber. */
export const FOLLOW_MS = 100;
/** A pointer still for this long is resting: the panes follow it without waiting for FOLLOW_MS (ms). */
export const REST_MS = 50;
/** A pointer still for this long has settled: the heavy panes follow it (ms). */
export const SETTLE_MS = 150;
/** After this long without the last selection shown, the next one is made anyway (ms). */
export const STALE_MS = 250;

export interface DragDeps {
  requestFrame: (cb: () => void) => number;
  cancelFrame: (id: number) => void;
  now: () => number;
  /** Moves the handle and the readout to `seq` (no render of the panes). */
  paint: (seq: number) => void;
  /** Selects `seq` for the panes that follow every move (the store commit). */
  select: (seq: number) => void;
  /** Selects `seq` for every pane: the heavy ones follow it too. */
  settle: (seq: number) => void;
  /** Runs `cb` after `ms` (a timer); the returned function cancels it. */
  later: (cb: () => void, ms: number) => () => void;
  /** Runs `cb` in a task after the current frame is painted (called from an animation frame). */
  afterPaint: (cb: () => void) => void;
  /** The seq the messages pane shows now. */
  shownSeq: () => number | null;
}

export class DragCommit {
  /** The newest position the pointer asked for, not selected yet. */
  private pending: number | null = null;
  /** Where the pointer is (what the drag ends on). */
  private target: number | null = null;
  private committed: number | null = null;
  private committedAt = 0;
  private movedAt = 0;
  private painted: number | null = null;
  private frame = 0;
  /** The selection waiting for the frame to be painted (null: none). */
  private queued: number | null = null;
  /** The seq the heavy panes were last told to follow (null: none during this drag). */
  private settled: number | null = null;
  /** Cancels the timer waiting for the pointer to rest (null: none). */
  private cancelRest: (() => void) | null = null;

  constructor(private readonly deps: DragDeps) {}

  /** The drag starts on `seq`: selected at once. */
  start(seq: number): void {
    this.target = seq;
    this.movedAt = this.deps.now();
    this.commit(seq);
    this.paintOnce(seq);
    this.waitForRest();
  }

  /** The pointer moved to `seq`: painted next frame, selected when the panes may follow. */
  move(seq: number): void {
    this.target = seq;
    this.pending = seq;
    this.movedAt = this.deps.now();
    if (this.frame === 0) this.frame = this.deps.requestFrame(this.tick);
    this.waitForRest();
  }

  /** Where the handle should be drawn (a React commit during the drag draws it there again). */
  get position(): number | null {
    return this.target;
  }

  /** The drag ends: the pointer's last position is selected and settled; returns it. */
  end(): number | null {
    if (this.frame !== 0) this.deps.cancelFrame(this.frame);
    this.frame = 0;
    this.pending = null;
    this.cancelRest?.();
    this.cancelRest = null;
    const seq = this.target;
    if (seq !== null) this.settleAt(seq);
    return seq;
  }

  /**
   * (Re)starts the wait for the pointer to rest: a drag that keeps moving never settles. The rest
   * is told by the drag's clock (`now`), not by the timer alone: a timer late on a busy page is no
   * rest of the pointer.
   */
  private waitForRest(ms = SETTLE_MS): void {
    this.cancelRest?.();
    this.cancelRest = this.deps.later(() => {
      this.cancelRest = null;
      const left = this.movedAt + SETTLE_MS - this.deps.now();
      if (left > 0) this.waitForRest(left);
      else if (this.target !== null) this.settleAt(this.target);
    }, ms);
  }

  /** Selects and settles `seq` now: a selection still waiting for its frame's paint is replaced. */
  private settleAt(seq: number): void {
    const waiting = this.queued !== null;
    this.queued = null;
    if (seq === this.settled && seq === this.committed && !waiting) return;
    this.settled = seq;
    this.committed = seq;
    this.committedAt = this.deps.now();
    this.deps.settle(seq);
  }

  private readonly tick = (): void => {
    this.frame = 0;
    const seq = this.pending;
    if (seq === null) return;
    this.paintOnce(seq);
    if (this.panesMayFollow()) {
      this.pending = null;
      if (seq !== this.committed) this.commitAfterPaint(seq);
      return;
    }
    this.frame = this.deps.requestFrame(this.tick);
  };

  /** The panes showed the last selection and FOLLOW_MS passed or the pointer rests; or they are stale. */
  private panesMayFollow(): boolean {
    if (this.committed === null) return true;
    const now = this.deps.now();
    if (now - this.committedAt >= STALE_MS) return true;
    if (this.deps.shownSeq() !== this.committed) return false;
    return now - this.committedAt >= FOLLOW_MS || now - this.movedAt >= REST_MS;
  }

  /** Selects `seq` once this frame is painted (a later move or the drag's end may replace it). */
  private commitAfterPaint(seq: number): void {
    const first = this.queued === null;
    this.queued = seq;
    // Counted as selected now: the panes wait for it (shownSeq) from this frame on.
    this.committed = seq;
    this.committedAt = this.deps.now();
    if (!first) return;
    this.deps.afterPaint(() => {
      const next = this.queued;
      this.queued = null;
      if (next !== null) this.deps.select(next);
    });
  }

  private commit(seq: number): void {
    this.committed = seq;
    this.committedAt = this.deps.now();
    this.deps.select(seq);
  }

  private paintOnce(seq: number): void {
    if (seq === this.painted) return;
    this.painted = seq;
    this.deps.paint(seq);
  }
}
