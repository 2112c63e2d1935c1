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

/** Focuses the timeline's row in the Tab order (the selection's), else the pane around the empty list. */
export function focusTimeline(): void {
  const grid = document.getElementById(TIMELINE_GRID_ID);
  const row = grid?.querySelector<HTMLElement>('[role=row][tabindex="0"]');
  (row ?? grid?.parentElement)?.focus();
}

/** Focuses the messages list, so the arrows, Page Up/Down, Home and End scroll it; the pane before any log. */
export function focusMessages(): void {
  (document.getElementById(MESSAGES_LIST_ID) ?? document.getElementById(MESSAGES_PANE_ID))?.focus();
}
