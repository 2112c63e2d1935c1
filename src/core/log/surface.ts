/**
 * The surface fold (spec section 4) and its index: which events the model
 * sees after any seq, without refolding from 0.
 *
 * Between two replaces the surface only grows, so the state after seq s is
 * "the surface right after the last replace at or before s" (an epoch's base)
 * plus "the appends since, up to s". Bases are ropes: lists of immutable
 * Int32Array chunks shared between epochs: a replace copies only the chunk it
 * touches and the chunk list (a tool-result prune costs O(n/512), not O(n)).
 *
 * Finding a node by seq: every node has a key, the seq of the first original
 * append it stands for (a replacement inherits the key of the first node it
 * hides). Replaces substitute a contiguous run by one node keyed like the run's
 * first: the surface stays sorted by key and binary search finds any node in O(log n).
 */
import { jsonExcerpt } from '../deepJson';
import { listSome, type DiagnosticSink } from '../diagnostics';
import { isSurfaceType, type SessionEvent } from '../types';
import { sourcesProblem, toolResultRewriteProblem, toolResultShape } from './replaceRules';
import { int32s, upperBound } from './growable';
import { flatten, newEpoch, type Epoch } from './surfaceEpoch';
import { formatSeq } from '../view/seqText';

/** A window of the derived history: message index -> the surface node (event seq) it comes from. */
/** A tool/result line this long or longer keeps its shape (surface.ts `shapes`). */
export const SHAPE_KEPT_FROM_BYTES = 4096;
/** ... when its shape has at most one char per this many bytes of the line (bounds the memory). */
const SHAPE_AT_MOST_PER_BYTE = 8;

export interface NodeWindow {
  /** How many messages are derived at this seq. */
  count: number;
  /** How many surface nodes there are (empty assistant messages are nodes without a message). */
  nodeCount: number;
  from: number;
  /** Source seqs of messages from..from+seqs.length. */
  seqs: number[];
  /** The replace that opened this surface (-1: none yet): within one, a later seq's list extends an earlier one's. */
  epoch: number;
  /** Asked with `since`: the lists at `since` and at this seq share their messages before this index (if both have them). */
  sharedFrom?: number;
  /** Asked with `since`: how many replaces were applied after `since`, up to this seq. */
  replacedSince?: number;
}

export interface ReplaceRecord {
  seq: number;
  /** Nodes hidden by this replace, in surface order. */
  hidden: number[];
}

export class SurfaceIndex {
  private readonly epochs: Epoch[] = [];
  /** Per seq: the node's key, or -1 when the event never joined the surface. */
  private readonly keyOf = int32s(4096);
  constructor(
    private readonly diags: DiagnosticSink,
    /** Earlier events by seq, for checking tool-result rewrites. */
    private readonly getEvent: (seq: number) => SessionEvent | undefined,
    /** Per seq: 1 when the node derives a message (not an empty assistant message), else 0. */
    private readonly derives: (seq: number) => number,
    /** Per seq: the byte length of the event's line (which tool/results keep their shape). */
    private readonly lineBytes: (seq: number) => number = () => 0,
  ) {
    this.epochs.push(newEpoch(-1, [], new Int32Array(0)));
  }

  /** Feed every event in seq order (events with no surface role are skipped cheaply). */
  event(ev: SessionEvent): void {
    const seq = ev.seq;
    const op = ev.surfaceOp;
    if (!isSurfaceType(ev.type)) {
      if (op !== undefined || ev.sourceEventSeqs !== undefined) {
        this.diags.report(
          'surface-op-on-non-surface',
          `${ev.type} carries ${op !== undefined ? 'surfaceOp' : 'sourceEventSeqs'}; only user/message, assistant/message and tool/result may (ignored)`,
          { seq },
        );
      }
      return;
    }
    // keyOf covers seqs up to the newest surface event; later seqs read as "not on the surface".
    while (this.keyOf.length <= seq) this.keyOf.push(-1);
    const sourcesOk = this.checkSources(ev);
    this.pendingToolResult = ev.type === 'tool/result';
    if (op === undefined || op === 'append') {
      // The normalizer turns a missing surfaceOp into 'append' (spec 3.4); undefined here means the same.
      this.append(seq);
      this.rememberShape(ev);
      return;
    }
    if (
      typeof op !== 'object' ||
      op === null ||
      op.op !== 'replace' ||
      !Number.isInteger(op.start) ||
      !Number.isInteger(op.end)
    ) {
      this.diags.report(
        'surface-op-invalid',
        `surfaceOp ${jsonExcerpt(op, 200)} is neither "append" nor {op:"replace",start,end}; not applied`,
        { seq },
      );
      return;
    }
    if (this.replace(ev, op.start, op.end, sourcesOk)) this.rememberShape(ev);
    this.pendingToolResult = false;
  }

