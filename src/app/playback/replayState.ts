/**
 * Replay UI state: playback settings and status, the scrubber's
 * axis, whether a drag is in progress, and the slider's description of the
 * current position. The position itself is the app store's selection
 * (`selectedSeq` + `selectedChunk`), which the URL hash follows.
 */
import { create } from 'zustand';
import type { ReplayAxisKind, ReplayPositionView } from '../../worker/protocol';

export type PacingKind = 'real' | 'uniform';

export interface ReplayNotice {
  text: string;
  tone: 'info' | 'warn';
  id: number;
  /**
   * The selection the notice speaks about ("Next error: seq 12", "No error after seq 40"): it
   * goes as soon as the selection moves anywhere else. Absent: it only times out.
   */
  atSeq?: number | null;
}

export interface ReplayNoticeOptions {
  tone?: 'info' | 'warn';
  /** How long it stays (it may go sooner: `atSeq`). */
  ms?: number;
  atSeq?: number | null;
}

export interface ReplayState {
  playing: boolean;
  /** 0.25 .. 16 (core/replay/pacing.ts SPEEDS). */
  speed: number;
  pacing: PacingKind;
  /** Uniform pacing: events per second at 1x. */
  eventsPerSecond: number;
  /** Stop playback at a problem (player.ts PROBLEM_RULE). */
  stopAtProblems: boolean;
  axis: ReplayAxisKind;
  /** A drag on the scrubber is in progress: panes follow, the timeline does not unfold what it passes. */
  scrubbing: boolean;
  /** A transient line in the replay bar ("skipped 41 s idle", "stopped at a diagnostic"). */
  notice: ReplayNotice | null;
  /** The worker's description of the selected position (aria-valuetext). */
  position: ReplayPositionView | null;
  /**
   * The seq whose messages the messages pane shows (its answer arrived and was committed): a
   * drag selects its next position only once the last one is shown (scrubber/dragCommit.ts).
   */
  shownSeq: number | null;
  /** What the pointer is over on the scrubber, shown in the bar's readout (never over the controls). */
  hoverTip: string | null;
  /**
   * During a drag: where the pointer is, shown in the readout every frame (the selection, and
   * with it the panes and the worker's description, follow more slowly: scrubber/dragCommit.ts).
   */
  dragReadout: string | null;
  /** prefers-reduced-motion: no character-by-character reveal, no caret blink, no smooth scrolling. */
  reducedMotion: boolean;
}

const reducedMotionQuery =
  typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-reduced-motion: reduce)')
    : null;

export const useReplay = create<ReplayState>()(() => ({
  playing: false,
  speed: 1,
  pacing: 'real',
  eventsPerSecond: 20,
  stopAtProblems: false,
  axis: 'seq',
  scrubbing: false,
  notice: null,
  position: null,
  shownSeq: null,
  hoverTip: null,
  dragReadout: null,
  reducedMotion: reducedMotionQuery?.matches ?? false,
}));

/** Follows the system's prefers-reduced-motion (installed by the composition root). */
export function watchReducedMotion(): () => void {
  if (!reducedMotionQuery) return () => {};
  const onChange = (e: MediaQueryListEvent) => useReplay.setState({ reducedMotion: e.matches });
  reducedMotionQuery.addEventListener('change', onChange);
  return () => reducedMotionQuery.removeEventListener('change', onChange);
}

let noticeId = 0;

/** Shows a transient notice in the replay bar (cleared after `ms`, or when the selection leaves `atSeq`). */
export function replayNotice(text: string, options: ReplayNoticeOptions = {}): void {
  const { tone = 'info', ms = 2500, atSeq } = options;
  const id = ++noticeId;
  useReplay.setState({ notice: atSeq === undefined ? { text, tone, id } : { text, tone, id, atSeq } });
  setTimeout(() => {
    if (useReplay.getState().notice?.id === id) useReplay.setState({ notice: null });
  }, ms);
}

/**
 * The selection is now `seq` (the app store's select/selectPosition call this): a notice about
 * another selection is stale, whatever moved it (a key, a click, the scrubber, playback, a link).
 */
export function dropNoticeAwayFrom(seq: number | null): void {
  const notice = useReplay.getState().notice;
  if (notice && notice.atSeq !== undefined && notice.atSeq !== seq) useReplay.setState({ notice: null });
}

/** A new log starts loading: the previous log's position, playback and notices go. */
export function resetReplayForLoad(): void {
  noticeId++;
  useReplay.setState({
    playing: false,
    scrubbing: false,
    notice: null,
    position: null,
    hoverTip: null,
    dragReadout: null,
  });
}

/** Whether the open log records times (the worker's first/last recorded time; core/view/duration.ts recordedTime). */
export function logIsTimed(summary: { startTime?: number } | null): boolean {
  return summary?.startTime !== undefined;
}

/** A log without timestamps plays uniformly and scrubs by seq, whatever was chosen for timed logs. */
export function effectiveReplay(
  r: Pick<ReplayState, 'pacing' | 'axis'>,
  timed: boolean,
): Pick<ReplayState, 'pacing' | 'axis'> {
  return timed ? { pacing: r.pacing, axis: r.axis } : { pacing: 'uniform', axis: 'seq' };
}
