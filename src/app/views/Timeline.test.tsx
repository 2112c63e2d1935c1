// @vitest-environment jsdom
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RowsWindow, TimelineRow } from '../../worker/protocol';
import { select, useApp, type AppState } from '../appState';
import { FakeClient } from '../testing/fakeClient';
import { resetStores } from '../testing/fixtures';
import { renderWithClient, settle, stubReportingResizeObserver } from '../testing/paneHarness';
import { Timeline } from './Timeline';
import type * as RowView from './TimelineRowView';
import type { TimelineRowViewProps } from './TimelineRowView';

// uPlot (a step row's input diff button reaches the charts) reads matchMedia when imported.
await vi.hoisted(async () => (await import('../testing/paneHarness')).stubMatchMedia());

/** The seq of every row render, in order (the row view wrapped to count its renders). */
const renders = vi.hoisted(() => [] as number[]);
vi.mock('./TimelineRowView', async (load) =>
  (await import('../testing/paneHarness')).logRenders(
    await load<typeof RowView>(),
    'TimelineRowView',
    (props: TimelineRowViewProps) => props.row.seq,
    renders,
  ),
);

const EVENTS = 1000;

function row(i: number): TimelineRow {
  return {
    row: i,
    seq: i,
    coverEnd: i,
    kind: i % 10 === 0 ? 'step' : 'event',
    depth: 1,
    type: 'user/message',
    summary: `event ${i}`,
    tone: 'normal',
    diagnostics: 0,
    ...(i % 10 === 0
      ? {
          collapsed: false,
          step: {
            turn: 1,
            step: i / 10,
            toolCalls: 0,
            attempts: 1,
            failedAttempts: 0,
            outcomes: ['ok' as const],
          },
        }
      : {}),
  };
}

function rowsFrom(from: number, to: number, rowsVersion = 1): RowsWindow {
  const rows: TimelineRow[] = [];
  for (let i = Math.max(0, from); i < Math.min(to, EVENTS); i++) rows.push(row(i));
  return { from, rows, rowCount: EVENTS, rowsVersion };
}

/**
 * `revealBumps`: each located selection unfolds a run (a new row-map version), as a seek into a
 * folded run of deltas does; like the real client, the store learns the version as the answer arrives.
 */
function client(revealBumps = false): FakeClient {
  let version = 1;
  return new FakeClient({
    rows: (req) => rowsFrom(req.from, req.to, version),
    // As the worker answers: with a block size, the aligned blocks around the row come along.
    locate: async (req) => {
      if (revealBumps && req.reveal) {
        version++;
        await Promise.resolve();
        useApp.setState({ rowsVersion: version });
      }
      const at = req.block ? Math.floor(req.seq / req.block) * req.block : 0;
      const blocks = req.block
        ? [at - req.block, at, at + req.block]
            .filter((from) => from >= 0 && from < EVENTS)
            .map((from) => rowsFrom(from, from + (req.block ?? 0), version))
        : undefined;
      return {
        row: req.seq,
        visible: true,
        rowCount: EVENTS,
        rowsVersion: version,
        ...(blocks ? { blocks } : {}),
      };
    },
    requestChanges: () => ({ seqs: [] }),
  });
}

function timeline(revealBumps = false): { el: HTMLElement; client: FakeClient } {
  // jsdom lays nothing out: the scroll box reads a 0 px height (the timeline then assumes 600 px).
  // The track/list is measured by its observer's first report (none is read at mount).
  stubReportingResizeObserver(() => 600);
  Element.prototype.scrollTo ??= () => {};
  const c = client(revealBumps);
  return { el: renderWithClient(c, <Timeline />), client: c };
}

beforeEach(() => {
  resetStores();
  renders.length = 0;
  useApp.setState({
    status: 'ready',
    events: EVENTS,
    rowCount: EVENTS,
    rowsVersion: 1,
    selectedSeq: 3,
    settledSeq: 3,
  });
});

/**
 * jsdom scrolls nothing: a scroll position that sticks, and its scroll event a task later (as a
 * browser fires it on the next frame). Undone by `vi.restoreAllMocks()` (the spies).
 */
