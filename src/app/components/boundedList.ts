/**
 * The one rule for drawing a long list in part: a table of a log's names (tools, models), the
 * Types menu, the samples menu and a message's blocks each draw at most LIST_BOUND items at once
 * (a hostile log of 100,000 names made one of them a 102 s task). Pure: the views own their state.
 */

/** The most items such a list draws at once. */
export const LIST_BOUND = 200;

/**
 * The items whose name contains `query` (case-insensitive; all for an empty query) and at most
 * `max` of them: every match in its order when they fit, else the first `max` by `rank` (a stable
 * sort: ties keep their order), or the first `max` without one.
 */
export function boundedMatches<T>(
  items: readonly T[],
  name: (item: T) => string,
  query: string,
  rank?: (a: T, b: T) => number,
  max = LIST_BOUND,
): { rows: readonly T[]; matching: number } {
  const q = query.trim().toLowerCase();
  const matching = q === '' ? items : items.filter((t) => name(t).toLowerCase().includes(q));
  if (matching.length <= max) return { rows: matching, matching: matching.length };
  const ranked = rank ? [...matching].sort(rank) : matching;
  return { rows: ranked.slice(0, max), matching: matching.length };
}

/** `max` consecutive indexes [from, to) of `total`, centred on `at` as far as the ends allow. */
export function windowAround(at: number, total: number, max = LIST_BOUND): { from: number; to: number } {
  if (total <= max) return { from: 0, to: total };
  const from = Math.max(0, Math.min(at - max / 2, total - max));
  return { from, to: from + max };
}
