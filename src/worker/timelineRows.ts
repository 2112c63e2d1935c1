/**
 * The timeline's state in the worker: which turns / steps / chunk runs are
 * folded, the active filter, and the row map built from them (see
 * core/view/rowMap.ts). The UI asks for rows by index and never holds more
 * than the visible window.
 *
 * Fold state is "a default per kind + per-span overrides": collapse-all is
 * one assignment, a toggle one map entry, and spans that appear while the
 * log loads get the default without any bookkeeping.
 */
import type { StepInfo, StructureIndex, TurnInfo } from '../core/analysis/structure';
import { stepIndexAt, turnIndexAt, type ToolCallInfo } from '../core/analysis/structureIndex';
import { stepOutcomes, toolList } from '../core/view/spanSummary';
import { MatchRows, RunRows, depthOf, type RowMap, type Span, type SpanKind } from '../core/view/rowMap';
import { clippedEnd, mergeByStart, spansStartingIn } from '../core/view/spanLists';
import { formatDuration, recordedTime } from '../core/view/duration';
import { isFiltered, NO_FILTER, type RowsInfo, type TimelineFilter, type TimelineRow } from './protocol';
import { stepHealthView } from './replayQueries';
import { FilterScan } from './filterScan';
import { RowText } from './rowText';
import type { OpenLog } from './openLog';
import { NAME_TIP_CHARS, nameHead } from '../core/view/bidiControls';

/** While loading, the row map is rebuilt at most every this many of its build times (see rowsWhileLoading). */
const REBUILD_SPACING = 10;

export class TimelineRows {
  private defaults: Record<SpanKind, boolean> = { turn: false, step: false, chunks: true };
  private readonly overrides = new Map<number, boolean>();
  private filter: TimelineFilter = NO_FILTER;
  private scan: FilterScan | null = null;
  private map: RowMap = RunRows.build(0, [], () => false);
  private builtFor = { events: -1, spans: -1, chunkRuns: -1, matches: -1, scanGen: -1, done: false };
  private dirty = true;
  version = 0;
  /** Bumped when rows already built may be other rows (RowsInfo's `rowsShape`). */
  private shape = 0;
  /** Bumped when every row may be another (RowsInfo's `rowsBasis`). */
  private basis = 0;
  // Derived from the structure on each rebuild.
  private turnSpans: Span[] = [];
  private stepSpans: Span[] = [];
  private turnByStart = new Map<number, number>();
  private stepByStart = new Map<number, number>();
  /** Tool calls by step index, grouped as calls arrive (see callsOf). */
  private callsByStep = new Map<number, ToolCallInfo[]>();
  private callsGrouped: { list: readonly ToolCallInfo[] | null; count: number } = { list: null, count: 0 };

  /** What rows show of their events, read once per seq (rowText.ts). */
  private readonly text: RowText;

  constructor(private readonly session: OpenLog) {
    this.text = new RowText(session.log);
  }

  get filtered(): boolean {
    return this.scan !== null;
  }

  /** The active filter's matching seqs so far (ascending), or null without a filter. */
  matchSeqs(): Int32Array | null {
    return this.scan ? this.scan.matches.view() : null;
  }

  // ---------------------------------------------------------------- state changes

  toggle(seq: number, collapsed?: boolean): boolean {
    const span = this.spanStartingAt(seq);
    if (!span) return false;
    this.overrides.set(seq, collapsed ?? !this.isCollapsed(span));
    this.refold(span);
    return true;
  }

  collapseAll(level: 'turns' | 'steps' | 'none', chunks: 'folded' | 'expanded' = 'folded'): void {
    this.defaults = { turn: level === 'turns', step: level === 'steps', chunks: chunks === 'folded' };
    this.overrides.clear();
    this.invalidate();
  }

  setFilter(filter: TimelineFilter): FilterScan | null {
    this.filter = filter;
    this.scan = isFiltered(filter) ? new FilterScan(this.session, filter) : null;
    this.invalidate();
    return this.scan;
  }

