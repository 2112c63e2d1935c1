/** A value that follows another at most once per interval (the scrubber's axis asks while a log grows). */
import { useEffect, useRef, useState } from 'react';

/**
 * `value`, changing at most once per `ms` (the latest value wins at the end of the wait), and at
 * once when `flushKey` changes.
 */
export function useThrottled<T>(value: T, ms: number, flushKey: unknown): T {
  const [shown, setShown] = useState(value);
  const [flushedFor, setFlushedFor] = useState(flushKey);
  const last = useRef(0);
  if (!Object.is(flushKey, flushedFor)) {
    // Adjusted while rendering (React renders again before committing): no render shows the old value.
    setFlushedFor(flushKey);
    setShown(value);
  }
  useEffect(() => {
    if (Object.is(value, shown)) return;
    const wait = Math.max(0, last.current + ms - performance.now());
    const t = setTimeout(() => {
      last.current = performance.now();
      setShown(value);
    }, wait);
    return () => clearTimeout(t);
  }, [value, shown, ms]);
  return shown;
}