  private rememberShape(ev: SessionEvent): void {
    if (this.pendingToolResult) {
      this.toolResults.add(ev.seq);
      const bytes = this.lineBytes(ev.seq);
      if (bytes >= SHAPE_KEPT_FROM_BYTES) {
        const shape = toolResultShape(ev);
        if (shape.length * SHAPE_AT_MOST_PER_BYTE <= bytes) this.shapes.set(ev.seq, shape);
      }
    }
    this.pendingToolResult = false;
  }

  /** Surface nodes after folding events 0..s, windowed by message index (and what it shares with the list at `since`). */
  window(s: number, from = 0, to = Infinity, since?: number): NodeWindow {
    const e = this.epochAt(s);
    const k = upperBound(e.appends.view(), e.appends.length, s);
    const baseMsgs = e.chunkMsgPrefix[e.chunks.length] as number;
    const count = baseMsgs + e.appendMsgPrefix.get(k);
    const out: number[] = [];
    const end = Math.min(to, count);
    let i = Math.max(0, from);
    if (i < Math.min(end, baseMsgs)) {
      // Find the chunk holding message i, then walk.
      let ci = upperBound(e.chunkMsgPrefix, e.chunks.length + 1, i) - 1;
      let seen = e.chunkMsgPrefix[ci] as number;
      for (; ci < e.chunks.length && i < Math.min(end, baseMsgs); ci++) {
        const c = e.chunks[ci] as Int32Array;
        for (let j = 0; j < c.length && i < Math.min(end, baseMsgs); j++) {
          const node = c[j] as number;
          if (this.derives(node) === 0) continue;
          if (seen++ === i) {
            out.push(node);
            i++;
          }
        }
      }
    }
    if (i < end) {
      // Appends: message index i - baseMsgs; find the append holding it.
      const target = i - baseMsgs;
      let a = upperBound(e.appendMsgPrefix.view(), k + 1, target) - 1;
      for (; a < k && i < end; a++) {
        const node = e.appends.get(a);
        if (this.derives(node) === 1) {
          out.push(node);
          i++;
        }
      }
    }
    const epoch = e.seq;
    const w: NodeWindow = { count, nodeCount: e.baseNodes + k, from: Math.max(0, from), seqs: out, epoch };
    if (since !== undefined) {
      const replaced = since > s ? { first: 0, count: NaN } : this.replacesBetween(since, s);
      w.sharedFrom = replaced.first;
      w.replacedSince = replaced.count;
    }
    return w;
  }

  /** The replaces in (since, s]: how many, and the lowest message index one put its replacement at (Infinity: none). */
  private replacesBetween(since: number, s: number): { first: number; count: number } {
    let first = Infinity;
    let count = 0;
    for (let i = this.epochIndexAt(since) + 1; i < this.epochs.length; i++) {
      const e = this.epochs[i] as Epoch;
      if (e.seq > s) break;
      first = Math.min(first, e.startMsg);
      count++;
    }
    return { first, count };
  }

  /**
   * The message index of surface node `node` after folding 0..s (its place in `window(s)`), or
   * null when it is not on that surface (not yet appended, hidden by a replace) or derives no
   * message. O(log n) plus one chunk's walk: the messages pane asks it on every selection.
   */
  messageIndexOf(s: number, node: number): number | null {
    if (!Number.isInteger(node) || node < 0 || node > s || node >= this.keyOf.length) return null;
    if (this.keyOf.get(node) < 0 || this.derives(node) === 0) return null;
    const e = this.epochAt(s);
    const k = upperBound(e.appends.view(), e.appends.length, s);
    const a = upperBound(e.appends.view(), k, node) - 1;
    if (a >= 0 && e.appends.get(a) === node)
      return (e.chunkMsgPrefix[e.chunks.length] as number) + e.appendMsgPrefix.get(a);
    const at = this.locate(e.chunks, node);
    if (!at) return null;
    const c = e.chunks[at[0]] as Int32Array;
    let index = e.chunkMsgPrefix[at[0]] as number;
    for (let j = 0; j < at[1]; j++) index += this.derives(c[j] as number);
    return index;
  }

