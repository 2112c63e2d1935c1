/**
 * A virtualized list read from its end: the messages at a seq, newest at the bottom. A new
 * `resetKey` (another seq) shows the end at once: items are placed from measured heights (kept
 * by key across seqs) or an estimate. Nothing is measured while React commits (a height read
 * there forces a layout of the page inside the commit's task): a ResizeObserver reports the new
 * items' heights after the browser laid them out, before it paints, and the list is placed again
 * and scrolled then, so the first frame painted shows the new seq where it belongs (items that
 * this second placement brings on screen are measured in the next frame). Scrolling up keeps the
 * first visible item where it is while heights above it are learnt; at the end, the view follows
 * the end as items grow. */
import { useLayoutEffect, useReducer, useState } from 'react';
import { flushSync } from 'react-dom';
import { HeightCache, TailGeometry } from './tailLayout';
import { ScrollEcho } from './scrollEcho';
import {
  TAIL_INDEX_ATTR,
  type TailAlign,
  type TailItem,
  type TailKeyEvent,
  type TailList,
  type TailStart,
} from './tailList';

/** An observed element's height as just laid out (its border box; a browser without it: measured). */
function borderBoxHeight(e: ResizeObserverEntry): number {
  const box = e.borderBoxSize?.[0];
  return box ? box.blockSize : e.target.getBoundingClientRect().height;
}

/** Where the view is held while heights change. */
type Mode =
  | { kind: 'end' }
  | { kind: 'index'; index: number; align: TailAlign }
  /** Item `index`'s top stays `shift` px above the viewport's top (a user's scroll position). */
  | { kind: 'anchor'; index: number; shift: number };

/** Before the viewport's height is known (first render): a tall screen's worth. */
const FALLBACK_VIEWPORT = 1200;
/** Items rendered beyond the viewport each side, whatever their height. */
const EXTRA_ITEMS = 3;

class TailScroller {
  readonly cache = new HeightCache();
  mode: Mode = { kind: 'end' };
  resetKey: unknown = undefined;
  viewport = 0;
  /** The scrollTop this list last set or saw: a scroll event at it is our own. */
  scrollTop = 0;
  geometry: TailGeometry | null = null;
  keys: ReadonlyMap<number, string> = new Map();
  rendered = { first: 0, last: -1 };
  /** The observer's reports so far (tests count them). */
  reports = 0;
  /** Since the last jump (a new resetKey), the user has not scrolled: see `layout`. */
  private jumped = false;
  /** Rendering from the observer's report: the commit scrolls at once (the heights are known). */
  private inReport = false;
  /**
   * What the last measurement was of: a commit that renders the same items (a re-render for
   * anything else, such as the log's progress) measures nothing, since reading a height forces
   * a layout of the whole page. Later changes of height come through the ResizeObserver.
   */
  private measured: { geometry: TailGeometry | null; first: number; last: number; mode: Mode } | null = null;
  private scroller: HTMLElement | null = null;
  private inner: HTMLElement | null = null;
  /** Callback refs (stable): the scrolling element, and the items' parent. */
  readonly attachScroller = (el: HTMLElement | null) => {
    this.scroller = el;
    this.measured = null;
    // A new element: its height is read later (afterCommit or the observer). It has not been
    // scrolled yet: reading its scrollTop here, in the commit, would force a layout of the page.
    this.viewport = 0;
    this.scrollTop = 0;
  };
  readonly attachInner = (el: HTMLElement | null) => {
    this.inner = el;
    this.measured = null;
  };
  readonly onScroll = () => this.scrolled();
  /**
   * The list was just scrolled by code (not an event): its position is read now, and the scroll
   * event that reports the same move is not read again.
   */
  readonly scrolledNow = () => {
    const before = this.scrollTop;
    this.readScroll();
    if (Math.abs(this.scrollTop - before) >= 1 && this.scrollFrame === 0) this.echo.expect();
  };
  /**
   * Home and End go to the first and last item through the list: the browser's own (animated)
   * scroll would be cut short where the list re-places items measured on the way.
   */
  readonly onKeyDown = (e: TailKeyEvent) => {
    if (e.target !== e.currentTarget || (e.key !== 'Home' && e.key !== 'End')) return;
    e.preventDefault();
    this.mode = e.key === 'End' ? { kind: 'end' } : { kind: 'index', index: 0, align: 'start' };
    this.rerender();
  };
  private observer: ResizeObserver | null = null;
  /** The animation frame that reads a scroll (0: none asked). */
  private scrollFrame = 0;
  /** The scroll event our own last move of the position causes (not read again). */
  private readonly echo = new ScrollEcho();
  /** After an echo: a user's scroll in its frame is read (readScroll skips the position it knows). */
  private readonly recheck = () => this.readScroll();
  private observed = new Set<Element>();

