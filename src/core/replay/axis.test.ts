import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateLogText } from '../../../scripts/gen/index';
import { loadLogFromBytes, loadLogFromText } from '../log/load';
import type { SessionLog } from '../log/sessionLog';
import { bucketTicks, defaultGapThreshold, seqAxis, timeAxis, type Axis } from './axis';
import type { TimeColumn } from './pacing';

const SAMPLES = new URL('../../../../shared/samples/', import.meta.url);

function column(times: readonly (number | undefined)[]): TimeColumn {
  return { eventCount: times.length, timeOf: (s) => times[s] };
}

/** Every seq of the log: xOf non-decreasing in [0, 1], seqAt(xOf(s)) lands on s (or the last event at the same x). */
function checkInvertible(axis: Axis, n: number): void {
  // One assertion at the end: per-event expect() calls would dominate the run time at 50k events.
  const bad: string[] = [];
  let prevX = -1;
  for (let s = 0; s < n && bad.length < 5; s++) {
    const x = axis.xOf(s);
    if (!(x >= prevX && x >= 0 && x <= 1)) bad.push(`xOf(${s}) = ${x} after ${prevX}`);
    prevX = x;
    const back = axis.seqAt(x);
    if (back !== s && !(back > s && axis.xOf(back) === x)) bad.push(`seqAt(xOf(${s})) = ${back}`);
    if (back + 1 < n && !(axis.xOf(back + 1) > x)) bad.push(`seqAt(${x}) = ${back} is not the last at x`);
  }
  expect(bad).toEqual([]);
}

describe('seq axis', () => {
  it('maps seqs to cell centres and back exactly', () => {
    const axis = seqAxis(4);
    expect([0, 1, 2, 3].map((s) => axis.xOf(s))).toEqual([0.125, 0.375, 0.625, 0.875]);
    expect([0, 0.24, 0.25, 0.99, 1, -3, 7].map((x) => axis.seqAt(x))).toEqual([0, 0, 1, 3, 3, 0, 3]);
    expect(axis.span(1, 2)).toEqual([0.25, 0.75]);
    expect(axis.markers).toEqual([]);
    checkInvertible(axis, 4);
    expect(seqAxis(0).seqAt(0.5)).toBe(0);
  });
});

