/**
 * Skip links: the first Tab stops of the log screen, hidden until focused, that take the
 * keyboard past the header's controls straight to the timeline's current row or the messages.
 */
import type { MouseEvent } from 'react';
import { MESSAGES_LIST_ID, TIMELINE_GRID_ID, focusMessages, focusTimeline } from './focusTargets';

const LINK =
  'sr-only rounded bg-sky-600 px-3 py-1.5 text-xs font-medium text-white focus:not-sr-only focus:fixed focus:top-1 focus:left-1 focus:z-50 focus:outline-2 focus:outline-white';

export function SkipLinks() {
  const go = (to: () => void) => (e: MouseEvent) => {
    e.preventDefault();
    to();
  };
  return (
    <nav aria-label="Skip links">
      <a href={`#${TIMELINE_GRID_ID}`} className={LINK} onClick={go(() => void focusTimeline())}>
        Skip to timeline
      </a>
      <a href={`#${MESSAGES_LIST_ID}`} className={LINK} onClick={go(focusMessages)}>
        Skip to messages
      </a>
    </nav>
  );
}
