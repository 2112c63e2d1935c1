import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ChunkRunTracker, MatchRows, RunRows, depthOf, type Span } from './rowMap';

/** The obvious model: walk every seq, skipping collapsed ranges. */
function naiveRows(
  n: number,
  spans: Span[],
  collapsed: (s: Span) => boolean,
): { seq: number; cover: number }[] {
  const rows: { seq: number; cover: number }[] = [];
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  for (let seq = 0; seq < n; seq++) {
    const span = sorted.find((s) => s.start === seq && collapsed(s) && Math.min(s.end, n - 1) > s.start);
    if (span) {
      const end = Math.min(span.end, n - 1);
      rows.push({ seq, cover: end });
      seq = end;
    } else rows.push({ seq, cover: seq });
  }
  return rows;
}

/**
 * Random spans over `n` <= maxEvents seqs that nest with each other (unique starts), each
 * collapsed or not (`flags`, by start).
 */
function nestingSpans(maxEvents: number, maxLength: number, maxSpans: number) {
  return fc.integer({ min: 1, max: maxEvents }).chain((n) =>
    fc
      .array(
        fc.tuple(fc.integer({ min: 0, max: n - 1 }), fc.integer({ min: 0, max: maxLength }), fc.boolean()),
        {
          maxLength: maxSpans,
        },
      )
      .map((raw) => {
        const spans: Span[] = [];
        const flags = new Map<number, boolean>();
        for (const [start, length, collapsed] of raw) {
          const s: Span = { kind: 'step', start, end: start + length };
          const nests = spans.every(
            (o) =>
              o.start !== s.start &&
              (s.end < o.start ||
                s.start > o.end ||
                (s.start > o.start && s.end <= o.end) ||
                (o.start > s.start && o.end <= s.end)),
          );
          if (nests) {
            spans.push(s);
            flags.set(start, collapsed);
          }
        }
        return { n, spans, flags };
      }),
  );
}

describe('RunRows', () => {
  const turns: Span[] = [
    { kind: 'turn', start: 0, end: 9 },
    { kind: 'turn', start: 10, end: 19 },
  ];
  const steps: Span[] = [
    { kind: 'step', start: 1, end: 8 },
    { kind: 'step', start: 11, end: 18 },
  ];
  const chunks: Span[] = [{ kind: 'chunks', start: 3, end: 6 }];
  const all = [...turns, ...steps, ...chunks];

  it('with nothing collapsed, row = seq', () => {
    const rows = RunRows.build(20, all, () => false);
    expect(rows.rowCount).toBe(20);
    for (let i = 0; i < 20; i++) {
      expect(rows.seqAt(i)).toBe(i);
      expect(rows.rowOf(i)).toBe(i);
      expect(rows.coverEnd(i)).toBe(i);
    }
  });

  it('a collapsed chunk run is one row covering the run', () => {
    const rows = RunRows.build(20, all, (s) => s.kind === 'chunks');
    expect(rows.rowCount).toBe(17);
    expect(rows.seqAt(3)).toBe(3);
    expect(rows.coverEnd(3)).toBe(6);
    expect(rows.seqAt(4)).toBe(7);
    expect(rows.rowOf(5)).toBe(3);
    expect(rows.isVisible(5)).toBe(false);
    expect(rows.isVisible(7)).toBe(true);
  });

  it('a collapsed turn hides its steps and chunks', () => {
    const rows = RunRows.build(20, all, (s) => s.kind === 'chunks' || s.start === 0);
    expect(rows.rowCount).toBe(11);
    expect(rows.coverEnd(0)).toBe(9);
    expect(rows.seqAt(1)).toBe(10);
    expect(rows.rowOf(4)).toBe(0);
  });

  it('an open span (end -1) reaches the last loaded event', () => {
    const rows = RunRows.build(15, [{ kind: 'turn', start: 10, end: -1 }], () => true);
    expect(rows.rowCount).toBe(11);
    expect(rows.coverEnd(10)).toBe(14);
  });

  it('spans beyond the loaded events are ignored', () => {
    const rows = RunRows.build(5, [{ kind: 'turn', start: 3, end: 40 }], () => true);
    expect(rows.rowCount).toBe(4);
    expect(rows.coverEnd(3)).toBe(4);
  });

  it('matches the naive walk for random nested spans', () => {
    const spanTree = nestingSpans(60, 12, 12);
    fc.assert(
      fc.property(spanTree, ({ n, spans, flags }) => {
        const isCollapsed = (s: Span) => flags.get(s.start) === true;
        const rows = RunRows.build(n, spans, isCollapsed);
        const want = naiveRows(n, spans, isCollapsed);
        expect(rows.rowCount).toBe(want.length);
        want.forEach((w, row) => {
          expect(rows.seqAt(row)).toBe(w.seq);
          expect(rows.coverEnd(row)).toBe(w.cover);
          for (let s = w.seq; s <= w.cover; s++) expect(rows.rowOf(s)).toBe(row);
        });
      }),
    );
  });
});

