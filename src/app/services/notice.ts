/**
 * The app's one non-fatal notice line ("seq 90 is beyond this log", "The log
 * was rewritten; reloaded"): every write goes through here. Several parts of
 * one load may have something to say (a clamped seq, ignored link fields, a
 * reload); their notices are joined in the order given.
 */
import { create } from 'zustand';

export const useNotice = create<{ notice: string | null }>()(() => ({ notice: null }));

/** Adds a notice after the one shown (or, with `first`, before it). */
export function addNotice(text: string, options: { first?: boolean } = {}): void {
  const { notice } = useNotice.getState();
  if (!notice) useNotice.setState({ notice: text });
  else useNotice.setState({ notice: options.first ? `${text}. ${notice}` : `${notice}. ${text}` });
}

/** Takes one notice out of the line (it no longer holds), leaving the others as they are. */
export function removeNotice(text: string): void {
  const { notice } = useNotice.getState();
  if (notice === null) return;
  let next: string | null = notice;
  if (notice === text) next = null;
  else if (notice.startsWith(`${text}. `)) next = notice.slice(text.length + 2);
  else if (notice.endsWith(`. ${text}`)) next = notice.slice(0, -(text.length + 2));
  if (next !== notice) useNotice.setState({ notice: next });
}

/** Replaces whatever is shown. */
export function setNotice(text: string): void {
  useNotice.setState({ notice: text });
}

export function clearNotice(): void {
  if (useNotice.getState().notice !== null) useNotice.setState({ notice: null });
}
