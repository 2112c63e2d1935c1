// @vitest-environment jsdom
import { act, Profiler } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { Message } from '../../core/types';
import type { ViewMessage } from '../../worker/protocol';
import { useApp } from '../appState';
import type * as Blocks from '../components/blocks';
import type { MessageViewProps } from '../components/blocks';
import { FakeClient } from '../testing/fakeClient';
import { resetStores } from '../testing/fixtures';
import {
  renderWithClient,
  settle as settleRounds,
  stubReportingResizeObserver,
} from '../testing/paneHarness';
import { useReplay } from '../playback/replayState';
import { MessagesPane } from './MessagesPane';
import { nextPage } from './olderPages';

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

/** The stream answer at `seq`: one open text block "reply streaming at seq N" when `streaming`. */
function streamAt(seq: number, streaming: boolean) {
  return {
    seq,
    state: {
      blocks: streaming ? [{ type: 'text', text: `reply streaming at seq ${seq}` }] : [],
      open: [streaming],
      failedAttempts: [],
      chunkCount: streaming ? 1 : 0,
      lastChunkSeq: streaming ? seq : -1,
    } as never,
    pending: streaming,
  };
}

/** The pane's answer at a seq; at seq 14 a reply streams, and the focus is message `focusAt`. */
function client(focusAt: number | null = null): FakeClient {
  return new FakeClient({
    messagesAt: (req) => {
      const all = messagesAt(req.seq);
      const from = Math.max(0, all.length - req.tail);
      const streaming = req.seq === 14;
      return {
        window: { seq: req.seq, count: all.length, nodeCount: all.length, from, messages: all.slice(from) },
        stream: streamAt(req.seq, streaming),
        focus:
          req.focus && focusAt !== null
            ? {
                seq: req.seq,
                type: 'user/message',
                kind: 'message',
                index: focusAt,
                last: focusAt,
                messageSeq: req.seq,
              }
            : req.focus
              ? ({ kind: 'none', seq: req.seq, type: 'turn/end', why: 'test' } as never)
              : null,
      };
    },
  });
}

/**
 * 20 messages in a 400 px pane; message 13 (seq 26) is a 5,000-line tool output, drawn 800 px
 * tall, the others 90 px (as the resize observer reports).
 */
function longMessageAbove(): FakeClient {
  const long = Array.from({ length: 5000 }, (_, i) => `line ${i}`).join('\n');
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(400);
  heightOf = (el) => (el.textContent?.includes('line 4999') ? 800 : 90);
  return new FakeClient({
    messagesAt: (req) => {
      const messages: ViewMessage[] = Array.from({ length: 20 }, (_, i) => ({
        index: i,
        seq: 2 * i,
        message: {
          role: 'user',
          content: [{ type: 'text', text: i === 13 ? long : `message from seq ${2 * i}` }],
        },
      }));
      return {
        window: { seq: req.seq, count: 20, nodeCount: 20, from: 0, messages },
        stream: streamAt(req.seq, false),
        focus: null,
      };
    },
  });
}

/** What the pane asked for its messages (the request line above them asks on its own). */
function paneKinds(fake: FakeClient): string[] {
  return fake.requests.map((r) => r.req.kind).filter((k) => k !== 'requestAt');
}

const settle = () => settleRounds(12);
/** The height the resize observer reports for an element. */
let heightOf: (el: Element) => number = () => 50;
let layoutReads: MockInstance;