  /** Every node (message-deriving or not) after folding 0..s, in surface order. */
  nodesAt(s: number): number[] {
    const e = this.epochAt(s);
    const out: number[] = [];
    for (const c of e.chunks) for (let j = 0; j < c.length; j++) out.push(c[j] as number);
    const k = upperBound(e.appends.view(), e.appends.length, s);
    for (let a = 0; a < k; a++) out.push(e.appends.get(a));
    return out;
  }

  /** The replaces applied at or before s, with what each hid (newest last). */
  replacesUpTo(s: number): ReplaceRecord[] {
    const out: ReplaceRecord[] = [];
    for (let i = 1; i < this.epochs.length; i++) {
      const e = this.epochs[i] as Epoch;
      if (e.seq > s) break;
      out.push({ seq: e.seq, hidden: Array.from(e.hidden) });
    }
    return out;
  }

  /** The nodes the replace at `seq` hid (surface order), or null when `seq` is no applied replace. */
  hiddenBy(seq: number): readonly number[] | null {
    const e = this.epochAt(seq);
    return e.seq === seq && seq >= 0 ? Array.from(e.hidden) : null;
  }

  get replaceCount(): number {
    return this.epochs.length - 1;
  }

  /** Chunk references all epochs hold: what the replaces cost to build and keep (tests bound it). */
  get ropeChunks(): number {
    let n = 0;
    for (const e of this.epochs) n += e.chunks.length;
    return n;
  }

  /** The epoch in force after seq s: the last one opened at or before s. */
  private epochAt(s: number): Epoch {
    return this.epochs[this.epochIndexAt(s)] as Epoch;
  }

