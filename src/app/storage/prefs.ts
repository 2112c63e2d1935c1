/**
 * Small user preferences kept in local storage (the theme, pane sizes):
 * read through a validator, so a value another version wrote, or one edited
 * by hand, falls back to the default instead of breaking the app; written
 * best-effort, because blocked or full storage only means the choice is
 * forgotten next time.
 */

/** What a preference is read from and written to (tests pass a Map-backed fake). */
export type PrefStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function defaultStorage(): PrefStorage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    // Some browsers throw on the mere access when storage is blocked.
    return undefined;
  }
}

/** The stored value of `key` if `parse` accepts it, else undefined. */
export function readPref<T>(
  key: string,
  parse: (value: unknown) => T | undefined,
  storage: PrefStorage | undefined = defaultStorage(),
): T | undefined {
  try {
    const raw = storage?.getItem(key);
    if (raw === null || raw === undefined) return undefined;
    return parse(JSON.parse(raw));
  } catch {
    return undefined;
  }
}

/** Stores `value` under `key` (undefined removes it). */
export function writePref(
  key: string,
  value: unknown,
  storage: PrefStorage | undefined = defaultStorage(),
): void {
  try {
    if (value === undefined) storage?.removeItem(key);
    else storage?.setItem(key, JSON.stringify(value));
  } catch {
    // Not persisted: the choice still applies for this session.
  }
}
