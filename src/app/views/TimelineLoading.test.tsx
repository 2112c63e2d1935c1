// @vitest-environment jsdom
/**
 * The timeline's requests while a log loads, in order: its first rows go to the worker before the
 * request-change seqs (whose first read runs ahead of the rows' answer in the worker), and a block
 * whose rows grow is asked again once the answer to its last ask is in, never superseded by the
 * next progress push; and the growth rewrites no inherited property above the rows.
 */
import { act } from 'react';
import { beforeEach, expect, it, vi } from 'vitest';
import type { RowsWindow, TimelineRow } from '../../worker/protocol';
import { useApp } from '../appState';
import { FakeClient } from '../testing/fakeClient';
import { eventRow, resetStores } from '../testing/fixtures';
import { renderWithClient, settle, stubResizeObserver } from '../testing/paneHarness';
import { Timeline } from './Timeline';

// uPlot (a step row's input diff button reaches the charts) reads matchMedia when imported.
await vi.hoisted(async () => (await import('../testing/paneHarness')).stubMatchMedia());

/** The rows answers the test releases by hand, in the order asked. */
const waiting: { from: number; to: number; answer: (w: RowsWindow) => void }[] = [];
/** The rows the fake worker has loaded so far. */
let loaded = 0;

function release(): void {
  const r = waiting.shift();
  if (!r) throw new Error('no rows request is waiting');
  const rows: TimelineRow[] = [];
  for (let i = r.from; i < Math.min(r.to, loaded); i++) rows.push(eventRow(i));
  r.answer({ from: r.from, rows, rowCount: loaded, rowsVersion: 1 });
}

function loadingTimeline(): FakeClient {
  stubResizeObserver();
  Element.prototype.scrollTo ??= () => {};
  const client = new FakeClient({
    rows: (req) => new Promise<RowsWindow>((answer) => waiting.push({ from: req.from, to: req.to, answer })),
    requestChanges: () => ({ seqs: [] }),
  });
  renderWithClient(client, <Timeline />);
  return client;
}

/** A progress push's effect on the store: the log (and the first block) grew to `rows` rows. */
function grow(rows: number): void {
  loaded = rows;
  act(() => useApp.setState({ events: rows, rowCount: rows, rowsVersion: 1 }));
}

beforeEach(() => {
  resetStores();
  waiting.length = 0;
  loaded = 0;
  useApp.setState({ status: 'loading', loadId: 1, events: 0, rowCount: 0, rowsVersion: 0 });
});

it('while loading, the first rows are asked before the request-change seqs, which wait for them', async () => {
  const client = loadingTimeline();
  grow(26);
  await settle();
  expect(client.requests.map((r) => r.req.kind)).toEqual(['rows']);
  release();
  await settle();
  expect(client.requests.map((r) => r.req.kind)).toEqual(['rows', 'requestChanges']);
});

it('while loading, a growing block is asked again only once its last answer is in', async () => {
  const client = loadingTimeline();
  // All in the first block (32 rows: a 600 px view of 22 px rows).
  grow(10);
  await settle();
  // Progress pushes grow the block while its first answer is on its way: nothing more is asked.
  for (const rows of [16, 20, 28]) {
    grow(rows);
    await settle();
  }
  expect(client.sent('rows')).toHaveLength(1);
  release();
  await settle();
  // The answer (28 rows: the worker answers what it has) is in; the block holds 28: not asked again.
  expect(client.sent('rows')).toHaveLength(1);
  grow(31);
  await settle();
  expect(client.sent('rows')).toHaveLength(2);
  // Row 28 (in view) came with the second answer.
  expect(document.querySelector('[role=row][data-seq="28"]')).toBeNull();
  release();
  await settle();
  expect(document.querySelector('[role=row][data-seq="28"]')).not.toBeNull();
});

it('while loading, rows of another shape (a filter, a fold) are asked again, and grow again from the rows that shape holds', async () => {
  const client = loadingTimeline();
  grow(28);
  await settle();
  release();
  await settle();
  expect(client.sent('rows')).toHaveLength(1);
  expect(document.querySelector('[role=row][data-seq="20"]')).not.toBeNull();
  // A filter answered while the log loads: 5 matches so far, other rows than those shown.
  loaded = 5;
  act(() => useApp.setState({ rowCount: 5, rowsVersion: 2, rowsShape: 1 }));
  await settle();
  expect(client.sent('rows')).toHaveLength(2);
  release();
  await settle();
  expect(document.querySelector('[role=row][data-seq="20"]')).toBeNull();
  // Its scan reads on: the block grows from 5 rows, and is asked again for them.
  loaded = 12;
  act(() => useApp.setState({ rowCount: 12, rowsVersion: 3 }));
  await settle();
  expect(client.sent('rows')).toHaveLength(3);
  release();
  await settle();
  expect(document.querySelector('[role=row][data-seq="11"]')).not.toBeNull();
});

it("a growing log changes only the height in the rows parent style; the seq width sits on the rows' seq cells", async () => {
  loadingTimeline();
  grow(100);
  await settle();
  const grid = document.querySelector<HTMLElement>('[data-testid=timeline]');
  const scroller = grid?.parentElement;
  if (!grid || !scroller) throw new Error('no timeline');
  const scrollerStyle = scroller.getAttribute('style');
  expect(scroller.style.getPropertyValue('--seq-w')).toBe('');
  release();
  await settle();
  const seqCell = grid.querySelector<HTMLElement>('[role=row] > [role=gridcell]');
  expect(seqCell?.style.getPropertyValue('--seq-w')).toBe('4ch');
  grow(200);
  await settle();
  // An inherited (custom) property in the rows parent style, rewritten with the height at every
  // progress push, had the browser restyle every row each time.
  expect(grid.getAttribute('style')).not.toContain('--');
  expect(grid.style.height).toBe('4400px');
  expect(scroller.getAttribute('style')).toBe(scrollerStyle);
});