describe('RunRows.spliceRange', () => {
  /** Random spans that nest (unique starts), some collapsed; every seq's spans from the outside in. */
  const nestedSpans = nestingSpans(80, 20, 16).chain((tree) =>
    fc.record({
      n: fc.constant(tree.n),
      spans: fc.constant(tree.spans),
      flags: fc.constant(tree.flags),
      pick: fc.nat(),
      seq: fc.integer({ min: 0, max: tree.n - 1 }),
    }),
  );

  function sameRows(got: RunRows, want: RunRows): void {
    expect(got.rowCount).toBe(want.rowCount);
    expect(got.runCount).toBe(want.runCount);
    for (let row = 0; row < want.rowCount; row++) {
      expect(got.seqAt(row)).toBe(want.seqAt(row));
      expect(got.coverEnd(row)).toBe(want.coverEnd(row));
    }
  }

  const startingIn = (spans: Span[], from: number, to: number) =>
    spans.filter((s) => s.start >= from && s.start <= to);

  it('a toggled span whose header shows gives the rows a full build gives', () => {
    fc.assert(
      fc.property(nestedSpans, ({ n, spans, flags, pick }) => {
        if (spans.length === 0) return;
        const isCollapsed = (s: Span) => flags.get(s.start) === true;
        const before = RunRows.build(n, spans, isCollapsed);
        const span = spans[pick % spans.length] as Span;
        flags.set(span.start, !flags.get(span.start));
        const want = RunRows.build(n, spans, isCollapsed);
        const to = Math.min(span.end, n - 1);
        const got = before.spliceRange(n, span.start, to, startingIn(spans, span.start, to), isCollapsed);
        if (!before.isVisible(span.start)) expect(got).toBeNull();
        else sameRows(got as RunRows, want);
      }),
    );
  });

  it('a reveal (every collapsed span around a seq opened) gives the rows a full build gives', () => {
    fc.assert(
      fc.property(nestedSpans, ({ n, spans, flags, seq }) => {
        const isCollapsed = (s: Span) => flags.get(s.start) === true;
        const before = RunRows.build(n, spans, isCollapsed);
        const around = spans
          .filter((s) => s.start < seq && seq <= Math.min(s.end, n - 1) && isCollapsed(s))
          .sort((a, b) => a.start - b.start);
        const outer = around[0];
        if (!outer) return;
        for (const s of around) flags.set(s.start, false);
        const to = Math.min(outer.end, n - 1);
        const got = before.spliceRange(n, outer.start, to, startingIn(spans, outer.start, to), isCollapsed);
        const want = RunRows.build(n, spans, isCollapsed);
        sameRows(got as RunRows, want);
        expect(want.isVisible(seq)).toBe(true);
      }),
    );
  });

  it('a series of toggles and reveals, each spliced into the rows the last one made, stays equal to a full build', () => {
    const ops = fc.array(fc.tuple(fc.boolean(), fc.nat(), fc.nat()), { minLength: 1, maxLength: 12 });
    fc.assert(
      fc.property(nestedSpans, ops, ({ n, spans, flags }, steps) => {
        if (spans.length === 0) return;
        const isCollapsed = (s: Span) => flags.get(s.start) === true;
        let rows = RunRows.build(n, spans, isCollapsed);
        for (const [isToggle, pick, at] of steps) {
          let changed: Span | undefined;
          if (isToggle) {
            const toggled = spans[pick % spans.length] as Span;
            flags.set(toggled.start, !flags.get(toggled.start));
            changed = toggled;
          } else {
            const seq = at % n;
            const around = spans
              .filter((s) => s.start < seq && seq <= Math.min(s.end, n - 1) && isCollapsed(s))
              .sort((a, b) => a.start - b.start);
            for (const s of around) flags.set(s.start, false);
            changed = around[0];
          }
          const want = RunRows.build(n, spans, isCollapsed);
          if (changed) {
            const to = Math.min(changed.end, n - 1);
            // As the worker does: a range that cannot be spliced is built whole.
            rows =
              rows.spliceRange(n, changed.start, to, startingIn(spans, changed.start, to), isCollapsed) ??
              want;
          }
          sameRows(rows, want);
        }
      }),
    );
  });

  it('refuses what it cannot splice: another event count, a span running past the range', () => {
    const spans: Span[] = [
      { kind: 'turn', start: 0, end: 9 },
      { kind: 'chunks', start: 3, end: 12 },
    ];
    const rows = RunRows.build(20, spans, () => true);
    expect(rows.spliceRange(21, 0, 9, spans, () => false)).toBeNull();
    expect(rows.spliceRange(20, 0, 9, spans, () => false)).toBeNull();
    const open = RunRows.build(20, spans, () => false);
    expect(open.spliceRange(20, 3, 12, [spans[1] as Span], () => true)?.rowCount).toBe(11);
  });
});