  constructor(
    private readonly rerender: () => void,
    readonly estimate: number,
    readonly overscan: number,
  ) {}

  /** The geometry and the items to render now (called while rendering). */
  layout(
    count: number,
    keys: ReadonlyMap<number, string>,
    resetKey: unknown,
    start: TailStart | null,
    guesses?: ReadonlyMap<number, number>,
  ): { total: number; items: TailItem[] } {
    if (resetKey !== this.resetKey) {
      this.resetKey = resetKey;
      this.mode = start ? { kind: 'index', index: start.index, align: start.align } : { kind: 'end' };
      this.jumped = true;
    }
    const same = this.geometry !== null && this.sameLayout(this.geometry, count, keys);
    const geo =
      same && this.geometry
        ? this.geometry
        : new TailGeometry(count, this.estimate, keys, this.cache, guesses);
    this.geometry = geo;
    this.keys = keys;
    const viewport = this.viewport || FALLBACK_VIEWPORT;
    // After a jump, only what is on screen (by measured or guessed heights) and one item each side:
    // the items beyond come as the user scrolls (readScroll), not in the jump's frame.
    const { first, last } = this.jumped
      ? geo.range(this.targetTop(geo, viewport), viewport, 0, 1)
      : geo.range(this.targetTop(geo, viewport), viewport, this.overscan, EXTRA_ITEMS);
    this.rendered = { first, last };
    const items: TailItem[] = [];
    for (let i = first; i <= last && i < count; i++) items.push({ index: i, top: geo.offsetOf(i) });
    return { total: geo.total, items };
  }

  /** The scrollTop the mode asks for. */
  private targetTop(geo: TailGeometry, viewport: number): number {
    const m = this.mode;
    const max = geo.endScrollTop(viewport);
    let top: number;
    if (m.kind === 'end' || geo.count === 0) top = max;
    else if (m.kind === 'anchor') top = geo.offsetOf(Math.min(m.index, geo.count - 1)) + m.shift;
    else {
      const i = Math.min(m.index, geo.count - 1);
      const h = geo.heightOf(i);
      const shift = m.align === 'start' ? 0 : m.align === 'end' ? h - viewport : (h - viewport) / 2;
      top = geo.offsetOf(i) + shift;
    }
    return Math.min(max, Math.max(0, top));
  }

  /** The geometry still holds: same items, same keys, and no height learnt since it was built. */
  private sameLayout(geo: TailGeometry, count: number, keys: ReadonlyMap<number, string>): boolean {
    return geo.count === count && this.keys === keys && this.measured?.geometry === geo;
  }