describe('wall-clock axis', () => {
  it('compresses a gap over the threshold to a fixed width and lists it', () => {
    // Gaps: 1 s, 1 s, 3 min 12 s (compressed), 1 s, 1 s.
    const log = column([0, 1000, 2000, 194_000, 195_000, 196_000]);
    const axis = timeAxis(log);
    if (!axis) throw new Error('expected a time axis');
    expect(axis.markers).toHaveLength(1);
    const m = axis.markers[0];
    expect(m).toMatchObject({ beforeSeq: 2, seq: 3, ms: 192_000, label: 'gap of 3 m 12 s' });
    expect((m?.x1 ?? 0) - (m?.x0 ?? 0)).toBeCloseTo(0.02, 12);
    // The 4 s of activity share the other 98 %, evenly.
    const xs = [0, 1, 2, 3, 4, 5].map((s) => axis.xOf(s));
    expect(xs[0]).toBe(0);
    expect(xs[5]).toBe(1);
    for (const [a, b] of [
      [0, 1],
      [1, 2],
      [3, 4],
      [4, 5],
    ] as const)
      expect((xs[b] ?? 0) - (xs[a] ?? 0)).toBeCloseTo(0.98 / 4, 12);
    expect(m?.x0).toBeCloseTo(xs[2] ?? 0, 12);
    expect(m?.x1).toBe(xs[3]);
    checkInvertible(axis, 6);
    // Inside the compressed gap, the event before it is showing.
    expect(axis.seqAt(((m?.x0 ?? 0) + (m?.x1 ?? 0)) / 2)).toBe(2);
  });

  it('bounds the share of many gaps, places untimed events with the previous timed one, ignores backward time', () => {
    const times: (number | undefined)[] = [];
    let t = 0;
    for (let i = 0; i < 40; i++) times.push((t += i % 2 ? 500 : 60_000));
    times.splice(5, 0, undefined, undefined);
    times.push(t - 10_000, t + 1000); // backwards, then on
    const axis = timeAxis(column(times), { gapThresholdMs: 30_000, gapFraction: 0.05, maxGapShare: 0.2 });
    if (!axis) throw new Error('expected a time axis');
    expect(axis.markers).toHaveLength(19);
    const share = axis.markers.reduce((sum, m) => sum + (m.x1 - m.x0), 0);
    expect(share).toBeCloseTo(0.2, 9);
    expect(axis.xOf(5)).toBe(axis.xOf(4));
    expect(axis.xOf(6)).toBe(axis.xOf(4));
    expect(axis.xOf(times.length - 2)).toBe(axis.xOf(times.length - 3));
    checkInvertible(axis, times.length);
  });

  it('by default compresses gaps over 2 s or 5 % of the span, whichever is longer', () => {
    expect(defaultGapThreshold(10_000)).toBe(2000);
    expect(defaultGapThreshold(90_000)).toBe(4500);
    expect(defaultGapThreshold(3_600_000)).toBe(180_000);
    expect(defaultGapThreshold(Number.NaN)).toBe(2000);
    // In 8 s, a 3 s pause is compressed; a 1.9 s one is not.
    const axis = timeAxis(column([0, 1000, 4000, 5000, 6900, 8000]));
    expect(axis?.markers.map((m) => m.seq)).toEqual([2]);
    // Untimed events at the ends do not hide the span.
    const padded = timeAxis(column([undefined, 0, 1000, 100_000, 101_000, undefined]));
    expect(padded?.markers.map((m) => m.ms)).toEqual([99_000]);
  });

  it("the demo's time axis is dominated by activity, not its 45 s and 30 s idle gaps", () => {
    const log = loadLogFromBytes(
      readFileSync(new URL('../../../public/samples/demo.jsonl', import.meta.url)),
    );
    const axis = timeAxis(log);
    if (!axis) throw new Error('expected a time axis');
    expect(axis.markers.map((m) => Math.round(m.ms / 1000)).sort((a, b) => a - b)).toEqual([30, 45]);
    const idle = axis.markers.reduce((sum, m) => sum + (m.x1 - m.x0), 0);
    expect(idle).toBeLessThan(0.1);
    // The largest share of the bar between two consecutive events is small: no gap eats the bar.
    let widest = 0;
    for (let s = 1; s < log.eventCount; s++) widest = Math.max(widest, axis.xOf(s) - axis.xOf(s - 1));
    expect(widest).toBeLessThan(0.2);
    checkInvertible(axis, log.eventCount);
  });

  it('is null without times (or with all times equal): use the seq axis then', () => {
    expect(timeAxis(column([undefined, undefined]))).toBeNull();
    expect(timeAxis(column([5, 5, 5]))).toBeNull();
    expect(timeAxis(column([]))).toBeNull();
    expect(timeAxis(loadLogFromBytes(readFileSync(new URL('dsh/steering.jsonl', SAMPLES))))).toBeNull();
  });
});

