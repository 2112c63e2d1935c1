// @vitest-environment jsdom
import { act } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useApp } from '../appState';
import { FakeClient } from '../testing/fakeClient';
import { resetStores, summary } from '../testing/fixtures';
import { renderWithClient } from '../testing/paneHarness';
import { MAX_TYPE_ROWS, TypePicker, visibleTypes } from './TypePicker';

/** `n` distinct types x/t1..x/tn, one event each, but x/t{n} the most frequent. */
function manyTypes(n: number) {
  return Array.from({ length: n }, (_, i) => ({ type: `x/t${i + 1}`, count: i + 1 === n ? 7 : 1 }));
}

function picker(types: { type: string; count: number }[]) {
  useApp.setState({ status: 'ready', summary: summary(1, types.length, { types }) });
  const client = new FakeClient({ filter: () => ({ rowCount: 0, rowsVersion: 2, matches: 0 }) });
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

const labels = (el: HTMLElement) =>
  [...el.querySelectorAll('[data-testid=type-picker] label')].map(
    (l) => l.querySelector('span')?.textContent,
  );

beforeEach(() => resetStores());

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

  it('50,000 types: at most MAX_TYPE_ROWS checkboxes, the most frequent first; the filter finds any type', () => {
    const { el } = picker(manyTypes(50_000));
    const boxes = () => el.querySelectorAll('[data-testid=type-picker] input[type=checkbox]');
    expect(boxes().length).toBe(MAX_TYPE_ROWS);
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
    expect(boxes().length).toBe(MAX_TYPE_ROWS);
    typeInto(filterBox, 'nothing-like-it');
    expect(boxes().length).toBe(0);
    expect(el.querySelector('[data-testid=type-picker-note]')?.textContent).toContain('No type matches');
  });
});
