// @vitest-environment jsdom
import { act, Profiler, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SETTLE_FALLBACK_MS, select, useApp } from '../appState';
import { FakeClient } from '../testing/fakeClient';
import { fail } from '../../worker/protocol';
import { resetStores, userMessageDetail } from '../testing/fixtures';
import { composeApp, type AppServices } from '../compose';
import { ServicesProvider } from '../services/context';
import { render } from '../components/testRender';
import { settle, stubResizeObserver } from '../testing/paneHarness';
import { Inspector } from './Inspector';
import { MessagesPane } from './MessagesPane';
import { askOnSeek } from './seekRequests';

// uPlot (reached through the compose graph) reads matchMedia when imported.
await vi.hoisted(async () => (await import('../testing/paneHarness')).stubMatchMedia());

function worker(): FakeClient {
  return new FakeClient({
    requestAt: () => null,
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
            message: { role: 'user', content: [{ type: 'text', text: `at ${req.seq}` }] },
          },
        ],
      },
      stream: null,
      focus: null,
    }),
    event: (req) => userMessageDetail(req.seq),
  });
}

let stop: () => void = () => {};
beforeEach(() => {
  resetStores();
  stubResizeObserver();
  useApp.setState({ status: 'ready', events: 100, selectedSeq: 10, settledSeq: 10 });
});
afterEach(() => {
  stop();
  vi.unstubAllGlobals();
});

describe('a seek asks the worker before the panes render', () => {
  it('sends the messages of the new seq from the store change; the event once the messages pane painted it; the panes take those answers', async () => {
    const frames = stubFrames();
    const client = worker();
    const app = composeApp(client);
    stop = askOnSeek(app.ahead);
    let commits = 0;
    const el = inApp(
      app,
      <Profiler id="panes" onRender={() => commits++}>
        <MessagesPane />
        <Inspector />
      </Profiler>,
    );
    await settle(12);
    await paint(frames);
    expect(el.querySelector('[data-testid=messages]')?.getAttribute('data-seq')).toBe('10');
    const before = commits;
    act(() => {
      select(40);
      // Inside act React has not rendered yet: the messages request already left, alone.
      expect(commits).toBe(before);
      expect(client.sent('messagesAt').map((r) => r.seq)).toEqual([10, 40]);
    });
    await settle(12);
    expect(commits).toBeGreaterThan(before);
    expect(el.querySelector('[data-testid=messages]')?.getAttribute('data-seq')).toBe('40');
    // The messages pane's frame goes first: the inspector's request (its answer, render and
    // layout) waits for it to be painted.
    expect(client.sent('event').map((r) => r.seq)).toEqual([10]);
    expect(useApp.getState().settledSeq).toBe(10);
    await paint(frames);
    expect(useApp.getState().settledSeq).toBe(40);
    // The panes show the new seq from those answers: nothing was asked twice.
    expect(el.querySelector('[data-testid=inspector]')?.getAttribute('data-seq')).toBe('40');
    expect(client.sent('messagesAt').map((r) => r.seq)).toEqual([10, 40]);
    expect(client.sent('event').map((r) => r.seq)).toEqual([10, 40]);
  });

  it('settles a seek the messages pane does not paint (an error) after SETTLE_FALLBACK_MS', async () => {
    stubFrames();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const client = new FakeClient({
      messagesAt: () => fail('internal', 'no messages here'),
      event: (req) => userMessageDetail(req.seq),
    });
    const app = composeApp(client);
    stop = askOnSeek(app.ahead);
    const el = inApp(app, <MessagesPane />);
    await settle(12);
    act(() => select(40));
    await settle(12);
    expect(useApp.getState().settledSeq).toBe(10);
    act(() => {
      vi.advanceTimersByTime(SETTLE_FALLBACK_MS);
    });
    expect(useApp.getState().settledSeq).toBe(40);
    expect(el.querySelector('[data-testid=messages]')?.getAttribute('data-seq')).not.toBe('40');
    vi.useRealTimers();
  });
});

