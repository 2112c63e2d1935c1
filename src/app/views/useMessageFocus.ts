/**
 * The messages pane follows the selection: the worker names the message the selected event
 * produced or changed (`messageFocus`, core/view/messageFocus.ts); once the pane shows that seq,
 * the list scrolls to it, once per answer, so a user who scrolls away is not pulled back until
 * the next selection. While a drag or playback moves the selection every frame nothing is asked:
 * the pane follows the tail there. A current search hit at the shown seq is marked in the message.
 */
import { useLayoutEffect, useMemo, type RefObject } from 'react';
import type { MessageFocusView } from '../../worker/protocol';
import type { TailAlign } from '../components/useTailList';
import { useWorkerQuery } from '../services/useWorkerQuery';
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

export function useMessageFocus(options: {
  /** The seq to ask about (null: nothing selected, not loaded, or following a drag or playback). */
  seq: number | null;
  /** The seq whose messages the pane shows. */
  shownSeq: number | undefined;
  count: number;
  loadId: number;
  scrollToIndex: (index: number, align?: TailAlign) => void;
  /** The list's scroll handler: told when the mark scrolls the list itself. */
  onScrolled: () => void;
  /** The pane (the search mark looks for the list inside it). */
  root: RefObject<HTMLElement | null>;
}): MessageFocusState {
  const { seq, shownSeq, count, loadId, scrollToIndex, onScrolled, root } = options;
  const { data } = useWorkerQuery(seq === null ? null : { kind: 'messageFocus', seq }, {
    lane: 'messages-focus',
    coalesce: true,
    deps: [loadId],
  });
  const focus = data !== undefined && data.seq === shownSeq ? data : null;

  // Layout effect: the jump lands before the tail is painted.
  useLayoutEffect(() => {
    if (focus && focus.kind !== 'none') scrollToIndex(focus.index, 'start');
  }, [focus, scrollToIndex]);

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
