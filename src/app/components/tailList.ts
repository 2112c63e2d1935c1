/** The shapes `useTailList` (useTailList.ts) takes and gives, for the panes that use it. */

export type TailAlign = 'start' | 'center' | 'end';

/** What the list's keydown handler reads of a (React) keyboard event. */
export interface TailKeyEvent {
  key: string;
  target: EventTarget;
  currentTarget: EventTarget;
  preventDefault(): void;
}

/** Where a new `resetKey` shows the list: this item (the end when none is given). */
export interface TailStart {
  index: number;
  align: TailAlign;
}

export interface TailItem {
  index: number;
  /** Top of the item in the list (px). */
  top: number;
}

/** The attribute each rendered item's element carries (its index), so it can be measured. */
export const TAIL_INDEX_ATTR = 'data-tindex';

export interface TailList {
  /** The list's height (px): the inner element's height. */
  total: number;
  /** The items to render, each absolutely placed at `top`, with `data-tindex={index}`. */
  items: TailItem[];
  /** The scrolling element's `ref`. */
  attachScroller: (el: HTMLElement | null) => void;
  /** The `ref` of the element holding the items (their direct parent). */
  attachInner: (el: HTMLElement | null) => void;
  /** The scrolling element's scroll handler (renders once per frame, in the frame's rAF). */
  onScroll: () => void;
  /** Called right after code scrolled the list: it holds that position from now on. */
  scrolledNow: () => void;
  /** The scrolling element's keydown handler (Home / End). */
  onKeyDown: (e: TailKeyEvent) => void;
  /** Shows item `index` (kept there while heights change, until the user scrolls); stable. */
  scrollToIndex: (index: number, align?: TailAlign) => void;
  /** Whether the view is at the end (and follows it). */
  atEnd: () => boolean;
}
