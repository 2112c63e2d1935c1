/**
 * Marks a search match inside the message the pane scrolled to, with the CSS Custom Highlight
 * API: the rendered text (markdown, tool output, JSON) is searched as the user sees it and the
 * ranges are painted by `::highlight(seqscope-search-hit)` (index.css), so no view has to thread
 * the query through its markup. Where the API is missing, nothing is painted (the live region
 * still names the match).
 */
import { useLayoutEffect, useRef, type RefObject } from 'react';
import { TAIL_INDEX_ATTR } from '../components/tailList';

export const SEARCH_HIGHLIGHT = 'seqscope-search-hit';
/** The attribute a marked message carries: how many matches were painted in it. */
export const SEARCH_MARKS_ATTR = 'data-search-marks';
/** More marks than this in one message are not painted (the first ones show where it is). */
const MAX_MARKS = 200;

export interface SearchMarkTarget {
  /** The message (list index) to search in. */
  index: number;
  /** The matched text, as the hit found it. */
  text: string;
  caseSensitive: boolean;
}

interface HighlightRegistryLike {
  set(name: string, h: unknown): void;
  delete(name: string): void;
}

function registry(): HighlightRegistryLike | null {
  const css = (globalThis as { CSS?: { highlights?: HighlightRegistryLike } }).CSS;
  return css?.highlights && typeof Highlight === 'function' ? css.highlights : null;
}

/** Every occurrence of `text` in `el`'s rendered text, as ranges (matches may span elements). */
export function findTextRanges(el: Element, text: string, caseSensitive: boolean, max = MAX_MARKS): Range[] {
  if (text === '') return [];
  const nodes: Text[] = [];
  const starts: number[] = [];
  let all = '';
  const walker = el.ownerDocument.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    nodes.push(n as Text);
    starts.push(all.length);
    all += (n as Text).data;
  }
  const hay = caseSensitive ? all : all.toLowerCase();
  const needle = caseSensitive ? text : text.toLowerCase();
  const at = (offset: number): [Text, number] => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if ((starts[mid] as number) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return [nodes[lo] as Text, offset - (starts[lo] as number)];
  };
  const ranges: Range[] = [];
  for (
    let i = hay.indexOf(needle);
    i >= 0 && ranges.length < max;
    i = hay.indexOf(needle, i + needle.length)
  ) {
    const r = el.ownerDocument.createRange();
    const [sn, so] = at(i);
    const [en, eo] = at(i + needle.length - 1);
    r.setStart(sn, so);
    r.setEnd(en, eo + 1);
    ranges.push(r);
  }
  return ranges;
}

/**
 * After every commit, paints the target's matches in the list under `root` (messages load and
 * re-render as the user scrolls, so the marks follow them); the first time a target is painted,
 * its first match is brought into view when the message is taller than the pane.
 */
export function useSearchMark(
  root: RefObject<HTMLElement | null>,
  target: SearchMarkTarget | null,
  /** Called after the mark scrolled the list (so the list holds that position). */
  onScrolled: () => void,
): void {
  const revealed = useRef<SearchMarkTarget | null>(null);
  useLayoutEffect(() => {
    const reg = registry();
    const scroller = root.current?.querySelector<HTMLElement>('[data-testid=messages]');
    const item = target ? scroller?.querySelector(`[${TAIL_INDEX_ATTR}="${target.index}"]`) : null;
    if (!target || !scroller || !item) {
      reg?.delete(SEARCH_HIGHLIGHT);
      return;
    }
    const ranges = findTextRanges(item, target.text, target.caseSensitive);
    item.setAttribute(SEARCH_MARKS_ATTR, String(ranges.length));
    if (reg) {
      if (ranges.length > 0) reg.set(SEARCH_HIGHLIGHT, new Highlight(...ranges));
      else reg.delete(SEARCH_HIGHLIGHT);
    }
    const first = ranges[0];
    if (first && revealed.current !== target) {
      revealed.current = target;
      const box = scroller.getBoundingClientRect();
      const r = first.getBoundingClientRect();
      // Out of view inside a tall message: a third of the way down, so the context above shows.
      if (r.top < box.top || r.bottom > box.bottom) {
        scroller.scrollTop += r.top - box.top - box.height / 3;
        onScrolled();
      }
    }
  });
  useLayoutEffect(() => () => registry()?.delete(SEARCH_HIGHLIGHT), []);
}
