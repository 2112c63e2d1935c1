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
import { diffRequests, requestViewAt, type RequestChanges, type RequestView } from './request';
import { jsonText } from '../deepJson';
import { requestHeaders } from '../harness/requestInForce';

export interface RunSource extends MetricsSource {
  messagesAt(seq: number, from?: number, to?: number): { messages: DerivedMessage[] };
  /**
   * Source seqs of `messagesAt(seq)`'s messages from index `from`, parsing
   * none, the surface epoch they belong to (within one, a later seq's list
   * extends an earlier one's), and asked with `since`, the index before which
   * the lists at `since` and `seq` agree (a replace between them changed the
   * rest). With it a step reads and hashes only the messages added or
   * replaced since the last step: without it, every step re-read its whole
   * history, quadratic in the steps (two 2,000-step runs took 146 s).
   */
  messageSeqsAt?(
    seq: number,
    from?: number,
    since?: number,
  ): { epoch: number; count: number; seqs: number[]; sharedFrom?: number };
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
    const request = diffRequests(pa.request ?? EMPTY_REQUEST, pb.request ?? EMPTY_REQUEST);
    delete request.header; // header seqs differ between runs by nature
    const what = Object.keys(request);
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

/** Per log: each message's canonical digest, cached by source seq (a message never changes). */
class InputDigester {
  private readonly bySeq = new Map<number, string>();
  private readonly ids = new Map<string, string>();
  constructor(private readonly log: RunSource) {}

  /** Each message's digest, as a number for folding a step's list (one per message seq). */
  private readonly numBySeq = new Map<number, number>();
  /** The last profiled step's seq, message seqs and epoch, and the fold after each prefix (two lanes per entry). */
  private lastSeq = -1;
  private lastSeqs: number[] = [];
  private lastEpoch = NaN;
  private folds: number[] = [0x9e3779b9, 0x85ebca6b];

  /** Digests of the messages in `messagesAt(seq)`. */
  input(seq: number): string[] {
    const seqs = this.log.messageSeqsAt?.(seq).seqs;
    if (!seqs) return this.log.messagesAt(seq).messages.map((m) => this.digest(m));
    this.digestMissing(seq, seqs, 0);
    return seqs.map((s) => this.bySeq.get(s) as string);
  }

  /**
   * One digest for the whole input at `seq`, and its message count. Steps are
   * profiled in seq order and a step's history extends the last one's, or
   * after a replace, keeps it up to where the replace put its replacement:
   * only the messages from there are listed, read if new, and folded (a log
   * pruning a tool result every step refolded its whole history each time:
   * 8,000 steps took 27 s and 1.35 GB).
   */
  profileInput(seq: number): { digest: string; count: number } {
    const last = this.lastSeqs;
    let seqs: number[];
    let p: number; // messages shared with the last step's list
    const tail = this.log.messageSeqsAt?.(seq, last.length, this.lastSeq);
    if (tail) {
      const grows = tail.epoch === this.lastEpoch && tail.count >= last.length;
      p = grows ? last.length : Math.min(last.length, tail.sharedFrom ?? 0);
      const rest = p === last.length ? tail : (this.log.messageSeqsAt?.(seq, p) ?? tail);
      this.digestMissing(seq, rest.seqs, p);
      seqs = last;
      seqs.length = p;
      for (const s of rest.seqs) seqs.push(s);
      this.lastEpoch = tail.epoch;
    } else {
      seqs = this.log.messagesAt(seq).messages.map((m) => (this.digest(m), m.seq));
      p = 0;
      const n = Math.min(last.length, seqs.length);
      while (p < n && last[p] === seqs[p]) p++;
    }
    const folds = this.folds;
    folds.length = 2 * (p + 1);
    let h1 = folds[2 * p] as number;
    let h2 = folds[2 * p + 1] as number;
    for (let i = p; i < seqs.length; i++) {
      const x = this.numBySeq.get(seqs[i] as number) as number;
      h1 = Math.imul(h1 ^ x, 2654435761) ^ (h2 >>> 15);
      h2 = Math.imul(h2 ^ x, 1597334677) ^ (h1 >>> 13);
      folds.push(h1, h2);
    }
    this.lastSeqs = seqs;
    this.lastSeq = seq;
    return { digest: hashString(`${h1}:${h2}:${seqs.length}`), count: seqs.length };
  }

  /** Digests the messages of `seqs` (message `offset + i` at `seq`) not digested yet, reading runs of them. */
  private digestMissing(seq: number, seqs: number[], offset: number): void {
    for (let i = 0; i < seqs.length;) {
      if (this.bySeq.has(seqs[i] as number)) {
        i++;
        continue;
      }
      let j = i + 1;
      while (j < seqs.length && !this.bySeq.has(seqs[j] as number)) j++;
      for (const m of this.log.messagesAt(seq, offset + i, offset + j).messages) this.digest(m);
      i = j;
    }
  }

  private digest(m: DerivedMessage): string {
    let d = this.bySeq.get(m.seq);
    if (d === undefined) {
      this.bySeq.set(m.seq, (d = hashString(this.canonical(m))));
      this.numBySeq.set(m.seq, parseInt(d.slice(-8), 16) | 0);
    }
    return d;
  }

  private canonical(m: DerivedMessage): string {
    const rename = (id: unknown) => {
      if (typeof id !== 'string') return id;
      let n = this.ids.get(id);
      if (n === undefined) this.ids.set(id, (n = `#${this.ids.size + 1}`));
      return n;
    };
    const canon = (v: unknown, key = ''): unknown => {
      if (Array.isArray(v)) return v.map((x) => canon(x));
      if (typeof v !== 'object' || v === null) return CALL_ID_KEYS.has(key) ? rename(v) : v;
      const out: Record<string, unknown> = {};
      for (const k of Object.keys(v).sort()) out[k] = canon((v as Record<string, unknown>)[k], k);
      return out;
    };
    return jsonText({ role: m.message.role, content: canon(m.message.content) }) ?? '';
  }
}

const digesters = new WeakMap<RunSource, InputDigester>();
function digesterFor(log: RunSource): InputDigester {
  let d = digesters.get(log);
  if (!d) digesters.set(log, (d = new InputDigester(log)));
  return d;
}

const CALL_ID_KEYS = new Set(['id', 'callId', 'toolCallId', 'tool_use_id', 'tool_call_id']);

/** A 53-bit string hash (cyrb53) as hex: digests compared within one comparison, never stored. */
export function hashString(s: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16);
}
