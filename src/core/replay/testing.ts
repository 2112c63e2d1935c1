/**
 * TEST-ONLY helpers for the replay tests: a SessionLog from a list of rows
 * (type, time, data), with seqs assigned in order. Never imported by app code.
 */
import { loadLogFromText } from '../log/load';
import type { SessionLog } from '../log/sessionLog';

export interface Row {
  type: string;
  /** Epoch ms; omitted: the event has no time. */
  t?: number;
  data?: Record<string, unknown>;
  surfaceOp?: unknown;
}

export function logOfRows(rows: readonly Row[]): SessionLog {
  const lines = rows.map((r, seq) =>
    JSON.stringify({
      type: r.type,
      seq,
      ...(r.t !== undefined ? { time: r.t } : {}),
      data: r.data ?? {},
      ...(r.surfaceOp !== undefined ? { surfaceOp: r.surfaceOp } : {}),
    }),
  );
  return loadLogFromText(lines.join('\n') + '\n');
}

/** Row builders for one step's events. */
export const rows = {
  turnStart: (turn: number, t?: number): Row => ({ type: 'turn/start', t, data: { turn } }),
  turnEnd: (turn: number, t?: number): Row => ({
    type: 'turn/end',
    t,
    data: { turn, reason: { kind: 'completed' } },
  }),
  stepStart: (turn: number, step: number, t?: number): Row => ({
    type: 'step/start',
    t,
    data: { turn, step },
  }),
  stepEnd: (turn: number, step: number, t?: number): Row => ({ type: 'step/end', t, data: { turn, step } }),
  user: (text: string, t?: number): Row => ({
    type: 'user/message',
    t,
    data: { role: 'user', content: [{ type: 'text', text }] },
    surfaceOp: 'append',
  }),
  chunk: (turn: number, step: number, chunk: Record<string, unknown>, t?: number): Row => ({
    type: 'assistant/chunk',
    t,
    data: { turn, step, chunk },
  }),
  text: (turn: number, step: number, text: string, t?: number): Row =>
    rows.chunk(turn, step, { type: 'text-delta', index: 0, text }, t),
  message: (turn: number, step: number, text: string, t?: number, usage?: Record<string, number>): Row => ({
    type: 'assistant/message',
    t,
    data: {
      turn,
      step,
      message: { role: 'assistant', content: [{ type: 'text', text }] },
      ...(usage ? { usage } : {}),
    },
    surfaceOp: 'append',
  }),
};
