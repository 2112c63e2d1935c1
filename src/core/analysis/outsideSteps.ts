/**
 * `event-outside-step` (spec 5): step-bound events (chunks, messages, tool
 * calls and results) that name a turn/step other than the open step, or
 * come when no step is open. Decision: one warning per run of consecutive
 * misplaced events naming the same turn/step (a stray stream is one
 * finding, not one per chunk).
 */
import type { DiagnosticSink } from '../diagnostics';
import { valueText } from '../deepJson';
import type { StepInfo } from './structureIndex';
import { formatSeq } from '../view/seqText';

interface OutsideRun {
  key: string;
  why: string;
  firstSeq: number;
  lastSeq: number;
  count: number;
  firstType: string;
}

export class OutsideStepRuns {
  private run: OutsideRun | null = null;

  constructor(private readonly sink: DiagnosticSink) {}

  /** The event at `seq` names `turn`/`step`, which is not `open` (the open step, or null). */
  add(seq: number, type: string, turn: unknown, step: unknown, open: StepInfo | null): void {
    const key = `${open ? open.startSeq : -1}|${valueText(turn)}|${valueText(step)}`;
    const run = this.run;
    if (run && run.key === key) {
      run.count++;
      run.lastSeq = seq;
      return;
    }
    this.flush();
    const why = open
      ? `the open step is step ${open.step} of turn ${open.turn} (${formatSeq(open.startSeq)})`
      : 'no step is open';
    this.run = {
      key,
      why: `turn ${valueText(turn)} step ${valueText(step)}, but ${why}`,
      firstSeq: seq,
      lastSeq: seq,
      count: 1,
      firstType: type,
    };
  }

  /** The run ends (any other event): its one diagnostic. */
  flush(): void {
    const r = this.run;
    if (!r) return;
    this.run = null;
    const what =
      r.count === 1
        ? `${r.firstType} at ${formatSeq(r.firstSeq)} names ${r.why}`
        : `${r.count} events (${formatSeq(r.firstSeq)}-${r.lastSeq}) name ${r.why}`;
    this.sink.report('event-outside-step', what, { seq: r.firstSeq });
  }
}
