/**
 * Messages at the selected seq (centre pane): exactly the derived messages
 * (spec section 4), virtualized, fetched from the worker by index window.
 * The pane's `data-seq` changes only when content for that seq has arrived,
 * so tests (and users) never see one seq's label over another's messages.
 */
import { memo, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { MessagesWindow, StreamView, ToolPair, ViewMessage } from '../../worker/protocol';
import { useApp } from '../appState';
import { TAIL_INDEX_ATTR } from '../components/tailList';
import { useTailList } from '../components/useTailList';
import { useReplay } from '../playback/replayState';
import { useServices } from '../services/context';
import { useWorkerQuery } from '../services/useWorkerQuery';
import { ExportButtons } from '../share/ExportButtons';
import { FOCUSED, MessageItem, messageCallIds, placedStyle, type MessageActions } from './MessageItem';
import { RequestInForce } from './RequestInForce';
import { ResumePreview, useResumePreview } from './ResumePreview';
import { StreamingPreview } from './StreamingPreview';
import { SCROLL_KEYS_ATTR } from '../keymap';
import { MESSAGES_LIST_ID, MESSAGES_PANE_ID } from './SkipLinks';
import { focusLabel } from './messageFocusText';
import { focusStart, useMessageFocus } from './useMessageFocus';
import { formatSeq } from '../../core/view/seqText';
import { useSettled } from './useSettled';
import { MESSAGES_AT_LANE, isFollowing, messagesAtRequest } from './seekRequests';
import { PAGE, nextPage } from './olderPages';
import { usePaintSeeksFirst } from './seekPainted';
import { guessMessageHeight } from './messageHeight';

const NO_PAIRS: ReadonlyMap<string, ToolPair | null> = new Map();
/**
 * The request line and the export menu depend on the seq alone: the pane's other renders (older
 * pages arriving, tool pairs, scroll placement) skip them.
 */
const SeqRequestInForce = memo(RequestInForce);
const SeqExportButtons = memo(ExportButtons);
/** The preview renders when its answer or the playing state changes, not when the list places items. */
const SeqStreamingPreview = memo(StreamingPreview);

interface Shown {
  seq: number;
  count: number;
  messages: Map<number, ViewMessage>;
}

/** Page `index` of the messages at `seq`, when `wanted`. */
function useMessagePage(seq: number | undefined, index: number, wanted: boolean): MessagesWindow | undefined {
  const { data } = useWorkerQuery(
    seq !== undefined && wanted && index >= 0
      ? { kind: 'messages', seq, from: index * PAGE, to: (index + 1) * PAGE }
      : null,
    { lane: `messages-page-${index % 2}` },
  );
  return data;
}

export function MessagesPane() {
  const { client, url } = useServices();
  const selectedSeq = useApp((s) => s.selectedSeq);
  // A loaded log of no events: there is nothing to select, so the pane does not ask for a selection.
  const noEvents = useApp((s) => s.status === 'ready' && s.events === 0);
  const selectedChunk = useApp((s) => s.selectedChunk);
  const following = useReplay(isFollowing);
  const playing = useReplay((s) => s.playing);
  const previousSeq = useApp((s) => s.previousSeq);
  // Not the event count itself: a pane that re-renders at every progress of a load takes the
  // main thread (and, on few cores, the workers' time) for nothing.
  const selectionLoaded = useApp((s) => s.selectedSeq !== null && s.selectedSeq < s.events);
  /** The log's size once read (or grown, when followed); -1 while it loads. */
  const readEvents = useApp((s) => (s.status === 'loading' ? -1 : s.events));
  const loadId = useApp((s) => s.loadId);
  const resume = useResumePreview();
  const [resumeOpen, setResumeOpen] = useState(false);
  const resumeWorth = resume !== null && (resume.repair.length > 0 || resume.refusals.length > 0);
  const loaded = selectedSeq !== null && selectionLoaded;

  // A new position: the tail of its messages, its streaming preview and the message the event
  // produced or changed, in one answer (one commit, one paint). The lane is coalesced: while
  // dragging or playing, only the newest position is asked for (and no focus: the tail is
  // followed); the last answer stays on screen until the next one arrives (the pane's data-seq
  // names what it shows).
  // (`loaded` was told from the store's count: the pane does not render on each load progress.)
  const atQuery = useWorkerQuery(
    loaded ? messagesAtRequest({ selectedSeq, selectedChunk, events: Infinity }, following) : null,
    { lane: MESSAGES_AT_LANE, coalesce: true, keepPrevious: true, deps: [loadId] },
  );
  const error = atQuery.error?.message ?? null;
  const at = atQuery.data;
  const tailData = at?.window;
  const shownSeq = tailData?.seq;
  const stream = at?.stream?.pending ? at.stream : null;
  const streaming = stream !== null;
  const focus = at?.focus ?? null;
  const count = tailData?.count ?? 0;
  const total = count + (streaming ? 1 : 0);

  const tailFrom = tailData ? count - tailData.messages.length : 0;
  /** The request in force is a heavy pane: during a drag, the one where it rests or ends. */
  const requestSeq = useSettled(shownSeq);
  // Says which seq is shown once it is committed: a drag waits for it before its next position.
  useLayoutEffect(() => {
    if (shownSeq !== undefined) useReplay.setState({ shownSeq });
  }, [shownSeq]);
  usePaintSeeksFirst(tailData, shownSeq);
  // Older pages arrive as the user scrolls up; the list reports what it renders through `items`.
  const [page, setPage] = useState(-1);
  const pageA = useMessagePage(shownSeq, page, page >= 0);
  const pageB = useMessagePage(shownSeq, page + 1, page >= 0 && (page + 1) * PAGE < tailFrom);

  const shown: Shown | null = useMemo(() => {
    if (!tailData) return null;
    const messages = new Map<number, ViewMessage>();
    for (const p of [pageA, pageB, tailData])
      if (p && p.seq === tailData.seq) for (const m of p.messages) messages.set(m.index ?? 0, m);
    return { seq: tailData.seq, count: tailData.count, messages };
  }, [tailData, pageA, pageB]);

  // Heights are kept by source event, across seqs: scrubbing places the messages it already
  // measured exactly. A new seq shows the end of its history (where new messages appear); within
  // one seq, growth (the streaming preview arriving) follows the end only if the user is there.
  const previewKey = stream ? streamKey(stream) : null;
  const keys = useMemo(() => {
    const k = new Map<number, string>();
    for (const [i, m] of shown?.messages ?? []) k.set(i, `m${m.seq}`);
    if (previewKey !== null) k.set(count, previewKey);
    return k;
  }, [shown, previewKey, count]);
  // Until measured, each message is placed at a height guessed from its content (messageHeight.ts).
  const guesses = useMemo(
    () => new Map([...(shown?.messages ?? [])].map(([i, m]) => [i, guessMessageHeight(m)])),
    [shown],
  );
  const {
    items,
    total: listHeight,
    attachScroller,
    attachInner,
    onScroll,
    scrolledNow,
    onKeyDown,
  } = useTailList({
    count: total,
    keys,
    // A seq answered with a focus opens at it; the same seq answered again (a chunk within it)
    // keeps the user's position, and the end of a drag (the first answer with a focus) goes to it.
    resetKey: focus && focus.kind !== 'none' ? `${shownSeq}@${focus.index}` : shownSeq,
    start: focusStart(focus),
    guesses,
  });
  // The message the selected event produced or changed: scrolled to and marked (not while a drag
  // or playback moves the selection every frame: the tail is followed there).
  const paneRef = useRef<HTMLElement>(null);
  const { announcement } = useMessageFocus({ focus, count, onScrolled: scrolledNow, root: paneRef });

  // Older messages the user scrolled to: a pair of aligned pages holding those rendered above the
  // tail (olderPages.ts), each on its own lane, by parity; chosen after the commit (audit R15-2).
  const older = items.filter((it) => it.index < tailFrom);
  const wantPage = nextPage(page, older[0]?.index, older.at(-1)?.index);
  useEffect(() => {
    // the list's placement is known only after the commit; set during render, a ping-pong of two
    // pages looped until React gave up and the app went blank (#301)
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (wantPage !== page) setPage(wantPage);
  }, [wantPage, page]);

  // The call/result pairs of the tool calls on screen, from the worker (which knows every pair,
  // also those outside the loaded messages or after the selected seq). A new log (or a followed
  // log growing) can change the pairs.
  // During a drag, the pairs of the messages where it rests or ends (one request, not one per move).
  const callIds = useSettled(useMemo(() => toolCallIds(shown), [shown]));
  const pairsQuery = useWorkerQuery(callIds.length > 0 ? { kind: 'toolPairs', callIds } : null, {
    keepPrevious: true,
    deps: [loadId, readEvents],
  });
  const pairData = pairsQuery.data;
  const pairIds = pairsQuery.dataFor?.callIds;
  const pairs = useMemo(
    () => (pairData && pairIds ? new Map(pairIds.map((id, i) => [id, pairData[i] ?? null])) : NO_PAIRS),
    [pairData, pairIds],
  );
  // The items' links: one object for the pane's life (memoized items keep it), reading the
  // latest messages and pairs when clicked.
  const latest = useRef({ shown, pairs });
  useLayoutEffect(() => {
    latest.current = { shown, pairs };
  });
  const actions = useMemo<MessageActions>(() => {
    const pairOf = async (callId: string): Promise<ToolPair | null> => {
      const known = latest.current.pairs.get(callId);
      if (known !== undefined) return known;
      const r = await client.request({ kind: 'toolPairs', callIds: [callId] });
      return r.ok ? (r.value[0] ?? null) : null;
    };
    return {
      jumpToSeq: (seq) => url.jumpTo(seq),
      jumpToCall: (callId) => {
        // The assistant message carrying the call, when it is loaded; else the tool/call event.
        for (const m of latest.current.shown?.messages.values() ?? [])
          if (messageCallIds(m).includes(callId)) return url.jumpTo(m.seq);
        void pairOf(callId).then((p) => {
          if (p?.callSeq != null) url.jumpTo(p.callSeq);
        });
      },
      jumpToResult: (callId) => {
        void pairOf(callId).then((p) => {
          if (p?.resultSeq != null) url.jumpTo(p.resultSeq);
        });
      },
    };
  }, [client, url]);
  /** A message's tool calls known to have no result in the log (their "result" link is disabled). */
  const missingResults = (m: ViewMessage): string =>
    messageCallIds(m)
      .filter((id) => pairs.has(id) && pairs.get(id)?.resultSeq == null)
      .join('\n');

  // "New since" only when a message actually is new (the newest messages are the loaded tail).
  const highlightAfter =
    previousSeq !== null &&
    shown !== null &&
    previousSeq < shown.seq &&
    [...shown.messages.values()].some((m) => m.seq > previousSeq)
      ? previousSeq
      : null;
  const seqText = shown ? `at ${formatSeq(shown.seq)}` : '';
  const countText = shown ? ` · ${shown.count} message${shown.count === 1 ? '' : 's'}` : '';
  const newText = highlightAfter !== null ? ` · new since ${formatSeq(highlightAfter)}` : '';

  return (
    <section
      ref={paneRef}
      id={MESSAGES_PANE_ID}
      tabIndex={-1}
      className="@container flex h-full min-w-0 flex-col bg-canvas focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-sky-400"
      aria-label="Messages at seq"
    >
      <div className="flex min-h-9 shrink-0 items-center gap-x-2 border-b border-line bg-panel/80 px-3 py-1 text-xs @max-[26rem]:gap-x-1.5 @max-[26rem]:px-2">
        {/* One line, whatever the seq: a bar that wrapped when "new since" came (or a seq grew a
            digit) made the messages below jump at each seek. In a narrow pane (1024 px) the pane's
            name is for screen readers only ("11 messages" says it). */}
        <span data-part="pane-title" className="shrink-0 font-medium text-fg @max-[26rem]:sr-only">
          Messages
        </span>
        {shown ? (
          // The room the buttons leave. "at seq …" first, always whole (a 300 px pane has room for
          // it); what does not fit after it ("new since", then the count) wraps onto a second line
          // that the one-line height hides whole. The title says it all.
          <span
            data-testid="messages-header"
            className="flex max-h-4 min-w-0 flex-1 flex-wrap overflow-hidden font-mono leading-4 whitespace-pre text-fg-muted"
            title={`${seqText}${countText}${newText}`}
          >
            <span>{seqText}</span>
            <span data-part="message-count">{countText}</span>
            {newText && (
              <span data-part="new-since" className="text-sky-300">
                {newText}
              </span>
            )}
          </span>
        ) : (
          <span className="min-w-0 truncate text-fg-subtle">
            {noEvents
              ? 'no events: no message to show'
              : selectedSeq === null
                ? 'select an event'
                : loaded
                  ? 'loading…'
                  : `waiting for ${formatSeq(selectedSeq)} to load…`}
          </span>
        )}
        {error && <span className="truncate text-red-300">{error}</span>}
        <span className="sr-only" aria-live="polite" data-testid="messages-focus-status">
          {announcement}
        </span>
        {resumeWorth && (
          <button
            type="button"
            data-testid="resume-preview-toggle"
            aria-pressed={resumeOpen}
            title={
              resume.repair.length > 0
                ? 'The log ends inside a turn: what the harness would append on resume'
                : 'The harness would refuse to resume this log'
            }
            className={`shrink-0 rounded border px-1.5 py-0.5 text-[11px] ${resumeOpen ? 'border-amber-400/60 bg-amber-500/15 text-amber-100' : 'border-amber-500/30 text-amber-300 hover:bg-amber-500/10'}`}
            onClick={() => setResumeOpen((o) => !o)}
          >
            Resume<span className="@max-[26rem]:sr-only"> preview</span>
          </button>
        )}
        {shown && <SeqExportButtons seq={shown.seq} />}
      </div>
      {requestSeq !== undefined && <SeqRequestInForce seq={requestSeq} />}
      {resumeOpen && resume && <ResumePreview preview={resume} onClose={() => setResumeOpen(false)} />}
      <div
        ref={attachScroller}
        onScroll={onScroll}
        onKeyDown={onKeyDown}
        id={MESSAGES_LIST_ID}
        // In the Tab order and keeping its scrolling keys: a keyboard reads older messages here.
        tabIndex={0}
        role="region"
        aria-label="Message list"
        {...{ [SCROLL_KEYS_ATTR]: '' }}
        data-testid="messages"
        data-seq={shown?.seq}
        data-count={shown?.count}
        className="relative min-h-0 flex-1 overflow-auto [contain:strict] focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-sky-400"
      >
        <div ref={attachInner} style={{ height: listHeight, position: 'relative' }}>
          {shown &&
            items.map((it) => {
              const label = focusLabel(focus, it.index);
              if (it.index >= shown.count) {
                return (
                  <div
                    key="streaming"
                    {...{ [TAIL_INDEX_ATTR]: it.index }}
                    data-focused={label !== null || undefined}
                    style={placedStyle(it.top)}
                    className={label !== null ? FOCUSED : ''}
                  >
                    {stream && <SeqStreamingPreview view={stream} live={playing} />}
                  </div>
                );
              }
              const m = shown.messages.get(it.index);
              if (!m)
                return (
                  <div
                    key={`i${it.index}`}
                    {...{ [TAIL_INDEX_ATTR]: it.index }}
                    style={placedStyle(it.top)}
                    className="border-b border-line-soft"
                  >
                    <div className="h-16 animate-pulse px-3 py-2 text-xs text-fg-faint">
                      message {it.index}…
                    </div>
                  </div>
                );
              return (
                <div
                  key={`m${m.seq}`}
                  {...{ [TAIL_INDEX_ATTR]: it.index }}
                  data-focused={label !== null || undefined}
                  style={placedStyle(it.top)}
                  className={`group border-b border-line-soft ${label !== null ? FOCUSED : ''}`}
                >
                  <MessageItem
                    m={m}
                    index={it.index}
                    label={label}
                    highlighted={highlightAfter !== null && m.seq > highlightAfter}
                    missingResults={missingResults(m)}
                    actions={actions}
                  />
                </div>
              );
            })}
        </div>
        {shown && shown.count === 0 && !streaming && (
          <div className="p-4 text-xs text-fg-subtle">
            No model-visible messages at {formatSeq(shown.seq)}.
          </div>
        )}
      </div>
    </section>
  );
}

/**
 * The streaming preview's height key: what it shows (its position in the stream), not one key for
 * every preview. Under one key a new seq's preview was placed at the last one's height, and the
 * resize observer corrected it with another render and layout on nearly every seek.
 */
export function streamKey(view: StreamView): string {
  const s = view.state;
  const failed = view.failedAttempt ? `f${view.failedAttempt.firstChunkSeq}` : '';
  return `s${s.lastChunkSeq}.${s.lastDelta?.shown ?? ''}${failed}`;
}

/** Ids of the tool calls in the loaded messages, sorted (stable across re-renders). */
function toolCallIds(shown: Shown | null): string[] {
  const ids = new Set<string>();
  for (const m of shown?.messages.values() ?? []) for (const id of messageCallIds(m)) ids.add(id);
  return [...ids].sort();
}
