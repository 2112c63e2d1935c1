/**
 * UI state (zustand): what is selected, what the filters are, which panels
 * are open, and the load status as the worker last reported it. Never the
 * events themselves: panes ask the worker for what they show.
 */
import { create } from 'zustand';
import type {
  CodeGroup,
  DiagnosticCounts,
  LoadProgress,
  LogSummary,
  TimelineFilter,
  WorkerError,
} from '../worker/protocol';
import { NO_FILTER } from '../worker/protocol';
import { dropNoticeAwayFrom } from './playback/replayState';
import { clearNotice } from './services/notice';

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface AppState {
  status: LoadStatus;
  /** The load the UI is following (named by the load service); pushes of other loads are ignored. */
  loadId: number;
  name: string;
  progress: LoadProgress | null;
  summary: LogSummary | null;
  /** Events loaded so far (final once ready). */
  events: number;
  error: WorkerError | null;
  /** Set when the worker died: the UI offers Retry. */
  workerDead: string | null;
  diagnostics: DiagnosticCounts;
  codes: CodeGroup[];
  /** Timeline rows and a version that changes with them: a mirror of the client's counts (its one writer). */
  rowCount: number;
  rowsVersion: number;
  /** Changes when rows already shown may be other rows, not when rows are added at the end (RowsInfo). */
  rowsShape: number;
  /** Changes when every row shown may be another (a filter, Fold all), not for one fold (RowsInfo). */
  rowsBasis: number;

  selectedSeq: number | null;
  /** Inside a long delta at selectedSeq: code points of it shown (spec 6 "chunk offset"); null = all. */
  selectedChunk: number | null;
  /**
   * The selection the heavy panes follow (inspector, timeline, charts, diffs, request in force):
   * selectedSeq, except during a scrubber drag, which moves selectedSeq (the handle, the status
   * line and the messages pane) and settles here when the pointer rests or is released.
   */
  settledSeq: number | null;
  /** The seq selected before the current one: messages newer than it are highlighted. */
  previousSeq: number | null;
  /** Whether the timeline scrolls the new selection into view. */
  scrollToSelection: boolean;
  /** The user scrolled the timeline by hand since this log opened: its load's end leaves it there. */
  scrolledByHand: boolean;
  /** Whether the timeline unfolds what hides the selection (else its folded row stands for it). */
  revealSelection: boolean;
  /**
   * Counts jumps to the seq already selected (a link to it, clicked again): the timeline shows it
   * again, unfolding what hides it, as for a jump elsewhere (a fold after the first jump hid it).
   */
  shownAgain: number;
  filter: TimelineFilter;
  /**
   * A filter was asked of the worker and its scan has not answered yet (null: none runs). Until
   * the rows' shape moves on from `rowsShape` (the worker applied the new filter: a loading log's
   * progress says so first), the rows on screen are those of the filter before (a text filter
   * reads every event: seconds on 1M events): whether they were a filter's matches (`rowCount`
   * counts them meanwhile, growing with a loading log).
   */
  filterScan: { filtered: boolean; rowsShape: number } | null;
  /**
   * The filter was answered before its scan read the whole log (a loading log's later events):
   * more matches may come, in `rows` pushes, until one says the scan is through.
   */
  filterRest: boolean;
  /** Counts the filters the worker has applied: after one that cleared the filter, the timeline shows the selection again. */
  filtersApplied: number;
  /** Counts the folds of every row (Turns, Steps, All) the worker has applied: the timeline shows the selection again. */
  foldsApplied: number;
  /**
   * Counts the times the row count settled after what the user asked for or waited on: a filter's
   * scan answered, a fold of every row answered, the load ended. A screen reader is told the
   * count then, not each time a loading log's count grows.
   */
  rowCountSettled: number;
  /** Fold state mirror: the last collapse-all level applied. */
  foldLevel: 'turns' | 'steps' | 'none';

  startPageOpen: boolean;
  shortcutsOpen: boolean;
  diagnosticsOpen: boolean;
  diagnosticsCode: string | null;
}

/** What every newly opened log starts from (the rest of the state is the window's, kept across loads). */
const perLog = {
  progress: null,
  summary: null,
  events: 0,
  error: null,
  workerDead: null,
  diagnostics: { error: 0, warning: 0, info: 0 },
  codes: [],
  previousSeq: null,
  scrollToSelection: true,
  scrolledByHand: false,
  revealSelection: true,
  shownAgain: 0,
  filter: NO_FILTER,
  filterScan: null,
  filterRest: false,
  filtersApplied: 0,
  foldsApplied: 0,
  rowCountSettled: 0,
  foldLevel: 'none',
  diagnosticsCode: null,
} satisfies Partial<AppState>;

const initial: AppState = {
  ...perLog,
  rowCount: 0,
  rowsVersion: 0,
  rowsShape: 0,
  rowsBasis: 0,
  status: 'idle',
  loadId: 0,
  name: '',
  selectedSeq: null,
  selectedChunk: null,
  settledSeq: null,
  startPageOpen: false,
  shortcutsOpen: false,
  diagnosticsOpen: false,
};

export const useApp = create<AppState>()(() => initial);

