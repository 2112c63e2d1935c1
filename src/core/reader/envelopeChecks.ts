/**
 * The checks of an event's envelope that look across events (spec section 2):
 * `seq` against the event's position (`seq-mismatch` once per run off by
 * the same amount; absent seqs summed into one `seq-assigned` at the end),
 * `time` (not a number: `bad-data`; earlier than the last: `time-backwards`)
 * and unknown types (reported for their first event only). records.ts runs
 * them for every event, whichever path read it.
 */
import type { DiagnosticSink } from '../diagnostics';
import { jsonText } from '../deepJson';
import { isFiniteNumber, isInt } from '../validate';
import { formatSeq } from '../view/seqText';

export class EnvelopeChecks {
  private lastTime = -Infinity;
  /** seq - position of the last event that had a seq (a change starts a new mismatch run). */
  private lastSeqDelta = 0;
  private missingSeqs = 0;
  private firstMissingSeq = -1;
  private readonly unknownRequired = new Set<string>();
  private readonly unknownIgnorable = new Set<string>();

  constructor(private readonly diags: DiagnosticSink) {}

  /** `count` events from the current position share this seq (a packed row's seq0). */
  seq(value: unknown, position: number, line: number, count: number): void {
    if (value === undefined) {
      if (this.missingSeqs === 0) this.firstMissingSeq = position;
      this.missingSeqs += count;
      return;
    }
    if (!isInt(value)) {
      this.diags.report(
        'seq-mismatch',
        `"seq" is ${jsonText(value)}, not an integer; the event is addressed by its position ${position}`,
        { seq: position, line },
      );
      this.lastSeqDelta = NaN;
      return;
    }
    const delta = value - position;
    if (delta !== 0 && delta !== this.lastSeqDelta) {
      this.diags.report(
        'seq-mismatch',
        `${formatSeq(value)} is at position ${position} (off by ${delta}); the viewer keeps file order and addresses events by position (reported once per run off by the same amount)`,
        { seq: position, line },
      );
    }
    this.lastSeqDelta = delta;
  }

  time(time: unknown, seq: number, line: number): void {
    if (time === undefined) return;
    if (!isFiniteNumber(time)) {
      this.diags.report('bad-data', `time ${jsonText(time)} is not a number of epoch ms; ignored`, {
        seq,
        line,
      });
      return;
    }
    if (time < this.lastTime) {
      this.diags.report(
        'time-backwards',
        `time goes back ${this.lastTime - time} ms (from ${this.lastTime} to ${time})`,
        { seq, line },
      );
    }
    this.lastTime = time;
  }

  unknownType(type: string, ignorable: boolean, seq: number, line: number): void {
    const seen = ignorable ? this.unknownIgnorable : this.unknownRequired;
    if (seen.has(type)) return;
    seen.add(type);
    if (ignorable)
      this.diags.report(
        'unknown-ignorable-type',
        `unknown event type "${type}" marked ignorable; shown as is (reported for its first event only)`,
        { seq, line },
      );
    else
      this.diags.report(
        'unknown-required-type',
        `unknown event type "${type}" without ignorable: true: the harness would refuse this log; shown as is (reported for its first event only)`,
        { seq, line },
      );
  }
  /** The input is complete (`events` in all): the summary of absent seqs. */
  end(events: number): void {
    if (this.missingSeqs === 0) return;
    const which =
      this.missingSeqs === events
        ? `No event has a seq (${events} event${events === 1 ? '' : 's'})`
        : `${this.missingSeqs} of ${events} events have no seq`;
    this.diags.report('seq-assigned', `${which}; seqs were assigned by position`, {
      seq: this.firstMissingSeq,
    });
    this.missingSeqs = 0;
  }
}
