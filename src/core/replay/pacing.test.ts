import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codePointLength, truncateCodePoints } from '../analysis/assemble';
import { deltaLengthAt } from './position';
import {
  PlaybackClock,
  clampSpeed,
  gapBefore,
  nextDue,
  revealCount,
  stepSpeed,
  type Pacing,
  type TimeColumn,
} from './pacing';
import { logOfRows, rows as r } from './testing';

function column(times: readonly (number | undefined)[]): TimeColumn {
  return { eventCount: times.length, timeOf: (s) => times[s] };
}

// Gaps: 100, 200, 45 000 (idle: skipped), 100, untimed, untimed.
const times = [0, 100, 300, 45_300, 45_400, undefined, 45_600];
const real: Pacing = { kind: 'real' };

describe('gaps and nextDue', () => {
  it('plays recorded gaps, skips idle ones and paces untimed stretches uniformly', () => {
    const log = column(times);
    expect([1, 2, 3, 4, 5, 6].map((s) => gapBefore(log, s, real))).toEqual([
      { playMs: 100, skippedMs: 0, untimed: false },
      { playMs: 200, skippedMs: 0, untimed: false },
      { playMs: 250, skippedMs: 45_000, untimed: false },
      { playMs: 100, skippedMs: 0, untimed: false },
      { playMs: 100, skippedMs: 0, untimed: true },
      { playMs: 100, skippedMs: 0, untimed: true },
    ]);
    const custom: Pacing = { kind: 'real', idleGapMs: 50_000, skippedGapMs: 0, untimedEventsPerSecond: 4 };
    expect(gapBefore(log, 3, custom)).toEqual({ playMs: 45_000, skippedMs: 0, untimed: false });
    expect(gapBefore(log, 5, custom).playMs).toBe(250);
    expect(gapBefore(column([10, 5]), 1, real)).toEqual({ playMs: 0, skippedMs: 0, untimed: false });
  });

  it('reports the next event, its delay at a speed, the skipped gap, and null at the end', () => {
    const log = column(times);
    expect(nextDue(log, 2, real, 1)).toEqual({ seq: 3, delayMs: 250, skippedMs: 45_000, untimed: false });
    expect(nextDue(log, 0, real, 2)).toEqual({ seq: 1, delayMs: 50, skippedMs: 0, untimed: false });
    expect(nextDue(log, 1, real, 0.25)?.delayMs).toBe(800);
    expect(nextDue(log, 0, real, 100)?.delayMs).toBe(100 / 16); // clamped to 16x
    expect(nextDue(log, 6, real, 1)).toBeNull();
    const uniform: Pacing = { kind: 'uniform', eventsPerSecond: 4 };
    expect(nextDue(log, 2, uniform, 1)).toEqual({ seq: 3, delayMs: 250, skippedMs: 0, untimed: false });
    expect(nextDue(log, 2, uniform, 8)?.delayMs).toBe(31.25);
  });

  it('clamps and steps speeds over 0.25x..16x', () => {
    expect([clampSpeed(0.1), clampSpeed(3), clampSpeed(99), clampSpeed(NaN)]).toEqual([0.25, 3, 16, 1]);
    expect([
      stepSpeed(1, 1),
      stepSpeed(1, -1),
      stepSpeed(16, 1),
      stepSpeed(0.25, -1),
      stepSpeed(3, 1),
    ]).toEqual([2, 0.5, 16, 0.25, 4]);
  });
});

