// @vitest-environment jsdom
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useApp } from '../appState';
import { FakeClient } from '../testing/fakeClient';
import { resetStores, summary } from '../testing/fixtures';
import { renderWithClient, settle, stubResizeObserver } from '../testing/paneHarness';
import { MAX_TYPE_ROWS, TypePicker, visibleTypes } from './TypePicker';
import { TYPE_NAME_CHARS, TYPE_ROW_PX } from './TypeRows';

/** The list box in jsdom (which lays nothing out): 16 rows high. */
const BOX_PX = 16 * TYPE_ROW_PX;
/** The most checkboxes the list may draw: the rows in view, a margin each side, the focused one. */
const DRAWN_BOUND = 32;

/** `n` distinct types x/t1..x/tn, one event each, but x/t{n} the most frequent. */
function manyTypes(n: number) {
  return Array.from({ length: n }, (_, i) => ({ type: `x/t${i + 1}`, count: i + 1 === n ? 7 : 1 }));
}

function picker(types: { type: string; count: number }[]) {
  useApp.setState({ status: 'ready', summary: summary(1, types.length, { types }) });
  const client = new FakeClient({
    filter: () => ({ rowCount: 0, rowsVersion: 2, matches: 0, through: true }),
  });
  const el = renderWithClient(client, <TypePicker />);
  const button = [...el.querySelectorAll('button')].find((b) => b.textContent?.startsWith('Types'));
  if (!button) throw new Error('the Types button is drawn');
  act(() => button.click());
  return { el, client };
}