beforeEach(() => {
  resetStores();
  renders.length = 0;
  // jsdom lays nothing out: every message is 50 px tall in a 1200 px pane (all of them fit), as
  // the resize observer reports; a height read during a commit would force a layout (counted).
  heightOf = () => 50;
  stubReportingResizeObserver((el) => heightOf(el));
  layoutReads = vi
    .spyOn(HTMLElement.prototype, 'getBoundingClientRect')
    .mockReturnValue(DOMRect.fromRect({ x: 0, y: 0, width: 800, height: 50 }));
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(1200);
  useApp.setState({ status: 'ready', events: 100, selectedSeq: 10, settledSeq: 10 });
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
    act(() => useApp.setState({ selectedSeq: 14, settledSeq: 14 }));
    await settle();
    expect(pane?.getAttribute('data-seq')).toBe('14');
    expect(el.querySelectorAll('[data-testid=message]').length).toBe(8);
    // Seqs 0-10 were on screen and are the same messages at seq 14: only the two new ones render.
    expect([...new Set(renders)].sort((a, b) => a - b)).toEqual([12, 14]);
    expect(el.textContent).toContain('message from seq 14');
  });

  it("a seek reads no element's height while committing: the resize observer's heights place the items", async () => {
    const el = renderWithClient(client(), <MessagesPane />);
    await settle();
    layoutReads.mockClear();
    act(() => useApp.setState({ selectedSeq: 30, settledSeq: 30 }));
    await settle();
    expect(el.querySelector('[data-testid=messages]')?.getAttribute('data-seq')).toBe('30');
    // No forced layout in the seek's commits (a height read there lays the whole page out).
    expect(layoutReads).not.toHaveBeenCalled();
    // 16 messages, each placed at the 50 px the observer reported (not at the 120 px estimate).
    const inner = el.querySelector<HTMLElement>('[data-testid=messages] > div');
    expect(inner?.style.height).toBe(`${16 * 50}px`);
    expect(el.querySelector<HTMLElement>('[data-tindex="15"]')?.style.transform).toBe(
      `translateY(${15 * 50}px)`,
    );
  });

  it('a seek lays out only what its end shows: a long message above it waits for a scroll (guessed heights, no overscan)', async () => {
    // 20 messages; message 13 (seq 26) is a 5,000-line tool output, drawn 800 px tall; the six
    // after it are 90 px each: more than the 400 px pane. At one 120 px estimate for all, the
    // seek's first frame laid the long one out (in the overscan) and then scrolled it away.
    const fake = longMessageAbove();
    const el = renderWithClient(fake, <MessagesPane />);
    await settle();
    expect(el.querySelector('[data-testid=messages]')?.getAttribute('data-seq')).toBe('10');
    expect(renders).not.toContain(26);
    const shown = [...el.querySelectorAll('[data-tindex]')].map((n) => Number(n.getAttribute('data-tindex')));
    expect(Math.max(...shown)).toBe(19);
    expect(Math.min(...shown)).toBeGreaterThan(13);
    // The user scrolls up towards it: it renders in the next frame.
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
    const list = el.querySelector<HTMLElement>('[data-testid=messages]');
    if (!list) throw new Error('no list');
    let top = 0;
    Object.defineProperty(list, 'scrollTop', {
      configurable: true,
      get: () => top,
      set: (v: number) => (top = v),
    });
    act(() => {
      // 13 messages of about 90 px above the long one: 1,700 px down is inside it. (The first
      // event may be taken for the echo of the seek's own scroll, as in the browser.)
      top = 1700;
      list.dispatchEvent(new Event('scroll', { bubbles: true }));
      list.dispatchEvent(new Event('scroll', { bubbles: true }));
    });
    act(() => frames.splice(0).forEach((f) => f(0)));
    await settle();
    expect(el.querySelector('[data-tindex="13"]')).not.toBeNull();
    expect(renders).toContain(26);
  });

  it("a user's scroll in the frame of the list's own move (one event, taken as its echo) is read once that frame is over", async () => {
    const fake = longMessageAbove();
    // The echo's window is measured in time: held still, every event after the list's move is in it.
    vi.spyOn(performance, 'now').mockReturnValue(1000);
    // The list's position (the only element that scrolls here), from its first render on.
    let top = 0;
    vi.spyOn(HTMLElement.prototype, 'scrollTop', 'get').mockImplementation(() => top);
    vi.spyOn(HTMLElement.prototype, 'scrollTop', 'set').mockImplementation((v: number) => (top = v));
    vi.stubGlobal('requestAnimationFrame', () => 1);
    // The seek: the list scrolls itself to the end of the messages (its echo is expected).
    const el = renderWithClient(fake, <MessagesPane />);
    await settle();
    const list = el.querySelector<HTMLElement>('[data-testid=messages]');
    if (!list) throw new Error('no list');
    expect(top).toBeGreaterThan(1700);
    expect(el.querySelector('[data-tindex="13"]')).toBeNull();
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'],
    });
    // The user scrolls up in that frame: one scroll event reports both moves.
    act(() => {
      top = 1700;
      list.dispatchEvent(new Event('scroll', { bubbles: true }));
    });
    expect(el.querySelector('[data-tindex="13"]')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(100);
    });
    vi.useRealTimers();
    expect(el.querySelector('[data-tindex="13"]')).not.toBeNull();
  });

  it('a seek commits its messages, preview and focus together, from one answer', async () => {
    const fake = client(3);
    // Each commit of the pane: the seq it names, and whether the preview and the focus mark are in it.
    const commits: { seq: string | null; preview: boolean; focused: boolean }[] = [];
    const root: { el: HTMLElement | null } = { el: null };
    root.el = renderWithClient(
      fake,
      <Profiler
        id="pane"
        onRender={() => {
          const pane = root.el?.querySelector('[data-testid=messages]');
          commits.push({
            seq: pane?.getAttribute('data-seq') ?? null,
            preview: (pane?.textContent ?? '').includes('reply streaming at seq 14'),
            focused: pane?.querySelector('[data-focused]') !== null,
          });
        }}
      >
        <MessagesPane />
      </Profiler>,
    );
    await settle();
    fake.requests.length = 0;
    commits.length = 0;
    act(() => useApp.setState({ selectedSeq: 14, settledSeq: 14 }));
    await settle();
    // One request for the pane: no separate tail, preview or focus round trips (each its own paint).
    expect(paneKinds(fake)).toEqual(['messagesAt']);
    const first = commits.find((c) => c.seq === '14');
    expect(first).toEqual({ seq: '14', preview: true, focused: true });
    expect(root.el.querySelector('[data-focused] [data-testid=message]')?.textContent).toContain(
      'message from seq 6',
    );
  });

  it('a drag asks for the tail without a focus, and its end goes to the focus', async () => {
    const fake = client(1);
    const el = renderWithClient(fake, <MessagesPane />);
    await settle();
    fake.requests.length = 0;
    act(() => {
      useReplay.setState({ scrubbing: true });
      useApp.setState({ selectedSeq: 12, settledSeq: 12 });
    });
    await settle();
    expect(fake.requests.filter((r) => r.req.kind === 'messagesAt').map((r) => r.req)).toEqual([
      { kind: 'messagesAt', seq: 12, tail: 16, focus: false },
    ]);
    expect(el.querySelector('[data-focused]')).toBeNull();
    act(() => useReplay.setState({ scrubbing: false }));
    await settle();
    expect(el.querySelector('[data-focused] [data-testid=message]')?.textContent).toContain(
      'message from seq 2',
    );
  });

  it('scroll events render the list once, in the next animation frame', async () => {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
    vi.stubGlobal('cancelAnimationFrame', () => {});
    useApp.setState({ selectedSeq: 98, settledSeq: 98 });
    let commits = 0;
    const el = renderWithClient(
      client(),
      <Profiler id="pane" onRender={() => commits++}>
        <MessagesPane />
      </Profiler>,
    );
    await settle();
    const list = el.querySelector<HTMLElement>('[data-testid=messages]');
    if (!list) throw new Error('no list');
    // 50 messages of 50 px: the end is shown, the first ones are not rendered.
    expect(el.textContent).not.toContain('message from seq 0 ');
    let top = list.scrollTop;
    Object.defineProperty(list, 'scrollTop', {
      configurable: true,
      get: () => top,
      set: (v: number) => (top = v),
    });
    frames.length = 0;
    commits = 0;
    act(() => {
      for (const y of [900, 400, 0]) {
        top = y;
        list.dispatchEvent(new Event('scroll', { bubbles: true }));
      }
    });
    // Nothing is read or rendered in the events; one frame is asked for.
    expect(commits).toBe(0);
    expect(frames.length).toBe(1);
    act(() => frames.splice(0).forEach((f) => f(0)));
    expect(commits).toBe(1);
    // The first message is rendered now (as a placeholder until its older page arrives).
    expect(el.querySelector('[data-tindex="0"]')).not.toBeNull();
  });
});