describe('PlaybackClock', () => {
  it('maps elapsed wall time to the showing seq and back, at speeds, from any start', () => {
    const clock = new PlaybackClock(column(times), real);
    expect([0, 1, 2, 3, 4, 5, 6].map((s) => clock.offsetOf(s))).toEqual([0, 100, 300, 550, 650, 750, 850]);
    expect(clock.durationMs).toBe(850);
    expect(clock.skippedBetween(0, 6)).toBe(45_000);
    expect(clock.skippedBetween(3, 6)).toBe(0);
    expect(clock.seqAtElapsed(0, 549, 1)).toBe(2);
    expect(clock.seqAtElapsed(0, 550, 1)).toBe(3);
    expect(clock.seqAtElapsed(0, 275, 2)).toBe(3);
    expect(clock.seqAtElapsed(0, 274, 2)).toBe(2);
    expect(clock.seqAtElapsed(2, 0, 1)).toBe(2);
    expect(clock.seqAtElapsed(2, 350, 1)).toBe(4);
    expect(clock.seqAtElapsed(0, 1e9, 1)).toBe(6);
    expect(clock.seqAtElapsed(0, -5, 1)).toBe(0);
    expect(clock.elapsedAt(0, 3, 2)).toBe(275);
    expect(clock.elapsedAt(2, 4, 1)).toBe(350);
    expect(clock.elapsedAt(4, 2, 1)).toBe(0);

    const uniform = new PlaybackClock(column(times), { kind: 'uniform', eventsPerSecond: 4 });
    expect(uniform.seqAtElapsed(2, 600, 1)).toBe(4);
    expect(uniform.seqAtElapsed(2, 600, 4)).toBe(6);
    expect(uniform.elapsedAt(0, 6, 0.5)).toBe(3000);
  });

  it('plays a log without any time uniformly', () => {
    const clock = new PlaybackClock(column([undefined, undefined, undefined]), real);
    expect(clock.durationMs).toBe(200);
    expect(clock.seqAtElapsed(0, 150, 1)).toBe(1);
  });

  it('handles an empty log', () => {
    const clock = new PlaybackClock(column([]), real);
    expect([clock.durationMs, clock.seqAtElapsed(0, 10, 1), clock.elapsedAt(0, 3, 1)]).toEqual([0, 0, 0]);
    expect(nextDue(column([]), 0, real, 1)).toBeNull();
  });

  const timesArb = fc.array(
    fc.oneof(
      { weight: 6, arbitrary: fc.integer({ min: 0, max: 1500 }) }, // ordinary gap
      { weight: 1, arbitrary: fc.integer({ min: 2001, max: 600_000 }) }, // idle
      { weight: 1, arbitrary: fc.integer({ min: -3000, max: -1 }) }, // backwards
      { weight: 1, arbitrary: fc.constant(null) }, // no time
    ),
    { minLength: 1, maxLength: 120 },
  );
  const pacingArb: fc.Arbitrary<Pacing> = fc.oneof(
    fc.constant<Pacing>({ kind: 'real' }),
    fc.record({ kind: fc.constant('real' as const), skippedGapMs: fc.integer({ min: 0, max: 1000 }) }),
    fc.record({
      kind: fc.constant('uniform' as const),
      eventsPerSecond: fc.double({ min: 0.5, max: 200, noNaN: true }),
    }),
  );
  const toColumn = (gaps: (number | null)[]) => {
    let t = 1_760_000_000_000;
    return column(gaps.map((g) => (g === null ? undefined : (t += g))));
  };

  it('property: seqAtElapsed is non-decreasing in elapsed and reaches the last seq', () => {
    fc.assert(
      fc.property(
        timesArb,
        pacingArb,
        fc.constantFrom(0.25, 0.5, 1, 2, 16),
        fc.array(fc.double({ min: 0, max: 2_000_000, noNaN: true }), { minLength: 2, maxLength: 30 }),
        fc.nat(),
        fc.integer({ min: 1, max: 9 }),
        (gaps, pacing, speed, elapsed, startRaw, maxKnots) => {
          const log = toColumn(gaps);
          const clock = new PlaybackClock(log, pacing, { maxKnots });
          const start = startRaw % log.eventCount;
          const sorted = [...elapsed].sort((a, b) => a - b);
          let prev = start;
          for (const e of sorted) {
            const s = clock.seqAtElapsed(start, e, speed);
            expect(s).toBeGreaterThanOrEqual(prev);
            prev = s;
          }
          const end = clock.elapsedAt(start, log.eventCount - 1, speed);
          expect(clock.seqAtElapsed(start, end, speed)).toBe(log.eventCount - 1);
          expect(clock.seqAtElapsed(start, Infinity, speed)).toBe(log.eventCount - 1);
        },
      ),
    );
  });

  it('property: seqAtElapsed and elapsedAt are inverses (up to events due at the same instant)', () => {
    fc.assert(
      fc.property(
        timesArb,
        pacingArb,
        fc.constantFrom(0.25, 1, 3, 16),
        fc.nat(),
        (gaps, pacing, speed, startRaw) => {
          const log = toColumn(gaps);
          const clock = new PlaybackClock(log, pacing, { maxKnots: 4 });
          const start = startRaw % log.eventCount;
          for (let s = start; s < log.eventCount; s++) {
            const e = clock.elapsedAt(start, s, speed);
            const back = clock.seqAtElapsed(start, e, speed);
            // The last event due at that instant: s itself, or a later one due at the same time.
            expect(back).toBeGreaterThanOrEqual(s);
            expect(clock.offsetOf(back)).toBe(clock.offsetOf(s));
            if (back + 1 < log.eventCount) expect(clock.elapsedAt(start, back + 1, speed)).toBeGreaterThan(e);
            // Just before it is due, s is not showing yet (unless due with its predecessor).
            if (s > start && e > 0 && clock.offsetOf(s) > clock.offsetOf(s - 1))
              expect(clock.seqAtElapsed(start, e - 1e-3, speed)).toBeLessThan(s);
          }
        },
      ),
    );
  });

  it('agrees with the per-event gaps at any knot spacing', () => {
    const log = toColumn([0, 5, 100, 3000, null, 7, -20, 40, 9000, 1, 1, 1]);
    const naive: number[] = [0];
    for (let s = 1; s < log.eventCount; s++)
      naive.push((naive[s - 1] as number) + gapBefore(log, s, real).playMs);
    for (const maxKnots of [1, 2, 3, 5, 4096]) {
      const clock = new PlaybackClock(log, real, { maxKnots });
      expect(naive.map((_, s) => clock.offsetOf(s))).toEqual(naive);
    }
  });
});

