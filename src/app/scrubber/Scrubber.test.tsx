// @vitest-environment jsdom
import { act, Profiler, useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReplayAxisView } from '../../worker/protocol';
import { useApp } from '../appState';
import { useReplay } from '../playback/replayState';
import { FakeClient } from '../testing/fakeClient';
import { linearSeqAxis, resetStores } from '../testing/fixtures';
import { renderWithClient, settle, stubReportingResizeObserver } from '../testing/paneHarness';
import { ReplayBar } from '../playback/ReplayBar';
import { seqAtX, xOfSeq } from './axisMap';
import { FOLLOW_MS } from './dragCommit';
import { Scrubber } from './Scrubber';

// uPlot (reached through the compose graph) reads matchMedia when imported.
await vi.hoisted(async () => (await import('../testing/paneHarness')).stubMatchMedia());

const EVENTS = 1000;
const WIDTH = 1000;

/** A seq axis with x = seq / (EVENTS - 1). */
function axis(): ReplayAxisView {
  return linearSeqAxis(EVENTS, WIDTH);
}

/** Animation frames run when the test says so; the clock moves when the test says so. */
const frames: FrameRequestCallback[] = [];
let clock = 0;
/** Runs the animation frames waiting, then the tasks queued after their paint (timers at 0 ms). */
async function runFrame(): Promise<void> {
  act(() => {
    for (const cb of frames.splice(0)) cb(performance.now());
  });
  await act(() => new Promise<void>((done) => setTimeout(done, 0)));
}

function pointer(el: Element, type: string, clientX: number): void {
  act(() => {
    el.dispatchEvent(new MouseEvent(type, { bubbles: true, button: 0, clientX, clientY: 5 }));
  });
}

