/**
 * The main screen's three panes (timeline | messages | inspector) as sizes:
 * what the user asked for (dragged, typed with arrow keys, collapsed) and
 * what fits the space there is. Side by side they are widths; below
 * STACK_BELOW px the panes stack and the same rules apply to heights.
 *
 * The rule that keeps everything on screen: the middle pane (the messages)
 * keeps at least its minimum, the outer panes give way in proportion to
 * what they have above their own minimum, and a collapsed pane is a strip.
 */

/** Below this width of the window the panes stack. */
export const STACK_BELOW = 900;
/** A collapsed pane's strip, and a divider's thickness, in px. */
export const COLLAPSED_SIZE = 28;
export const DIVIDER_SIZE = 6;

export interface PaneMins {
  first: number;
  middle: number;
  last: number;
}

export const SIDE_BY_SIDE_MINS: PaneMins = { first: 280, middle: 300, last: 260 };
/** Stacked, the messages (the derived history, what the app is for) keep room for a few messages. */
export const STACKED_MINS: PaneMins = { first: 120, middle: 280, last: 100 };

/** What the user asked for, along one axis. */
export interface PaneRequest {
  first: number;
  last: number;
  firstCollapsed: boolean;
  lastCollapsed: boolean;
}

export interface PaneSizes {
  first: number;
  middle: number;
  last: number;
}

/** The sizes of the three panes in `total` px (dividers included), honouring `mins` before the request. */
export function fitPanes(total: number, want: PaneRequest, mins: PaneMins): PaneSizes {
  const room = Math.max(0, total - 2 * DIVIDER_SIZE);
  let first = want.firstCollapsed ? COLLAPSED_SIZE : Math.max(mins.first, want.first);
  let last = want.lastCollapsed ? COLLAPSED_SIZE : Math.max(mins.last, want.last);
  let excess = first + last + mins.middle - room;
  if (excess > 0) {
    // The outer panes give way in proportion to their slack above their minimum.
    const firstSlack = want.firstCollapsed ? 0 : first - mins.first;
    const lastSlack = want.lastCollapsed ? 0 : last - mins.last;
    const slack = firstSlack + lastSlack;
    if (slack > 0) {
      const take = Math.min(excess, slack);
      const fromFirst = Math.round((take * firstSlack) / slack);
      first -= fromFirst;
      last -= take - fromFirst;
      excess -= take;
    }
    // Still too narrow even at the minimums: the outer panes shrink below them, evenly.
    if (excess > 0) {
      const open = (want.firstCollapsed ? 0 : 1) + (want.lastCollapsed ? 0 : 1);
      if (open > 0) {
        const each = Math.ceil(excess / open);
        if (!want.firstCollapsed) first = Math.max(COLLAPSED_SIZE, first - each);
        if (!want.lastCollapsed) last = Math.max(COLLAPSED_SIZE, last - each);
      }
    }
  }
  return { first, middle: Math.max(0, room - first - last), last };
}

/** The largest `first` (or `last`) the user may ask for: the other panes keep their minimums. */
export function maxOuter(total: number, other: number, mins: PaneMins): number {
  return Math.max(0, total - 2 * DIVIDER_SIZE - mins.middle - other);
}

export function clamp(v: number, lo: number, hi: number): number {
  return Math.max(lo, Math.min(Math.max(lo, hi), v));
}