  /**
   * After React committed: no height is read here (reading one forces a layout of the page in
   * the middle of the commit's task, with the new items' content in it). Items never measured
   * are placed at their estimate; the resize observer reports their real heights once the
   * browser has laid them out (no layout forced: the entries carry the sizes), before the frame
   * is painted, and the list is placed again then (`measuredByObserver`). A commit that shows new
   * items leaves the scrolling to that report, so the page is laid out once for both.
   */
  afterCommit(): void {
    const el = this.scroller;
    const inner = this.inner;
    const geo = this.geometry;
    if (!el || !inner || !geo) return;
    const m = this.measured;
    const { first, last } = this.rendered;
    // Nothing new is on screen since the last placement: nothing to observe, nothing to move.
    if (m && m.geometry === geo && m.first === first && m.last === last && m.mode === this.mode) return;
    // The viewport's height is read once per scrolling element, when there is something to place
    // in it; later (and for an empty list, first) the observer reports it. An empty list's read
    // forced a layout of the page inside the commit that mounts the panes (the load's first task).
    if (this.viewport === 0 && geo.count > 0) this.viewport = el.clientHeight;
    let waiting = false;
    for (const child of inner.children) {
      const key = this.keyOf(child);
      if (key !== undefined && this.cache.get(key) === undefined) {
        waiting = true;
        // An element kept under a new key (the streaming preview at another seq) is observed
        // afresh: the observer reports a target's size when it starts observing it.
        if (this.observed.has(child)) {
          this.observer?.unobserve(child);
          this.observed.delete(child);
        }
      }
      this.observe(child);
    }
    this.observe(el);
    this.unobserveGone(inner);
    this.measured = { geometry: geo, first, last, mode: this.mode };
    // New items' heights arrive from the observer before the frame is painted: it scrolls then.
    if (waiting && !this.inReport) return;
    this.placeScroll(el, geo);
  }

  /** Scrolls to where the mode asks (a no-op, and no layout forced, when already there). */
  private placeScroll(el: HTMLElement, geo: TailGeometry): void {
    const top = this.targetTop(geo, this.viewport || FALLBACK_VIEWPORT);
    // The position this list last set or saw (scroll events keep it): reading the element's own
    // would force a layout when nothing is to move.
    if (Math.abs(this.scrollTop - top) >= 1) this.scrollTo(el, top);
  }

  /**
   * A scroll event: the position is read, and the items rendered, once in the next animation
   * frame (which runs after the frame's scroll events and before it is painted). Scroll events
   * come while the page's layout may be stale (a commit just changed it): reading the position
   * there would force a layout, and rendering there would render once per event. The event that
   * echoes this list's own move (its position already known) is not read at all.
   */
  private scrolled(): void {
    if (this.scrollFrame !== 0 || !this.scroller || this.echo.take(this.recheck)) return;
    this.scrollFrame = requestAnimationFrame(() => {
      this.scrollFrame = 0;
      this.readScroll();
    });
  }

  /** The user's (or the browser's) position becomes the one to hold; missing items render now. */
  private readScroll(): void {
    const el = this.scroller;
    const geo = this.geometry;
    if (!el || !geo) return;
    const top = el.scrollTop;
    if (Math.abs(top - this.scrollTop) < 1) return;
    this.scrollTop = top;
    this.jumped = false;
    const viewport = this.viewport || el.clientHeight;
    if (top >= geo.endScrollTop(viewport) - 2) this.mode = { kind: 'end' };
    else if (top <= 0) this.mode = { kind: 'index', index: 0, align: 'start' };
    else {
      const index = geo.indexAt(top);
      this.mode = { kind: 'anchor', index, shift: top - geo.offsetOf(index) };
    }
    const { first, last } = geo.range(top, viewport, this.overscan / 2, EXTRA_ITEMS - 1);
    if (first < this.rendered.first || last > this.rendered.last) flushSync(this.rerender);
  }

  /** Stable (a callback property): a view's effect can depend on it without running every render. */
  readonly scrollToIndex = (index: number, align: TailAlign = 'start'): void => {
    this.mode = { kind: 'index', index: Math.max(0, index), align };
    this.rerender();
  };

  /** Whether the view follows the end of the list. */
  get atEnd(): boolean {
    return this.mode.kind === 'end';
  }

  private keyOf(el: Element): string | undefined {
    const attr = el.getAttribute(TAIL_INDEX_ATTR);
    return attr === null ? undefined : this.keys.get(Number(attr));
  }

