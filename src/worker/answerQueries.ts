/**
 * The worker's answers about "why" that are not search (searchRunner.ts):
 * input diffs between seqs and between model calls, per-step metrics for the
 * charts, and the run profile a comparison with another log needs. Each is
 * sized by steps or messages, never by events.
 */
import { stepIndexAt } from '../core/analysis/structureIndex';
import { callIndexAt, callInputDiff, modelCalls, type ModelCall } from '../core/diff/calls';
import { diffHistories, type HistoryDiff } from '../core/diff/history';
import { inputDigests, runProfile, type RunProfile } from '../core/diff/runs';
import { compactionPoints, stepMetrics } from '../core/metrics/steps';
import { toolStats } from '../core/metrics/tools';
import type { OpenLog } from './openLog';
import type { CallDiff, MetricsAnswer } from './protocol';

export class AnswerQueries {
  private calls: { events: number; list: ModelCall[] } | null = null;

  constructor(private readonly session: OpenLog) {}

  diff(from: number, to: number): HistoryDiff {
    return diffHistories(this.session.log, from, to);
  }

  /** The call the step at `seq` made (its first), or the latest call before `seq` outside steps. */
  callDiff(seq: number): CallDiff | null {
    const log = this.session.log;
    const calls = this.modelCalls();
    const stepIndex = stepIndexAt(log.structure, seq);
    let index = stepIndex >= 0 ? calls.findIndex((c) => c.stepIndex === stepIndex) : -1;
    if (index < 0) index = callIndexAt(calls, seq);
    if (index < 0) return null;
    return { ...callInputDiff(log, calls, index), call: index, calls: calls.length };
  }

  metrics(): MetricsAnswer {
    const log = this.session.log;
    return {
      steps: stepMetrics(log),
      compactions: compactionPoints(log),
      tools: toolStats(log.structure, (s) => log.timeOf(s)),
    };
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