export interface SelectOptions {
  /** Whether the timeline scrolls the new selection into view (default true). */
  scroll?: boolean;
  /** Whether the heavy panes follow at once (default true); a drag settles when it rests. */
  settle?: boolean;
  /** A jump (a link, a row, a diagnostic): to the seq already selected, it is shown again (`shownAgain`). */
  jump?: boolean;
  /** Whether the timeline unfolds what hides it (default true); false: not a fold the user made is undone. */
  reveal?: boolean;
}

/** Selects a seq (or clears the selection), remembering the previous one for "new since" highlights. */
export function select(seq: number | null, options: SelectOptions = {}): void {
  move(seq, null, options);
}

/** The heavy panes catch up with the selection (a drag rested or ended). */
export function settleSelection(): void {
  const { selectedSeq, settledSeq } = useApp.getState();
  dropPendingSettle();
  if (settledSeq !== selectedSeq) useApp.setState({ settledSeq: selectedSeq });
}

/** A new load begins; `keepSelection` keeps the seq a deep link asked for (the startup load only). */
export function resetForLoad(loadId: number, name: string, keepSelection: boolean): void {
  const { selectedSeq, selectedChunk } = useApp.getState();
  clearNotice();
  dropPendingSettle();
  useApp.setState({
    ...perLog,
    selectedSeq: keepSelection ? selectedSeq : null,
    selectedChunk: keepSelection ? selectedChunk : null,
    settledSeq: keepSelection ? selectedSeq : null,
    status: 'loading',
    loadId,
    name,
    startPageOpen: false,
  });
}

/** Selects a position inside the log: a seq and, inside a long delta, the code points of it shown. */
export function selectPosition(seq: number, chunk: number | null, options: SelectOptions = {}): void {
  move(seq, chunk, options);
}

function move(seq: number | null, chunk: number | null, options: SelectOptions): void {
  const { selectedSeq, selectedChunk, previousSeq, settledSeq, events } = useApp.getState();
  const settle = options.settle ?? true;
  if (seq === selectedSeq && chunk === selectedChunk) {
    if (settle && settledSeq !== seq) settleAt(seq);
    if (options.jump === true && seq !== null)
      useApp.setState((s) => ({
        shownAgain: s.shownAgain + 1,
        scrollToSelection: true,
        revealSelection: options.reveal ?? true,
      }));
    return;
  }
  clearNotice();
  dropNoticeAwayFrom(seq);
  // A seek to another loaded seq, with a pane that paints seeks first: the heavy panes follow
  // once it has painted (seekPainted), so their answers, renders and layouts come after its frame.
  const paintFirst = settle && firstPainters > 0 && seq !== null && seq !== settledSeq && seq < events;
  useApp.setState({
    selectedSeq: seq,
    selectedChunk: chunk,
    ...(settle && !paintFirst ? { settledSeq: seq } : {}),
    previousSeq: seq === selectedSeq ? previousSeq : selectedSeq,
    scrollToSelection: options.scroll ?? true,
    revealSelection: options.reveal ?? true,
  });
  if (paintFirst) settleLater(seq);
  else if (settle) dropPendingSettle();
}

/**
 * Panes that paint a seek first (the messages pane, while mounted: a seek is the user waiting for
 * its messages). With one, a seek moves the selection at once and the settled seq (the inspector,
 * the timeline's jump, the request in force, tool pairs) once that pane has painted it, so its
 * answer never waits behind theirs in the worker and its frame never lays out and paints theirs.
 * A seek such a pane does not paint in time (an error, a busy worker) settles after this long (ms).
 */
export const SETTLE_FALLBACK_MS = 250;
let firstPainters = 0;
let pendingSettle: { seq: number; timer: ReturnType<typeof setTimeout> } | null = null;

/** A pane that paints seeks first is mounted; returns its unmount (a seek waiting for it settles). */
export function paintSeeksFirst(): () => void {
  firstPainters++;
  return () => {
    firstPainters--;
    if (pendingSettle) settleAt(pendingSettle.seq);
  };
}

/** The pane that paints seeks first has painted `seq`: the heavy panes follow, if it is still the selection. */
export function seekPainted(seq: number): void {
  if (pendingSettle?.seq === seq) settleAt(seq);
}

/**
 * The fallback runs from the first seek still unsettled, not the last: seeks faster than the pane
 * paints (a held key, fast playback) still move the heavy panes at least every SETTLE_FALLBACK_MS.
 */
function settleLater(seq: number): void {
  if (pendingSettle) {
    pendingSettle.seq = seq;
    return;
  }
  const pending = { seq, timer: setTimeout(() => settleAt(pending.seq), SETTLE_FALLBACK_MS) };
  pendingSettle = pending;
}

function dropPendingSettle(): void {
  if (pendingSettle) clearTimeout(pendingSettle.timer);
  pendingSettle = null;
}

/** The heavy panes follow `seq`, if it is still the selection (a newer seek has its own settle). */
function settleAt(seq: number | null): void {
  dropPendingSettle();
  const { selectedSeq, settledSeq } = useApp.getState();
  if (selectedSeq === seq && settledSeq !== seq) useApp.setState({ settledSeq: seq });
}