  private epochIndexAt(s: number): number {
    let lo = 1;
    let hi = this.epochs.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.epochs[mid] as Epoch).seq <= s) lo = mid + 1;
      else hi = mid;
    }
    return lo - 1;
  }

  // ------------------------------------------------------------------ fold

  private append(seq: number): void {
    const e = this.epochs[this.epochs.length - 1] as Epoch;
    this.keyOf.set(seq, seq);
    e.appends.push(seq);
    e.appendMsgPrefix.push(e.appendMsgPrefix.get(e.appendMsgPrefix.length - 1) + this.derives(seq));
  }

  /** Applies a replace; false (with a diagnostic) when it is invalid and not applied. */
  private replace(ev: SessionEvent, start: number, end: number, sourcesOk: boolean): boolean {
    const seq = ev.seq;
    const cur = this.epochs[this.epochs.length - 1] as Epoch;
    const chunks = flatten(cur);
    const a = this.locate(chunks, start);
    const b = this.locate(chunks, end);
    if (!a || !b) {
      const missing = [!a ? start : null, !b && end !== start ? end : null].filter((x) => x !== null);
      this.diags.report(
        'replace-range-missing',
        `replace ${start}..${end}: ${missing.map(formatSeq).join(' and ')} is not on the current surface; not applied`,
        { seq },
      );
      return false;
    }
    if (a[0] > b[0] || (a[0] === b[0] && a[1] > b[1])) {
      this.diags.report(
        'replace-range-reversed',
        `replace ${start}..${end}: ${start} comes after ${end} on the surface; not applied`,
        { seq },
      );
      return false;
    }
    const hidden: number[] = [];
    for (let ci = a[0]; ci <= b[0]; ci++) {
      const c = chunks[ci] as Int32Array;
      const from = ci === a[0] ? a[1] : 0;
      const to = ci === b[0] ? b[1] : c.length - 1;
      for (let j = from; j <= to; j++) hidden.push(c[j] as number);
    }
    // not an array: reported as source-seq-invalid (checkSources); read as none, never iterated (audit R16-9)
    const sources = new Set<unknown>(Array.isArray(ev.sourceEventSeqs) ? ev.sourceEventSeqs : []);
    const notCovered = hidden.filter((h) => !sources.has(h));
    if (notCovered.length > 0) {
      this.diags.report(
        'replace-provenance-missing',
        `replace ${start}..${end} hides ${notCovered.length === 1 ? 'seq' : 'seqs'} ${listSome(notCovered)} missing from its sourceEventSeqs; not applied`,
        { seq },
      );
      return false;
    }
    if (!sourcesOk) return false; // reported by checkSources; an invalid replace is not applied
    if (ev.type === 'tool/result') {
      const why = toolResultRewriteProblem(
        ev,
        hidden,
        this.getEvent,
        (h) => this.toolResults.has(h),
        (h) => this.shapes.get(h),
      );
      if (why) {
        this.diags.report('tool-result-rewrite-invalid', `${why}; not applied`, { seq });
        return false;
      }
    }
    const firstChunk = chunks[a[0]] as Int32Array;
    const lastChunk = chunks[b[0]] as Int32Array;
    this.keyOf.set(seq, this.keyOf.get(start));
    const merged = new Int32Array(a[1] + 1 + (lastChunk.length - b[1] - 1));
    merged.set(firstChunk.subarray(0, a[1]), 0);
    merged[a[1]] = seq;
    merged.set(lastChunk.subarray(b[1] + 1), a[1] + 1);
    const next = chunks.slice(0, a[0]);
    next.push(merged);
    for (let ci = b[0] + 1; ci < chunks.length; ci++) next.push(chunks[ci] as Int32Array);
    // A hidden node never comes back to the surface: no later replace can rewrite it.
    if (this.shapes.size > 0) for (const h of hidden) this.shapes.delete(h);
    const e = newEpoch(seq, next, Int32Array.from(hidden), (c) => this.countMessages(c));
    e.startMsg = e.chunkMsgPrefix[a[0]] as number;
    for (let j = 0; j < a[1]; j++) e.startMsg += this.derives(firstChunk[j] as number);
    this.epochs.push(e);
    return true;
  }

  /** [chunk index, index in chunk] of node `seq` on the surface, or null. */
  private locate(chunks: Int32Array[], seq: number): [number, number] | null {
    if (!Number.isInteger(seq) || seq < 0 || seq >= this.keyOf.length) return null;
    const key = this.keyOf.get(seq);
    if (key < 0) return null;
    // Chunks are sorted by their first node's key.
    let lo = 0;
    let hi = chunks.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.keyOf.get((chunks[mid] as Int32Array)[0] as number) <= key) lo = mid + 1;
      else hi = mid;
    }
    const ci = lo - 1;
    if (ci < 0) return null;
    const c = chunks[ci] as Int32Array;
    let l = 0;
    let h = c.length;
    while (l < h) {
      const mid = (l + h) >>> 1;
      if (this.keyOf.get(c[mid] as number) <= key) l = mid + 1;
      else h = mid;
    }
    const j = l - 1;
    return j >= 0 && c[j] === seq ? [ci, j] : null;
  }

  /** The tool/results that joined the surface (a prune may rewrite only these). */
  private readonly toolResults = new Set<number>();
  /**
   * The shapes (replaceRules.ts) of the large tool/results on the surface, kept as they join: a
   * prune rewrites large ones, and reading one again decoded and parsed its line twice in a load
   * (12.5 MB of a 164 MB generated log). Kept only where the shape is a small part of the line.
   */
  private readonly shapes = new Map<number, string>();
  /** How many tool/results' shapes are kept (tests count them). */
  get keptShapes(): number {
    return this.shapes.size;
  }
  private pendingToolResult = false;

  /** Chunks are immutable once built, so each one's message count is computed once. */
  private readonly chunkMsgs = new WeakMap<Int32Array, number>();
  private countMessages(c: Int32Array): number {
    const known = this.chunkMsgs.get(c);
    if (known !== undefined) return known;
    let n = 0;
    for (let j = 0; j < c.length; j++) n += this.derives(c[j] as number);
    this.chunkMsgs.set(c, n);
    return n;
  }

  private checkSources(ev: SessionEvent): boolean {
    const src = ev.sourceEventSeqs;
    if (src === undefined) return true;
    const problem = sourcesProblem(src, ev.seq, ev.type === 'assistant/message');
    if (problem) this.diags.report('source-seq-invalid', `sourceEventSeqs ${problem}`, { seq: ev.seq });
    return problem === null;
  }
}
