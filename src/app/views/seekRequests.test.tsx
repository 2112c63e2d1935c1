// @vitest-environment jsdom
import { act, Profiler, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { select, useApp } from '../appState';
import { FakeClient } from '../testing/fakeClient';
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
  it('sends the messages and the event of the new seq from the store change, once each; the panes take those answers', async () => {
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
    expect(el.querySelector('[data-testid=messages]')?.getAttribute('data-seq')).toBe('10');
    const before = commits;
    act(() => {
      select(40);
      // Inside act React has not rendered yet: the requests already left.
      expect(commits).toBe(before);
      expect(client.sent('messagesAt').map((r) => r.seq)).toEqual([10, 40]);
      expect(client.sent('event').map((r) => r.seq)).toEqual([10, 40]);
    });
    await settle(12);
    expect(commits).toBeGreaterThan(before);
    // The panes show the new seq from those answers: nothing was asked twice.
    expect(el.querySelector('[data-testid=messages]')?.getAttribute('data-seq')).toBe('40');
    expect(el.querySelector('[data-testid=inspector]')?.getAttribute('data-seq')).toBe('40');
    expect(client.sent('messagesAt').map((r) => r.seq)).toEqual([10, 40]);
    expect(client.sent('event').map((r) => r.seq)).toEqual([10, 40]);
  });
});

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
