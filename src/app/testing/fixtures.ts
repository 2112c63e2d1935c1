/**
 * Test fixtures for the app's unit tests: a log summary as the worker would
 * send it, and a reset of the app's stores between tests.
 */
import type { LogSummary } from '../../worker/protocol';
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
