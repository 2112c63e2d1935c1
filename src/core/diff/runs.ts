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
import { stepMetrics, type MetricsSource, type StepMetrics } from '../metrics/steps';
import type { PriceTable } from '../cost/prices';
import { diffRequests, requestViewAt, type RequestChanges, type RequestView } from './request';
import { InputDigester, type DigestSource } from './inputDigester';
import { requestHeaders } from '../harness/requestInForce';

export interface RunSource extends MetricsSource, DigestSource {}

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
  const pa = runProfile(a, prices);
  const pb = runProfile(b, prices);
  const cmp = compareProfiles(pa, pb);
  const d = cmp.firstDivergence;
  if (d && d.a?.inputSeq != null && d.b?.inputSeq != null && d.messageIndex === -1 && !d.request) {
    d.messageIndex = firstDifferentMessage(inputDigests(a, d.a.inputSeq), inputDigests(b, d.b.inputSeq));
    d.reason = describeMessageDifference(
      d.messageIndex,
      inputDigests(a, d.a.inputSeq),
      inputDigests(b, d.b.inputSeq),
    );
  }
  return cmp;
}

/** One run reduced to what a comparison needs: per-step metrics and digests of each step's input. */
export interface RunProfile {
  steps: StepProfile[];
}

export interface StepProfile extends StepMetrics {
  /** Digest of the step's input messages (null: no model call). */
  inputDigest: string | null;
  inputMessages: number;
  /** The request in force at the input, as compared (model, system, tools). */
  request: RequestView | null;
}

export function runProfile(log: RunSource, prices?: PriceTable): RunProfile {
  const digester = digesterFor(log);
  // Steps share their request header: its view (every tool's schema as text) is built once per header.
  const headers = requestHeaders(log);
  const views = new Map<number, RequestView>();
  return {
    steps: stepMetrics(log, prices).map((m) => {
      if (m.inputSeq === null) return { ...m, inputDigest: null, inputMessages: 0, request: null };
      const input = digester.profileInput(m.inputSeq);
      const headerSeq = headers.atOrBefore(m.inputSeq) ?? -1;
      let request = views.get(headerSeq);
      if (request === undefined) views.set(headerSeq, (request = requestViewAt(log, m.inputSeq)));
      return { ...m, inputDigest: input.digest, inputMessages: input.count, request };
    }),
  };
}

/** Digests of the messages the model was sent after `seq` (tool-call ids numbered by first appearance in the log). */
export function inputDigests(log: RunSource, seq: number): string[] {
  return digesterFor(log).input(seq);
}

/** Steps aligned by number, and the first whose input (messages or request) differs. */
export function compareProfiles(a: RunProfile, b: RunProfile): RunComparison {
  const steps = alignSteps(a.steps, b.steps);
  // Steps share their header's view (runProfile; kept shared through postMessage): a pair of views
  // found equal is not compared again (20,000 steps under one header of 2,000 tools compared the
  // tools 20,000 times: a 6.7 s freeze in the app, audit R19-4).
  const equalViews = new Map<RequestView, Set<RequestView>>();
  for (const s of steps) {
    const pa = s.a as StepProfile | undefined;
    const pb = s.b as StepProfile | undefined;
    const at = (m: StepProfile | undefined) => (m ? { stepIndex: m.index, inputSeq: m.inputSeq } : null);
    const base = { turn: s.turn, step: s.step, a: at(pa), b: at(pb) };
    if (!pa || !pb)
      return {
        steps,
        firstDivergence: {
          ...base,
          messageIndex: -1,
          reason: `only run ${pa ? 'A' : 'B'} has turn ${s.turn} step ${s.step}`,
        },
      };
    if (pa.inputDigest === null || pb.inputDigest === null) {
      if (pa.inputDigest === pb.inputDigest) continue;
      return {
        steps,
        firstDivergence: {
          ...base,
          messageIndex: -1,
          reason: `only run ${pa.inputDigest !== null ? 'A' : 'B'} calls the model`,
        },
      };
    }
    if (pa.inputDigest !== pb.inputDigest)
      return { steps, firstDivergence: { ...base, messageIndex: -1, reason: 'the input messages differ' } };
    const va = pa.request ?? EMPTY_REQUEST;
    const vb = pb.request ?? EMPTY_REQUEST;
    if (equalViews.get(va)?.has(vb)) continue;
    const request = diffRequests(va, vb);
    delete request.header; // header seqs differ between runs by nature
    const what = Object.keys(request);
    if (what.length === 0) {
      let known = equalViews.get(va);
      if (known === undefined) equalViews.set(va, (known = new Set()));
      known.add(vb);
    }
    if (what.length > 0)
      return {
        steps,
        firstDivergence: {
          ...base,
          messageIndex: -1,
          reason: `the request's ${what.join(', ')} differ`,
          request,
        },
      };
  }
  return { steps, firstDivergence: null };
}

const EMPTY_REQUEST: RequestView = { headerSeq: null, tools: [] };

export function firstDifferentMessage(a: string[], b: string[]): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a[i] === b[i]) i++;
  return i;
}

export function describeMessageDifference(i: number, a: string[], b: string[]): string {
  if (i < Math.min(a.length, b.length)) return `message ${i + 1} differs`;
  return `run ${a.length > b.length ? 'A' : 'B'} has ${Math.abs(a.length - b.length)} more message(s) from message ${i + 1}`;
}

const digesters = new WeakMap<RunSource, InputDigester>();
function digesterFor(log: RunSource): InputDigester {
  let d = digesters.get(log);
  if (!d) digesters.set(log, (d = new InputDigester(log)));
  return d;
}
