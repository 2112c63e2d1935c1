/**
 * The diff and chart data of the "why" panel, asked of the worker and kept in
 * a store: the input diff between two seqs or for one model call, the
 * per-step metrics (refetched when the log grows) and the tokens per model the
 * session's cost is priced from.
 */
import { create } from 'zustand';
import type { LogClient } from '../../worker/client';
import type { HistoryDiffPage, MetricsAnswer, UsageTotals } from '../../worker/protocol';
import { formatSeq } from '../../core/view/seqText';

type Client = Pick<LogClient, 'request'>;

export interface AnswersState {
  /** The page of the diff shown (the worker keeps the whole diff), and its column titles. */
  diff: { diff: HistoryDiffPage; left: string; right: string } | null;
  diffNote: string | null;
  metrics: MetricsAnswer | null;
  /** Tokens per model over the whole session: the header and the Charts tab price it alike. */
  costTotals: UsageTotals | null;
}

export const useAnswers = create<AnswersState>(() => ({
  diff: null,
  diffNote: null,
  metrics: null,
  costTotals: null,
}));

export class AnswersService {
  private asked = 0;
  /** The event count the cost totals were last asked at (-1: none). */
  private costFor = -1;

  constructor(private readonly client: Client) {}

  reset(): void {
    this.costFor = -1;
    useAnswers.setState({ diff: null, diffNote: null, metrics: null, costTotals: null });
  }

  /** "Compare with...": the model's input at `to` against the input at `from`. */
  async diffSeqs(from: number, to: number): Promise<void> {
    const n = ++this.asked;
    const r = await this.client.request({ kind: 'diff', from, to }, { lane: 'why-diff' });
    if (n !== this.asked) return;
    if (!r.ok) useAnswers.setState({ diff: null, diffNote: r.error.message });
    else
      useAnswers.setState({
        diff: { diff: r.value, left: formatSeq(from), right: formatSeq(to) },
        diffNote: null,
      });
  }

  /** Another page of the diff shown (the same columns): items from `offset`. */
  async diffPage(offset: number): Promise<void> {
    const shown = useAnswers.getState().diff;
    if (!shown) return;
    const n = ++this.asked;
    const { from, to } = shown.diff;
    const r = await this.client.request({ kind: 'diff', from, to, offset }, { lane: 'why-diff' });
    if (n !== this.asked) return;
    if (!r.ok) useAnswers.setState({ diff: null, diffNote: r.error.message });
    else useAnswers.setState({ diff: { ...shown, diff: r.value }, diffNote: null });
  }

  /** What changed in the input of the model call `seq` belongs to, since the previous call. */
  async diffCall(seq: number): Promise<void> {
    const n = ++this.asked;
    const r = await this.client.request({ kind: 'callDiff', seq }, { lane: 'why-diff' });
    if (n !== this.asked) return;
    if (!r.ok) useAnswers.setState({ diff: null, diffNote: r.error.message });
    else if (r.value === null)
      useAnswers.setState({ diff: null, diffNote: 'No model call at or before this event.' });
    else
      useAnswers.setState({
        diff: {
          diff: r.value,
          left:
            r.value.call === 0
              ? 'before the first call'
              : `call ${r.value.call} (${formatSeq(r.value.from)})`,
          right: `call ${r.value.call + 1} of ${r.value.calls} (${formatSeq(r.value.to)})`,
        },
        diffNote: null,
      });
  }

  async loadMetrics(): Promise<void> {
    const r = await this.client.request({ kind: 'metrics' }, { lane: 'why-metrics', coalesce: true });
    if (r.ok) useAnswers.setState({ metrics: r.value });
  }

  /**
   * A few numbers per model, whatever the log's size (the per-step series stay in the worker).
   * Asked once per event count, however many views show the cost.
   */
  async loadCostTotals(events: number): Promise<void> {
    if (this.costFor === events) return;
    this.costFor = events;
    const r = await this.client.request({ kind: 'costTotals' }, { lane: 'why-cost', coalesce: true });
    if (r.ok) useAnswers.setState({ costTotals: r.value });
    else if (this.costFor === events) this.costFor = -1;
  }
}
