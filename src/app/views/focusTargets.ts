/**
 * Where the keyboard is sent: the timeline's grid and its current row, the messages pane and its
 * list. Plain DOM ids and helpers without imports, so any view (the skip links, the search box
 * leaving on Esc, a finished load) can move focus without importing the panes.
 */

/** The timeline's treegrid. */
export const TIMELINE_GRID_ID = 'timeline-grid';
/** The messages pane's section (focusable by script only). */
export const MESSAGES_PANE_ID = 'messages-pane';
/** The messages list (the scroller, in the Tab order). */
export const MESSAGES_LIST_ID = 'messages-list';
/** The timeline toolbar's Types menu button. */
export const TYPES_BUTTON_ID = 'timeline-types';

/** Focuses the timeline's row in the Tab order (the selection's), else the pane around the empty list. */
export function focusTimeline(): void {
  const grid = document.getElementById(TIMELINE_GRID_ID);
  const row = grid?.querySelector<HTMLElement>('[role=row][tabindex="0"]');
  (row ?? grid?.parentElement)?.focus();
}

/**
 * Focuses the timeline's current row once it is rendered (a log just opened: rows arrive over a
 * few frames), checking each frame for at most `frames`; returns the cancel.
 */
export function focusTimelineSoon(frames = 120): () => void {
  let id = 0;
  const tick = (left: number) => {
    const row = document.getElementById(TIMELINE_GRID_ID)?.querySelector('[role=row][tabindex="0"]');
    if (row || left === 0) focusTimeline();
    else id = requestAnimationFrame(() => tick(left - 1));
  };
  id = requestAnimationFrame(() => tick(frames));
  return () => cancelAnimationFrame(id);
}

/** Rows the timeline shows at once, less one (a page step keeps one row of context). */
export function timelinePageRows(): number {
  const grid = document.getElementById(TIMELINE_GRID_ID);
  const row = grid?.querySelector('[role=row]');
  const h = row?.getBoundingClientRect().height ?? 0;
  const view = grid?.parentElement?.clientHeight ?? 0;
  return h > 0 ? Math.max(1, Math.floor(view / h) - 1) : 10;
}

/** Whether a key event belongs to the timeline: pressed on its grid, or with nothing focused. */
export function inTimeline(target: EventTarget | null): boolean {
  if (target === null || target === document.body) return true;
  return target instanceof Element && target.closest(`#${TIMELINE_GRID_ID}`) !== null;
}

/**
 * A page that held the keyboard went away (the start page, once a log opens): the next log
 * screen sends focus to the timeline's row, so Tab starts from a known place.
 */
let focusOnLogScreen = false;
export function requestTimelineFocus(): void {
  focusOnLogScreen = true;
}
export function takeTimelineFocusRequest(): boolean {
  const asked = focusOnLogScreen;
  focusOnLogScreen = false;
  return asked;
}

/** Focuses the messages list, so the arrows, Page Up/Down, Home and End scroll it; the pane before any log. */
export function focusMessages(): void {
  (document.getElementById(MESSAGES_LIST_ID) ?? document.getElementById(MESSAGES_PANE_ID))?.focus();
}
