/**
 * A scrubber drag's schedule. The pointer moves many times a frame; the handle follows it on
 * the next animation frame outside React (`paint`: a style on the handle element), and the
 * selection (`select`: a store commit, which renders the panes and asks the worker for the new
 * seq) is made at most once per frame, and only once the messages pane shows the seq selected
 * last (`shownSeq`): the newest position wins, the positions passed over meanwhile are never
 * asked for, and a frame never carries more than one round of the panes' rendering. A pane that
 * does not answer (an error, a dead worker) holds the drag back for STALE_MS at most.
 */

/** After this long without the last selection shown, the next one is made anyway (ms). */
export const STALE_MS = 250;

export interface DragDeps {
  requestFrame: (cb: () => void) => number;
  cancelFrame: (id: number) => void;
  now: () => number;
  /** Moves the handle to `seq` (no React render). */
  paint: (seq: number) => void;
  /** Selects `seq` (the store commit). */
  select: (seq: number) => void;
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
  private painted: number | null = null;
  private frame = 0;

  constructor(private readonly deps: DragDeps) {}

  /** The drag starts on `seq`: selected at once. */
  start(seq: number): void {
    this.target = seq;
    this.commit(seq);
    this.paintOnce(seq);
  }

  /** The pointer moved to `seq`: painted and (when the panes are ready) selected next frame. */
  move(seq: number): void {
    this.target = seq;
    this.pending = seq;
    if (this.frame === 0) this.frame = this.deps.requestFrame(this.tick);
  }

  /** Where the handle should be drawn (a React commit during the drag draws it there again). */
  get position(): number | null {
    return this.target;
  }

  /** The drag ends: the pointer's last position is selected; returns it. */
  end(): number | null {
    if (this.frame !== 0) this.deps.cancelFrame(this.frame);
    this.frame = 0;
    this.pending = null;
    const seq = this.target;
    if (seq !== null && seq !== this.committed) this.commit(seq);
    return seq;
  }

  private readonly tick = (): void => {
    this.frame = 0;
    const seq = this.pending;
    if (seq === null) return;
    this.paintOnce(seq);
    const ready =
      this.committed === null ||
      this.deps.shownSeq() === this.committed ||
      this.deps.now() - this.committedAt >= STALE_MS;
    if (ready) {
      this.pending = null;
      if (seq !== this.committed) this.commit(seq);
      return;
    }
    this.frame = this.deps.requestFrame(this.tick);
  };

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
