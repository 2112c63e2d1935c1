// @vitest-environment jsdom
/**
 * Opening a log from the start page mounts the panes inside the file input's change task. A
 * layout read in that commit (a size or scroll position read in a ref callback or a layout
 * effect) forces the browser to lay the whole new page out inside that task (132 ms of a 228 ms
 * task in a trace of a 200k-event load): the panes' commit reads none, their observers report
 * the sizes once the page is laid out.
 */
import { act } from 'react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { useApp } from '../appState';
import { FakeClient } from '../testing/fakeClient';
import { resetStores } from '../testing/fixtures';
import { renderWithClient, stubResizeObserver } from '../testing/paneHarness';
import { Scrubber } from '../scrubber/Scrubber';
import { MessagesPane } from '../views/MessagesPane';
import { Timeline } from '../views/Timeline';
import { Panes } from './Panes';

// uPlot (reached through the timeline's row actions) reads matchMedia when imported.
await vi.hoisted(async () => (await import('../testing/paneHarness')).stubMatchMedia());

/** Layout reads by name, counted on every element. */
const reads = new Map<string, number>();

function countReads(prop: 'scrollTop' | 'clientHeight' | 'clientWidth' | 'offsetHeight'): void {
  vi.spyOn(HTMLElement.prototype, prop, 'get').mockImplementation(() => {
    reads.set(prop, (reads.get(prop) ?? 0) + 1);
    return 0;
  });
}

beforeEach(() => {
  resetStores();
  reads.clear();
  // Never reports: whatever is read, is read by the commit itself.
  stubResizeObserver();
  Element.prototype.scrollTo ??= () => {};
  for (const p of ['scrollTop', 'clientHeight', 'clientWidth', 'offsetHeight'] as const) countReads(p);
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(() => {
    reads.set('getBoundingClientRect', (reads.get('getBoundingClientRect') ?? 0) + 1);
    return DOMRect.fromRect({ x: 0, y: 0, width: 0, height: 0 });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

it('mounting the panes of a log that starts loading reads no layout in the commit', () => {
  act(() => useApp.setState({ status: 'loading', loadId: 1, events: 0, rowCount: 0, rowsVersion: 0 }));
  const el = renderWithClient(
    new FakeClient(),
    <>
      <Panes timeline={<Timeline />} messages={<MessagesPane />} inspector={<div />} />
      <Scrubber />
    </>,
  );
  expect(el.querySelector('[data-testid=panes]')).not.toBeNull();
  expect(Object.fromEntries(reads)).toEqual({});
});
