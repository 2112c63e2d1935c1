/**
 * Keyboard navigation over the timeline, answered by the worker (which owns
 * the row map): next/previous row, turn, step; first/last row.
 *
 * An answer comes back a round trip later. By then the user may have moved on (Back, a click,
 * another load): a move lands only if the selection it started from is still the selection,
 * so a late answer never pulls the view away from where the user went. Row moves pressed
 * while one is in flight add up and run as one move from where it landed, so two quick `j`
 * presses move two rows (the worker lane would otherwise drop the first).
 */
import { select, useApp } from './appState';
import { replayNotice } from './playback/replayState';
import { formatSeq } from '../core/view/seqText';
import type { WorkerClient } from './services/workerClient';

export class TimelineNav {
  constructor(
    private readonly client: WorkerClient,
    /** A jump: selects and adds a history entry (the URL sync's jumpTo); plain moves replace it. */
    private readonly jump: (seq: number) => void = (seq) => select(seq),
  ) {}

  /** Rows still to move, pressed while a move was in flight. */
  private queuedRows = 0;
  /** The row moves in flight, or null. */
  private moving: Promise<void> | null = null;

  /** Moves the selection `delta` rows (the rows as shown: folded ranges count as one). */
  readonly moveRow = (delta: number): Promise<void> => {
    if (delta === 0) return this.moving ?? Promise.resolve();
    this.queuedRows += delta;
    this.moving ??= this.drainRowMoves();
    return this.moving;
  };

  private async drainRowMoves(): Promise<void> {
    try {
      while (this.queuedRows !== 0) {
        const delta = this.queuedRows;
        this.queuedRows = 0;
        await this.moveRowOnce(delta);
      }
    } finally {
      // Synchronously after the last check: a press from now on starts a new drain.
      this.moving = null;
    }
  }

  private async moveRowOnce(delta: number): Promise<void> {
    const { selectedSeq, rowCount } = useApp.getState();
    const from = this.position();
    if (rowCount === 0) return;
    let target: number;
    if (selectedSeq === null) target = delta > 0 ? 0 : rowCount - 1;
    else {
      const at = await this.client.request(
        { kind: 'locate', seq: selectedSeq, reveal: false },
        { lane: 'nav-locate' },
      );
      if (!at.ok) return;
      // A hidden selection (folded away, or filtered out) sits "inside" the row before it:
      // rowOf gives that row, so down goes past it and up lands on it; a page (PageDown) as
      // many rows on (it moved one row).
      const base = at.value.row;
      target = at.value.visible || delta > 0 ? base + delta : Math.max(0, base + delta + 1);
    }
    if (!this.stillAt(from)) return;
    await this.selectRow(Math.max(0, Math.min(rowCount - 1, target)), from);
  }

  /** Selects the row at `row`, unless the selection moved away from `from` (now, by default) meanwhile. */
  readonly selectRow = async (row: number, from = this.position()): Promise<void> => {
    const r = await this.client.request({ kind: 'rows', from: row, to: row + 1 }, { lane: 'nav-rows' });
    if (r.ok && r.value.rows[0] && this.stillAt(from)) select(r.value.rows[0].seq);
  };

  /** Where a move starts: the load and the selection in it. */
  private position(): { loadId: number; seq: number | null } {
    const { loadId, selectedSeq } = useApp.getState();
    return { loadId, seq: selectedSeq };
  }

  /** Whether nothing else moved the selection (or opened another log) since `from`. */
  private stillAt(from: { loadId: number; seq: number | null }): boolean {
    const now = this.position();
    return now.loadId === from.loadId && now.seq === from.seq;
  }

  readonly moveSpan = async (unit: 'turn' | 'step', dir: 1 | -1): Promise<void> => {
    const { selectedSeq } = useApp.getState();
    const from = this.position();
    const r = await this.client.request(
      { kind: 'nav', seq: selectedSeq ?? (dir > 0 ? -1 : Number.MAX_SAFE_INTEGER), unit, dir },
      { lane: 'nav' },
    );
    if (r.ok && r.value.seq !== null && this.stillAt(from)) select(r.value.seq);
  };

  /**
   * The next/previous error (a failed tool call, model call or turn, or an error diagnostic) or
   * diagnostic from the selection, answered by the worker; the replay bar's live line says which.
   */
  readonly moveProblem = async (target: 'error' | 'diagnostic', dir: 1 | -1): Promise<void> => {
    const { selectedSeq } = useApp.getState();
    const at = this.position();
    const from = selectedSeq ?? (dir > 0 ? -1 : Number.MAX_SAFE_INTEGER);
    const r = await this.client.request(
      { kind: 'problemNav', seq: from, dir, target },
      { lane: 'nav-problem' },
    );
    if (!r.ok || !this.stillAt(at)) return;
    const { seq, what } = r.value;
    if (seq === null) {
      const where = selectedSeq === null ? '' : ` ${dir > 0 ? 'after' : 'before'} ${formatSeq(selectedSeq)}`;
      replayNotice(`No ${target}${where}`, { atSeq: selectedSeq });
      return;
    }
    this.jump(seq);
    replayNotice(`${dir > 0 ? 'Next' : 'Previous'} ${target}: ${formatSeq(seq)}${what ? ` · ${what}` : ''}`, {
      tone: 'warn',
      ms: 5000,
      atSeq: seq,
    });
  };

  readonly selectEdge = async (which: 'first' | 'last'): Promise<void> => {
    const { rowCount } = useApp.getState();
    if (rowCount > 0) await this.selectRow(which === 'first' ? 0 : rowCount - 1);
  };
}