describe('MessagesPane heights', () => {
  /** At seqs 14 and 16 a reply streams: a long one at 14 (300 px), a short one at 16 (80 px). */
  function streamingClient(): FakeClient {
    return new FakeClient({
      messagesAt: (req) => {
        const all = messagesAt(req.seq);
        const streaming = req.seq === 14 || req.seq === 16;
        return {
          window: { seq: req.seq, count: all.length, nodeCount: all.length, from: 0, messages: all },
          stream: streamAt(req.seq, streaming),
          focus: null,
        };
      },
    });
  }

  it("a new seq's streaming preview is measured, not placed at the last preview's height", async () => {
    heightOf = (el) => {
      const text = el.querySelector('[data-testid=streaming]')?.textContent ?? '';
      return text.includes('seq 14') ? 300 : text.includes('seq 16') ? 80 : 50;
    };
    useApp.setState({ selectedSeq: 14, settledSeq: 14 });
    const el = renderWithClient(streamingClient(), <MessagesPane />);
    await settle();
    const inner = () => el.querySelector<HTMLElement>('[data-testid=messages] > div');
    // 8 messages of 50 px and the long preview.
    expect(inner()?.style.height).toBe(`${8 * 50 + 300}px`);
    act(() => useApp.setState({ selectedSeq: 16, settledSeq: 16 }));
    await settle();
    expect(el.textContent).toContain('reply streaming at seq 16');
    // 9 messages and the short preview, measured afresh (the preview's element is the same, its
    // height key is not: it is observed again, and reported).
    expect(inner()?.style.height).toBe(`${9 * 50 + 80}px`);
  });
});

