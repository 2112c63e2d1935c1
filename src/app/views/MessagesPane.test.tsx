// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Message } from '../../core/types';
import type { ViewMessage } from '../../worker/protocol';
import { useApp } from '../appState';
import type * as Blocks from '../components/blocks';
import type { MessageViewProps } from '../components/blocks';
import { FakeClient } from '../testing/fakeClient';
import { resetStores } from '../testing/fixtures';
import { renderWithClient, settle as settleRounds, stubResizeObserver } from '../testing/paneHarness';
import { MessagesPane } from './MessagesPane';

// uPlot (reached through the compose graph) reads matchMedia when imported.
await vi.hoisted(async () => (await import('../testing/paneHarness')).stubMatchMedia());

/** The source seq of every message render, in order (the message view wrapped to count them). */
const renders = vi.hoisted(() => [] as number[]);
vi.mock('../components/blocks', async (load) =>
  (await import('../testing/paneHarness')).logRenders(
    await load<typeof Blocks>(),
    'MessageView',
    (props: MessageViewProps) => props.sourceSeq,
    renders,
  ),
);

/** At seq s, one message per even seq up to s (message i from seq 2i). */
function messagesAt(seq: number): ViewMessage[] {
  const out: ViewMessage[] = [];
  for (let s = 0; s <= seq; s += 2) {
    const message: Message = {
      role: s % 4 === 0 ? 'user' : 'assistant',
      content: [{ type: 'text', text: `message from seq ${s}` }],
    };
    out.push({ index: s / 2, seq: s, message });
  }
  return out;
}

function client(): FakeClient {
  return new FakeClient({
    messages: (req) => {
      const all = messagesAt(req.seq);
      const from = req.from < 0 ? Math.max(0, all.length + req.from) : req.from;
      const to = req.to <= 0 ? all.length + req.to : Math.min(all.length, req.to);
      return { seq: req.seq, count: all.length, nodeCount: all.length, from, messages: all.slice(from, to) };
    },
    stream: (req) => ({ seq: req.seq, state: { blocks: [], finished: false } as never, pending: false }),
    messageFocus: (req) => ({ kind: 'none', seq: req.seq, type: 'user/message', why: 'test' }) as never,
  });
}

const settle = () => settleRounds(12);

beforeEach(() => {
  resetStores();
  renders.length = 0;
  stubResizeObserver();
  // jsdom lays nothing out: every message is 50 px tall in a 1200 px pane (all of them fit).
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
    DOMRect.fromRect({ x: 0, y: 0, width: 800, height: 50 }),
  );
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(1200);
  useApp.setState({ status: 'ready', events: 100, selectedSeq: 10 });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('MessagesPane renders', () => {
  it('a seek renders the messages it adds, not those already on screen', async () => {
    const el = renderWithClient(client(), <MessagesPane />);
    await settle();
    const pane = el.querySelector('[data-testid=messages]');
    expect(pane?.getAttribute('data-seq')).toBe('10');
    expect(el.querySelectorAll('[data-testid=message]').length).toBe(6);
    renders.length = 0;
    act(() => useApp.setState({ selectedSeq: 14 }));
    await settle();
    expect(pane?.getAttribute('data-seq')).toBe('14');
    expect(el.querySelectorAll('[data-testid=message]').length).toBe(8);
    // Seqs 0-10 were on screen and are the same messages at seq 14: only the two new ones render.
    expect([...new Set(renders)].sort((a, b) => a - b)).toEqual([12, 14]);
    expect(el.textContent).toContain('message from seq 14');
  });
});
