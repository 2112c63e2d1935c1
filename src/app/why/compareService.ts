/**
 * Comparing two runs: the second log opens in a worker of its own (built on
 * demand by the composition root's factory), each worker reduces its run to a
 * profile, and the comparison runs here on the two profiles (steps by number,
 * first input divergence); when the inputs differ, both workers are asked for
 * their message digests at that step to name the first differing message.
 * Run B's derived messages at a seq (the aligned step's input) come from its
 * own worker too, for the pane beside this run's.
 */
import { create } from 'zustand';
import {
  compareProfiles,
  describeMessageDifference,
  firstDifferentMessage,
  type RunComparison,
} from '../../core/diff/runs';
import type { LogClient } from '../../worker/client';
import type { LoadSource, ViewMessage } from '../../worker/protocol';

/** Run B's pane shows the newest messages of its history at most. */
export const RUN_B_WINDOW = 60;

/** Run B at one seq: what its model was sent there (the newest RUN_B_WINDOW messages of `count`). */
export interface RunBView {
  seq: number;
  /** Where it is, e.g. "turn 1 step 2 input". */
  label: string;
  count: number;
  /** Index of `messages[0]` in the history. */
  from: number;
  messages: ViewMessage[];
}

type Client = Pick<LogClient, 'request'>;

export interface CompareState {
  /** The other run's name, once chosen. */
  otherName: string | null;
  status: 'idle' | 'loading' | 'ready' | 'error';
  error: string | null;
  comparison: RunComparison | null;
  /** Run B's pane (null until a jump into run B). */
  runB: RunBView | null;
}

export const useCompare = create<CompareState>(() => ({
  otherName: null,
  status: 'idle',
  error: null,
  comparison: null,
  runB: null,
}));

export class CompareService {
  private other: Client | null = null;
  private loads = 0;
  private bAsks = 0;

  constructor(
    private readonly primary: Client,
    private readonly makeClient: () => Client,
  ) {}

  /** Opens `source` as run B beside the open log (run A) and compares them. */
  async open(source: LoadSource, name: string): Promise<void> {
    const loadId = ++this.loads;
    useCompare.setState({ otherName: name, status: 'loading', error: null, comparison: null, runB: null });
    this.other ??= this.makeClient();
    const other = this.other;
    const opened = await other.request({ kind: 'open', loadId: 1_000_000 + loadId, source });
    if (loadId !== this.loads) return;
    if (!opened.ok) {
      useCompare.setState({ status: 'error', error: opened.error.message });
      return;
    }
    await this.refresh();
  }

  /** Compares again (the open log changed, or it grew). */
  async refresh(): Promise<void> {
    const other = this.other;
    if (!other) return;
    const loadId = this.loads;
    const [a, b] = await Promise.all([
      this.primary.request({ kind: 'runProfile' }),
      other.request({ kind: 'runProfile' }),
    ]);
    if (loadId !== this.loads) return;
    if (!a.ok || !b.ok) {
      useCompare.setState({
        status: 'error',
        error: (!a.ok ? a : !b.ok ? b : null)?.error.message ?? 'failed',
      });
      return;
    }
    const comparison = compareProfiles(a.value, b.value);
    const d = comparison.firstDivergence;
    if (d && d.messageIndex === -1 && !d.request && d.a?.inputSeq != null && d.b?.inputSeq != null) {
      const [da, db] = await Promise.all([
        this.primary.request({ kind: 'inputDigests', seq: d.a.inputSeq }),
        other.request({ kind: 'inputDigests', seq: d.b.inputSeq }),
      ]);
      if (da.ok && db.ok) {
        d.messageIndex = firstDifferentMessage(da.value, db.value);
        d.reason = describeMessageDifference(d.messageIndex, da.value, db.value);
      }
    }
    if (loadId !== this.loads) return;
    useCompare.setState({ status: 'ready', comparison });
  }

  /** Shows run B's derived messages at `seq` in its pane (the newest ask wins). */
  async showB(seq: number, label: string): Promise<void> {
    const other = this.other;
    if (!other) return;
    const ask = ++this.bAsks;
    const r = await other.request({ kind: 'messages', seq, from: -RUN_B_WINDOW, to: 0 });
    if (ask !== this.bAsks) return;
    if (!r.ok) {
      useCompare.setState({ runB: null, error: r.error.message });
      return;
    }
    const { count, from, messages } = r.value;
    useCompare.setState({ runB: { seq, label, count, from, messages } });
  }

  close(): void {
    this.loads++;
    this.bAsks++;
    useCompare.setState({ otherName: null, status: 'idle', error: null, comparison: null, runB: null });
  }
}
