/**
 * The messages pane follows the selection: the worker names the message the selected event
 * produced or changed (core/view/messageFocus.ts) in the pane's answer, and the list opens the
 * new seq at it (`focusStart`), once per answer, so a user who scrolls away is not pulled back
 * until the next selection. While a drag or playback moves the selection every frame nothing is
 * asked: the pane follows the tail there. This hook marks a current search hit at the shown seq in
 * the message, and says what is focused.
 */
import { useMemo, type RefObject } from 'react';
import type { MessageFocusView } from '../../worker/protocol';
import type { TailStart } from '../components/tailList';
import { useSearch } from '../why/searchService';
import { useWhy } from '../why/whyState';
import { useSearchMark, type SearchMarkTarget } from './searchMark';
import { focusAnnouncement } from './messageFocusText';

export interface MessageFocusState {
  /** The focus of the shown seq (null while it is on its way, or while following). */
  focus: MessageFocusView | null;
  /** The sentence for the pane's live region ('' when there is nothing to say). */
  announcement: string;
}

/** Where the list opens a seq whose answer named a focus (null: at the end). */
export function focusStart(focus: MessageFocusView | null): TailStart | null {
  return focus && focus.kind !== 'none' ? { index: focus.index, align: 'start' } : null;
}

export function useMessageFocus(options: {
  /** The focus of the shown seq (null while following a drag or playback, or nothing shown). */
  focus: MessageFocusView | null;
  count: number;
  /** The list's scroll handler: told when the mark scrolls the list itself. */
  onScrolled: () => void;
  /** The pane (the search mark looks for the list inside it). */
  root: RefObject<HTMLElement | null>;
}): MessageFocusState {
  const { focus, count, onScrolled, root } = options;

  // The current hit, while the search tab is open (closing it takes the mark away).
  const searching = useWhy((w) => w.open && w.tab === 'search');
  const current = useSearch((s) => (s.current >= 0 ? s.hits[s.current] : undefined));
  const hit = searching ? current : undefined;
  const caseSensitive = useSearch((s) => s.caseSensitive);
  const markIndex = focus !== null && focus.kind !== 'none' && hit?.seq === focus.seq ? focus.index : null;
  const markText = hit ? hit.snippet.slice(hit.start, hit.end) : '';
  // One object per focus answer and hit: the mark reveals its match once per selection.
  const target = useMemo<SearchMarkTarget | null>(
    () => (markIndex === null || focus === null ? null : { index: markIndex, text: markText, caseSensitive }),
    [focus, markIndex, markText, caseSensitive],
  );
  useSearchMark(root, target, onScrolled);

  let announcement = focus ? focusAnnouncement(focus, count) : '';
  if (target) announcement += ` Search match “${target.text}” marked in it.`;
  return { focus, announcement };
}
