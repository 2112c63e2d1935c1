/**
 * StructureBuilder: the loading-pass analyzer that builds the StructureIndex
 * (turns, steps, attempts, tool calls with their seq spans; see
 * structureIndex.ts) and reports the structural diagnostics of spec 5:
 * turn-unbalanced, turn-open-at-tail, step-unbalanced, event-outside-step,
 * plus, through its helpers, the attempt diagnostics (attempts.ts) and the
 * tool pairing ones (toolCalls.ts).
 *
 * Memory: a few small objects per turn, step, attempt and tool call, never
 * per event; per event the work is O(1) bookkeeping plus, for a chunk,
 * pushing it into the current attempt's assembler.
 */
import type { DiagnosticSink } from '../diagnostics';
import type { Analyzer, ChunkDelta, EventLocation } from '../pipeline';
import { looseData, type SessionEvent, type StreamChunk, type TokenUsage } from '../types';
import { AttemptTracker } from './attempts';
import { StreamCheckpoints } from './streamCheckpoints';
import { normalizeTurnEndReason, type EndReasonInfo } from './endReason';
import type { StepInfo, StrayTurnEnd, StructureIndex, StructureTotals, TurnInfo } from './structureIndex';
import { OutsideStepRuns } from './outsideSteps';
import { ToolCallPairing, type Placement } from './toolCalls';
import { addUsage } from './usage';
import { formatSeq } from '../view/seqText';

export * from './structureIndex';
export type { EndReasonInfo } from './endReason';

/** Events that name a turn and step and belong inside that step. */
const STEP_BOUND = new Set(['assistant/chunk', 'assistant/message', 'tool/call', 'tool/result']);

export class StructureBuilder implements Analyzer {
  private readonly turns: TurnInfo[] = [];
  private readonly steps: StepInfo[] = [];
  private readonly attempts: AttemptTracker;
  private readonly tools: ToolCallPairing;
  private openTurn: TurnInfo | null = null;
  private openStep: StepInfo | null = null;
  private lastTurnNumber: number | null = null;
  /** The last step number of the open turn. */
  private lastStepNumber: number | null = null;
  private readonly outside: OutsideStepRuns;
  private lastSeq = -1;
  private ended = false;
  private errorTurns = 0;
  private readonly strayTurnEnds: StrayTurnEnd[] = [];
  /** Usage of all closed steps, and of the open turn's closed steps. */
  private closedUsage: TokenUsage | undefined;
  private openTurnClosedUsage: TokenUsage | undefined;

  /** Stream assembly checkpoints of the attempts seen so far (streamIndex.ts reads them). */
  readonly streamCheckpoints: StreamCheckpoints;

  constructor(
    private readonly sink: DiagnosticSink,
    /** Chunks between stream checkpoints (default CHECKPOINT_EVERY). */
    checkpointEvery?: number,
  ) {
    this.streamCheckpoints = new StreamCheckpoints(checkpointEvery);
    this.attempts = new AttemptTracker(sink, this.streamCheckpoints);
    this.tools = new ToolCallPairing(sink);
    this.outside = new OutsideStepRuns(sink);
  }

  event(ev: SessionEvent, _loc?: EventLocation): void {
    this.lastSeq = ev.seq;
    // Open spans reach the newest event, so the index is queryable while loading.
    if (this.openTurn) this.openTurn.lastSeq = ev.seq;
    if (this.openStep) this.openStep.lastSeq = ev.seq;
    const d = looseData(ev);
    switch (ev.type) {
      case 'turn/start':
        return this.turnStart(ev.seq, num(d.turn), ev.time);
      case 'turn/end':
        return this.turnEnd(ev.seq, num(d.turn), d.reason, ev.time);
      case 'step/start':
        return this.stepStart(ev.seq, num(d.turn), num(d.step), ev.time);
      case 'step/end':
        return this.stepEnd(ev.seq, num(d.turn), num(d.step), ev.time);
    }
    if (!STEP_BOUND.has(ev.type)) return;
    const step = this.stepNamedBy(ev.seq, ev.type, ev.surfaceOp, d.turn, d.step);
    switch (ev.type) {
      case 'assistant/chunk':
        // an invalid event (kept as written) may have no chunk object at all
        if (step && typeof d.chunk === 'object' && d.chunk !== null)
          this.attempts.chunk(step, ev.seq, d.chunk as StreamChunk);
        return;
      case 'assistant/message':
        return this.attempts.message(step, ev);
      case 'tool/call':
        this.tools.call(ev, this.placement());
        if (this.openStep) this.openStep.toolCalls++;
        if (this.openTurn) this.openTurn.toolCalls++;
        return;
      case 'tool/result': {
        const call = this.tools.result(ev, this.placement());
        if (call?.isError && call.turnIndex >= 0) (this.turns[call.turnIndex] as TurnInfo).toolErrors++;
        return;
      }
    }
  }

