/**
 * Fixed-height rows in a scroll space that may be too tall for the browser.
 *
 * Browsers cap an element's height (~17M px in Firefox, ~33M in Chrome), so
 * 1M+ rows of 22 px cannot be laid out 1:1. The virtualizer is given rows of
 * `itemSize` = min(ROW_HEIGHT, MAX_SCROLL_PX / count): its total stays under
 * the cap, and the range it reports always contains the rows on screen. We
 * then draw rows at their real height, positioned from the scroll fraction:
 * the top row is `first = scrollTop / maxScroll * (count - rowsPerView)`.
 * With few rows itemSize == ROW_HEIGHT and this is plain virtualization.
 */

export const ROW_HEIGHT = 22;
/** Safely below every browser's maximum element height. */
export const MAX_SCROLL_PX = 8_000_000;

export interface RowGeometry {
  /** Size of one row in the virtualizer's (scroll) space. */
  itemSize: number;
  /** The fractional row index drawn at the top of the viewport. */
  first: number;
  /** How many rows fit in the viewport. */
  perView: number;
  /** Screen-space top (inside the scroll content) of a row. */
  top: (row: number) => number;
  /** The scrollTop that puts `row` at `fraction` of the viewport (0 top row, 0.5 centre, 1 bottom row). */
  scrollTopFor: (row: number, fraction: number) => number;
}

/** The smallest row block fetched at once. */
const MIN_BLOCK = 32;

/** The list's height (px) before its scroll box has been measured (the first render). */
export const UNMEASURED_VIEWPORT = 600;

/**
 * How many rows the timeline fetches per block: the smallest power of two (at least MIN_BLOCK)
 * above a viewport's rows, so the rows on screen always lie in two adjacent blocks. Small on
 * purpose: the worker describes every row it sends (reading its event), so a jump to a far seq
 * costs two viewports of rows, not hundreds.
 */
export function blockSizeFor(rowsPerView: number): number {
  let block = MIN_BLOCK;
  while (block < rowsPerView + 1) block *= 2;
  return block;
}

export function itemSizeFor(count: number): number {
  return Math.min(ROW_HEIGHT, MAX_SCROLL_PX / Math.max(1, count));
}

export function rowGeometry(count: number, scrollTop: number, viewport: number): RowGeometry {
  const itemSize = itemSizeFor(count);
  const perView = viewport / ROW_HEIGHT;
  const maxScroll = Math.max(0, count * itemSize - viewport);
  const maxFirst = Math.max(0, count - perView);
  const toFirst = (top: number) => (maxScroll > 0 ? (Math.min(top, maxScroll) / maxScroll) * maxFirst : 0);
  const first = toFirst(scrollTop);
  // Past the end of a list that just got shorter (a filter), rows are placed from its end: placed
  // from the old position, they held the old height, so the browser never clamped the position
  // and the wheel scrolled through empty height above rows that stayed put (review).
  const topNow = Math.min(scrollTop, maxScroll);
  return {
    itemSize,
    first,
    perView,
    top: (row) => topNow + (row - first) * ROW_HEIGHT,
    scrollTopFor: (row, fraction) => {
      const wantFirst = Math.max(0, Math.min(maxFirst, row - fraction * (perView - 1)));
      return maxFirst > 0 ? (wantFirst / maxFirst) * maxScroll : 0;
    },
  };
}