describe('axes on a generated 50k-event log', () => {
  let log: SessionLog;
  beforeAll(() => {
    log = loadLogFromText(generateLogText({ events: 50_000, seed: 7 }));
  });

  it('time axis: monotone, invertible, and equal to a naive per-event computation', () => {
    const n = log.eventCount;
    expect(n).toBe(50_000);
    const threshold = 30_000;
    const axis = timeAxis(log, { gapThresholdMs: threshold });
    if (!axis) throw new Error('expected a time axis');
    checkInvertible(axis, n);
    // Naive: active ms and compressed gap count before each event.
    const active: number[] = [];
    const gaps: number[] = [];
    let a = 0;
    let g = 0;
    let last: number | undefined;
    for (let s = 0; s < n; s++) {
      const t = log.timeOf(s);
      if (t !== undefined && last !== undefined) {
        if (t - last > threshold) g++;
        else if (t > last) a += t - last;
      }
      if (t !== undefined) last = t;
      active.push(a);
      gaps.push(g);
    }
    expect(axis.markers).toHaveLength(g);
    expect(g).toBeGreaterThan(5);
    const f = Math.min(0.02, 0.25 / g);
    const w = (f * a) / (1 - g * f);
    for (let s = 0; s < n; s += 37) {
      expect(axis.xOf(s)).toBeCloseTo(((active[s] ?? 0) + (gaps[s] ?? 0) * w) / (a + g * w), 9);
    }
    // seqAt is monotone over a fine grid of x and covers the log.
    let prev = 0;
    for (let i = 0; i <= 5000; i++) {
      const s = axis.seqAt(i / 5000);
      expect(s).toBeGreaterThanOrEqual(prev);
      prev = s;
    }
    expect(axis.seqAt(0)).toBe(0);
    expect(axis.seqAt(1)).toBe(n - 1);
    // Markers sit between their events, in order.
    for (const m of axis.markers) {
      expect(m.x0).toBeLessThan(m.x1);
      expect(m.ms).toBeGreaterThan(threshold);
      expect(axis.seqAt(m.x1)).toBeGreaterThanOrEqual(m.seq);
      expect(axis.seqAt((m.x0 + m.x1) / 2)).toBeLessThan(m.seq);
    }
  });

  it('keeps few knots and gives the same answers at any knot spacing', () => {
    const coarse = timeAxis(log, { maxKnots: 16 });
    const fine = timeAxis(log);
    if (!coarse || !fine) throw new Error('expected a time axis');
    for (let s = 0; s < log.eventCount; s += 101) expect(coarse.xOf(s)).toBe(fine.xOf(s));
    for (let i = 0; i <= 300; i++) expect(coarse.seqAt(i / 300)).toBe(fine.seqAt(i / 300));
  });

  it('seq axis is invertible on it too', () => {
    checkInvertible(seqAxis(log.eventCount), log.eventCount);
  });

  it('spans turns and steps in order, inside [0, 1] (the scrubber bands)', () => {
    for (const axis of [seqAxis(log.eventCount), timeAxis(log)]) {
      if (!axis) throw new Error('expected a time axis');
      const band = (s: { startSeq: number; lastSeq: number }) => {
        const [x0, x1] = axis.span(s.startSeq, s.lastSeq);
        return { startSeq: s.startSeq, x0, x1 };
      };
      const turns = log.structure.turns.map(band);
      const steps = log.structure.steps.map(band);
      expect(turns).toHaveLength(log.structure.turns.length);
      expect(steps).toHaveLength(log.structure.steps.length);
      for (const list of [turns, steps]) {
        for (let i = 0; i < list.length; i++) {
          const b = list[i];
          if (!b) continue;
          expect(b.x0).toBeLessThanOrEqual(b.x1);
          expect(b.x0).toBeGreaterThanOrEqual(0);
          expect(b.x1).toBeLessThanOrEqual(1);
          const next = list[i + 1];
          if (next) expect(b.x1).toBeLessThanOrEqual(next.x0);
        }
      }
      const first = steps[0];
      expect(first?.x0).toBe(axis.span(first?.startSeq ?? 0, 0)[0]);
    }
  });

  it('merges 50,000 ticks into at most one mark per pixel', () => {
    // A deterministic scatter of 50k seqs (unsorted, with repeats and junk).
    const seqs: number[] = [];
    let x = 12345;
    for (let i = 0; i < 50_000; i++) {
      x = (x * 1103515245 + 12345) % 2147483648;
      seqs.push(x % log.eventCount);
    }
    seqs.push(-1, log.eventCount, NaN);
    for (const axis of [seqAxis(log.eventCount), timeAxis(log)]) {
      if (!axis) throw new Error('expected a time axis');
      for (const width of [1, 37, 300, 1200.5]) {
        const marks = bucketTicks(axis, seqs, width);
        expect(marks.length).toBeLessThanOrEqual(Math.ceil(width));
        expect(marks.reduce((n, m) => n + m.count, 0)).toBe(50_000);
        let prevPx = -1;
        for (const m of marks) {
          expect(m.px).toBeGreaterThan(prevPx);
          expect(m.px).toBeLessThan(Math.ceil(width));
          prevPx = m.px;
          expect(m.firstSeq).toBeLessThanOrEqual(m.lastSeq);
          for (const s of [m.firstSeq, m.lastSeq])
            expect(Math.min(Math.ceil(width) - 1, Math.floor(axis.xOf(s) * Math.ceil(width)))).toBe(m.px);
        }
      }
    }
    expect(bucketTicks(seqAxis(10), [], 100)).toEqual([]);
    expect(bucketTicks(seqAxis(10), [0, 0, 9], 2)).toEqual([
      { px: 0, count: 2, firstSeq: 0, lastSeq: 0 },
      { px: 1, count: 1, firstSeq: 9, lastSeq: 9 },
    ]);
  });

  it('bucketTicks with severities keeps the worst per column (diagnostic ticks)', () => {
    const axis = seqAxis(10);
    expect(bucketTicks(axis, [9, 0, 1, 8], 2, ['info', 'warning', 'error', 'warning'])).toEqual([
      { px: 0, count: 2, firstSeq: 0, lastSeq: 1, severity: 'error' },
      { px: 1, count: 2, firstSeq: 8, lastSeq: 9, severity: 'warning' },
    ]);
  });
});
