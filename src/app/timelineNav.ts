/**
 * Keyboard navigation over the timeline, answered by the worker (which owns
 * the row map): next/previous row, turn, step; first/last row.
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

  /** Moves the selection `delta` rows (the rows as shown: folded ranges count as one). */
  readonly moveRow = async (delta: number): Promise<void> => {
    const { selectedSeq, rowCount } = useApp.getState();
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
      // rowOf gives that row, so down goes past it and up lands on it.
      const base = at.value.row;
      target = at.value.visible ? base + delta : delta > 0 ? base + 1 : Math.max(0, base);
    }
    await this.selectRow(Math.max(0, Math.min(rowCount - 1, target)));
  };

  readonly selectRow = async (row: number): Promise<void> => {
    const r = await this.client.request({ kind: 'rows', from: row, to: row + 1 }, { lane: 'nav-rows' });
    if (r.ok && r.value.rows[0]) select(r.value.rows[0].seq);
  };

  readonly moveSpan = async (unit: 'turn' | 'step', dir: 1 | -1): Promise<void> => {
    const { selectedSeq } = useApp.getState();
    const r = await this.client.request(
      { kind: 'nav', seq: selectedSeq ?? (dir > 0 ? -1 : Number.MAX_SAFE_INTEGER), unit, dir },
      { lane: 'nav' },
    );
    if (r.ok && r.value.seq !== null) select(r.value.seq);
  };

  /**
   * The next/previous error (a failed tool call, model call or turn, or an error diagnostic) or
   * diagnostic from the selection, answered by the worker; the replay bar's live line says which.
   */
  readonly moveProblem = async (target: 'error' | 'diagnostic', dir: 1 | -1): Promise<void> => {
    const { selectedSeq, loadId } = useApp.getState();
    const from = selectedSeq ?? (dir > 0 ? -1 : Number.MAX_SAFE_INTEGER);
    const r = await this.client.request(
      { kind: 'problemNav', seq: from, dir, target },
      { lane: 'nav-problem' },
    );
    if (!r.ok || useApp.getState().loadId !== loadId) return;
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