describe('MatchRows', () => {
  it('maps rows to matching seqs and seqs to the nearest match at or before', () => {
    const rows = new MatchRows(Int32Array.from([2, 5, 9]));
    expect(rows.rowCount).toBe(3);
    expect(rows.seqAt(1)).toBe(5);
    expect(rows.rowOf(5)).toBe(1);
    expect(rows.rowOf(6)).toBe(1);
    expect(rows.rowOf(1)).toBe(-1);
    expect(rows.isVisible(9)).toBe(true);
    expect(rows.isVisible(8)).toBe(false);
  });
});

describe('ChunkRunTracker', () => {
  it('groups consecutive chunks, ignoring short runs', () => {
    const t = new ChunkRunTracker(3);
    const kinds = 'ccxcccxccccxc'; // c = chunk
    [...kinds].forEach((k, seq) => t.event(seq, k === 'c'));
    expect(t.all()).toEqual([
      { kind: 'chunks', start: 3, end: 5 },
      { kind: 'chunks', start: 7, end: 10 },
    ]);
    expect(t.runAt(8)).toEqual({ kind: 'chunks', start: 7, end: 10 });
    expect(t.runAt(6)).toBeUndefined();
  });

  it('reports the open run at the tail without closing it', () => {
    const t = new ChunkRunTracker(2);
    t.event(0, true);
    t.event(1, true);
    expect(t.all()).toEqual([{ kind: 'chunks', start: 0, end: 1 }]);
    t.event(2, true);
    expect(t.all()).toEqual([{ kind: 'chunks', start: 0, end: 2 }]);
  });
});

describe('depthOf', () => {
  it('indents turn events by one and step events by two', () => {
    const turns: Span[] = [{ kind: 'turn', start: 0, end: 9 }];
    const steps: Span[] = [{ kind: 'step', start: 1, end: 8 }];
    expect(depthOf(0, turns, steps)).toBe(0);
    expect(depthOf(1, turns, steps)).toBe(1);
    expect(depthOf(2, turns, steps)).toBe(2);
    expect(depthOf(9, turns, steps)).toBe(1);
    expect(depthOf(10, turns, steps)).toBe(0);
  });
});
