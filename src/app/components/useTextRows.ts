/**
 * The rows of a text for a view: up to SYNC_CHARS are indexed while rendering (enough for any
 * short text and for the head of a long one); the rest in slices of SLICE_CHARS, one per task,
 * so a 30 MB output is indexed without a long main-thread task. Returns the rows indexed so far:
 * a new value once the whole text is done.
 */

import { useEffect, useMemo, useState } from 'react';
import { indexRows, startRows, type TextRows } from './textRows';

const SYNC_CHARS = 512 * 1024;
const SLICE_CHARS = 2 * 1024 * 1024;

export function useTextRows(text: string): TextRows {
  const first = useMemo(() => indexRows(startRows(text), SYNC_CHARS), [text]);
  const [later, setLater] = useState<{ from: TextRows; rows: TextRows } | null>(null);
  useEffect(() => {
    if (first.done) return;
    let rows = first;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const step = (): void => {
      rows = indexRows(rows, SLICE_CHARS);
      if (rows.done) setLater({ from: first, rows });
      else timer = setTimeout(step, 0);
    };
    timer = setTimeout(step, 0);
    return () => clearTimeout(timer);
  }, [first]);
  return later?.from === first ? later.rows : first;
}
