// @vitest-environment jsdom
import { act, useState } from 'react';
import { beforeEach, expect, it } from 'vitest';
import { select, useApp } from '../appState';
import { render } from '../components/testRender';
import { resetStores } from '../testing/fixtures';
import { useHandScroll } from './useHandScroll';

beforeEach(resetStores);

function List() {
  const [el, setEl] = useState<HTMLElement | null>(null);
  useHandScroll(el);
  return (
    <div data-testid="list" ref={setEl}>
      <div data-testid="row" />
    </div>
  );
}

function mount(): { list: HTMLElement; row: HTMLElement } {
  const host = render(<List />);
  const list = host.querySelector<HTMLElement>('[data-testid=list]');
  const row = host.querySelector<HTMLElement>('[data-testid=row]');
  if (!list || !row) throw new Error('not mounted');
  return { list, row };
}

it('the wheel over the list drops a jump to the selection not made yet, and marks the log scrolled by hand', () => {
  const { list } = mount();
  act(() => select(41));
  expect(useApp.getState()).toMatchObject({ scrollToSelection: true, scrolledByHand: false });
  act(() => {
    list.dispatchEvent(new Event('wheel'));
  });
  expect(useApp.getState()).toMatchObject({ scrollToSelection: false, scrolledByHand: true });
  // A selection made next scrolls to itself again.
  act(() => select(7));
  expect(useApp.getState()).toMatchObject({ scrollToSelection: true, scrolledByHand: true });
});

it('a pointer down on the scroll bar (the list itself) is a scroll by hand; on a row (a click to select) it is not', () => {
  const { list, row } = mount();
  act(() => {
    row.dispatchEvent(new Event('pointerdown', { bubbles: true }));
  });
  expect(useApp.getState()).toMatchObject({ scrollToSelection: true, scrolledByHand: false });
  act(() => {
    list.dispatchEvent(new Event('pointerdown', { bubbles: true }));
  });
  expect(useApp.getState()).toMatchObject({ scrollToSelection: false, scrolledByHand: true });
});

it('a touch moving the list is a scroll by hand', () => {
  const { list } = mount();
  act(() => {
    list.dispatchEvent(new Event('touchmove'));
  });
  expect(useApp.getState().scrolledByHand).toBe(true);
});
