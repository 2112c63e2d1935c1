/**
 * Digests of what the model was sent, for comparing two runs (runs.ts): each
 * message's canonical digest (message ids dropped, tool-call ids renamed by
 * order of first appearance), and one digest per step's whole input.
 *
 * The whole-input digest is a positional sum, two 32-bit lanes of
 * sum(x_i * P^i), not a fold over the list: a replace that keeps the message
 * count (a rewritten head message, a pruned tool result, a summary replacing
 * the last summary) changes only its own terms, so a step costs what changed
 * since the last step, wherever in the history the change is. A fold had to
 * be redone from the first changed message: a log that rewrote its first
 * message every step refolded its whole history each step (10,000 steps:
 * 22 s; audit R9-5).
 */
import type { DerivedMessage } from '../log/sessionLog';
import type { NodeWindow } from '../log/surface';
import { jsonText } from '../deepJson';

/** What the digester reads of a log (SessionLog satisfies it). */
export interface DigestSource {
  messagesAt(seq: number, from?: number, to?: number): { messages: DerivedMessage[] };
  /**
   * Source seqs of `messagesAt(seq)`'s messages from index `from`, parsing
   * none, the surface epoch they belong to (within one, a later seq's list
   * extends an earlier one's), and asked with `since`, the index before which
   * the lists at `since` and `seq` agree and how many replaces came between.
   * With it a step reads and hashes only the messages added or replaced since
   * the last step: without it, every step re-read its whole history.
   */
  messageSeqsAt?(
    seq: number,
    from?: number,
    since?: number,
  ): Pick<NodeWindow, 'epoch' | 'count' | 'seqs' | 'sharedFrom' | 'replacedSince'>;
  /** The nodes the replace at `seq` hid, or null. */
  hiddenBy?(seq: number): readonly number[] | null;
  /** Index of surface node `node`'s message in `messagesAt(seq)`, or null. */
  messageIndexOf?(seq: number, node: number): number | null;
}

const P1 = 0x01000193;
const P2 = 0x5bd1e995;

/** Per log: each message's canonical digest, cached by source seq (a message never changes). */
export class InputDigester {
  private readonly bySeq = new Map<number, string>();
  private readonly ids = new Map<string, string>();
  /** Each message's digest as a 32-bit number (one per message seq), for the positional sum. */
  private readonly numBySeq = new Map<number, number>();
  /** The last profiled step's seq, message seqs, epoch, and the sum's two lanes. */
  private lastSeq = -1;
  private lastSeqs: number[] = [];
  private lastEpoch = NaN;
  private h1 = 0;
  private h2 = 0;
  private readonly pow1: number[] = [1];
  private readonly pow2: number[] = [1];

  constructor(private readonly log: DigestSource) {}

  /** Digests of the messages in `messagesAt(seq)`. */
  input(seq: number): string[] {
    const seqs = this.log.messageSeqsAt?.(seq).seqs;
    if (!seqs) return this.log.messagesAt(seq).messages.map((m) => this.digest(m));
    this.digestMissing(seq, seqs, 0);
    return seqs.map((s) => this.bySeq.get(s) as string);
  }

  /**
   * One digest for the whole input at `seq`, and its message count. Steps are
   * profiled in seq order: only the messages appended or replaced since the
   * last step are listed, read if new, and summed in.
   */
  profileInput(seq: number): { digest: string; count: number } {
    const last = this.lastSeqs;
    const n = last.length;
    const tail = this.log.messageSeqsAt?.(seq, n, this.lastSeq);
    if (tail) {
      const grows = tail.epoch === this.lastEpoch && tail.count >= n;
      if (grows || (tail.replacedSince === 1 && this.replaceInPlace(seq, tail.epoch, tail.sharedFrom ?? 0)))
        this.resum(seq, n, tail.seqs);
      else {
        const p = Math.min(n, tail.sharedFrom ?? 0);
        this.resum(seq, p, this.log.messageSeqsAt?.(seq, p).seqs ?? tail.seqs);
      }
      this.lastEpoch = tail.epoch;
    } else {
      const seqs = this.log.messagesAt(seq).messages.map((m) => (this.digest(m), m.seq));
      let p = 0;
      const common = Math.min(n, seqs.length);
      while (p < common && last[p] === seqs[p]) p++;
      this.resum(seq, p, seqs.slice(p));
    }
    this.lastSeq = seq;
    return { digest: hashString(`${this.h1}:${this.h2}:${last.length}`), count: last.length };
  }

