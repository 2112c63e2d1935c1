/** The index's progress: a bar redrawn in place on a terminal, JSON lines for a program. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonProgress, terminalProgress, type ProgressState } from './progress';

const state = (done: number, extra: Partial<ProgressState> = {}): ProgressState => ({
  total: 4,
  done,
  skipped: 1,
  failed: 0,
  bytes: done * 1024 * 1024,
  totalBytes: 4 * 1024 * 1024,
  ...extra,
});

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(1_000_000);
});
afterEach(() => vi.useRealTimers());

describe('terminalProgress', () => {
  it('redraws one line in place, at most every 200 ms, and ends it when done', () => {
    const out: string[] = [];
    const p = terminalProgress((s) => out.push(s), 10);
    vi.advanceTimersByTime(1000);
    p.update(state(1));
    p.update(state(2)); // too soon: not drawn
    expect(out).toHaveLength(1);
    expect(out[0]).toBe('\r[###-------] 1/4 logs (1 unchanged) 1.0 MiB/4.0 MiB 1.0 logs/s eta 3 s\x1b[K');
    vi.advanceTimersByTime(250);
    p.update(state(2));
    expect(out).toHaveLength(2);
    expect(out[1]).toMatch(/^\r\[#####-----\] 2\/4 logs/);
    p.finish(state(4), {});
    const [last, end] = out.slice(-2);
    expect(last).toMatch(/^\r\[##########\] 4\/4 logs .* 4\.0 MiB\/4\.0 MiB [\d.]+ logs\/s/);
    expect(last?.endsWith('\x1b[K')).toBe(true); // clears what a longer line left
    expect(end).toBe('\n');
  });

  it('writes nothing when nothing was drawn but the last line', () => {
    const out: string[] = [];
    terminalProgress((s) => out.push(s), 4).finish(state(0, { total: 0, totalBytes: 0 }), {});
    expect(out).toEqual(['\r[####] 0/0 logs (1 unchanged) 0 B/0 B 0.0 logs/s\x1b[K', '\n']);
  });
});

describe('jsonProgress', () => {
  it('writes one JSON object a line: throttled progress, always the last one, then done', () => {
    const out: string[] = [];
    const p = jsonProgress((s) => out.push(s));
    vi.advanceTimersByTime(1000);
    p.update(state(1));
    p.update(state(2)); // throttled
    p.update(state(4)); // the last: always written
    p.finish(state(4), { out: '/tmp/lib', rows: { sessions: 4 } });
    const events = out.map((l) => {
      expect(l.endsWith('\n')).toBe(true);
      return JSON.parse(l) as Record<string, unknown>;
    });
    expect(events.map((e) => [e.event, e.done])).toEqual([
      ['progress', 1],
      ['progress', 4],
      ['done', 4],
    ]);
    expect(events[2]).toMatchObject({ total: 4, skipped: 1, out: '/tmp/lib', rows: { sessions: 4 } });
  });
});
