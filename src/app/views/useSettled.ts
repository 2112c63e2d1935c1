/**
 * A value that stays put while a scrubber drag moves the selection ahead of the settled seq
 * (appState `settledSeq`): what a pane derives from every followed seq (the tool pairs on
 * screen, the request in force) is asked for once the drag rests or ends, not per move.
 */
import { useState } from 'react';
import { useApp } from '../appState';

export function useSettled<T>(value: T): T {
  const unsettled = useApp((s) => s.settledSeq !== s.selectedSeq);
  const [held, setHeld] = useState(value);
  if (!unsettled && !Object.is(held, value)) setHeld(value);
  return unsettled ? held : value;
}