describe('revealing a delta at the recorded pace', () => {
  it('reveals one code point at once, then evenly until the next event', () => {
    expect([0, 24, 25, 50, 74, 75, 99, 100, 500].map((t) => revealCount(4, t, 100))).toEqual([
      1, 1, 2, 3, 3, 4, 4, 4, 4,
    ]);
    expect(revealCount(4, 0, 0)).toBe(4);
    expect(revealCount(0, 10, 100)).toBe(0);
    expect(revealCount(1, 0, 100)).toBe(1);
  });

  it('counts code points of emoji and CJK deltas, and the preview never splits a character', () => {
    const T = 1_760_000_000_000;
    const cjk = '你好世界';
    const emoji = '😀👍🏽😃';
    const log = logOfRows([
      r.turnStart(1, T),
      r.stepStart(1, 1, T),
      r.text(1, 1, cjk, T + 100), // 2
      r.text(1, 1, emoji, T + 500), // 3
      r.text(1, 1, '!', T + 600), // 4
      r.message(1, 1, cjk + emoji + '!', T + 700),
      r.stepEnd(1, 1, T + 700),
      r.turnEnd(1, T + 700),
    ]);
    expect(emoji.length).toBe(8);
    expect(codePointLength(emoji)).toBe(4); // 👍🏽 is two code points: thumb + skin tone
    expect(deltaLengthAt(log, 2)).toBe(4);
    expect(deltaLengthAt(log, 3)).toBe(4);

    const clock = new PlaybackClock(log, { kind: 'real' });
    const lengthOf = (s: number) => deltaLengthAt(log, s);
    const seen: string[] = [];
    for (let e = 0; e < 700; e += 10) {
      const pos = clock.positionAtElapsed(0, e, 1, lengthOf);
      const text = (log.streamAt(pos.seq, pos.chunk)?.blocks[0] as { text?: string } | undefined)?.text ?? '';
      if (seen[seen.length - 1] !== text) seen.push(text);
      expect(text).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
    }
    const cps = Array.from(cjk + emoji + '!');
    expect(seen).toEqual(['', ...cps.map((_, i) => cps.slice(0, i + 1).join(''))]);
    // The CJK delta is due at 100 ms and the next event at 500: 1..4 characters at 100, 200, 300, 400 ms.
    expect([100, 199, 200, 300, 400, 499].map((e) => clock.positionAtElapsed(0, e, 1, lengthOf))).toEqual([
      { seq: 2, chunk: 1 },
      { seq: 2, chunk: 1 },
      { seq: 2, chunk: 2 },
      { seq: 2, chunk: 3 },
      { seq: 2 },
      { seq: 2 },
    ]);
    // At 2x the same reveal takes half the wall time (due at 50 ms, next at 250 ms).
    expect(clock.positionAtElapsed(0, 100, 2, lengthOf)).toEqual({ seq: 2, chunk: 2 });
    expect(truncateCodePoints(emoji, 2)).toBe('😀👍');
  });
});
