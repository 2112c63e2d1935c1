// @vitest-environment jsdom
import { act } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { EventDetail } from '../../worker/protocol';
import { selectPosition, settleSelection, useApp } from '../appState';
import { render } from '../components/testRender';
import { fail } from '../../worker/protocol';
import { FakeClient } from '../testing/fakeClient';
import { resetStores } from '../testing/fixtures';
import { renderWithClient, settle } from '../testing/paneHarness';
import { Inspector } from './Inspector';
import { PaneBoundary } from '../components/PaneBoundary';
import { limitDepthAndWidth, MAX_POST_WIDTH } from '../../core/depthLimit';
import { seqRuns } from '../../core/view/seqRuns';
import { LIST_BOUND } from '../components/boundedList';

function detail(seq: number): EventDetail {
  return {
    seq,
    type: 'user/message',
    line: seq + 1,
    event: { type: 'user/message', seq, time: 0, data: { content: [{ type: 'text', text: `hi ${seq}` }] } },
    raw: `{"seq":${seq}}`,
    rawBytes: 10,
    rawTruncated: false,
    diagnostics: [],
  };
}

/** The Inspector rendered over `client`, once its first answer has settled. */
async function showInspector(client: FakeClient): Promise<HTMLElement> {
  const el = renderWithClient(client, <Inspector />);
  await settle();
  return el;
}

/** A client answering every seq with `event` cut as the worker cuts it (queries.ts event()). */
function answeringCut(event: EventDetail['event']): FakeClient {
  const posted = limitDepthAndWidth(event, 100, 150);
  return new FakeClient({
    event: (req) => ({ ...detail(req.seq), event: posted.value, leftOut: posted.leftOut }),
  });
}

beforeEach(() => {
  resetStores();
  useApp.setState({ status: 'ready', events: 10, selectedSeq: 3, settledSeq: 3 });
});

describe('Inspector (through a fake worker)', () => {
  it('shows the event the worker answers for the selected seq, and follows the selection', async () => {
    const client = new FakeClient({ event: (req) => detail(req.seq) });
    const el = await showInspector(client);
    expect(el.querySelector('[data-testid=inspector]')?.getAttribute('data-seq')).toBe('3');
    act(() => useApp.setState({ selectedSeq: 7, settledSeq: 7 }));
    await settle();
    expect(el.querySelector('[data-testid=inspector]')?.getAttribute('data-seq')).toBe('7');
    expect(client.sent('event').map((r) => r.seq)).toEqual([3, 7]);
    expect(client.requests.every((r) => r.lane === 'event')).toBe(true);
  });

  it("shows the worker's error for the selected seq, never a stale event in its place", async () => {
    const client = new FakeClient({
      event: (req) => (req.seq === 5 ? fail('out-of-range', 'no such event') : detail(req.seq)),
    });
    const el = await showInspector(client);
    act(() => useApp.setState({ selectedSeq: 5, settledSeq: 5 }));
    await settle();
    expect(el.querySelector('[data-testid=inspector-error]')?.textContent).toBe(
      'The event at seq 5 could not be shown: no such event',
    );
    expect(el.querySelector('[data-testid=inspector]')).toBeNull();
  });

  it('asks nothing while a drag moves the selection ahead of the settled seq, keeps its event, and asks where it settles', async () => {
    const client = new FakeClient({ event: (req) => detail(req.seq) });
    const el = await showInspector(client);
    for (const seq of [4, 5, 6]) act(() => selectPosition(seq, null, { settle: false }));
    await settle();
    expect(client.sent('event').map((r) => r.seq)).toEqual([3]);
    expect(el.querySelector('[data-testid=inspector]')?.getAttribute('data-seq')).toBe('3');
    act(() => settleSelection());
    await settle();
    expect(client.sent('event').map((r) => r.seq)).toEqual([3, 6]);
    expect(el.querySelector('[data-testid=inspector]')?.getAttribute('data-seq')).toBe('6');
  });
});