  /** Expands whatever hides seq (folded turn, step or chunk run); false when a filter hides it. */
  reveal(seq: number): boolean {
    const rows = this.rows();
    if (rows.isVisible(seq)) return true;
    if (this.scan) return false;
    const opened = this.spansContaining(seq).filter((span) => span.start !== seq && this.isCollapsed(span));
    for (const span of opened) this.overrides.set(span.start, false);
    // Spans nest, so the outermost one holds every change.
    this.refold(opened[0]);
    return this.rows().isVisible(seq);
  }

  private invalidate(): void {
    this.dirty = true;
    this.shape++;
    this.basis++;
  }

  /** The rows as the page is told of them (`rowsShape`: see RowsInfo). */
  info(map: RowMap = this.rows()): RowsInfo {
    return {
      rowCount: map.rowCount,
      rowsVersion: this.version,
      rowsShape: this.shape,
      rowsBasis: this.basis,
    };
  }

  /**
   * After the fold state changed only inside `span` (a toggle or a reveal):
   * splice the rows of its range into the current map rather than build
   * every span again (rowMap.ts spliceRange), when the map is current.
   */
  private refold(span: Span | undefined): void {
    const map = this.rows();
    if (span && map instanceof RunRows) {
      const count = this.session.eventCount;
      const to = clippedEnd(span, count);
      const spans = mergeByStart(
        spansStartingIn(this.turnSpans, span.start, to),
        spansStartingIn(this.stepSpans, span.start, to),
        this.session.chunkRuns.within(span.start, to),
      );
      const next = map.spliceRange(count, span.start, to, spans, (sp) => this.isCollapsed(sp));
      if (next) {
        this.map = next;
        this.version++;
        this.shape++;
        return;
      }
    }
    this.invalidate();
  }

  // ---------------------------------------------------------------- the row map

  /** The current row map, rebuilt when the log grew or the fold/filter state changed. */
  rows(): RowMap {
    const s = this.session;
    const structure = s.log.structure;
    const spanCount = structure.turns.length + structure.steps.length;
    const runCount = s.chunkRuns.count;
    if (this.scan) this.scan.advance(8);
    const matches = this.scan ? this.scan.matches.length : -1;
    const scanGen = this.scan ? this.scan.generation : -1;
    const b = this.builtFor;
    // Spans only change as events arrive (open ones grow with each) or when the log ends.
    if (
      !this.dirty &&
      b.events === s.eventCount &&
      b.spans === spanCount &&
      b.chunkRuns === runCount &&
      b.matches === matches &&
      b.scanGen === scanGen &&
      b.done === s.done
    ) {
      return this.map;
    }
    const started = performance.now();
    // Matches taken back (an earlier seq became an error): rows already sent may be others.
    if (scanGen !== b.scanGen) {
      this.shape++;
      this.basis++;
    }
    this.rebuildSpans(structure);
    if (this.scan) {
      this.map = new MatchRows(this.scan.matches.view());
    } else {
      const spans = mergeByStart(this.turnSpans, this.stepSpans, s.chunkRuns.all());
      this.map = RunRows.build(s.eventCount, spans, (span) => this.isCollapsed(span));
    }
    this.builtFor = {
      events: s.eventCount,
      spans: spanCount,
      chunkRuns: runCount,
      matches,
      scanGen,
      done: s.done,
    };
    this.builtAt = performance.now();
    this.buildCost = this.builtAt - started;
    this.dirty = false;
    this.version++;
    return this.map;
  }

  private builtAt = -Infinity;
  private buildCost = 0;

  /**
   * The row map for a progress report while the log loads: rebuilt only when
   * the last rebuild is at least ten of its own durations old. A rebuild costs
   * O(spans), so rebuilding on every report would make a load quadratic in
   * the log's size; this keeps it under ~10% of the time. A fold or filter
   * change, or the end of the load, rebuilds at once.
   */
  rowsWhileLoading(): RowMap {
    const fresh = performance.now() - this.builtAt < REBUILD_SPACING * this.buildCost;
    return !this.dirty && !this.session.done && fresh ? this.map : this.rows();
  }