  /**
   * Items that change height later (an image loads, "show all", a toggle) are placed again. The
   * observer's entries carry the sizes the browser just laid out: reading them forces no layout.
   * A viewport that changed height alone (the request line above the list grew or shrank at a
   * new seq) only moves the scroll position, unless rows beyond those rendered come into view.
   */
  private observe(el: Element): void {
    if (this.observed.has(el)) return;
    this.observer ??= new ResizeObserver((entries) => this.measuredByObserver(entries));
    this.observer.observe(el);
    this.observed.add(el);
  }

  /**
   * The observer's report, after the browser laid the page out and before it paints: heights
   * learnt place the items again (one more commit, in this frame) and the list scrolls where its
   * mode asks. Items that this placement renders for the first time are reported in the next
   * frame (the observer delivers a frame's new targets once).
   */
  private measuredByObserver(entries: readonly ResizeObserverEntry[]): void {
    let items = false;
    let viewport = false;
    for (const e of entries) {
      if (e.target === this.scroller) {
        const h = this.scroller.clientHeight;
        viewport = h !== this.viewport || viewport;
        this.viewport = h;
        continue;
      }
      const key = this.keyOf(e.target);
      if (key !== undefined && e.target.isConnected) items = this.cache.set(key, borderBoxHeight(e)) || items;
    }
    this.reports++;
    if (!items) {
      if (viewport) this.viewportResized();
      else if (this.scroller && this.geometry) this.placeScroll(this.scroller, this.geometry);
      return;
    }
    this.measured = null;
    this.inReport = true;
    try {
      flushSync(this.rerender);
    } finally {
      this.inReport = false;
    }
  }

  /** Holds the mode's position in a viewport of a new height; renders only if rows are missing. */
  private viewportResized(): void {
    const el = this.scroller;
    const geo = this.geometry;
    if (!el || !geo) return;
    const top = this.targetTop(geo, this.viewport);
    const { first, last } = geo.range(top, this.viewport, this.overscan / 2, EXTRA_ITEMS - 1);
    if (first < this.rendered.first || last > this.rendered.last) {
      this.measured = null;
      flushSync(this.rerender);
      return;
    }
    if (Math.abs(el.scrollTop - top) >= 1) this.scrollTo(el, top);
    else this.scrollTop = el.scrollTop;
  }

  /**
   * Sets the position and reads it back (the browser may clamp it). Setting it lays the page out
   * anyway, so the read before it costs nothing more; the scroll event this move causes is
   * skipped (its position is known), unless a user's scroll is waiting to be read.
   */
  private scrollTo(el: HTMLElement, top: number): void {
    const before = el.scrollTop;
    el.scrollTop = top;
    this.scrollTop = el.scrollTop;
    if (Math.abs(this.scrollTop - before) >= 1 && this.scrollFrame === 0) this.echo.expect();
  }

  private unobserveGone(inner: Element): void {
    for (const el of this.observed) {
      if (el.parentElement === inner || el === this.scroller) continue;
      this.observer?.unobserve(el);
      this.observed.delete(el);
    }
  }

  disconnect(): void {
    if (this.scrollFrame !== 0) cancelAnimationFrame(this.scrollFrame);
    this.scrollFrame = 0;
    this.echo.dispose();
    this.observer?.disconnect();
    this.observed.clear();
  }
}

/**
 * `count` items, `keys` the stable keys of those whose heights are worth keeping (by index; a
 * message's source seq), `resetKey`: when it changes, the view jumps to `start` (in the same
 * render: the first frame painted is already there), or to the end.
 */
export function useTailList(options: {
  count: number;
  keys: ReadonlyMap<number, string>;
  resetKey: unknown;
  start?: TailStart | null;
  estimate?: number;
  overscan?: number;
  /** Heights guessed for loaded items not measured yet, by index (placed at them, not at `estimate`). */
  guesses?: ReadonlyMap<number, number>;
}): TailList {
  const [, bump] = useReducer((n: number) => n + 1, 0);
  const [scroller] = useState(() => new TailScroller(bump, options.estimate ?? 120, options.overscan ?? 400));
  const { total, items } = scroller.layout(
    options.count,
    options.keys,
    options.resetKey,
    options.start ?? null,
    options.guesses,
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
