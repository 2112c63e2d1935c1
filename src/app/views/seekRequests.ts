/**
 * The requests a seek makes, built from the stores alone: the messages pane and the inspector
 * ask them when they render, and `askOnSeek` sends them from the store change itself, before
 * any pane renders (a seek's render of every pane no longer delays its request; the panes'
 * queries take the answer instead of asking again). Only the mounted panes' requests leave
 * (services/askAhead.ts).
 */
import type { RequestOf } from '../../worker/protocol';
import { useApp, type AppState } from '../appState';
import { useReplay } from '../playback/replayState';
import type { AskAhead } from '../services/askAhead';

/**
 * Messages fetched with a new seq (the tail, where new ones appear): more than a tall screen
 * shows (a message is at least ~40 px), and no more: every one is posted by the worker.
 */
const TAIL = 24;
/** ... while a drag or playback moves the selection every frame (older pages load on scroll). */
const FOLLOW_TAIL = 16;

/** The messages pane's lane for its position's answer (coalesced: only the newest waits). */
export const MESSAGES_AT_LANE = 'messages';
/** The inspector's lane. */
export const EVENT_LANE = 'event';

type Selection = Pick<AppState, 'selectedSeq' | 'selectedChunk' | 'events'>;

/**
 * The messages pane's request at the selection: the tail of its messages, its streaming preview
 * and (unless a drag or playback moves it every frame) the message the event produced or changed.
 */
export function messagesAtRequest(s: Selection, following: boolean): RequestOf<'messagesAt'> | null {
  const seq = s.selectedSeq;
  if (seq === null || seq >= s.events) return null;
  return {
    kind: 'messagesAt',
    seq,
    tail: following ? FOLLOW_TAIL : TAIL,
    focus: !following,
    ...(s.selectedChunk === null ? {} : { chunk: s.selectedChunk }),
  };
}

/** The inspector's request: the settled seq's event, once it is loaded. */
export function eventRequest(s: Pick<AppState, 'settledSeq' | 'events'>): RequestOf<'event'> | null {
  const seq = s.settledSeq;
  return seq === null || seq >= s.events ? null : { kind: 'event', seq };
}

/** Whether a drag or playback moves the selection (the messages pane follows the tail then). */
export function isFollowing(r: { scrubbing: boolean; playing: boolean }): boolean {
  return r.scrubbing || r.playing;
}

/** Sends a seek's requests when the selection changes, before the panes render; returns the teardown. */
export function askOnSeek(ahead: AskAhead): () => void {
  return useApp.subscribe((s, prev) => {
    if (s.selectedSeq !== prev.selectedSeq || s.selectedChunk !== prev.selectedChunk) {
      const messages = messagesAtRequest(s, isFollowing(useReplay.getState()));
      if (messages) ahead.ask(messages, { lane: MESSAGES_AT_LANE, coalesce: true, deps: [s.loadId] });
    }
    if (s.settledSeq !== prev.settledSeq) {
      const event = eventRequest(s);
      if (event) ahead.ask(event, { lane: EVENT_LANE, coalesce: true });
    }
  });
}