function stickyScrolling(): void {
  const tops = new WeakMap<Element, number>();
  vi.spyOn(HTMLElement.prototype, 'scrollTop', 'get').mockImplementation(function (this: HTMLElement) {
    return tops.get(this) ?? 0;
  });
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
  Element.prototype.scrollTo = function (this: Element, o?: ScrollToOptions | number) {
    tops.set(this, typeof o === 'object' ? (o.top ?? 0) : 0);
    setTimeout(() => this.dispatchEvent(new Event('scroll')), 0);
  };
}

/**
 * After `change` (the worker's new rows, held until `release`): no row drawn, one placeholder;
 * once released, the new rows (`seq` among them) and no placeholder.
 */
async function placeholdersUntilRows(
  el: HTMLElement,
  change: Partial<AppState>,
  release: () => void,
  seq: number,
): Promise<void> {
  await act(async () => {
    useApp.setState(change);
    await settle();
  });
  expect(el.querySelectorAll('[role=row]')).toHaveLength(0);
  expect(el.querySelectorAll('[data-part=rows-loading]')).toHaveLength(1);
  await act(async () => {
    release();
    await settle();
  });
  expect(el.querySelector('[data-part=rows-loading]')).toBeNull();
  expect(el.querySelector(`[role=row][data-seq="${seq}"]`)).not.toBeNull();
}

