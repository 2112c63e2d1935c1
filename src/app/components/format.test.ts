import { describe, expect, it } from 'vitest';
import {
  formatClockOffset,
  eventTypeBadgeClass,
  eventTypeFamily,
  formatBytes,
  formatDuration,
  formatInOut,
  formatRelativeTime,
  formatTokens,
  formatUsd,
  roleClass,
  turnEndReasonClass,
} from './format';
import { formatBytes as coreFormatBytes } from '../../core/view/byteSize';
import { formatDuration as coreFormatDuration } from '../../core/view/duration';
import { formatUsd as coreFormatUsd } from '../../core/view/usd';

describe('formatDuration', () => {
  it("is the core's one duration formatter (its cases: core/view/duration.test.ts)", () => {
    expect(formatDuration).toBe(coreFormatDuration);
  });
});

describe('formatUsd', () => {
  it("is the core's one cost formatter (its cases: core/view/usd.test.ts)", () => {
    expect(formatUsd).toBe(coreFormatUsd);
  });
});

describe('formatTokens', () => {
  it('formats each range', () => {
    expect(formatTokens(0)).toBe('0');
    expect(formatTokens(950)).toBe('950');
    expect(formatTokens(999)).toBe('999');
    expect(formatTokens(1000)).toBe('1.0k');
    expect(formatTokens(12_345)).toBe('12.3k');
    expect(formatTokens(123_456)).toBe('123k');
    expect(formatTokens(999_999)).toBe('1.0M');
    expect(formatTokens(1_234_567)).toBe('1.2M');
    expect(formatTokens(NaN)).toBe('—');
  });
});

describe('formatInOut', () => {
  it('"in" is all the input read: the uncached input plus the cache reads and writes', () => {
    // The Claude Code sample fe869ecb's totals: 279 uncached, 1,164,952 read, 83,966 written.
    const u = { inputTokens: 279, outputTokens: 2201, cacheReadTokens: 1_164_952, cacheWriteTokens: 83_966 };
    expect(formatInOut(u)).toBe('1.2M in · 2.2k out');
    expect(formatInOut(u, true)).toBe('1.2M→2.2k tok');
    expect(formatInOut({ inputTokens: 950, outputTokens: 3 })).toBe('950 in · 3 out');
  });
});

describe('formatBytes', () => {
  it("is the core's one byte-size formatter (its cases: core/view/byteSize.test.ts)", () => {
    expect(formatBytes).toBe(coreFormatBytes);
  });
});

describe('formatRelativeTime', () => {
  it('is seconds with milliseconds, then minutes and hours', () => {
    expect(formatRelativeTime(0)).toBe('+0.000 s');
    expect(formatRelativeTime(1234)).toBe('+1.234 s');
    expect(formatRelativeTime(59_999)).toBe('+59.999 s');
    expect(formatRelativeTime(125_300)).toBe('+2 m 05.300 s');
    expect(formatRelativeTime(3_725_300)).toBe('+1 h 02 m 05.300 s');
    expect(formatRelativeTime(-20)).toBe('-0.020 s');
  });
});

describe('formatClockOffset', () => {
  it('uses one clock notation: milliseconds under an hour, whole seconds after', () => {
    expect(formatClockOffset(0)).toBe('+0:00.000');
    expect(formatClockOffset(9740)).toBe('+0:09.740');
    expect(formatClockOffset(33_180)).toBe('+0:33.180');
    expect(formatClockOffset(528_100)).toBe('+8:48.100');
    expect(formatClockOffset(1_244_000)).toBe('+20:44.000');
    expect(formatClockOffset(3_599_999.6)).toBe('+1:00:00'); // rounds up into the hour form
    expect(formatClockOffset(3_600_000)).toBe('+1:00:00');
    expect(formatClockOffset(43_387_000)).toBe('+12:03:07');
    expect(formatClockOffset(-1500)).toBe('-0:01.500');
    expect(formatClockOffset(Number.NaN)).toBe('—');
  });

  it('keeps one width per magnitude (fixed-width friendly) and at most 10 characters', () => {
    for (const ms of [0, 1, 999, 1000, 59_999, 60_000, 599_999])
      expect(formatClockOffset(ms)).toHaveLength(9);
    for (const ms of [600_000, 3_599_000]) expect(formatClockOffset(ms)).toHaveLength(10);
    for (const ms of [3_600_000, 35_999_000]) expect(formatClockOffset(ms)).toHaveLength(8);
    expect(formatClockOffset(99 * 3_600_000)).toHaveLength(9);
  });

  it('says days, then years, for far-off times, never wider than 10 characters (audit R18-6)', () => {
    const day = 86_400_000;
    expect(formatClockOffset(100 * 3_600_000)).toBe('+4d 04h');
    expect(formatClockOffset(999 * day + 23 * 3_600_000)).toBe('+999d 23h');
    expect(formatClockOffset(1000 * day)).toBe('+3 y');
    expect(formatClockOffset(8.64e15)).toBe('+10k+ y'); // was +2399999999:59:59
    expect(formatClockOffset(-8.64e15)).toBe('-10k+ y');
    for (const ms of [1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e15, 1e300])
      expect(formatClockOffset(ms).length).toBeLessThanOrEqual(10);
    expect(formatRelativeTime(8.64e15)).toBe('+10k+ y');
    expect(formatRelativeTime(5 * 365.25 * day)).toBe('+5 y');
  });
});

describe('colour classes', () => {
  it('maps turn-end reasons to tones', () => {
    expect(turnEndReasonClass('completed')).toContain('green');
    expect(turnEndReasonClass('aborted')).toContain('amber');
    expect(turnEndReasonClass('blocked')).toContain('orange');
    expect(turnEndReasonClass('error')).toContain('red');
    expect(turnEndReasonClass('max-tokens')).toContain('purple');
    expect(turnEndReasonClass('interrupted')).toContain('text-fg-soft');
    expect(turnEndReasonClass('something-new')).toContain('slate');
  });
  it('groups event types into families', () => {
    expect(eventTypeFamily('user/message')).toBe('user');
    expect(eventTypeFamily('assistant/chunk')).toBe('assistant');
    expect(eventTypeFamily('tool/result')).toBe('tool');
    expect(eventTypeFamily('turn/end')).toBe('turn');
    expect(eventTypeFamily('step/start')).toBe('step');
    expect(eventTypeFamily('compaction/summary')).toBe('compaction');
    expect(eventTypeFamily('request/header')).toBe('request');
    expect(eventTypeFamily('llm/retry')).toBe('llm');
    expect(eventTypeFamily('todo/write')).toBe('unknown');
    expect(eventTypeFamily('userx/message')).toBe('unknown');
    expect(eventTypeFamily('')).toBe('unknown');
  });
  it('gives each family a distinct badge colour', () => {
    const types = [
      'user/message',
      'assistant/message',
      'tool/call',
      'turn/start',
      'step/end',
      'compaction/start',
      'request/context',
      'llm/retry',
      'hook/x',
    ];
    const classes = types.map(eventTypeBadgeClass);
    expect(new Set(classes).size).toBe(types.length);
    expect(eventTypeBadgeClass('hook/x')).toContain('slate');
    expect(roleClass('assistant')).not.toBe(roleClass('user'));
  });
});
