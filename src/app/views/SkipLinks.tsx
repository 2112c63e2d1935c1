/**
 * Skip links: the first Tab stops of the log screen, hidden until focused, that take the
 * keyboard past the header's controls straight to the timeline's current row or the messages.
 */
import type { MouseEvent } from 'react';
import { TIMELINE_GRID_ID } from './Timeline';

/** The messages pane's section (focusable by script only). */
export const MESSAGES_PANE_ID = 'messages-pane';
/** The messages list (the scroller, in the Tab order): the skip link's target. */
export const MESSAGES_LIST_ID = 'messages-list';

function focusTimeline(): void {
  const grid = document.getElementById(TIMELINE_GRID_ID);
  // The row in the Tab order (the selection's), else the scrolling pane around the empty list.
  const row = grid?.querySelector<HTMLElement>('[role=row][tabindex="0"]');
  (row ?? grid?.parentElement)?.focus();
}

function focusMessages(): void {
  // The list itself, so the arrows, Page Up/Down, Home and End scroll it; the pane before any log.
  (document.getElementById(MESSAGES_LIST_ID) ?? document.getElementById(MESSAGES_PANE_ID))?.focus();
}

const LINK =
  'sr-only rounded bg-sky-600 px-3 py-1.5 text-xs font-medium text-white focus:not-sr-only focus:fixed focus:top-1 focus:left-1 focus:z-50 focus:outline-2 focus:outline-white';

export function SkipLinks() {
  const go = (to: () => void) => (e: MouseEvent) => {
    e.preventDefault();
    to();
  };
  return (
    <nav aria-label="Skip links">
      <a href={`#${TIMELINE_GRID_ID}`} className={LINK} onClick={go(focusTimeline)}>
        Skip to timeline
      </a>
      <a href={`#${MESSAGES_PANE_ID}`} className={LINK} onClick={go(focusMessages)}>
        Skip to messages
      </a>
    </nav>
  );
}