  private rebuildSpans(structure: StructureIndex): void {
    this.turnSpans = structure.turns.map((t) => ({ kind: 'turn', start: t.startSeq, end: t.lastSeq }));
    this.stepSpans = structure.steps.map((st) => ({ kind: 'step', start: st.startSeq, end: st.lastSeq }));
    this.turnByStart = new Map(structure.turns.map((t, i) => [t.startSeq, i]));
    this.stepByStart = new Map(structure.steps.map((st, i) => [st.startSeq, i]));
  }

  private isCollapsed(span: Span): boolean {
    return this.overrides.get(span.start) ?? this.defaults[span.kind];
  }

  private spanStartingAt(seq: number): Span | undefined {
    this.rows();
    const t = this.turnByStart.get(seq);
    if (t !== undefined) return this.turnSpans[t];
    const st = this.stepByStart.get(seq);
    if (st !== undefined) return this.stepSpans[st];
    const run = this.session.chunkRuns.runAt(seq);
    return run && run.start === seq ? run : undefined;
  }

  /** The turn, step and chunk run around seq, outermost first (by binary search: a seek asks it). */
  private spansContaining(seq: number): Span[] {
    const out: Span[] = [];
    const structure = this.session.log.structure;
    const turn = this.turnSpans[turnIndexAt(structure, seq)];
    const step = this.stepSpans[stepIndexAt(structure, seq)];
    if (turn) out.push(turn);
    if (step) out.push(step);
    const run = this.session.chunkRuns.runAt(seq);
    if (run) out.push(run);
    return out;
  }

  // ---------------------------------------------------------------- row content

  /** Rows [from, to) with everything a row shows. */
  window(from: number, to: number): TimelineRow[] {
    const rows = this.rows();
    const out: TimelineRow[] = [];
    const end = Math.min(to, rows.rowCount);
    for (let r = Math.max(0, from); r < end; r++) out.push(this.describeOrFail(r, rows));
    return out;
  }

  /** The row; one whose event cannot be summarized is shown with why, never failing its window. */
  private describeOrFail(row: number, rows: RowMap): TimelineRow {
    try {
      return this.describe(row, rows);
    } catch (err) {
      const seq = rows.seqAt(row);
      const why = err instanceof Error ? err.message : 'an unknown error';
      return {
        row,
        seq,
        coverEnd: rows.coverEnd(row),
        kind: 'event',
        depth: 0,
        type: this.session.log.typeOf(seq),
        summary: `(this row could not be summarized: ${why})`,
        tone: 'error',
        diagnostics: this.session.diag.at(seq)?.count ?? 0,
      };
    }
  }

