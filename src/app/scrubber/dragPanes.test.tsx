// @vitest-environment jsdom
/**
 * A scrubber drag over the real panes (timeline, messages, inspector) and a fake worker: the
 * messages pane follows the drag, the heavy panes follow the settled seq (where the pointer rests
 * or is released), and the inspector keeps its last event on screen meanwhile (review R8 item 3).
 */
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReplayAxisView, RowsWindow, TimelineRow } from '../../worker/protocol';
import { useApp } from '../appState';
import { useReplay } from '../playback/replayState';
import { FakeClient } from '../testing/fakeClient';
import { eventRow, linearSeqAxis, resetStores, userMessageDetail } from '../testing/fixtures';
import { renderWithClient, settle, stubReportingResizeObserver } from '../testing/paneHarness';
import { Inspector } from '../views/Inspector';
import { MessagesPane } from '../views/MessagesPane';
import { Timeline } from '../views/Timeline';
import { seqAtX } from './axisMap';
import { SETTLE_MS } from './dragCommit';
import { Scrubber } from './Scrubber';

// uPlot (reached through the compose graph) reads matchMedia when imported.
await vi.hoisted(async () => (await import('../testing/paneHarness')).stubMatchMedia());

const EVENTS = 1000;
const WIDTH = 1000;

/** A seq axis with x = seq / (EVENTS - 1). */
function axis(): ReplayAxisView {
  return linearSeqAxis(EVENTS, WIDTH);
}

function rowsFrom(from: number, to: number): RowsWindow {
  const rows: TimelineRow[] = [];
  for (let i = Math.max(0, from); i < Math.min(to, EVENTS); i++) rows.push(eventRow(i));
  return { from, rows, rowCount: EVENTS, rowsVersion: 1 };
}

/** A worker for the three panes: one tool call per seq, so every seq has its own tool pair to ask. */
function worker(): FakeClient {
  return new FakeClient({
    replayAxis: () => axis(),
    rows: (req) => rowsFrom(req.from, req.to),
    locate: (req) => ({ row: req.seq, visible: true, rowCount: EVENTS, rowsVersion: 1 }),
    requestChanges: () => ({ seqs: [] }),
    requestAt: () => null,
    toolPairs: (req) => req.callIds.map(() => null),
    messagesAt: (req) => ({
      window: {
        seq: req.seq,
        count: 1,
        nodeCount: 1,
        from: 0,
        messages: [
          {
            index: 0,
            seq: req.seq,
            message: {
              role: 'assistant',
              content: [{ type: 'tool-call', id: `call-${req.seq}`, name: 'bash', arguments: '{}' }],
            },
          } as never,
        ],
      },
      stream: null,
      focus: null,
    }),
    event: (req) => userMessageDetail(req.seq),
  });
}

const frames: FrameRequestCallback[] = [];
let clock = 0;
async function runFrame(): Promise<void> {
  act(() => {
    for (const cb of frames.splice(0)) cb(performance.now());
  });
  // The tasks after the frame's paint (the selection), on the fake timers.
  act(() => {
    vi.advanceTimersByTime(0);
  });
  await settle();
}

function pointer(el: Element, type: string, clientX: number): void {
  act(() => {
    el.dispatchEvent(new MouseEvent(type, { bubbles: true, button: 0, clientX, clientY: 5 }));
  });
}