  /**
   * The one replace since the last step, applied to the last list in place when
   * it swaps one message for one (or hides only message-less nodes for a
   * message-less node): false when it changes the count or hides messages
   * appended since, and the caller relists from the replace.
   */
  private replaceInPlace(seq: number, replace: number, at: number): boolean {
    const hidden = this.log.hiddenBy?.(replace);
    if (!hidden || !this.log.messageIndexOf) return false;
    const last = this.lastSeqs;
    let messages = 0;
    for (const node of hidden) {
      if (at + messages >= last.length) return false;
      if (last[at + messages] === node) messages++;
    }
    const derives = this.log.messageIndexOf(seq, replace) === at ? 1 : 0;
    if (messages !== derives) return false;
    if (derives === 1) {
      this.digestMissing(seq, [replace], at);
      this.term(last[at] as number, at, -1);
      this.term(replace, at, 1);
      last[at] = replace;
    }
    return true;
  }

  /** Drops the last list's messages from `from` on and sums in `rest` in their place. */
  private resum(seq: number, from: number, rest: number[]): void {
    const last = this.lastSeqs;
    for (let i = from; i < last.length; i++) this.term(last[i] as number, i, -1);
    last.length = from;
    this.digestMissing(seq, rest, from);
    for (const s of rest) this.term(s, last.push(s) - 1, 1);
  }

  /** Adds (sign 1) or removes (-1) message `s`'s term at index i. */
  private term(s: number, i: number, sign: 1 | -1): void {
    const x = this.numBySeq.get(s) as number;
    while (this.pow1.length <= i) {
      this.pow1.push(Math.imul(this.pow1[this.pow1.length - 1] as number, P1));
      this.pow2.push(Math.imul(this.pow2[this.pow2.length - 1] as number, P2));
    }
    // The second lane mixes x first, so the lanes are not one linear function of the digests.
    const y = Math.imul(x ^ (x >>> 15), 0x2c1b3c6d) ^ 0x27d4eb2f;
    this.h1 = (this.h1 + sign * Math.imul(x, this.pow1[i] as number)) | 0;
    this.h2 = (this.h2 + sign * Math.imul(y, this.pow2[i] as number)) | 0;
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
    // Keys sorted, call ids renamed in the order met (depth first, as a recursion would): with an
    // explicit stack, since a block may hold a value nested thousands deep (audit R18-3).
    const canon = (root: unknown): unknown => {
      const top: { v?: unknown } = {};
      const stack: [
        value: unknown,
        key: string,
        into: Record<string | number, unknown>,
        slot: string | number,
      ][] = [[root, '', top, 'v']];
      for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
        const [v, key, into, slot] = item;
        if (typeof v !== 'object' || v === null) {
          into[slot] = CALL_ID_KEYS.has(key) ? rename(v) : v;
          continue;
        }
        if (Array.isArray(v)) {
          const out: unknown[] = new Array<unknown>(v.length);
          into[slot] = out;
          for (let i = v.length - 1; i >= 0; i--)
            stack.push([v[i], '', out as unknown as Record<number, unknown>, i]);
          continue;
        }
        const out: Record<string, unknown> = {};
        into[slot] = out;
        const keys = Object.keys(v).sort();
        for (let i = keys.length - 1; i >= 0; i--) {
          const k = keys[i] as string;
          out[k] = undefined; // the sorted order of keys, kept whatever order they are filled in
          stack.push([(v as Record<string, unknown>)[k], k, out, k]);
        }
      }
      return top.v;
    };
    return jsonText({ role: m.message.role, content: canon(m.message.content) }) ?? '';
  }
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
