/**
 * Skip links: the first Tab stops of the log screen, hidden until focused, that take the
 * keyboard past the header's controls straight to the timeline's current row or the messages.
 */
import { useEffect, type MouseEvent } from 'react';
import { useApp } from '../appState';
import {
  MESSAGES_PANE_ID,
  TIMELINE_GRID_ID,
  focusMessages,
  focusTimeline,
  focusTimelineSoon,
  takeTimelineFocusRequest,
} from './focusTargets';

export { MESSAGES_LIST_ID, MESSAGES_PANE_ID } from './focusTargets';

const LINK =
  'sr-only rounded bg-sky-600 px-3 py-1.5 text-xs font-medium text-white focus:not-sr-only focus:fixed focus:top-1 focus:left-1 focus:z-50 focus:outline-2 focus:outline-white';

export function SkipLinks() {
  // The start page held the keyboard: once rows show, focus goes to the timeline's row.
  const hasRows = useApp((s) => s.rowCount > 0);
  useEffect(() => {
    if (hasRows && takeTimelineFocusRequest()) return focusTimelineSoon();
  }, [hasRows]);
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
