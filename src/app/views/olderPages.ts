/**
 * Which pair of older pages the messages pane loads for what it renders above the tail. Loading a
 * page can move the items (its messages' heights replace the estimates), so the pair in force is
 * kept while it still holds what is rendered: chosen afresh on every render, two pages could each
 * move the first message on screen into the other, and the render never settled (audit R15-2).
 * It moves up when the first rendered older message is above the pair, and down when the last one
 * is below it (kept on the first alone, scrolling down showed placeholders that never loaded for
 * the messages past the pair: audit R16-4).
 */

/** Messages per page: each page is one request (`messages`, from..to). */
export const PAGE = 40;

/**
 * The first of the two pages to load, for the older messages rendered from `firstOld` to
 * `lastOld` (undefined: only the tail is rendered), with `page` the pair in force (-1: none).
 */
export function nextPage(page: number, firstOld: number | undefined, lastOld = firstOld): number {
  if (firstOld === undefined || lastOld === undefined) return -1;
  const first = Math.floor(firstOld / PAGE);
  if (page < 0 || firstOld < page * PAGE) return first;
  if (lastOld < (page + 2) * PAGE) return page;
  // the pair that ends with the last one's page, as low as it can be so the first stays in it for
  // longest; when the two are more than a pair apart, the first one's page (the pane reads down)
  return Math.min(first, Math.max(page, Math.floor(lastOld / PAGE) - 1));
}
