import { describe, expect, it } from 'vitest';
import { codePointLength, truncateCodePoints } from '../analysis/assemble';
import { deltaLengthAt } from './position';
import { clampSpeed, gapBefore, revealCount, type Pacing, type TimeColumn } from './pacing';
import { logOfRows, rows as r } from './testing';

function column(times: readonly (number | undefined)[]): TimeColumn {
  return { eventCount: times.length, timeOf: (s) => times[s] };
}

// Gaps: 100, 200, 45 000 (idle: skipped), 100, untimed, untimed.
const times = [0, 100, 300, 45_300, 45_400, undefined, 45_600];
const real: Pacing = { kind: 'real' };

describe('gaps', () => {
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

  it('clamps speeds to 0.25x..16x', () => {
    expect([clampSpeed(0.1), clampSpeed(3), clampSpeed(99), clampSpeed(NaN)]).toEqual([0.25, 3, 16, 1]);
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

    // Revealing k code points of each delta in turn: one more character each time, never half of one.
    const seen: string[] = [''];
    for (const seq of [2, 3, 4]) {
      for (let k = 1; k <= deltaLengthAt(log, seq); k++) {
        const text = (log.streamAt(seq, k)?.blocks[0] as { text?: string } | undefined)?.text ?? '';
        expect(text).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
        seen.push(text);
      }
    }
    const cps = Array.from(cjk + emoji + '!');
    expect(seen).toEqual(['', ...cps.map((_, i) => cps.slice(0, i + 1).join(''))]);
    // The CJK delta is due at 100 ms and the next event at 500: 1..4 characters at 100, 200, 300, 400 ms.
    expect([0, 99, 100, 200, 300, 399].map((since) => revealCount(4, since, 400))).toEqual([
      1, 1, 2, 3, 4, 4,
    ]);
    expect(truncateCodePoints(emoji, 2)).toBe('😀👍');
  });
});
