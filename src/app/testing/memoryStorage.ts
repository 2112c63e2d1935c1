/** TEST-ONLY: preferences storage in memory (the shape of localStorage that storage/prefs.ts uses). */
import type { PrefStorage } from '../storage/prefs';

/** A storage holding `initial`; `data` shows what was written. */
export function memoryStorage(
  initial: Record<string, string> = {},
): PrefStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}