beforeEach(() => {
  resetStores();
  useReplay.setState({ scrubbing: false, shownSeq: null });
  useApp.setState({ status: 'ready', events: EVENTS, rowCount: EVENTS, rowsVersion: 1 });
  frames.length = 0;
  clock = 0;
  // Timers are the test's (a loaded machine must not make the drag "rest" between two moves).
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  vi.spyOn(performance, 'now').mockImplementation(() => clock);
  vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
  vi.stubGlobal('cancelAnimationFrame', () => {});
  // The track/list is measured by its observer's first report (none is read at mount).
  stubReportingResizeObserver(() => 20);
  Element.prototype.scrollTo ??= () => {};
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(WIDTH);
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
    DOMRect.fromRect({ x: 0, y: 0, width: WIDTH, height: 20 }),
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  Object.assign(HTMLElement.prototype, {
    setPointerCapture() {},
    releasePointerCapture() {},
    hasPointerCapture: () => true,
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a scrubber drag over the panes', () => {
  it('asks one request per followed seq (the messages); the inspector never shows "Loading…" and follows where the drag rests and ends', async () => {
    const client = worker();
    const el = renderWithClient(
      client,
      <>
        <Scrubber />
        <Timeline />
        <MessagesPane />
        <Inspector />
      </>,
    );
    act(() => useApp.setState({ selectedSeq: 10, settledSeq: 10 }));
    await settle(12);
    const slider = el.querySelector('[data-testid=scrubber]');
    const inspector = () => el.querySelector('[data-testid=inspector]');
    if (!slider) throw new Error('the scrubber is drawn');
    expect(inspector()?.getAttribute('data-seq')).toBe('10');
    const selectedRow = () => el.querySelector('[role=row][aria-selected=true]')?.getAttribute('data-seq');
    expect(selectedRow()).toBe('10');

    pointer(slider, 'pointerdown', 10);
    await runFrame();
    client.requests.length = 0;
    const followed = new Set<number>();
    // Half a second of dragging, two pointer moves a frame.
    for (let f = 1; f <= 30; f++) {
      clock += 1000 / 60;
      pointer(slider, 'pointermove', 100 + f * 20);
      pointer(slider, 'pointermove', 105 + f * 20);
      await runFrame();
      followed.add(useApp.getState().selectedSeq ?? -1);
      // The inspector keeps the event it showed: never blank, never "Loading…".
      expect(el.textContent).not.toContain('Loading…');
      expect(inspector()?.getAttribute('data-seq')).toBe('10');
    }
    // The messages pane followed the drag...
    expect(followed.size).toBeGreaterThan(3);
    expect(el.querySelector('[data-testid=messages]')?.getAttribute('data-seq')).toBe(
      String(useApp.getState().selectedSeq),
    );
    // ...with one request per seq it followed, and nothing else was asked of the worker.
    const kinds = client.requests.map((r) => r.req.kind);
    expect(kinds.filter((k) => k !== 'messagesAt')).toEqual([]);
    expect(kinds.length).toBeLessThanOrEqual(followed.size);
    // The timeline stayed on the settled seq.
    expect(selectedRow()).toBe('10');

    // The pointer rests: the heavy panes follow where it is (the old event stays until then).
    client.requests.length = 0;
    act(() => {
      clock += SETTLE_MS - 1;
      vi.advanceTimersByTime(SETTLE_MS - 1);
    });
    await settle(12);
    expect(inspector()?.getAttribute('data-seq')).toBe('10');
    act(() => {
      clock += 1;
      vi.advanceTimersByTime(1);
    });
    await settle(12);
    // Once the messages pane has painted where it rests (appState paintSeeksFirst).
    await runFrame();
    const rested = seqAtX(axis(), (105 + 30 * 20) / WIDTH);
    expect(useApp.getState().settledSeq).toBe(rested);
    expect(inspector()?.getAttribute('data-seq')).toBe(String(rested));
    expect(client.sent('event').map((r) => r.seq)).toEqual([rested]);

    // Released further on: everything shows where it ended.
    pointer(slider, 'pointermove', 900);
    pointer(slider, 'pointerup', 900);
    await settle(12);
    await runFrame();
    const last = seqAtX(axis(), 900 / WIDTH);
    expect(useApp.getState().settledSeq).toBe(last);
    expect(inspector()?.getAttribute('data-seq')).toBe(String(last));
    expect(el.querySelector('[data-testid=messages]')?.getAttribute('data-seq')).toBe(String(last));
    expect(el.textContent).not.toContain('Loading…');
  });
});
