/**
 * The worker's answers about "why" that are not search (searchRunner.ts):
 * input diffs between seqs and between model calls, per-step metrics for the
 * charts, and the run profile a comparison with another log needs. Each is
 * sized by steps or messages, never by events.
 */
import { stepIndexAt } from '../core/analysis/structureIndex';
import { callIndexAt, callInputDiff, modelCalls, stepInputSeq, type ModelCall } from '../core/diff/calls';
import { diffHistories, type HistoryDiff } from '../core/diff/history';
import { diffItems, diffPage, type DiffItem, type HistoryDiffPage } from '../core/diff/historyPage';
import { inputDigests, runProfile, type RunProfile } from '../core/diff/runs';
import { compactionPoints, stepMetrics, stepModel } from '../core/metrics/steps';
import { usageTotals, type UsageTotals } from '../core/cost/usageTotals';
import type { StepInfo } from '../core/analysis/structureIndex';
import { toolStats } from '../core/metrics/tools';
import type { OpenLog } from './openLog';
import { inSlices } from './slices';
import type { CallDiff, MetricsAnswer } from './protocol';

/** A step's model as last read, and what it was read from (a step still growing may change it). */
interface StepModelRead {
  messageSeq: number | undefined;
  from: number;
  model: string | undefined;
}

export class AnswerQueries {
  private calls: { events: number; list: ModelCall[] } | null = null;
  /** The last input diff asked, whole, and its items (its pages are slices of it). */
  private lastDiff: {
    from: number;
    to: number;
    events: number;
    diff: HistoryDiff;
    items: DiffItem[];
  } | null = null;
  /** Per step index: its model, read once (the step's message event is parsed at most once per change). */
  private readonly models: (StepModelRead | undefined)[] = [];
  /** The running read of the steps' models, shared by every costTotals asked meanwhile. */
  private reading: Promise<boolean> | null = null;

  constructor(private readonly session: OpenLog) {}

  /**
   * One page of the input diff from `from` to `to`. The diff is made once and kept (the last one
   * asked, until the log grows): the next page is a slice of it, and the page is all that is posted.
   */
  diff(from: number, to: number, offset = 0): HistoryDiffPage {
    return this.diffOf(from, to, () => diffHistories(this.session.log, from, to), offset);
  }

  private diffOf(from: number, to: number, make: () => HistoryDiff, offset: number): HistoryDiffPage {
    const events = this.session.log.eventCount;
    const kept = this.lastDiff;
    if (kept && kept.from === from && kept.to === to && kept.events === events)
      return diffPage(kept.diff, offset, kept.items);
    const diff = make();
    const items = diffItems(diff.rows);
    this.lastDiff = { from, to, events, diff, items };
    return diffPage(diff, offset, items);
  }

  /** The call the step at `seq` made (its first), or the latest call before `seq` outside steps. */
  callDiff(seq: number): CallDiff | null {
    const log = this.session.log;
    const calls = this.modelCalls();
    const stepIndex = stepIndexAt(log.structure, seq);
    let index = stepIndex >= 0 ? calls.findIndex((c) => c.stepIndex === stepIndex) : -1;
    if (index < 0) index = callIndexAt(calls, seq);
    if (index < 0) return null;
    const call = calls[index] as ModelCall;
    const previous = index > 0 ? (calls[index - 1] as ModelCall).inputSeq : -1;
    // Its next pages are asked as `diff` from `previous` to the call's input (the same diff, kept).
    const page = this.diffOf(previous, call.inputSeq, () => callInputDiff(log, calls, index), 0);
    return { ...page, call: index, calls: calls.length };
  }

  metrics(): MetricsAnswer {
    const log = this.session.log;
    return {
      steps: stepMetrics(log),
      compactions: compactionPoints(log),
      tools: toolStats(log.structure, (s) => log.timeOf(s)),
    };
  }

  /**
   * Tokens per model over every step (the session's cost, priced by the page). Asked on ready and
   * on each growth: each step's model is read once and kept while the step's message and input
   * seq stay the same, so a growth re-reads only the steps that changed.
   */
  costTotals(): UsageTotals {
    const log = this.session.log;
    return usageTotals(
      log.structure.steps.map((step, i) => ({ model: this.modelOf(step, i), usage: step.usage })),
    );
  }

  /**
   * `costTotals`, with the first read of each step's model (at 1 GB about 45k message events,
   * 1-2 s) spread over slices with `pause()` between them, so requests that arrive meanwhile (a
   * seek's messages) are answered within a slice instead of after the whole read. Null when
   * `stopped()` turns true at a pause (another log was opened).
   */
  async costTotalsInSlices(pause: () => Promise<void>, stopped: () => boolean): Promise<UsageTotals | null> {
    this.reading ??= this.readModels(pause, stopped).finally(() => (this.reading = null));
    if (!(await this.reading)) return null;
    // Every step read so far is known: this pass reads only steps that came or changed since.
    return stopped() ? null : this.costTotals();
  }

  private readModels(pause: () => Promise<void>, stopped: () => boolean): Promise<boolean> {
    const steps = this.session.log.structure.steps;
    let i = 0;
    // One step's model per item (a parse of its message event: about 30 us at 1 GB).
    const next = () => {
      if (i >= steps.length) return false;
      this.modelOf(steps[i] as StepInfo, i);
      i++;
      return true;
    };
    return inSlices(next, pause, stopped);
  }

  private modelOf(step: StepInfo, index: number): string | undefined {
    const from = stepInputSeq(step) ?? step.lastSeq;
    const known = this.models[index];
    if (known && known.messageSeq === step.messageSeq && known.from === from) return known.model;
    const model = stepModel(this.session.log, step);
    this.models[index] = { messageSeq: step.messageSeq, from, model };
    return model;
  }

  runProfile(): RunProfile {
    return runProfile(this.session.log);
  }

  inputDigests(seq: number): string[] {
    return inputDigests(this.session.log, seq);
  }

  private modelCalls(): ModelCall[] {
    const n = this.session.log.eventCount;
    if (!this.calls || this.calls.events !== n)
      this.calls = { events: n, list: modelCalls(this.session.log.structure) };
    return this.calls.list;
  }
}
