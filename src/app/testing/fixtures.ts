/**
 * Test fixtures for the app's unit tests: a log summary as the worker would
 * send it, and a reset of the app's stores between tests.
 */
import type { EventDetail, LogSummary, ReplayAxisView, TimelineRow } from '../../worker/protocol';
import { useApp } from '../appState';
import { useNotice } from '../services/notice';

const initialApp = useApp.getState();

export function summary(loadId: number, events: number, extra: Partial<LogSummary> = {}): LogSummary {
  return {
    loadId,
    name: 'demo.jsonl',
    source: { kind: 'sample' },
    format: 'seqscope',
    fingerprint: 'abcdef0123456789',
    bytes: 1000,
    decodedBytes: 1000,
    events,
    turns: 1,
    steps: 1,
    toolCalls: 0,
    toolErrors: 0,
    failedAttempts: 0,
    problems: {
      toolErrors: { count: 0, firstSeq: null },
      failedAttempts: { count: 0, firstSeq: null },
      errorTurns: { count: 0, firstSeq: null },
      abortedTurns: { count: 0, firstSeq: null },
    },
    loadMs: 1,
    metas: [],
    types: [],
    diagnostics: { error: 0, warning: 0, info: 0 },
    codes: [],
    rowCount: events,
    rowsVersion: 1,
    ...extra,
  };
}

/** Puts the app's stores back to their state at startup. */
export function resetStores(): void {
  useApp.setState(initialApp, true);
  useNotice.setState({ notice: null });
}

/** A seq axis of `events` events drawn `width` px wide, x = seq / (events - 1): no time, no steps. */
export function linearSeqAxis(events: number, width: number): ReplayAxisView {
  return {
    axis: 'seq',
    timeAvailable: false,
    eventCount: events,
    width,
    knotSeqs: Int32Array.from([0, events - 1]),
    knotXs: Float64Array.from([0, 1]),
    knotTimes: Float64Array.from([NaN, NaN]),
    markers: [],
    turnNums: new Int32Array(0),
    turnSeqs: new Int32Array(0),
    turnReasons: new Uint8Array(0),
    turnReasonNames: [],
    turnXs: new Float64Array(0),
    stepXs: new Float64Array(0),
    stepSeqs: new Int32Array(0),
    stepNums: new Int32Array(0),
    stepFlags: new Uint8Array(0),
    diagnostics: [],
    stalls: [],
    matches: null,
  };
}

/** The Inspector's answer for a bare `user/message` at `seq` (its line is seq + 1). */
export function userMessageDetail(seq: number): EventDetail {
  return {
    seq,
    type: 'user/message',
    line: seq + 1,
    event: { type: 'user/message', seq, time: 0, data: {} },
    raw: `{"seq":${seq}}`,
    rawBytes: 10,
    rawTruncated: false,
    diagnostics: [],
  };
}

/** A plain event row at row = seq = i (a user message summarised "event i"). */
export function eventRow(i: number): TimelineRow {
  return {
    row: i,
    seq: i,
    coverEnd: i,
    kind: 'event',
    depth: 1,
    type: 'user/message',
    summary: `event ${i}`,
    tone: 'normal',
    diagnostics: 0,
  };
}
