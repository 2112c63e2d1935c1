/**
 * The scroll position and height of a scrolling element, as React state: all a list of
 * fixed-height rows needs to know which rows to draw (scaledRows.ts does the geometry). Unlike a
 * generic virtualizer it keeps nothing per row, so a list of 6M rows costs what a list of 60
 * does, and a selection that unfolds rows (the row count changes) costs no O(rows) rebuild.
 */
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { ScrollEcho } from '../components/scrollEcho';

export interface ScrollBox {
  scrollTop: number;
  /** The element's client height (px); 0 before it is attached. */
  height: number;
}

export interface ScrollBoxState extends ScrollBox {
  /**
   * Reads the element now: called from a layout effect right after it scrolled, the list draws
   * its new rows before the browser paints (the scroll event comes a frame later).
   */
  sync: () => void;
}

/**
 * Reads `el` on scroll and resize. A scroll is read, and rendered, once in the next animation
 * frame: after the frame's scroll events (reading the position in one would force a layout when
 * a commit just changed the page) and before it is painted (no frame drawn with stale rows).
 */
export function useScrollBox(el: HTMLElement | null): ScrollBoxState {
  const [box, setBox] = useState<ScrollBox>({ scrollTop: 0, height: 0 });
  /** The position last read, and the scroll event our own scroll will cause. */
  const [echo] = useState(() => new ScrollEcho());
  const lastTop = useRef(0);
  const sync = useCallback(() => {
    if (!el) return;
    const next = { scrollTop: el.scrollTop, height: el.clientHeight };
    // Read right after code scrolled: the scroll event that follows reports this same position,
    // and reading it again in its frame would force a layout when the page changed meanwhile.
    if (Math.abs(next.scrollTop - lastTop.current) >= 1) echo.expect();
    lastTop.current = next.scrollTop;
    setBox((b) => (b.scrollTop === next.scrollTop && b.height === next.height ? b : next));
  }, [el, echo]);
  useLayoutEffect(() => {
    if (!el) return;
    const read = (now: boolean) => {
      const next = { scrollTop: el.scrollTop, height: el.clientHeight };
      lastTop.current = next.scrollTop;
      const update = () =>
        setBox((b) => (b.scrollTop === next.scrollTop && b.height === next.height ? b : next));
      if (now) flushSync(update);
      else update();
    };
    // Not read at mount: a read in this layout effect forces a layout of the page inside the commit
    // that mounted it (the panes' first commit, in the file input's change task). The observer
    // reports a new target once it is laid out, before the frame is painted; that read is free.
    let frame = 0;
    const recheck = () => {
      if (Math.abs(el.scrollTop - lastTop.current) >= 1) read(true);
    };
    const onScroll = () => {
      if (frame !== 0 || echo.take(recheck)) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        read(true);
      });
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    // Rendered at once (flushSync): the first report, at mount, is drawn in the frame it precedes.
    const ro = new ResizeObserver(() => read(true));
    ro.observe(el);
    return () => {
      if (frame !== 0) cancelAnimationFrame(frame);
      echo.dispose();
      el.removeEventListener('scroll', onScroll);
      ro.disconnect();
    };
  }, [el, echo]);
  return { ...box, sync };
}
