/**
 * Which events are problems: the one rule behind the timeline's "Errors
 * only" filter and the scrubber's problem flags ("stop at problems").
 *
 * An event is an ERROR when it has an error diagnostic, or its outcome
 * failed: a tool result with an error, the end of a turn that ended in an
 * error or was aborted, the last chunk of a failed attempt.
 *
 * An event is a PROBLEM when it is an error, or it has a warning
 * diagnostic, or it was cut short: an interrupted assistant message, a turn
 * end marked interrupted, a failed attempt's diagnostic.
 *
 * Outcomes are read from the structure, which changes as events arrive: a
 * call gets its error result, an open turn ends, an attempt turns out to
 * have failed. `ProblemIndex` recomputes its sets whenever the log grew or
 * gained diagnostics, and `firstChange` tells a consumer that scanned
 * earlier seqs (the filter) from which seq its answer may be stale.
 */
import type { StructureIndex } from '../analysis/structureIndex';
import type { Diagnostic, Severity } from '../types';

/** How many of one kind of failure a log has, and where the first one is (to jump to). */
export interface ProblemTally {
  count: number;
  /** The seq that shows it: the error result, the failed attempt's last chunk, the turn's end. */
  firstSeq: number | null;
}

/** A log's failed outcomes by kind: what the header summarizes, from the rule below. */
export interface ProblemSummary {
  /** Tool results that reported an error. */
  toolErrors: ProblemTally;
  /** Model-call attempts that failed (finished with an error or aborted, no message; spec 3.3). */
  failedAttempts: ProblemTally;
  /** Turns that ended in an error. */
  errorTurns: ProblemTally;
  /** Turns that were aborted. */
  abortedTurns: ProblemTally;
}

/** Each failed outcome once, by kind, at the seq that shows it. The one walk every consumer shares. */
function forEachErrorOutcome(
  structure: StructureIndex,
  visit: (kind: keyof ProblemSummary, seq: number) => void,
): void {
  for (const c of structure.toolCalls)
    if (c.isError && c.resultSeq !== null) visit('toolErrors', c.resultSeq);
  for (const st of structure.steps)
    for (const a of st.attempts) if (a.failed) visit('failedAttempts', a.lastChunkSeq);
  const ends = structure.turns.map((t) => ({ seq: t.endSeq, kind: t.endReason?.kind }));
  // A turn/end outside any turn (no turn/start, or no valid turn number) still ended in its reason.
  for (const e of structure.strayTurnEnds ?? []) ends.push({ seq: e.seq, kind: e.endReason.kind });
  for (const { seq, kind } of ends) {
    if (seq === null) continue;
    if (kind === 'error') visit('errorTurns', seq);
    else if (kind === 'aborted') visit('abortedTurns', seq);
  }
}

/** Seqs whose outcome failed (errors without a diagnostic of their own). */
export function errorOutcomeSeqs(structure: StructureIndex): Set<number> {
  const seqs = new Set<number>();
  forEachErrorOutcome(structure, (_, seq) => seqs.add(seq));
  return seqs;
}

/** The failed outcomes counted by kind, each with its first seq. */
export function problemSummary(structure: StructureIndex): ProblemSummary {
  const out: ProblemSummary = {
    toolErrors: { count: 0, firstSeq: null },
    failedAttempts: { count: 0, firstSeq: null },
    errorTurns: { count: 0, firstSeq: null },
    abortedTurns: { count: 0, firstSeq: null },
  };
  forEachErrorOutcome(structure, (kind, seq) => {
    const tally = out[kind];
    tally.count++;
    if (tally.firstSeq === null || seq < tally.firstSeq) tally.firstSeq = seq;
  });
  return out;
}

/** Seqs that were cut short (problems, not errors). */
export function interruptionSeqs(structure: StructureIndex, diagnostics: readonly Diagnostic[]): Set<number> {
  const seqs = new Set<number>();
  for (const d of diagnostics)
    if (d.seq !== undefined && (d.code === 'failed-attempt' || d.code === 'interrupted-message'))
      seqs.add(d.seq);
  for (const t of structure.turns)
    if (t.endSeq !== null && t.endReason?.kind === 'interrupted') seqs.add(t.endSeq);
  return seqs;
}

export interface ProblemSource {
  structure(): StructureIndex;
  /** Diagnostics in report order (only ever appended to). */
  diagnostics(): readonly Diagnostic[];
  eventCount(): number;
  /** The worst diagnostic severity at a seq. */
  severityAt(seq: number): Severity | undefined;
}

/** What `ProblemIndex` knew at one version: enough to say later which seqs changed since. */
export interface ProblemSnapshot {
  version: number;
  errorOutcomes: ReadonlySet<number>;
  interruptions: ReadonlySet<number>;
  diagnosticCount: number;
}

/**
 * The rule over a growing log. Cheap to ask per seq; the sets are rebuilt
 * (O(turns + steps + tool calls + diagnostics)) only when the log changed.
 */
export class ProblemIndex {
  private snap: ProblemSnapshot = {
    version: 0,
    errorOutcomes: new Set(),
    interruptions: new Set(),
    diagnosticCount: 0,
  };
  private key = '';

  constructor(private readonly source: ProblemSource) {}

  /** The sets as of now (a new object whenever they changed). */
  snapshot(): ProblemSnapshot {
    const src = this.source;
    const st = src.structure();
    const diagnostics = src.diagnostics();
    const key = `${src.eventCount()}:${diagnostics.length}:${st.turns.length}:${st.steps.length}:${st.toolCalls.length}:${st.totals.failedAttempts}`;
    if (key !== this.key) {
      this.key = key;
      this.snap = {
        version: this.snap.version + 1,
        errorOutcomes: errorOutcomeSeqs(st),
        interruptions: interruptionSeqs(st, diagnostics),
        diagnosticCount: diagnostics.length,
      };
    }
    return this.snap;
  }

  /** Per-seq questions; a loop over many seqs passes one snapshot instead of re-checking the log each time. */
  isError(seq: number, snap: ProblemSnapshot = this.snapshot()): boolean {
    return snap.errorOutcomes.has(seq) || this.source.severityAt(seq) === 'error';
  }

  isProblem(seq: number, snap: ProblemSnapshot = this.snapshot()): boolean {
    if (snap.errorOutcomes.has(seq) || snap.interruptions.has(seq)) return true;
    const severity = this.source.severityAt(seq);
    return severity === 'error' || severity === 'warning';
  }

  /**
   * The lowest seq whose error status may differ between two snapshots
   * (Infinity when none): an outcome that appeared or went away, or an
   * error diagnostic reported since about an earlier seq.
   */
  firstErrorChange(before: ProblemSnapshot, after: ProblemSnapshot): number {
    if (before.version === after.version) return Infinity;
    let first = Infinity;
    for (const seq of after.errorOutcomes) if (seq < first && !before.errorOutcomes.has(seq)) first = seq;
    for (const seq of before.errorOutcomes) if (seq < first && !after.errorOutcomes.has(seq)) first = seq;
    const items = this.source.diagnostics();
    for (let i = before.diagnosticCount; i < after.diagnosticCount && i < items.length; i++) {
      const d = items[i] as Diagnostic;
      if (d.seq !== undefined && d.severity === 'error' && d.seq < first) first = d.seq;
    }
    return first;
  }
}
