/**
 * The hook over `TailScroller` (tailScroller.ts): a virtualized list read from its end, for the
 * messages at a seq. The scroller keeps its state across renders; the hook hands its geometry to
 * React and calls it after each commit.
 */
import { useLayoutEffect, useReducer, useState } from 'react';
import { TailScroller } from './tailScroller';
import type { TailList, TailStart } from './tailList';

const NO_KINDS: ReadonlyMap<number, string> = new Map();

/**
 * `count` items, `keys` the stable keys of those whose heights are worth keeping (by index; a
 * message's source seq), `resetKey`: when it changes, the view jumps to `start` (in the same
 * render: the first frame painted is already there), or to the end.
 */
export function useTailList(options: {
  count: number;
  keys: ReadonlyMap<number, string>;
  /** Items' kinds by index: an item never measured is placed at its kind's mean measured height. */
  kinds?: ReadonlyMap<number, string>;
  resetKey: unknown;
  start?: TailStart | null;
  estimate?: number;
  overscan?: number;
}): TailList {
  const [, bump] = useReducer((n: number) => n + 1, 0);
  const [scroller] = useState(() => new TailScroller(bump, options.estimate ?? 120, options.overscan ?? 400));
  const { total, items } = scroller.layout(
    options.count,
    options.keys,
    options.resetKey,
    options.start ?? null,
    options.kinds ?? NO_KINDS,
  );
  useLayoutEffect(() => scroller.afterCommit());
  useLayoutEffect(() => () => scroller.disconnect(), [scroller]);
  return {
    total,
    items,
    attachScroller: scroller.attachScroller,
    attachInner: scroller.attachInner,
    onScroll: scroller.onScroll,
    scrolledNow: scroller.scrolledNow,
    onKeyDown: scroller.onKeyDown,
    scrollToIndex: scroller.scrollToIndex,
    atEnd: () => scroller.atEnd,
  };
}