  private describe(row: number, rows: RowMap): TimelineRow {
    const s = this.session;
    const log = s.log;
    const structure = log.structure;
    const seq = rows.seqAt(row);
    const coverEnd = rows.coverEnd(row);
    const type = log.typeOf(seq);
    const { text, tone } = this.text.summary(seq);
    const d = s.diag.at(seq);
    const out: TimelineRow = {
      row,
      seq,
      coverEnd,
      kind: 'event',
      depth: this.scan ? 0 : depthOf(seq, this.turnSpans, this.stepSpans),
      type,
      summary: text,
      tone,
      diagnostics: d?.count ?? 0,
    };
    const rel = s.relTime(seq);
    if (rel !== undefined) out.relTime = rel;
    if (d) out.severity = d.severity;
    if (s.log.sessionHeader?.seedLength !== undefined && seq === s.log.sessionHeader.seedLength)
      out.seedBoundary = true;

    const turnIndex = this.turnByStart.get(seq);
    const stepIndex = this.stepByStart.get(seq);
    const run = type === 'assistant/chunk' ? s.chunkRuns.runAt(seq) : undefined;
    if (turnIndex !== undefined) {
      const t = structure.turns[turnIndex] as TurnInfo;
      out.kind = 'turn';
      if (!this.scan) out.collapsed = this.isCollapsed(this.turnSpans[turnIndex] as Span);
      out.turn = {
        turn: t.turn,
        open: t.endSeq === null,
        steps: t.stepCount,
        toolCalls: t.toolCalls,
        toolErrors: t.toolErrors,
        diagnostics: s.diag.countInRange(t.startSeq, t.lastSeq),
      };
      const reason = t.endReason;
      if (reason)
        // drawn in a badge and its tooltip: bounded, as every name from the log (audit R21-5)
        out.turn.endReason =
          reason.detail !== undefined
            ? { kind: nameHead(reason.kind), detail: nameHead(reason.detail, NAME_TIP_CHARS) }
            : { kind: nameHead(reason.kind) };
      // A log without timestamps (every time 0 or missing) has no durations to show.
      const timed = s.startTime !== undefined;
      if (t.durationMs !== undefined && timed) out.turn.durationMs = t.durationMs;
      if (t.usage) out.turn.usage = t.usage;
      const prompt = this.text.prompt(t);
      if (prompt !== undefined) out.turn.prompt = prompt;
    } else if (stepIndex !== undefined) {
      const st = structure.steps[stepIndex] as StepInfo;
      out.kind = 'step';
      if (!this.scan) out.collapsed = this.isCollapsed(this.stepSpans[stepIndex] as Span);
      out.step = {
        turn: st.turn,
        step: st.step,
        toolCalls: st.toolCalls,
        attempts: st.attempts.length,
        failedAttempts: st.attempts.filter((a) => a.failed).length,
        outcomes: stepOutcomes(st, this.callsOf(structure, stepIndex), structure.turns[st.turnIndex]),
      };
      const tools = toolList(this.callsOf(structure, stepIndex).map((c) => c.name));
      if (tools) out.step.tools = tools;
      const timed = s.startTime !== undefined;
      if (st.durationMs !== undefined && timed) out.step.durationMs = st.durationMs;
      if (st.usage) out.step.usage = st.usage;
      const health = timed ? stepHealthView(s, stepIndex) : undefined;
      if (health) out.step.health = health;
    } else if (run && run.start === seq && !this.scan) {
      const count = run.end - run.start + 1;
      const t0 = recordedTime(log.timeOf(run.start));
      const t1 = recordedTime(log.timeOf(run.end));
      const durationMs = t0 !== undefined && t1 !== undefined ? t1 - t0 : undefined;
      out.chunks = { count, end: run.end, ...(durationMs !== undefined ? { durationMs } : {}) };
      out.collapsed = coverEnd > seq;
      if (out.collapsed) {
        out.kind = 'chunks';
        const preview = this.text.chunkPreview(run.start, run.end);
        out.summary = `${count} chunks${durationMs !== undefined ? `, ${formatDuration(durationMs)}` : ''}${preview ? ` · ${preview}` : ''}`;
      }
    }
    return out;
  }

  /** The step's tool calls in call order; the grouping grows with the log's list of calls. */
  private callsOf(structure: StructureIndex, stepIndex: number): readonly ToolCallInfo[] {
    const calls = structure.toolCalls;
    const g = this.callsGrouped;
    if (g.list !== calls) {
      this.callsByStep.clear();
      g.list = calls;
      g.count = 0;
    }
    for (; g.count < calls.length; g.count++) {
      const c = calls[g.count] as ToolCallInfo;
      const list = this.callsByStep.get(c.stepIndex);
      if (list) list.push(c);
      else this.callsByStep.set(c.stepIndex, [c]);
    }
    return this.callsByStep.get(stepIndex) ?? [];
  }

  /** Next/previous turn or step header from seq. */
  navigate(seq: number, unit: 'turn' | 'step', dir: 1 | -1): number | null {
    this.rows();
    const spans = unit === 'turn' ? this.turnSpans : this.stepSpans;
    if (dir > 0) return spans.find((sp) => sp.start > seq)?.start ?? null;
    for (let i = spans.length - 1; i >= 0; i--)
      if ((spans[i] as Span).start < seq) return (spans[i] as Span).start;
    return null;
  }
}