describe('MessagesPane scrolling', () => {
  it("a seek's own scroll is not read again when its scroll event comes; a user's scroll is", async () => {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
    vi.stubGlobal('cancelAnimationFrame', () => {});
    // 30 messages of 50 px in a 400 px pane: the list scrolls to show the end.
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(400);
    useApp.setState({ selectedSeq: 58, settledSeq: 58 });
    const el = renderWithClient(client(), <MessagesPane />);
    const list = el.querySelector<HTMLElement>('[data-testid=messages]');
    if (!list) throw new Error('no list');
    let top = 0;
    const reads = vi.fn(() => top);
    Object.defineProperty(list, 'scrollTop', {
      configurable: true,
      get: reads,
      set: (v: number) => (top = Math.max(0, v)),
    });
    await settle();
    act(() => useApp.setState({ selectedSeq: 40, settledSeq: 40 }));
    await settle();
    expect(list.getAttribute('data-seq')).toBe('40');
    // The list moved itself to the end of seq 40's messages.
    const height = parseFloat((list.firstElementChild as HTMLElement).style.height);
    expect(top).toBe(height - 400);
    frames.length = 0;
    reads.mockClear();
    // The browser reports that move: nothing is read (it would force a layout), no frame asked.
    act(() => {
      list.dispatchEvent(new Event('scroll', { bubbles: true }));
    });
    expect(reads).not.toHaveBeenCalled();
    expect(frames.length).toBe(0);
    // The user scrolls up: read once, in the next frame.
    top = 100;
    act(() => {
      list.dispatchEvent(new Event('scroll', { bubbles: true }));
    });
    expect(frames.length).toBe(1);
    act(() => frames.splice(0).forEach((f) => f(0)));
    expect(reads).toHaveBeenCalled();
    expect(el.querySelector('[data-tindex="2"]')).not.toBeNull();
  });
});

describe('MessagesPane of a log with no events (issue 14: an empty file)', () => {
  it('says there is no message to show, never "select an event", and asks for none', async () => {
    useApp.setState({ status: 'ready', events: 0, selectedSeq: null, settledSeq: null });
    const fake = client();
    const el = renderWithClient(fake, <MessagesPane />);
    await settle();
    expect(el.textContent).toContain('no events: no message to show');
    expect(el.textContent).not.toContain('select an event');
    expect(fake.sent('messagesAt')).toEqual([]);
  });
});

describe('the older page the pane loads (audit R15-2)', () => {
  it('is the first older message\u2019s page, kept while it or the next one holds that message', () => {
    expect(nextPage(-1, undefined)).toBe(-1);
    expect(nextPage(3, undefined)).toBe(-1);
    expect(nextPage(-1, 85)).toBe(2); // pages of 40: 80-119
    // loading pages 2 and 3 moved the first message on screen into page 3: kept, not flipped back
    expect(nextPage(2, 125)).toBe(2);
    expect(nextPage(2, 80)).toBe(2);
    // scrolled above the loaded pages, or past them: that message's page
    expect(nextPage(2, 79)).toBe(1);
    expect(nextPage(2, 160)).toBe(3); // the pair 3-4 holds 160
  });

  it('moves down when the last older message rendered is past the pair (audit R16-4)', () => {
    // scrolling down through pages 2-3: the first on screen at 100, the last at 125: kept
    expect(nextPage(2, 100, 125)).toBe(2);
    // the last reaches page 4: the pair 3-4, which still holds the first (119 is in page 2: 2-3 can't
    // hold 160 too, and 3-4 can't hold 119, so the first one wins)
    expect(nextPage(2, 119, 160)).toBe(2);
    expect(nextPage(2, 120, 160)).toBe(3);
    expect(nextPage(2, 150, 170)).toBe(3);
    // far below: the last one's pair, never past the first one's page
    expect(nextPage(2, 200, 230)).toBe(4);
    expect(nextPage(2, 250, 400)).toBe(6);
    // then loading pages 3-4 moves the first back into page 2: up to 2 (as on the way up), and the
    // last (in page 3 now) keeps it there: no ping-pong
    expect(nextPage(3, 110, 150)).toBe(2);
    expect(nextPage(2, 110, 150)).toBe(2);
  });

  it('every choice holds the first older message, and the last one when the two fit in a pair', () => {
    for (let page = -1; page < 8; page++)
      for (let first = 0; first < 320; first += 7)
        for (let span = 0; span < 100; span += 9) {
          const last = first + span;
          const p = nextPage(page, first, last);
          expect(first >= p * 40 && first < (p + 2) * 40, `${page} ${first} ${last} -> ${p}`).toBe(true);
          if (Math.floor(last / 40) - Math.floor(first / 40) <= 1)
            expect(last < (p + 2) * 40, `${page} ${first} ${last} -> ${p}`).toBe(true);
        }
  });
});