describe('seeks faster than the messages pane paints', () => {
  it('settle at least every SETTLE_FALLBACK_MS (a held key moves the heavy panes too)', async () => {
    stubFrames(); // no frame runs: the pane never paints
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const app = composeApp(worker());
    stop = askOnSeek(app.ahead);
    inApp(app, <MessagesPane />);
    await settle(12);
    const step = SETTLE_FALLBACK_MS / 2 + 1;
    act(() => select(40));
    act(() => {
      vi.advanceTimersByTime(step);
    });
    act(() => select(41));
    expect(useApp.getState().settledSeq).toBe(10);
    act(() => {
      vi.advanceTimersByTime(step);
    });
    // The first unsettled seek's fallback: the heavy panes follow the selection now.
    expect(useApp.getState().settledSeq).toBe(41);
    act(() => select(42));
    act(() => {
      vi.advanceTimersByTime(SETTLE_FALLBACK_MS);
    });
    expect(useApp.getState().settledSeq).toBe(42);
    vi.useRealTimers();
  });
});

/** Animation frames run by the test (`paint`), as a browser runs them before painting. */
function stubFrames(): FrameRequestCallback[] {
  const frames: FrameRequestCallback[] = [];
  vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
  vi.stubGlobal('cancelAnimationFrame', () => {});
  return frames;
}

/** Runs the frames asked for, then the tasks posted from them (those run once the frame is painted). */
async function paint(frames: FrameRequestCallback[]): Promise<void> {
  act(() => {
    for (const cb of frames.splice(0)) cb(performance.now());
  });
  await act(() => new Promise((ok) => setTimeout(ok, 0)));
  await settle(12);
}

/** `node` inside the services `app` (the seek's requests go through `app.ahead`). */
function inApp(app: AppServices, node: ReactNode): HTMLElement {
  return render(<ServicesProvider services={app}>{node}</ServicesProvider>);
}

describe('a seek asks only for the panes mounted', () => {
  it('with the messages pane alone, sends the messages request and no event request', async () => {
    const client = worker();
    const app = composeApp(client);
    stop = askOnSeek(app.ahead);
    const el = inApp(app, <MessagesPane />);
    await settle(12);
    act(() => select(40));
    expect(client.sent('messagesAt').map((r) => r.seq)).toEqual([10, 40]);
    expect(client.sent('event')).toEqual([]);
    await settle(12);
    expect(el.querySelector('[data-testid=messages]')?.getAttribute('data-seq')).toBe('40');
    expect(client.sent('messagesAt').map((r) => r.seq)).toEqual([10, 40]);
  });

  it('with no pane mounted (the start page), sends nothing; a pane mounted later asks for itself', async () => {
    const client = worker();
    const app = composeApp(client);
    stop = askOnSeek(app.ahead);
    act(() => select(40));
    expect(client.sent('messagesAt')).toEqual([]);
    expect(client.sent('event')).toEqual([]);
    const el = inApp(app, <MessagesPane />);
    await settle(12);
    expect(client.sent('messagesAt').map((r) => r.seq)).toEqual([40]);
    expect(el.querySelector('[data-testid=messages]')?.getAttribute('data-seq')).toBe('40');
  });

  it('an answer asked ahead by one app is not taken by another app on the same client', async () => {
    const client = worker();
    const a = composeApp(client);
    const b = composeApp(client);
    stop = askOnSeek(a.ahead);
    const mounted = a.ahead.viewOn('messages');
    act(() => select(40));
    expect(client.sent('messagesAt').map((r) => r.seq)).toEqual([40]);
    // A pane of app b asks for itself: the answer asked for app a is a's alone.
    const el = inApp(b, <MessagesPane />);
    await settle(12);
    expect(client.sent('messagesAt').map((r) => r.seq)).toEqual([40, 40]);
    expect(el.querySelector('[data-testid=messages]')?.getAttribute('data-seq')).toBe('40');
    mounted();
  });
});
