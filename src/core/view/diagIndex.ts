/**
 * An index over a growing diagnostics list, for the viewer: counts per code
 * (the diagnostics panel shows one line per distinct code, so a log with
 * 50,000 problems stays light), the worst severity per seq (timeline
 * badges), counts inside a seq range (per-turn badges), and the items of one
 * code by position in report order (the panel's windowed list).
 *
 * Fed incrementally: `sync(items)` consumes only the items added since the
 * last call, so calling it on every progress tick is cheap.
 */
import type { Diagnostic, DiagnosticCode, Severity } from '../types';

export interface CodeSummary {
  code: DiagnosticCode;
  severity: Severity;
  count: number;
  firstSeq?: number;
  firstLine?: number;
}

const RANK: Record<Severity, number> = { info: 1, warning: 2, error: 3 };

/** The worse of two severities (error > warning > info); the one ranking every severity comparison uses. */
export function worstSeverity(a: Severity | undefined, b: Severity): Severity {
  return a !== undefined && RANK[a] >= RANK[b] ? a : b;
}
const SEVERITY_ORDER: Severity[] = ['error', 'warning', 'info'];

export class DiagnosticIndex {
  private consumed = 0;
  private readonly byCode = new Map<DiagnosticCode, { summary: CodeSummary; items: number[] }>();
  /** Per seq: count and worst severity rank. */
  private readonly perSeq = new Map<number, { count: number; rank: number }>();
  /** Seqs of all items that have one, sorted lazily for range counts. */
  private seqs: number[] = [];
  private sorted = true;
  private items: readonly Diagnostic[] = [];
  /** Bumped whenever new items arrive, so callers can cache derived data. */
  version = 0;

  sync(items: readonly Diagnostic[]): boolean {
    this.items = items;
    if (items.length === this.consumed) return false;
    for (let i = this.consumed; i < items.length; i++) {
      const d = items[i] as Diagnostic;
      let group = this.byCode.get(d.code);
      if (!group) {
        group = { summary: { code: d.code, severity: d.severity, count: 0 }, items: [] };
        this.byCode.set(d.code, group);
      }
      const s = group.summary;
      s.count++;
      group.items.push(i);
      if (d.seq !== undefined) {
        if (s.firstSeq === undefined || d.seq < s.firstSeq) s.firstSeq = d.seq;
        const at = this.perSeq.get(d.seq);
        if (at) {
          at.count++;
          at.rank = Math.max(at.rank, RANK[d.severity]);
        } else this.perSeq.set(d.seq, { count: 1, rank: RANK[d.severity] });
        if (this.seqs.length > 0 && d.seq < (this.seqs[this.seqs.length - 1] as number)) this.sorted = false;
        this.seqs.push(d.seq);
      }
      if (d.line !== undefined && s.firstLine === undefined) s.firstLine = d.line;
    }
    this.consumed = items.length;
    this.version++;
    return true;
  }

  get total(): number {
    return this.consumed;
  }

  /** One summary per code: errors first, then warnings, then info; most frequent first within each. */
  codes(): CodeSummary[] {
    const out = [...this.byCode.values()].map((g) => ({ ...g.summary }));
    out.sort(
      (a, b) =>
        SEVERITY_ORDER.indexOf(a.severity) - SEVERITY_ORDER.indexOf(b.severity) ||
        b.count - a.count ||
        a.code.localeCompare(b.code),
    );
    return out;
  }

  /** Worst severity and count of diagnostics about `seq`. */
  at(seq: number): { severity: Severity; count: number } | undefined {
    const e = this.perSeq.get(seq);
    if (!e) return undefined;
    return { severity: e.rank === 3 ? 'error' : e.rank === 2 ? 'warning' : 'info', count: e.count };
  }

  /** How many diagnostics concern a seq in [from, to]. */
  countInRange(from: number, to: number): number {
    if (!this.sorted) {
      this.seqs.sort((a, b) => a - b);
      this.sorted = true;
    }
    return lowerBound(this.seqs, to + 1) - lowerBound(this.seqs, from);
  }

  /** Items of `code` (or of every code) in report order, window [from, to). */
  list(code: DiagnosticCode | undefined, from: number, to: number): { total: number; items: Diagnostic[] } {
    if (code === undefined) {
      return {
        total: this.consumed,
        items: this.items.slice(Math.max(0, from), Math.min(to, this.consumed)),
      };
    }
    const group = this.byCode.get(code);
    if (!group) return { total: 0, items: [] };
    const idx = group.items.slice(Math.max(0, from), Math.min(to, group.items.length));
    return { total: group.items.length, items: idx.map((i) => this.items[i] as Diagnostic) };
  }

  /**
   * The nearest seq after (dir 1) or before (dir -1) `seq` that has a diagnostic
   * (of at least `min` severity), or null.
   */
  nextSeq(seq: number, dir: 1 | -1, min: Severity = 'info'): number | null {
    if (!this.sorted) {
      this.seqs.sort((a, b) => a - b);
      this.sorted = true;
    }
    const a = this.seqs;
    const need = RANK[min];
    for (
      let i = dir > 0 ? lowerBound(a, seq + 1) : lowerBound(a, seq) - 1;
      i >= 0 && i < a.length;
      i += dir
    ) {
      const at = a[i] as number;
      if ((this.perSeq.get(at)?.rank ?? 0) >= need) return at;
    }
    return null;
  }

  /** Every diagnostic about one seq. */
  about(seq: number): Diagnostic[] {
    if (!this.perSeq.has(seq)) return [];
    return this.items.filter((d) => d.seq === seq);
  }
}

function lowerBound(a: readonly number[], x: number): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((a[mid] as number) < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
