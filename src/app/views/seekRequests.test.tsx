// @vitest-environment jsdom
import { act, Profiler } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { select, useApp } from '../appState';
import { FakeClient } from '../testing/fakeClient';
import { resetStores, userMessageDetail } from '../testing/fixtures';
import { renderWithClient, settle, stubResizeObserver } from '../testing/paneHarness';
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
    stop = askOnSeek(client);
    let commits = 0;
    const el = renderWithClient(
      client,
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