  /** A delta chunk event as its fields (RecordSink.delta): what `event` does for it. */
  delta(d: ChunkDelta, seq: number): void {
    this.lastSeq = seq;
    if (this.openTurn) this.openTurn.lastSeq = seq;
    if (this.openStep) this.openStep.lastSeq = seq;
    const step = this.stepNamedBy(seq, 'assistant/chunk', undefined, d.turn, d.step);
    if (step) this.attempts.delta(step, seq, d);
  }

  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.outside.flush();
    if (this.openStep) this.closeStep(null, this.lastSeq, undefined);
    const tail = this.openTurn;
    if (tail) {
      const what = `the log ends inside turn ${tail.turn} (started at ${formatSeq(tail.startSeq)}): a live or crashed session`;
      this.sink.report('turn-open-at-tail', what, { seq: tail.startSeq });
      this.closeTurn(null, this.lastSeq, undefined, undefined);
    }
    this.tools.end(tail ? tail.startSeq : null);
  }

  /**
   * The index as of the events seen so far (final after `end()`). O(1) plus
   * the open step's attempts: the arrays are the builder's own, live and
   * growing while loading; treat them as read-only (the worker posts copies).
   */
  index(): StructureIndex {
    const open = this.openStep;
    let usage = this.closedUsage;
    if (open) {
      const stepUsage = this.attempts.stepUsage(open);
      if (stepUsage) open.usage = stepUsage;
      usage = addUsage(usage, stepUsage);
      const turnUsage = open.turnIndex >= 0 ? addUsage(this.openTurnClosedUsage, stepUsage) : undefined;
      if (this.openTurn && turnUsage) this.openTurn.usage = turnUsage;
    }
    if (this.openTurn) this.openTurn.stepCount = this.steps.length - this.openTurn.firstStepIndex;
    const totals: StructureTotals = {
      turns: this.turns.length,
      steps: this.steps.length,
      attempts: this.attempts.attempts,
      failedAttempts: this.attempts.failed,
      toolCalls: this.tools.callCount,
      toolResults: this.tools.results,
      toolErrors: this.tools.errors,
      errorTurns: this.errorTurns,
    };
    if (usage) totals.usage = usage;

    const { turns, steps } = this;
    return {
      eventCount: this.lastSeq + 1,
      turns,
      steps,
      toolCalls: this.tools.calls,
      totals,
      usage: usage ?? { inputTokens: 0, outputTokens: 0 },
      strayTurnEnds: this.strayTurnEnds,
    };
  }

  // ------------------------------------------------------------- turns

  private turnStart(seq: number, turn: number, time: number | undefined): void {
    this.outside.flush();
    const open = this.openTurn;
    if (open) {
      this.sink.report(
        'turn-unbalanced',
        `${turnName(open.turn, open.startSeq)} (${formatSeq(open.startSeq)}) has no turn/end: ${turnName(turn, seq)} starts at ${formatSeq(seq)} inside it`,
        { seq: open.startSeq },
      );
    }
    // An unended step (inside that turn, or outside any turn) ends here too;
    // the diagnostic above, or the one at its step/start, already covers it.
    if (this.openStep) this.closeStep(null, seq - 1, undefined);
    if (open) this.closeTurn(null, seq - 1, undefined, undefined);
    if (this.lastTurnNumber !== null && turn <= this.lastTurnNumber) {
      const what = `turn numbers out of order: turn ${turn} starts after turn ${this.lastTurnNumber}`;
      this.sink.report('turn-unbalanced', what, { seq });
    }
    this.lastTurnNumber = turn;
    this.lastStepNumber = null;
    const t: TurnInfo = {
      turn,
      startSeq: seq,
      endSeq: null,
      lastSeq: seq,
      firstStepIndex: this.steps.length,
      stepCount: 0,
      toolCalls: 0,
      toolErrors: 0,
    };
    if (time !== undefined) t.startTime = time;
    this.turns.push(t);
    this.openTurn = t;
  }

  private turnEnd(seq: number, turn: number, reason: unknown, time: number | undefined): void {
    this.outside.flush();
    const open = this.openTurn;
    if (!open) {
      this.sink.report('turn-unbalanced', `turn/end for ${turnName(turn, seq)} without a turn/start`, {
        seq,
      });
      // Its outcome still counts (the header's turn errors, "errors only"): the harness recorded it.
      const endReason = normalizeTurnEndReason(reason);
      if (endReason) this.strayTurnEnds.push({ seq, endReason });
      if (endReason?.kind === 'error') this.errorTurns++;
      return;
    }
    if (turn !== open.turn) {
      const what = `turn/end names ${turnName(turn, seq)}, but ${turnName(open.turn, open.startSeq)} (${formatSeq(open.startSeq)}) is open`;
      this.sink.report('turn-unbalanced', what, { seq });
    }
    const s = this.openStep;
    if (s) {
      const what = `step ${s.step} of turn ${s.turn} (${formatSeq(s.startSeq)}) has no step/end before turn/end at ${formatSeq(seq)}`;
      this.sink.report('step-unbalanced', what, { seq: s.startSeq });
      this.closeStep(null, seq - 1, undefined);
    }
    this.closeTurn(seq, seq, normalizeTurnEndReason(reason), time);
  }

  private closeTurn(
    endSeq: number | null,
    lastSeq: number,
    reason: EndReasonInfo | undefined,
    time?: number,
  ): void {
    const t = this.openTurn;
    if (!t) return;
    t.endSeq = endSeq;
    t.lastSeq = lastSeq;
    if (reason) t.endReason = reason;
    if (reason?.kind === 'error') this.errorTurns++;
    if (time !== undefined) {
      t.endTime = time;
      if (t.startTime !== undefined) t.durationMs = time - t.startTime;
    }
    t.stepCount = this.steps.length - t.firstStepIndex;
    if (this.openTurnClosedUsage) t.usage = this.openTurnClosedUsage;
    this.openTurnClosedUsage = undefined;
    this.openTurn = null;
  }

  // ------------------------------------------------------------- steps

  private stepStart(seq: number, turn: number, step: number, time: number | undefined): void {
    this.outside.flush();
    const prev = this.openStep;
    if (prev) {
      const what = `step ${prev.step} of turn ${prev.turn} (${formatSeq(prev.startSeq)}) has no step/end: step ${step} starts at ${formatSeq(seq)}`;
      this.sink.report('step-unbalanced', what, { seq: prev.startSeq });
      this.closeStep(null, seq - 1, undefined);
    }
    const t = this.openTurn;
    if (!t) {
      this.sink.report(
        'step-unbalanced',
        `step/start (${turnName(turn, seq)} step ${step}) outside any turn`,
        { seq },
      );
    } else if (turn !== t.turn) {
      const what = `step/start names ${turnName(turn, seq)}, but ${turnName(t.turn, t.startSeq)} (${formatSeq(t.startSeq)}) is open`;
      this.sink.report('step-unbalanced', what, { seq });
    } else if (this.lastStepNumber !== null && step <= this.lastStepNumber) {
      const what = `step numbers out of order: step ${step} starts after step ${this.lastStepNumber} in turn ${turn}`;
      this.sink.report('step-unbalanced', what, { seq });
    }
    if (t) this.lastStepNumber = step;
    const s: StepInfo = {
      turn,
      step,
      turnIndex: t ? this.turns.length - 1 : -1,
      startSeq: seq,
      endSeq: null,
      lastSeq: seq,
      attempts: [],
      toolCalls: 0,
    };
    if (time !== undefined) s.startTime = time;
    this.steps.push(s);
    this.openStep = s;
    this.attempts.startStep();
  }

  private stepEnd(seq: number, turn: number, step: number, time: number | undefined): void {
    this.outside.flush();
    const s = this.openStep;
    if (!s) {
      this.sink.report(
        'step-unbalanced',
        `step/end (${turnName(turn, seq)} step ${step}) without a step/start`,
        {
          seq,
        },
      );
      return;
    }
    if (turn !== s.turn || step !== s.step) {
      const what = `step/end names turn ${turn} step ${step}, but step ${s.step} of turn ${s.turn} (${formatSeq(s.startSeq)}) is open`;
      this.sink.report('step-unbalanced', what, { seq });
    }
    this.closeStep(seq, seq, time);
  }

  private closeStep(endSeq: number | null, lastSeq: number, time: number | undefined): void {
    const s = this.openStep;
    if (!s) return;
    s.endSeq = endSeq;
    s.lastSeq = lastSeq;
    if (time !== undefined) {
      s.endTime = time;
      if (s.startTime !== undefined) s.durationMs = time - s.startTime;
    }
    const usage = this.attempts.endStep(s);
    if (usage) s.usage = usage;
    this.closedUsage = addUsage(this.closedUsage, usage);
    if (s.turnIndex >= 0 && this.openTurn)
      this.openTurnClosedUsage = addUsage(this.openTurnClosedUsage, usage);
    this.openStep = null;
  }

  private placement(): Placement {
    return {
      turnIndex: this.openTurn ? this.turns.length - 1 : -1,
      stepIndex: this.openStep ? this.steps.length - 1 : -1,
    };
  }

  // ------------------------------------------------------------- events outside steps

  /** The open step, if this step-bound event names it; otherwise null, and the event is reported. */
  private stepNamedBy(
    seq: number,
    type: string,
    op: SessionEvent['surfaceOp'],
    turn: unknown,
    stepNumber: unknown,
  ): StepInfo | null {
    const s = this.openStep;
    if (s && turn === s.turn && stepNumber === s.step) {
      this.outside.flush();
      return s;
    }
    // A surface replace (pruning, compaction) rewrites an older node and may
    // name that node's turn/step: not an event out of place.
    if (typeof op === 'object' && op !== null && op.op === 'replace') return null;
    this.outside.add(seq, type, turn, stepNumber, s);
    return null;
  }
}

/** "turn 3", or where the event names no valid turn number: "a turn with no valid number (seq N)". */
function turnName(turn: number, seq: number): string {
  return Number.isFinite(turn) ? `turn ${turn}` : `a turn with no valid number (${formatSeq(seq)})`;
}

function num(v: unknown): number {
  return typeof v === 'number' ? v : NaN;
}