describe('Timeline rows (through a fake worker)', () => {
  it('a selection change re-renders the rows it leaves and enters, no other row', async () => {
    const { el } = timeline();
    await settle();
    const shown = el.querySelectorAll('[role=row]').length;
    expect(shown).toBeGreaterThan(20);
    expect(el.querySelector('[role=row][aria-selected=true]')?.getAttribute('data-seq')).toBe('3');
    renders.length = 0;
    act(() => useApp.setState({ selectedSeq: 7, settledSeq: 7 }));
    await settle();
    expect(el.querySelector('[role=row][aria-selected=true]')?.getAttribute('data-seq')).toBe('7');
    expect([...new Set(renders)].sort((a, b) => a - b)).toEqual([3, 7]);
  });

  it("the seq column's width is on each row's seq cell: a seq growing a digit restyles those cells, not every row", async () => {
    const { el } = timeline();
    await settle();
    const first = el.querySelector<HTMLElement>('[role=row]');
    expect(first).not.toBeNull();
    // No element above the rows carries it (an inherited custom property there restyles them all).
    for (let e = first?.parentElement; e; e = e.parentElement)
      expect(e.style.getPropertyValue('--seq-w')).toBe('');
    const widths = () =>
      new Set(
        [...el.querySelectorAll<HTMLElement>('[role=row] > [role=gridcell]:first-child')].map((c) =>
          c.style.getPropertyValue('--seq-w'),
        ),
      );
    expect(widths()).toEqual(new Set(['4ch'])); // seq 999: 3 digits and a space
    act(() => useApp.setState({ events: 10 * EVENTS }));
    await settle();
    expect(widths()).toEqual(new Set(['5ch']));
  });

  it('a selection already in view is told from the known scroll position: no layout is read', async () => {
    const reads = { scrollTop: 0, clientHeight: 0 };
    vi.spyOn(HTMLElement.prototype, 'scrollTop', 'get').mockImplementation(() => {
      reads.scrollTop++;
      return 0;
    });
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(() => {
      reads.clientHeight++;
      return 600;
    });
    const { el } = timeline();
    await settle();
    reads.scrollTop = 0;
    reads.clientHeight = 0;
    act(() => useApp.setState({ selectedSeq: 9, settledSeq: 9 }));
    await settle();
    expect(el.querySelector('[role=row][aria-selected=true]')?.getAttribute('data-seq')).toBe('9');
    // Reading either after the commit would force the browser to lay the page out again.
    expect(reads).toEqual({ scrollTop: 0, clientHeight: 0 });
    vi.restoreAllMocks();
  });

  it('draws the row actions on the selected row and the row under the pointer only', async () => {
    const { el } = timeline();
    await settle();
    const actionRows = () =>
      [...el.querySelectorAll('[role=row]')]
        .filter((r) => r.querySelector('[data-testid=copy-link]'))
        .map((r) => r.getAttribute('data-seq'));
    expect(actionRows()).toEqual(['3']);
    const step = el.querySelector<HTMLElement>('[role=row][data-seq="10"]');
    if (!step) throw new Error('row 10 is drawn');
    act(() => {
      step.dispatchEvent(new MouseEvent('pointerover', { bubbles: true, relatedTarget: null }));
    });
    expect(actionRows()).toEqual(['3', '10']);
    // A step row's actions include its input diff.
    expect(step.querySelector('[data-testid=step-input-diff]')).not.toBeNull();
    act(() => {
      step.dispatchEvent(new MouseEvent('pointerout', { bubbles: true, relatedTarget: document.body }));
    });
    expect(actionRows()).toEqual(['3']);
  });

  it.each([
    ['a selection the row map shows', false],
    ['a selection inside a folded run (the location unfolds it: a new row-map version)', true],
  ])(
    'a jump brings the rows of its new position with its location: one round trip, no frame without them, each row rendered once (%s)',
    async (_what, revealBumps) => {
      stickyScrolling();
      const { el, client: c } = timeline(revealBumps);
      await settle();
      c.requests.length = 0;
      const grid = el.querySelector('[data-testid=timeline]');
      const drawn: number[] = [];
      new MutationObserver(() => drawn.push(grid?.querySelectorAll('[role=row]').length ?? 0)).observe(
        grid as Element,
        { childList: true },
      );
      renders.length = 0;
      act(() => useApp.setState({ selectedSeq: 900, settledSeq: 900 }));
      await settle();
      await act(async () => {
        await new Promise((ok) => setTimeout(ok, 10));
      });
      await settle();
      const rows = [...el.querySelectorAll('[role=row]')].map((r) => Number(r.getAttribute('data-seq')));
      expect(rows).toContain(900);
      expect(el.querySelector('[role=row][aria-selected=true]')?.getAttribute('data-seq')).toBe('900');
      // The list never showed the new position empty, and drew each of its rows once.
      expect(drawn.length).toBeGreaterThan(0);
      expect(drawn.filter((n) => n === 0)).toEqual([]);
      const counts = new Map<number, number>();
      for (const seq of renders) counts.set(seq, (counts.get(seq) ?? 0) + 1);
      expect(rows.filter((seq) => counts.get(seq) !== 1)).toEqual([]);
      // One round trip: the rows of the new position came with its location (block of 32 rows).
      expect(c.requests.map((r) => r.req.kind)).toEqual(['locate']);
      expect(c.sent('locate')).toEqual([{ kind: 'locate', seq: 900, reveal: true, block: 32 }]);
      vi.restoreAllMocks();
    },
  );

  it('jumps into folded runs, one after another, each ask for their location alone (not the rows of the view they leave)', async () => {
    stickyScrolling();
    const { el, client: c } = timeline(true);
    await settle();
    for (const seq of [900, 400, 700]) {
      c.requests.length = 0;
      act(() => useApp.setState({ selectedSeq: seq, settledSeq: seq }));
      await settle();
      await act(async () => {
        await new Promise((ok) => setTimeout(ok, 10));
      });
      await settle();
      expect(el.querySelector('[role=row][aria-selected=true]')?.getAttribute('data-seq')).toBe(String(seq));
      expect(c.requests.map((r) => r.req.kind)).toEqual(['locate']);
    }
    vi.restoreAllMocks();
  });

  it('a jump to the seq already selected locates it again, unfolding what hides it; a plain re-select does not', async () => {
    // A link to the selected event, clicked after "Turns" folded it away (review 42, L1).
    const { client: c } = timeline(true);
    await settle();
    act(() => select(900));
    await settle();
    c.requests.length = 0;
    act(() => select(900));
    await settle();
    expect(c.sent('locate')).toEqual([]);
    act(() => select(900, { jump: true }));
    await settle();
    expect(c.sent('locate')).toEqual([{ kind: 'locate', seq: 900, reveal: true, block: 32 }]);
    expect(useApp.getState().scrollToSelection).toBe(true);
  });

  it('a selection made not to be revealed (the load end under Fold Turns) is located without unfolding; a jump to it unfolds', async () => {
    const { client: c } = timeline(true);
    await settle();
    c.requests.length = 0;
    act(() => select(900, { reveal: false }));
    await settle();
    expect(c.sent('locate')).toEqual([{ kind: 'locate', seq: 900, reveal: false, block: 32 }]);
    act(() => select(900, { jump: true }));
    await settle();
    expect(c.sent('locate').at(-1)).toEqual({ kind: 'locate', seq: 900, reveal: true, block: 32 });
  });

  it('a fold of every row (Turns, Steps, All) locates the selection again, unfolding nothing: the list shows it, not the old pixel offset', async () => {
    const { client: c } = timeline();
    await settle();
    act(() => select(900));
    await settle();
    c.requests.length = 0;
    act(() =>
      useApp.setState((s) => ({ foldLevel: 'turns', foldsApplied: s.foldsApplied + 1, rowsVersion: 2 })),
    );
    await settle();
    expect(c.sent('locate')).toEqual([{ kind: 'locate', seq: 900, reveal: false, block: 32 }]);
  });

  it("the end of a filter's scan that read on locates the selection again, unfolding nothing: matches found since moved it", async () => {
    const { client: c } = timeline();
    act(() =>
      useApp.setState({ filter: { types: null, errorsOnly: false, text: 'error' }, filterRest: true }),
    );
    await settle();
    act(() => select(900));
    await settle();
    c.requests.length = 0;
    // Rows pushes as the scan reads on: no locate.
    act(() => useApp.setState({ rowsVersion: 2 }));
    await settle();
    expect(c.sent('locate')).toEqual([]);
    act(() => useApp.setState({ filterRest: false, rowsVersion: 3 }));
    await settle();
    expect(c.sent('locate')).toEqual([{ kind: 'locate', seq: 900, reveal: false, block: 32 }]);
  });

  it("a selection in view whose location unfolds a run asks the view's blocks again, once, at the new version", async () => {
    const { client: c } = timeline(true);
    await settle();
    c.requests.length = 0;
    act(() => useApp.setState({ selectedSeq: 10, settledSeq: 10 }));
    await settle();
    expect(c.requests.map((r) => r.req.kind)).toEqual(['locate', 'rows', 'rows']);
    expect(c.sent('rows').map((r) => [r.from, r.to])).toEqual([
      [0, 32],
      [32, 64],
    ]);
  });

  it('a selection located in view, then scrolled out of view by hand: a new row map still asks the rows on screen', async () => {
    const tops = new WeakMap<Element, number>();
    vi.spyOn(HTMLElement.prototype, 'scrollTop', 'get').mockImplementation(function (this: HTMLElement) {
      return tops.get(this) ?? 0;
    });
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    const { el, client: c } = timeline(true);
    await settle();
    act(() => useApp.setState({ selectedSeq: 10, settledSeq: 10 }));
    await settle();
    // The user scrolls far down by hand: the located row (10) leaves the view.
    const scroller = el.querySelector('[data-testid=timeline]')?.parentElement as HTMLElement;
    tops.set(scroller, 22 * 500);
    await act(async () => {
      scroller.dispatchEvent(new Event('scroll'));
      await new Promise((ok) => setTimeout(ok, 50));
    });
    await settle();
    expect(el.querySelector('[role=row][data-seq="500"]')).not.toBeNull();
    c.requests.length = 0;
    act(() => useApp.setState({ rowsVersion: 9 }));
    await settle();
    expect(c.sent('rows').length).toBeGreaterThan(0);
    vi.restoreAllMocks();
  });

  it('asks the worker for the rows on screen in small aligned blocks, not hundreds of rows', async () => {
    const { el, client: c } = timeline();
    await settle();
    // The first viewport (600 px of 22 px rows: 28 rows) lies in two blocks of 32 rows.
    expect(c.sent('rows').map((r) => [r.from, r.to])).toEqual([
      [0, 32],
      [32, 64],
    ]);
    expect(el.querySelectorAll('[role=row]').length).toBe(29);
  });

  it('rows on screen not arrived yet show one placeholder per run (not rows: hidden, no seq), gone once they come', async () => {
    let release!: () => void;
    const held = new Promise<void>((ok) => (release = ok));
    stickyScrolling();
    stubReportingResizeObserver(() => 600);
    const c = client();
    // The second block's answer waits (the first view shows rows 0-28: all in the first block).
    c.handlers.rows = async (req) => {
      if (req.from === 32) await held;
      return rowsFrom(req.from, req.to);
    };
    const el = renderWithClient(c, <Timeline />);
    await settle();
    expect(el.querySelectorAll('[role=row]').length).toBe(29);
    expect(el.querySelector('[data-part=rows-loading]')).toBeNull();
    // A scroll to rows 20-48: rows 20-31 are at hand, 32-48 are not.
    const box = el.querySelector('[data-testid=timeline]')?.parentElement as HTMLElement;
    await act(async () => {
      box.scrollTo({ top: 20 * 22 });
      // Its scroll event a task later, read in the next animation frame.
      await new Promise((ok) => setTimeout(ok, 50));
      await settle();
    });
    const shown = [...el.querySelectorAll('[role=row]')].map((r) => Number(r.getAttribute('data-seq')));
    expect(Math.max(...shown)).toBe(31);
    const loading = [...el.querySelectorAll<HTMLElement>('[data-part=rows-loading]')];
    expect(loading).toHaveLength(1);
    expect(loading[0]?.getAttribute('aria-hidden')).toBe('true');
    expect(loading[0]?.hasAttribute('data-seq')).toBe(false);
    // From row 32's top, as tall as the missing rows on screen.
    const top = Number.parseFloat(loading[0]?.style.top ?? '');
    const height = Number.parseFloat(loading[0]?.style.height ?? '');
    expect(top).toBe(32 * 22);
    expect(height % 22).toBe(0);
    expect(top + height).toBeGreaterThanOrEqual(20 * 22 + 600);
    await act(async () => {
      release();
      await settle();
    });
    expect(el.querySelector('[data-part=rows-loading]')).toBeNull();
    expect(el.querySelector('[role=row][data-seq="40"]')).not.toBeNull();
    vi.restoreAllMocks();
  });

  it('while loading, rows of an older shape (a filter applied since) are not drawn under the new count: placeholders until the new rows come', async () => {
    let release!: () => void;
    const held = new Promise<void>((ok) => (release = ok));
    let shape = 1;
    stubReportingResizeObserver(() => 600);
    Element.prototype.scrollTo ??= () => {};
    const c = client();
    c.handlers.rows = async (req) => {
      const asked = shape;
      if (asked === 2) await held;
      // The new shape's rows are other rows (a filter's matches): seqs shifted by 1000.
      const w = rowsFrom(req.from, req.to);
      return {
        ...w,
        rowsShape: asked,
        rows: asked === 2 ? w.rows.map((r) => ({ ...r, seq: r.seq + 1000 })) : w.rows,
      };
    };
    act(() => useApp.setState({ status: 'loading', rowsShape: 1 }));
    const el = renderWithClient(c, <Timeline />);
    await settle();
    expect(el.querySelector('[role=row][data-seq="5"]')).not.toBeNull();
    // The worker applied a filter: a new shape and count; its rows are on their way.
    shape = 2;
    await placeholdersUntilRows(el, { rowsShape: 2, rowCount: 900 }, release, 1005);
    expect(el.querySelector('[role=row][data-seq="5"]')).toBeNull();
  });
  it('once loaded, rows of an older basis (a filter since) are not drawn under the new count; a fold toggled keeps the rows until its own come', async () => {
    let release!: () => void;
    let held = new Promise<void>((ok) => (release = ok));
    let at = { version: 1, basis: 1 };
    stubReportingResizeObserver(() => 600);
    Element.prototype.scrollTo ??= () => {};
    const c = client();
    c.handlers.rows = async (req) => {
      const asked = at;
      if (asked.version > 1) await held;
      // Each version's rows are other rows: seqs shifted by 1000 per version.
      const w = rowsFrom(req.from, req.to, asked.version);
      return {
        ...w,
        rowsBasis: asked.basis,
        rows: w.rows.map((r) => ({ ...r, seq: r.seq + 1000 * (asked.version - 1) })),
      };
    };
    act(() => useApp.setState({ rowsBasis: 1 }));
    const el = renderWithClient(c, <Timeline />);
    await settle();
    expect(el.querySelector('[role=row][data-seq="5"]')).not.toBeNull();
    // A fold toggled: a new version of the same basis; the old rows stay until the new ones come.
    at = { version: 2, basis: 1 };
    await act(async () => {
      useApp.setState({ rowsVersion: 2, rowsShape: 1 });
      await settle();
    });
    expect(el.querySelector('[role=row][data-seq="5"]')).not.toBeNull();
    expect(el.querySelector('[data-part=rows-loading]')).toBeNull();
    await act(async () => {
      release();
      await settle();
    });
    expect(el.querySelector('[role=row][data-seq="1005"]')).not.toBeNull();
    // A filter: a new basis and count; its rows are on their way: placeholders, not the old rows.
    held = new Promise<void>((ok) => (release = ok));
    at = { version: 3, basis: 2 };
    await placeholdersUntilRows(
      el,
      { rowsVersion: 3, rowsShape: 2, rowsBasis: 2, rowCount: 900 },
      release,
      2005,
    );
  });
  it("a load's end with the last event selected goes to the end of the list in its own commit, before the location is answered; not after a scroll by hand", async () => {
    stickyScrolling();
    const tops = () => el.querySelector<HTMLElement>('[data-testid=timeline]')!.parentElement!.scrollTop;
    stubReportingResizeObserver(() => 600);
    const c = client();
    c.handlers.locate = () => new Promise(() => {}); // never answered: no jump
    act(() => useApp.setState({ status: 'loading', loadId: 1, selectedSeq: null, settledSeq: null }));
    const el = renderWithClient(c, <Timeline />);
    await settle();
    expect(tops()).toBe(0);
    act(() => useApp.setState({ status: 'ready', selectedSeq: 999, settledSeq: 999 }));
    expect(tops()).toBe(1000 * 22 - 600);
    // The next load, scrolled by hand while it loaded: the list stays.
    act(() => useApp.setState({ status: 'loading', loadId: 2, selectedSeq: null, settledSeq: null }));
    act(() => el.querySelector<HTMLElement>('[data-testid=timeline]')!.parentElement!.scrollTo({ top: 440 }));
    act(() => useApp.setState({ scrolledByHand: true, scrollToSelection: false }));
    act(() => useApp.setState({ status: 'ready', selectedSeq: 999, settledSeq: 999 }));
    expect(tops()).toBe(440);
    vi.restoreAllMocks();
  });

  it('a selection not among the rows (a filter hides it) makes the row it sits after the Tab stop, where the arrows move from', async () => {
    // Seq 5 is filtered out: the rows hold 0-4, then 6 on.
    const withoutFive = (from: number, to: number): RowsWindow => {
      const w = rowsFrom(from, to);
      return {
        ...w,
        rows: w.rows.map((r) => (r.seq < 5 ? r : { ...r, seq: r.seq + 1, coverEnd: r.seq + 1 })),
      };
    };
    stubReportingResizeObserver(() => 600);
    Element.prototype.scrollTo ??= () => {};
    const c = client();
    c.handlers.rows = (req) => withoutFive(req.from, req.to);
    // Located before the filter (a filter typed after the selection does not locate it again).
    c.handlers.locate = () => ({ row: 5, visible: true, rowCount: EVENTS, rowsVersion: 1 });
    const el = renderWithClient(c, <Timeline />);
    act(() => select(5));
    await settle();
    const tabStops = [...el.querySelectorAll('[role=row][tabindex="0"]')].map((r) =>
      r.getAttribute('data-seq'),
    );
    expect(tabStops).toEqual(['4']);
  });
});
