/**
 * Two runs of one task side by side (before and after a prompt change):
 * steps aligned by (turn, step) number, their tokens and durations, and the
 * first step where the model's input differs.
 *
 * Inputs are compared by meaning, not by bytes: each message's role and
 * content, with message ids dropped and tool-call ids renamed by order of
 * first appearance (runs never share ids), plus the request in force (model,
 * system prompt, tools).
 */
import type { DerivedMessage } from '../log/sessionLog';
import { stepMetrics, type MetricsSource, type StepMetrics } from '../metrics/steps';
import type { PriceTable } from '../cost/prices';
import { diffRequests, requestViewAt, type RequestChanges } from './request';

export interface RunSource extends MetricsSource {
  messagesAt(seq: number): { messages: DerivedMessage[] };
}

export interface AlignedStep {
  turn: number;
  step: number;
  a?: StepMetrics;
  b?: StepMetrics;
}

export interface Divergence {
  turn: number;
  step: number;
  /** Step indexes and input seqs in each run (null: that run has no such step or call). */
  a: { stepIndex: number; inputSeq: number | null } | null;
  b: { stepIndex: number; inputSeq: number | null } | null;
  /** The first message index that differs (-1 when only the request differs or a step is missing). */
  messageIndex: number;
  /** A sentence: what differs. */
  reason: string;
  request?: RequestChanges;
}

export interface RunComparison {
  steps: AlignedStep[];
  firstDivergence: Divergence | null;
}

export function alignSteps(a: StepMetrics[], b: StepMetrics[]): AlignedStep[] {
  const key = (m: StepMetrics) => `${m.turn}:${m.step}`;
  const byB = new Map(b.map((m) => [key(m), m]));
  const seen = new Set<string>();
  const out: AlignedStep[] = [];
  for (const m of a) {
    const other = byB.get(key(m));
    seen.add(key(m));
    out.push(other ? { turn: m.turn, step: m.step, a: m, b: other } : { turn: m.turn, step: m.step, a: m });
  }
  for (const m of b) if (!seen.has(key(m))) out.push({ turn: m.turn, step: m.step, b: m });
  return out.sort((x, y) => x.turn - y.turn || x.step - y.step);
}

export function compareRuns(a: RunSource, b: RunSource, prices?: PriceTable): RunComparison {
  const steps = alignSteps(stepMetrics(a, prices), stepMetrics(b, prices));
  return { steps, firstDivergence: firstDivergence(a, b, steps) };
}

function firstDivergence(a: RunSource, b: RunSource, steps: AlignedStep[]): Divergence | null {
  for (const s of steps) {
    const at = (m: StepMetrics | undefined) => (m ? { stepIndex: m.index, inputSeq: m.inputSeq } : null);
    const base = { turn: s.turn, step: s.step, a: at(s.a), b: at(s.b) };
    if (!s.a || !s.b)
      return {
        ...base,
        messageIndex: -1,
        reason: `only run ${s.a ? 'A' : 'B'} has turn ${s.turn} step ${s.step}`,
      };
    if (s.a.inputSeq === null || s.b.inputSeq === null) {
      if (s.a.inputSeq === s.b.inputSeq) continue;
      return {
        ...base,
        messageIndex: -1,
        reason: `only run ${s.a.inputSeq !== null ? 'A' : 'B'} calls the model`,
      };
    }
    const ma = canonicalInput(a.messagesAt(s.a.inputSeq).messages);
    const mb = canonicalInput(b.messagesAt(s.b.inputSeq).messages);
    const n = Math.min(ma.length, mb.length);
    let i = 0;
    while (i < n && ma[i] === mb[i]) i++;
    if (i < n || ma.length !== mb.length) {
      const reason =
        i < n
          ? `message ${i + 1} differs`
          : `run ${ma.length > mb.length ? 'A' : 'B'} has ${Math.abs(ma.length - mb.length)} more message(s) from message ${i + 1}`;
      return { ...base, messageIndex: i, reason };
    }
    const request = diffRequests(requestViewAt(a, s.a.inputSeq), requestViewAt(b, s.b.inputSeq));
    delete request.header; // header seqs differ between runs by nature
    const what = Object.keys(request);
    if (what.length > 0)
      return { ...base, messageIndex: -1, reason: `the request's ${what.join(', ')} differ`, request };
  }
  return null;
}

/** Each message as a canonical string (ids dropped, tool-call ids renamed by first appearance). */
export function canonicalInput(messages: DerivedMessage[]): string[] {
  const ids = new Map<string, string>();
  const rename = (id: unknown) => {
    if (typeof id !== 'string') return id;
    let n = ids.get(id);
    if (n === undefined) ids.set(id, (n = `#${ids.size + 1}`));
    return n;
  };
  const canon = (v: unknown, key = ''): unknown => {
    if (Array.isArray(v)) return v.map((x) => canon(x));
    if (typeof v !== 'object' || v === null) return CALL_ID_KEYS.has(key) ? rename(v) : v;
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(v).sort()) out[k] = canon((v as Record<string, unknown>)[k], k);
    return out;
  };
  return messages.map((m) => JSON.stringify({ role: m.message.role, content: canon(m.message.content) }));
}

const CALL_ID_KEYS = new Set(['id', 'callId', 'toolCallId', 'tool_use_id', 'tool_call_id']);