beforeEach(() => {
  resetStores();
  useReplay.setState({ scrubbing: false, shownSeq: null });
  useApp.setState({ status: 'ready', events: EVENTS, selectedSeq: 0 });
  frames.length = 0;
  clock = 0;
  vi.spyOn(performance, 'now').mockImplementation(() => clock);
  vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
  vi.stubGlobal('cancelAnimationFrame', () => {});
  // The track/list is measured by its observer's first report (none is read at mount).
  stubReportingResizeObserver(() => 20);
  // jsdom lays nothing out: the track is WIDTH px wide at x = 0.
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
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Stands in for the panes: renders once per change of the selection, and shows it (`shownSeq`) at once. */
function PaneProbe({ renders }: { renders: number[] }) {
  const seq = useApp((s) => s.selectedSeq);
  renders.push(seq ?? -1);
  useEffect(() => useReplay.setState({ shownSeq: seq }), [seq]);
  return null;
}

describe('Scrubber axis requests', () => {
  it('asks for the axis once when the load ends, with its final count, and not again a second later', async () => {
    // The axis of a 6M-event log is 6 MB: asked again a second after the load ended (the
    // throttled count catching up), it landed in the middle of the user's first seeks.
    act(() => useApp.setState({ status: 'loading', events: 400 }));
    const client = new FakeClient({ replayAxis: () => axis() });
    renderWithClient(client, <Scrubber />);
    await settle();
    act(() => useApp.setState({ events: 700 }));
    await settle();
    act(() => useApp.setState({ status: 'ready', events: EVENTS }));
    await settle();
    const asked = client.sent('replayAxis').length;
    expect(asked).toBeGreaterThan(0);
    // The throttle's wait (1 s) passes: the count it shows is the one already asked for.
    clock += 2000;
    await act(() => new Promise<void>((done) => setTimeout(done, 1100)));
    await settle();
    expect(client.sent('replayAxis')).toHaveLength(asked);
  });
});

describe('Scrubber axis requests while loading', () => {
  it('asks at most once a second as events and diagnostics arrive with each progress', async () => {
    act(() => useApp.setState({ status: 'loading', events: 400 }));
    const client = new FakeClient({ replayAxis: () => axis() });
    renderWithClient(client, <Scrubber />);
    await settle();
    const first = client.sent('replayAxis').length;
    expect(first).toBe(1);
    // Ten progress posts within half a second, each with more events and more diagnostics.
    for (let i = 1; i <= 10; i++) {
      act(() => useApp.setState({ events: 400 + i * 100, diagnostics: { error: 0, warning: i, info: i } }));
      await settle();
    }
    expect(client.sent('replayAxis')).toHaveLength(first);
    // A second later: once, with the latest.
    clock += 2000;
    await act(() => new Promise<void>((done) => setTimeout(done, 1100)));
    await settle();
    expect(client.sent('replayAxis')).toHaveLength(first + 1);
  });

  it("events, diagnostics and a filter's matches growing at different moments ask once a second in all; a filter set asks at its answer, not before", async () => {
    act(() =>
      useApp.setState({
        status: 'loading',
        events: 400,
        filter: { types: null, errorsOnly: false, text: 'error' },
        filterRest: true,
      }),
    );
    const client = new FakeClient({ replayAxis: () => axis() });
    renderWithClient(client, <Scrubber />);
    await settle();
    const first = client.sent('replayAxis').length;
    clock += 2000;
    await act(() => new Promise<void>((done) => setTimeout(done, 1100)));
    // Within one second: more events, then more diagnostics, then more matches.
    act(() => useApp.setState({ events: 500 }));
    await act(() => new Promise<void>((done) => setTimeout(done, 300)));
    act(() => useApp.setState({ diagnostics: { error: 1, warning: 0, info: 0 } }));
    await act(() => new Promise<void>((done) => setTimeout(done, 300)));
    act(() => useApp.setState({ rowsVersion: 9 }));
    await act(() => new Promise<void>((done) => setTimeout(done, 600)));
    await settle();
    expect(client.sent('replayAxis')).toHaveLength(first + 1);
    // Another filter: nothing is asked until the worker has applied it.
    act(() => useApp.setState({ filter: { types: null, errorsOnly: false, text: 'deploy' } }));
    await settle();
    expect(client.sent('replayAxis')).toHaveLength(first + 1);
    act(() => useApp.setState((s) => ({ filtersApplied: s.filtersApplied + 1, rowsVersion: 10 })));
    await settle();
    expect(client.sent('replayAxis')).toHaveLength(first + 2);
  });
});

describe('Scrubber drag', () => {
  it('moves the handle every frame without a React render per pointer move; selects once the panes catch up', async () => {
    let commits = 0;
    const el = renderWithClient(
      new FakeClient({ replayAxis: () => axis() }),
      <Profiler id="scrubber" onRender={() => commits++}>
        <Scrubber />
      </Profiler>,
    );
    await settle();
    const slider = el.querySelector('[data-testid=scrubber]');
    const handle = () => handlePercent(el);
    if (!slider) throw new Error('the scrubber is drawn');
    pointer(slider, 'pointerdown', 100);
    await settle();
    const dragStart = useApp.getState().selectedSeq;
    expect(dragStart).toBe(xSeq(100));
    commits = 0;
    // Thirty moves, then a frame: the handle is where the pointer is, and nothing rendered.
    for (let i = 1; i <= 30; i++) pointer(slider, 'pointermove', 100 + i * 20);
    expect(commits).toBe(0);
    await runFrame();
    expect(commits).toBe(0);
    const x = handle();
    expect(x).toBeCloseTo(handleAt(xSeq(700)), 5);
    // The messages pane has not shown the drag's first seq yet: the selection waits.
    expect(useApp.getState().selectedSeq).toBe(dragStart);
    act(() => useReplay.setState({ shownSeq: dragStart }));
    clock += FOLLOW_MS;
    await runFrame();
    expect(useApp.getState().selectedSeq).toBe(xSeq(700));
    expect(commits).toBe(1);
    // React's render during the drag leaves the handle where the pointer is.
    expect(handle()).toBeCloseTo(x, 5);
    // Released further on: the selection is where the pointer was last.
    pointer(slider, 'pointermove', 900);
    pointer(slider, 'pointerup', 900);
    await settle();
    expect(useApp.getState().selectedSeq).toBe(xSeq(900));
    expect(useReplay.getState().scrubbing).toBe(false);
    expect(handle()).toBeCloseTo(handleAt(xSeq(900)), 5);
  });

  it('the readout and the slider value follow the pointer every frame; the panes at most every FOLLOW_MS, and show where the drag ends', async () => {
    const paneRenders: number[] = [];
    const el = renderWithClient(
      new FakeClient({ replayAxis: () => axis() }),
      <>
        <ReplayBar />
        <PaneProbe renders={paneRenders} />
      </>,
    );
    await settle();
    const slider = el.querySelector('[data-testid=scrubber]');
    const readout = el.querySelector('[data-testid=replay-position]');
    if (!slider || !readout) throw new Error('the replay bar is drawn');
    pointer(slider, 'pointerdown', 10);
    await settle();
    paneRenders.length = 0;
    // A second of dragging at 60 frames a second, two pointer moves a frame.
    const frameCount = 60;
    for (let f = 1; f <= frameCount; f++) {
      clock += 1000 / 60;
      pointer(slider, 'pointermove', 10 + f * 10);
      pointer(slider, 'pointermove', 15 + f * 10);
      await runFrame();
      const seq = xSeq(15 + f * 10);
      expect(readout.textContent).toContain(`seq ${seq} of 1,000`);
      expect(slider.getAttribute('aria-valuenow')).toBe(String(seq));
      expect(slider.getAttribute('aria-valuetext')).toContain(`seq ${seq} of`);
    }
    // The panes rendered about once per FOLLOW_MS (~100 ms: 10 times a second), not once per frame.
    expect(FOLLOW_MS).toBeGreaterThanOrEqual(80);
    expect(paneRenders.length).toBeGreaterThanOrEqual(5);
    expect(paneRenders.length).toBeLessThanOrEqual(12);
    // Released: the panes show the pointer's last position, the readout is the selection's again.
    pointer(slider, 'pointerup', 15 + frameCount * 10);
    await settle();
    const last = xSeq(15 + frameCount * 10);
    expect(useApp.getState().selectedSeq).toBe(last);
    expect(paneRenders.at(-1)).toBe(last);
    expect(useReplay.getState().dragReadout).toBeNull();
    expect(slider.getAttribute('aria-valuenow')).toBe(String(last));
  });
});

/** The seq at pixel `px` of the track. */
function xSeq(px: number): number {
  return seqAtX(axis(), px / WIDTH);
}

/**
 * Where the handle is drawn (% of the track): it moves by transform, in cqw of the track (a size
 * container); the played part ends there too (scaled from the track's left edge).
 */
function handlePercent(el: HTMLElement): number {
  const handle = el.querySelector<HTMLElement>('[data-testid=scrubber-handle]');
  const played = el.querySelector<HTMLElement>('[data-testid=scrubber-played]');
  const at = /^translateX\((.+)cqw\)$/.exec(handle?.style.transform ?? '')?.[1];
  const scale = /^scaleX\((.+)\)$/.exec(played?.style.transform ?? '')?.[1];
  if (at === undefined || scale === undefined) return NaN;
  expect(parseFloat(scale) * 100).toBeCloseTo(parseFloat(at), 5);
  return parseFloat(at);
}

/** Where the handle of `seq` is drawn (% of the track). */
function handleAt(seq: number): number {
  return xOfSeq(axis(), seq) * 100;
}
