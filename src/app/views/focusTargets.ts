/**
 * Where the keyboard lands: the timeline's current row and the messages list, by id, for the
 * skip links, a load started from the start page and Esc in the search box. A module of its own
 * (ids and DOM look-ups only) so any view can send focus there without importing the panes.
 */

/** The timeline's treegrid. */
export const TIMELINE_GRID_ID = 'timeline-grid';

/** The messages pane's section (a region named after the seq it shows). */
export const MESSAGES_PANE_ID = 'messages-pane';

/** The messages pane's scrolling list: it takes focus, and then the scrolling keys are its own. */
export const MESSAGES_LIST_ID = 'messages-list';

/**
 * The attribute of an element that scrolls by keys while it has focus: the global shortcuts leave
 * the arrows, Page Up/Down, Home/End and Space to it (the browser scrolls it).
 */
export const SCROLLS_BY_KEYS = 'data-scrolls-by-keys';

/** Whether a key event's target is such an element itself (not a button inside it). */
export function scrollsByKeys(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && target.hasAttribute(SCROLLS_BY_KEYS);
}

/**
 * Focuses the timeline's row in the Tab order (the selection's), else the scrolling pane around
 * an empty list; returns whether there was a timeline to focus.
 */
export function focusTimeline(): boolean {
  const grid = document.getElementById(TIMELINE_GRID_ID);
  const target = grid?.querySelector<HTMLElement>('[role=row][tabindex="0"]') ?? grid?.parentElement;
  target?.focus();
  return target !== undefined && target !== null;
}

export function focusMessages(): void {
  (document.getElementById(MESSAGES_LIST_ID) ?? document.getElementById(MESSAGES_PANE_ID))?.focus();
}

/** The seq of the nearest row above `rowElement` at a lower level (its step or turn), if rendered. */
export function parentRowSeq(rowElement: HTMLElement): number | null {
  const level = Number(rowElement.getAttribute('aria-level'));
  for (let el = rowElement.previousElementSibling; el; el = el.previousElementSibling) {
    if (Number(el.getAttribute('aria-level')) < level) return Number(el.getAttribute('data-seq'));
  }
  return null;
}

/**
 * Set when the screen holding focus goes away for the log screen (a log opened from the start
 * page): the timeline takes focus on its current row as soon as it has one, so Tab order and a
 * screen reader start from a known place instead of <body>.
 */
let timelineFocusWanted = false;

export function focusTimelineWhenShown(): void {
  timelineFocusWanted = true;
}

/** Whether the timeline should take focus now; asking clears it. */
export function takeTimelineFocusWanted(): boolean {
  const wanted = timelineFocusWanted;
  timelineFocusWanted = false;
  return wanted;
}
