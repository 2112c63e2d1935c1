/**
 * The replay scrubber's answers: the axis (seq or time -> x), per-pixel ticks,
 * a position described, and playback timing. Sized by the bar, not by the log.
 */
import type { Severity } from '../../core/types';
import type { ReplayAxisKind } from './requests';

/** Tick marks merged per pixel column of the bar. */
export interface TickView {
  px: number;
  count: number;
  firstSeq: number;
  lastSeq: number;
  /** Diagnostics: the worst severity in the column. */
  severity?: Severity;
}

export interface GapMarkerView {
  beforeSeq: number;
  seq: number;
  ms: number;
  x0: number;
  x1: number;
  label: string;
}

/**
 * Turns as columns, like steps (audit 28 N2): an array of one object per turn made every loading
 * update of a log of 3M turns cost seconds of structured clone and GC on the main thread; typed
 * arrays are transferred whole. Turn i is at index i of each column (2i and 2i + 1 for pairs).
 */
export interface TurnColumns {
  /** Per turn: its number. */
  turnNums: Int32Array;
  /** Per turn i: [startSeq, lastSeq] at 2i. */
  turnSeqs: Int32Array;
  /** Per turn: 0 without an end reason, else 1 + its index in turnReasonNames. */
  turnReasons: Uint8Array;
  /**
   * The end reasons named (each a head, nameHead): the harness's vocabulary first, then unknown
   * kinds as met, at most 255; past that, every further kind is TURN_REASON_OTHER.
   */
  turnReasonNames: string[];
}

/** The end reason of a turn whose kind did not fit in turnReasonNames (a log of many distinct kinds). */
export const TURN_REASON_OTHER = 'other';

/** Turn i's end reason, or undefined. */
export function turnReasonAt(turns: TurnColumns, i: number): string | undefined {
  const r = turns.turnReasons[i] ?? 0;
  return r > 0 ? turns.turnReasonNames[r - 1] : undefined;
}

/**
 * The scrubber's data, downsampled for the main thread: a few thousand knots
 * of the seq -> x mapping (every event for small logs), the turn and step
 * bands, compressed-gap markers and per-pixel ticks. Sized by the bar, not
 * by the log (steps and turns are typed arrays: a 1M-event log has ~7k steps).
 */
export interface ReplayAxisView extends TurnColumns {
  /** The axis drawn ('seq' when 'time' was asked for but the log has no usable times). */
  axis: ReplayAxisKind;
  timeAvailable: boolean;
  eventCount: number;
  width: number;
  /** Ascending seqs and their x in [0, 1] (non-decreasing); first 0, last eventCount - 1. */
  knotSeqs: Int32Array;
  knotXs: Float64Array;
  /** The knots' recorded times (epoch ms; NaN where an event has none). */
  knotTimes: Float64Array;
  markers: GapMarkerView[];
  /** Per turn i: [x0, x1] at 2i (the turn columns are TurnColumns'). */
  turnXs: Float64Array;
  /** Per step i: [x0, x1] at 2i, [startSeq, lastSeq] at 2i, [turn, step] at 2i. */
  stepXs: Float64Array;
  stepSeqs: Int32Array;
  stepNums: Int32Array;
  /** Per step: bit 0 stalled, bit 1 has a failed attempt, bit 2 streamed chunks. */
  stepFlags: Uint8Array;
  diagnostics: TickView[];
  stalls: TickView[];
  /** The timeline filter's matches, when a filter is active. */
  matches: TickView[] | null;
  /** Recorded times of the first and last timed events. */
  startTime?: number;
  endTime?: number;
}

export interface ReplayPositionView {
  seq: number;
  /** Code points of the delta at seq shown (absent: all of it). */
  chunk?: number;
  /** For aria-valuetext: "seq 1204 of 50311, turn 12, step 3, text-delta". */
  valuetext: string;
  /** Code points of the delta at seq (0 when it is not a delta). */
  deltaLength: number;
  type: string;
}

/** Playback timing of events [from, from + playMs.length), at 1x. */
export interface PlaybackWindow {
  from: number;
  eventCount: number;
  /** Per event: playback ms between the previous event and it (0 for seq 0). */
  playMs: Float64Array;
  /** Per event: the recorded idle gap skipped before it, or 0. */
  skippedMs: Float64Array;
  /** Per event: code points of its delta (0 when not a delta). */
  deltaLength: Uint32Array;
  /** Per event: 1 when it is a problem (core/view/problems.ts says which events are). */
  problem: Uint8Array;
}
