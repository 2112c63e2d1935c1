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

/** Replaces whatever is shown. */
export function setNotice(text: string): void {
  useNotice.setState({ notice: text });
}

export function clearNotice(): void {
  if (useNotice.getState().notice !== null) useNotice.setState({ notice: null });
}
