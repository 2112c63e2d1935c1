/** What the model was sent at a seq: derived messages, the transcript, the partly streamed message. */
import type { Block, FinishReason, Message, TokenUsage } from '../../core/types';
import type { MessageFocus, NoMessageFocus } from '../../core/view/messageFocus';
import type { SeqRuns } from '../../core/view/seqRuns';

export type { SeqRuns } from '../../core/view/seqRuns';

export type { MessageFocus, MessageFocusKind, NoMessageFocus } from '../../core/view/messageFocus';

/** The message an event produced or changed (core/view/messageFocus.ts), or why there is none. */
export type MessageFocusView = MessageFocus | NoMessageFocus;

export interface ViewMessage {
  /** Place in the derived list (from 0); undefined for hidden originals. */
  index?: number;
  /** The surface event it came from. */
  seq: number;
  message: Message;
  /** When this message's event is a replace: the nodes it hid (surface order), as bounded runs. */
  replaces?: SeqRuns;
}

/** The hidden originals a `replaced` answer carries at most (one page: ReplacedNote pages through them). */
export const REPLACED_PAGE = 100;

/** One page of the originals a replace hid: hidden nodes [offset, offset + REPLACED_PAGE) of `total`. */
export interface ReplacedPage {
  seq: number;
  /** How many nodes the replace hid. */
  total: number;
  offset: number;
  /** The page's nodes that are messages (a hidden node without one is left out). */
  messages: ViewMessage[];
}

/**
 * One surface event of the human transcript (spec 4.3: replaced nodes vanish from the derived
 * history but stay in the transcript). Empty assistant messages are left out.
 */
export interface TranscriptEntry {
  seq: number;
  message: Message;
  /** For a replace event: its range, and the nodes it hid (null when the replace was invalid and not applied). */
  replace?: { start: number; end: number; hidden: number[] | null };
}

export interface MessagesWindow {
  seq: number;
  count: number;
  nodeCount: number;
  from: number;
  messages: ViewMessage[];
}

/** A failed attempt of the step, summarised (its chunks stay out of the next attempt, spec 3.3). */
export interface FailedAttemptRef {
  /** Index into the step's attempts. */
  attempt: number;
  firstChunkSeq: number;
  lastChunkSeq: number;
  chunkCount: number;
  finish?: FinishReason;
}

/** The assistant message as streamed up to a seq: the fields the preview draws, nothing of the worker's caches. */
export interface StreamStateView {
  turn: number;
  step: number;
  /** Index into the step's attempts (== attempts so far when the attempt has not started). */
  attempt: number;
  /** Seq of the attempt's first chunk; null while it has not started. */
  attemptStartSeq: number | null;
  /** Earlier failed attempts of this step. */
  failedAttempts: FailedAttemptRef[];
  /** In order of each stream `index`'s first appearance. */
  blocks: Block[];
  /** Per block: true until its `block-end` arrived. */
  open: boolean[];
  usage?: TokenUsage;
  finish?: FinishReason;
  /** The attempt finished with `error` or `aborted`. */
  failed: boolean;
  chunkCount: number;
  /** Seq of the last chunk assembled, or -1 before any. */
  lastChunkSeq: number;
  /** When the event at seq is one of the attempt's deltas: its block and how much of it is shown (code points). */
  lastDelta?: { block: number; length: number; shown: number };
  /** The attempt's assistant/message, when it is at or before seq: the stream is complete. */
  messageSeq?: number;
}

export interface StreamView {
  seq: number;
  state: StreamStateView;
  /** True when the preview belongs on screen: a step whose assistant message is not appended yet, with chunks so far. */
  pending: boolean;
  /**
   * Between a failed attempt's finish and the next attempt's first chunk: that failed attempt as
   * streamed (its blocks up to the failure), shown marked failed until the retry streams.
   */
  failedAttempt?: FailedAttemptRef & { blocks: Block[] };
}

/**
 * What the messages pane shows at a seq, in one answer so it is committed and painted once: the
 * last messages, the streaming preview, and (when asked) the message the event produced or changed.
 */
export interface MessagesAtView {
  window: MessagesWindow;
  stream: StreamView | null;
  /** Null when not asked (a drag or playback follows the tail). */
  focus: MessageFocusView | null;
}
