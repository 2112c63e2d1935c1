/**
 * The messages pane paints a seek first (appState `paintSeeksFirst`): while it is mounted, a seek
 * settles (the inspector, the timeline's jump, the request in force and tool pairs follow) once
 * the pane has painted the new seq's answer. In a trace of a 600k-event log those panes' answers,
 * renders and forced layouts ran between the messages' commit and its frame (17 ms of a 49 ms
 * seek, and the frame laid out and painted their rows too).
 */
import { useLayoutEffect } from 'react';
import { paintSeeksFirst, seekPainted } from '../appState';

/**
 * Registers the pane, and tells the store when `answer` (the pane's answer for `seq`, committed)
 * has been painted: a task posted from the next animation frame runs once that frame is rendered.
 */
export function usePaintSeeksFirst(answer: object | undefined, seq: number | undefined): void {
  useLayoutEffect(() => paintSeeksFirst(), []);
  // Per answer, not per seq: a seek back to the seq on screen gets a new answer, painted alike.
  useLayoutEffect(() => {
    if (answer === undefined || seq === undefined) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => seekPainted(seq), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [answer, seq]);
}