describe('Inspector section headings', () => {
  it('names fields in words ("Source event seqs"), as headings in sentence case, not a field name in capitals', async () => {
    const withSources: EventDetail = {
      ...detail(3),
      type: 'assistant/message',
      event: {
        type: 'assistant/message',
        seq: 3,
        time: 0,
        data: { role: 'assistant', content: [{ type: 'text', text: 'ok' }] },
        sourceEventSeqs: [1, 2],
      },
    };
    const client = new FakeClient({ event: () => withSources });
    const el = await showInspector(client);
    const headings = [...el.querySelectorAll('h3')];
    expect(headings.map((h) => h.textContent)).toContain('Source event seqs');
    expect(headings.map((h) => h.textContent)).not.toContain('sourceEventSeqs');
    // Drawn as written: no CSS turns it back into "SOURCE EVENT SEQS".
    for (const h of headings) expect(h.className).not.toMatch(/\buppercase\b/);
    expect(el.querySelector('[data-testid=source-seqs]')?.textContent).toBe('12');
  });

  it('an event time past the range of dates (nanoseconds, 1e308) is shown as a number, never thrown (R8-13)', async () => {
    const times: Record<number, number> = { 3: 1.755e18, 7: 1e308 };
    const client = new FakeClient({
      event: (req) => ({ ...detail(req.seq), time: times[req.seq] as number }),
    });
    const el = await showInspector(client);
    expect(el.querySelector('[data-testid=inspector-when]')?.textContent).toBe(
      '1755000000000000000 (not a date: outside the range of dates)',
    );
    act(() => useApp.setState({ selectedSeq: 7, settledSeq: 7 }));
    await settle();
    expect(el.querySelector('[data-testid=inspector-when]')?.textContent).toMatch(/^1e\+308 \(not a date/);
  });
});

describe('a pane that fails to render (R8-13)', () => {
  it('shows what failed in that pane only; Try again renders it anew', async () => {
    let fail = true;
    function Fragile() {
      if (fail) throw new Error('Invalid time value');
      return <p data-testid="fragile">fine</p>;
    }
    const el = render(
      <div>
        <PaneBoundary label="Inspector">
          <Fragile />
        </PaneBoundary>
        <p data-testid="sibling">still here</p>
      </div>,
    );
    expect(el.querySelector('[role=alert]')?.textContent).toContain(
      'The inspector pane could not show this event.',
    );
    expect(el.querySelector('[role=alert]')?.textContent).toContain('Invalid time value');
    expect(el.querySelector('[data-testid=sibling]')?.textContent).toBe('still here');
    fail = false;
    act(() => (el.querySelector('[role=alert] button') as HTMLButtonElement).click());
    expect(el.querySelector('[data-testid=fragile]')?.textContent).toBe('fine');
  });
});

describe('Inspector: an event cut in width by the worker (R7-8)', () => {
  it('says how much was left out, and the cut object ends in its marker', async () => {
    const data: Record<string, number> = {};
    for (let i = 0; i < 200_000; i++) data[`k${i}`] = i;
    // What the worker answers: the event cut to its first keys.
    const el = await showInspector(answeringCut({ type: 'plugin/wide', seq: 3, time: 0, data }));
    expect(el.querySelector('[data-testid=inspector-cut]')?.textContent).toContain(
      '199,850 keys and items not shown',
    );
    // The tree pages 100 keys; the next page ends in the marker.
    const more = el.querySelector<HTMLButtonElement>('[data-testid=json-more]');
    expect(more?.textContent).toContain('51 remaining');
    act(() => more?.click());
    const paths = [...el.querySelectorAll('[data-testid=json-row]')].map((r) => r.getAttribute('data-path'));
    expect(paths.at(-1)).toBe('.data.["… +199,850 more keys"]');
    expect(paths.length).toBeLessThan(160);
  });

  it('a cut list of source seqs shows its seqs as links and the marker as text, never as a seq', async () => {
    const sourceEventSeqs = Array.from({ length: 5000 }, (_, i) => i);
    const el = await showInspector(
      answeringCut({ type: 'assistant/message', seq: 3, time: 0, data: {}, sourceEventSeqs }),
    );
    const seqs = el.querySelector('[data-testid=source-seqs]')!;
    // 0..149 consecutive: one run, its ends as links.
    expect([...seqs.querySelectorAll('button')].map((b) => b.textContent)).toEqual(['0', '149']);
    expect(seqs.textContent).toMatch(/^0–149\+4,850 more items: see Raw line$/);
  });

  it('scattered source seqs: at most LIST_BOUND drawn, the rest counted, then the cut marker', async () => {
    const sourceEventSeqs = Array.from({ length: 5000 }, (_, i) => 2 * i + 10);
    // Cut as the worker cuts it: the first MAX_POST_WIDTH seqs, then the marker.
    const posted = limitDepthAndWidth({
      type: 'assistant/message',
      seq: 3,
      time: 0,
      data: {},
      sourceEventSeqs,
    });
    const el = await showInspector(
      new FakeClient({ event: (req) => ({ ...detail(req.seq), event: posted.value }) }),
    );
    const seqs = el.querySelector('[data-testid=source-seqs]')!;
    expect(seqs.querySelectorAll('button')).toHaveLength(LIST_BOUND);
    const more = (MAX_POST_WIDTH - LIST_BOUND).toLocaleString('en-US');
    expect(seqs.querySelector('[data-testid=seq-runs-more]')?.textContent).toBe(`… +${more} more`);
    expect(seqs.textContent).toMatch(/\+4,000 more items: see Raw line$/);
  });

  it('a compaction that hid 120,000 nodes: the count, at most LIST_BOUND links, and how many more (R10-6)', async () => {
    const hidden = Array.from({ length: 120_000 }, (_, i) => 3 * i + 10);
    const client = new FakeClient({ event: (req) => ({ ...detail(req.seq), replaces: seqRuns(hidden) }) });
    const el = await showInspector(client);
    const section = el.querySelector('[data-testid=replaces-seqs]')!;
    expect(section.parentElement?.textContent).toContain('Replaces 120,000 nodes');
    expect(section.querySelectorAll('button').length).toBeLessThanOrEqual(LIST_BOUND);
    expect(section.querySelector('[data-testid=seq-runs-more]')?.textContent).toBe(
      `… +${(120_000 - LIST_BOUND).toLocaleString('en-US')} more`,
    );
    expect(el.querySelectorAll('button').length).toBeLessThan(LIST_BOUND + 50);
  });

  it('consecutive hidden nodes read as one range', async () => {
    const hidden = Array.from({ length: 40_000 }, (_, i) => 5 + i);
    const client = new FakeClient({ event: (req) => ({ ...detail(req.seq), replaces: seqRuns(hidden) }) });
    const el = await showInspector(client);
    expect(el.querySelector('[data-testid=replaces-seqs]')?.textContent).toBe('5–40004');
  });
});

describe('Inspector of a log with no events (issue 14: an empty file)', () => {
  it('says there is no event to inspect, never "Select an event", and asks for none', async () => {
    useApp.setState({ status: 'ready', events: 0, selectedSeq: null, settledSeq: null });
    const client = new FakeClient({ event: (req) => detail(req.seq) });
    const el = await showInspector(client);
    expect(el.textContent).toBe('InspectorNo event to inspect: this log has none.');
    expect(client.sent('event')).toEqual([]);
  });
});