function typeInto(input: HTMLInputElement, value: string) {
  const set = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  act(() => {
    set?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/** A loading log's progress at `events` events. */
const progressOf = (events: number) => ({
  loadId: 1,
  name: 'big.jsonl',
  bytes: events * 100,
  totalBytes: null,
  decodedBytes: events * 100,
  events,
  rate: 0,
  elapsedMs: 100,
  rowCount: events,
  rowsVersion: 1,
  rowsShape: 0,
  diagnostics: { error: 0, warning: 0, info: 0 },
});

const labels = (el: HTMLElement) =>
  [...el.querySelectorAll('[data-testid=type-picker] label')].map(
    (l) => l.querySelector('span')?.textContent,
  );

beforeEach(() => {
  resetStores();
  stubResizeObserver();
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(BOX_PX);
});

const boxesOf = (el: HTMLElement) =>
  el.querySelectorAll<HTMLInputElement>('[data-testid=type-picker] input[type=checkbox]');

/** Scrolls the list box to `top` px, as a wheel would. */
function scrollList(el: HTMLElement, top: number) {
  const list = el.querySelector<HTMLElement>('[data-testid=type-picker-list]');
  if (!list) throw new Error('the list is drawn');
  act(() => {
    list.scrollTop = top;
    list.dispatchEvent(new Event('scroll'));
  });
}

describe('visibleTypes', () => {
  it('keeps every type in log order when they fit', () => {
    const types = [
      { type: 'b', count: 1 },
      { type: 'a', count: 5 },
    ];
    expect(visibleTypes(types, '')).toEqual({ rows: types, matches: 2 });
    expect(visibleTypes(types, ' A ')).toEqual({ rows: [types[1]], matches: 1 });
  });

  it('keeps the most frequent when they do not (ties in log order)', () => {
    const { rows, matches } = visibleTypes(manyTypes(1000), '', 3);
    expect(matches).toBe(1000);
    expect(rows.map((r) => r.type)).toEqual(['x/t1000', 'x/t1', 'x/t2']);
  });
});

describe('TypePicker', () => {
  it('an ordinary log: every type, no filter box; a toggle hides that type', () => {
    const { el } = picker([
      { type: 'user/message', count: 3 },
      { type: 'assistant/chunk', count: 40 },
    ]);
    expect(labels(el)).toEqual(['user/message', 'assistant/chunk']);
    expect(el.querySelector('[data-testid=type-picker-filter]')).toBeNull();
    const box = el.querySelectorAll<HTMLInputElement>('[data-testid=type-picker] input[type=checkbox]')[1];
    act(() => box?.click());
    expect(useApp.getState().filter).toMatchObject({ types: ['assistant/chunk'], excludeTypes: true });
  });

  it('a loading log (no summary yet): the open picker lists the types read so far, asked again as the load goes on', async () => {
    let types = [{ type: 'turn/start', count: 1 }];
    useApp.setState({ status: 'loading', summary: null, progress: null });
    const client = new FakeClient({ typeCounts: () => types });
    const el = renderWithClient(client, <TypePicker />);
    expect(client.sent('typeCounts')).toEqual([]); // closed: nothing asked
    const button = [...el.querySelectorAll('button')].find((b) => b.textContent?.startsWith('Types'))!;
    act(() => button.click());
    await settle();
    expect(labels(el)).toEqual(['turn/start']);
    types = [...types, { type: 'assistant/chunk', count: 900 }];
    act(() => useApp.setState({ progress: { ...progressOf(1000) } }));
    await settle();
    expect(labels(el)).toEqual(['turn/start', 'assistant/chunk']);
    // Hiding a type while loading hides it by name: types that appear later still show.
    act(() => boxesOf(el)[1]?.click());
    expect(useApp.getState().filter).toMatchObject({ types: ['assistant/chunk'], excludeTypes: true });
  });

  it('50,000 types: at most MAX_TYPE_ROWS listed, the most frequent first; the filter finds any type', () => {
    const { el } = picker(manyTypes(50_000));
    const boxes = () => boxesOf(el);
    const list = el.querySelector('[data-testid=type-picker-list]');
    expect(list?.getAttribute('data-count')).toBe(String(MAX_TYPE_ROWS));
    expect(boxes().length).toBeLessThanOrEqual(DRAWN_BOUND);
    expect(labels(el)[0]).toBe('x/t50000');
    expect(el.querySelector('[data-testid=type-picker-note]')?.textContent).toContain(
      `${(50_000 - MAX_TYPE_ROWS).toLocaleString('en-US')} more types`,
    );
    const filterBox = el.querySelector<HTMLInputElement>('[data-testid=type-picker-filter]');
    if (!filterBox) throw new Error('the filter box is drawn');
    // x/t43210 is far past the first MAX_TYPE_ROWS.
    typeInto(filterBox, 'x/t43210');
    expect(labels(el)).toEqual(['x/t43210']);
    expect(el.querySelector('[data-testid=type-picker-note]')).toBeNull();
    act(() => el.querySelector<HTMLInputElement>('[data-testid=type-picker] input[type=checkbox]')?.click());
    expect(useApp.getState().filter).toMatchObject({ types: ['x/t43210'], excludeTypes: true });
    expect(boxes()[0]).toHaveProperty('checked', false);
    // A broader query is bounded too.
    typeInto(filterBox, 'x/t4');
    expect(list?.getAttribute('data-count')).toBe(String(MAX_TYPE_ROWS));
    expect(boxes().length).toBeLessThanOrEqual(DRAWN_BOUND);
    typeInto(filterBox, 'nothing-like-it');
    expect(boxes().length).toBe(0);
    expect(el.querySelector('[data-testid=type-picker-note]')?.textContent).toContain('No type matches');
  });

  it('draws only the rows in view of a long list; scrolling draws the others, up to the last (audit R12-L1)', () => {
    const { el } = picker(manyTypes(50_000));
    expect(boxesOf(el).length).toBeGreaterThanOrEqual(16);
    expect(boxesOf(el).length).toBeLessThanOrEqual(DRAWN_BOUND);
    scrollList(el, MAX_TYPE_ROWS * TYPE_ROW_PX - BOX_PX);
    expect(boxesOf(el).length).toBeLessThanOrEqual(DRAWN_BOUND);
    // The most frequent type, then the first MAX_TYPE_ROWS - 1 in log order: x/t199 is the last.
    expect(labels(el).at(-1)).toBe(`x/t${MAX_TYPE_ROWS - 1}`);
    expect(labels(el)).not.toContain('x/t50000');
  });

  it('keeps the focused row drawn when the list scrolls away from it', () => {
    const { el } = picker(manyTypes(50_000));
    const first = boxesOf(el)[0];
    act(() => first?.focus());
    expect(document.activeElement).toBe(first);
    scrollList(el, MAX_TYPE_ROWS * TYPE_ROW_PX - BOX_PX);
    expect(document.activeElement).toBe(first);
    expect(labels(el)[0]).toBe('x/t50000');
    expect(boxesOf(el).length).toBeLessThanOrEqual(DRAWN_BOUND);
    // It still toggles its type.
    act(() => first?.click());
    expect(useApp.getState().filter).toMatchObject({ types: ['x/t50000'], excludeTypes: true });
  });

  it('draws the head of a long name, isolated, and keeps the whole name in the title', () => {
    const long = `x\u202e/1\u0301\u200d${'y'.repeat(500)}`;
    const { el } = picker([{ type: long, count: 1 }]);
    const badge = el.querySelector('[data-testid=type-picker] label span[title]');
    const bdi = badge?.querySelector('bdi');
    expect(bdi?.querySelector('[data-bidi-control]')?.textContent).toBe('\\u202e');
    expect(bdi?.textContent).toBe(`x\\u202e${long.slice(2, TYPE_NAME_CHARS)}…`);
    expect(badge?.getAttribute('title')).toBe(`x\\u202e${long.slice(2)}`);
  });
});
