/**
 * A log whose times jump back and forth has a gap at every other event: the replay axis view
 * carries the longest MAX_GAP_MARKERS of them and their knots, not a marker per gap (audit 28 N2:
 * a million markers made a 1.2 s main-thread task when the Time axis was chosen).
 */
import { describe, expect, it } from 'vitest';
import { timeAxis } from '../core/replay/axis';
import { MAX_GAP_MARKERS, shownGapMarkers } from './gapMarkers';
import { OpenLog } from './openLog';
import { ReplayQueries } from './replayQueries';

function jumpingLog(events: number): OpenLog {
  const t0 = 1_700_000_000_000;
  const lines: string[] = [];
  for (let s = 0; s < events; s++) {
    // back and forth by a day; each forward jump a little longer, so the longest are known
    const time = s === events - 1 ? t0 + 3_600_000 : s % 2 === 0 ? t0 : t0 + 86_400_000 + s;
    lines.push(JSON.stringify({ type: 'note/x', time, data: { r: s } }));
  }
  const session = new OpenLog(1, 'text', 'gaps.jsonl');
  session.push(new TextEncoder().encode(`${lines.join('\n')}\n`));
  session.end();
  return session;
}

describe('gap markers of the replay axis view', () => {
  it('a log of 6,000 back-and-forth events: 512 markers, the longest, and knots bounded', () => {
    const session = jumpingLog(6000);
    const all = timeAxis(session.log)?.markers ?? [];
    expect(all.length).toBeGreaterThan(2 * MAX_GAP_MARKERS);
    const v = new ReplayQueries(session, { matchSeqs: () => null }).axis('time', 800);
    expect(v.markers).toHaveLength(MAX_GAP_MARKERS);
    const shortestShown = Math.min(...v.markers.map((m) => m.ms));
    expect(all.filter((m) => m.ms > shortestShown).length).toBeLessThan(MAX_GAP_MARKERS);
    expect(v.markers.map((m) => m.seq)).toEqual([...v.markers.map((m) => m.seq)].sort((a, b) => a - b));
    expect(v.knotSeqs.length).toBeLessThanOrEqual(4096 + 2 * MAX_GAP_MARKERS);
  });

  it('keeps every marker when there are few, and breaks ties in seq order', () => {
    const m = (seq: number, ms: number) => ({ beforeSeq: seq - 1, seq, ms, x0: 0, x1: 0, label: '' });
    const few = [m(1, 5), m(3, 9)];
    expect(shownGapMarkers(few, 4)).toBe(few);
    const tied = [m(1, 5), m(3, 9), m(5, 5), m(7, 5)];
    expect(shownGapMarkers(tied, 3).map((x) => x.seq)).toEqual([1, 3, 5]);
  });
});
