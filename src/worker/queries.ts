/**
 * The worker's read-only answers about a session: messages at a seq, the
 * originals a replace hid, the streaming preview, one event for the
 * inspector, diagnostics pages, the structure and the load summary. Each
 * answer is sized by what the UI shows, never by the log.
 */
import { stepAt, turnAt } from '../core/analysis/structure';
import type { FailedAttemptSummary, StreamState } from '../core/analysis/streamIndex';
import type { ToolCallInfo } from '../core/analysis/structureIndex';
import { messageOf } from '../core/log/message';
import { EventFlag } from '../core/log/sessionLog';
import { problemSummary } from '../core/view/problems';
import { recordedTime } from '../core/view/duration';
import type { SessionEvent } from '../core/types';
import type { DiagnosticCode } from '../core/types';
import type {
  DiagnosticItem,
  DiagnosticsWindow,
  EventDetail,
  LogSummary,
  MessagesWindow,
  FailedAttemptRef,
  StreamStateView,
  StreamView,
  StructureSummary,
  ReplacedPage,
  ToolPair,
  TranscriptEntry,
  ViewMessage,
} from './protocol';
import type { OpenLog } from './openLog';
import { limitDepth, limitDepthAndWidth } from '../core/depthLimit';
import { seqRuns, type SeqRuns } from '../core/view/seqRuns';
import { REPLACED_PAGE, type RowsInfo } from './protocol';
import { listedSamples } from '../core/import/inspect/sampleList';
import { turnColumns } from './turnColumns';
import { postedHeader, postedMeta, type PostedHeader, type PostedMeta } from '../core/view/headerFields';

/** Messages one `messagesOf` answers at most. */
const MESSAGES_OF_LIMIT = 200;

/** The inspector shows at most this much of a raw line (the tree view has the parsed event anyway). */
const RAW_LIMIT = 1 << 20;

/** The log's tool calls by id and by their call or result seq (the first call listed for each). */
interface CallMaps {
  byId: Map<string, ToolCallInfo>;
  bySeq: Map<number, ToolCallInfo>;
}

export class Queries {
  private replaceCache: { events: number; map: Map<number, number[]> } | null = null;
  /** Replace seq -> its hidden nodes as posted (bounded runs), made once per replace and log size. */
  private runsCache: { events: number; map: Map<number, SeqRuns> } | null = null;
  private callsCache: (CallMaps & { events: number }) | null = null;
  /** What the page is posted of the header and the meta lines: made once, posted with every summary. */
  private headerCache: { of: object; posted: PostedHeader } | null = null;
  private metasCache: PostedMeta[] = [];

  constructor(private readonly session: OpenLog) {}

  messages(seq: number, from: number, to: number): MessagesWindow {
    const log = this.session.log;
    let lo = from;
    let hi = to;
    if (from < 0) {
      // "The last -from messages": needs the count first (one O(log n) call).
      const count = log.messagesAt(seq, 0, 0).count;
      lo = Math.max(0, count + from);
      hi = count;
    }
    const w = log.messagesAt(seq, lo, hi);
    const messages: ViewMessage[] = w.messages.map((m) => {
      const v: ViewMessage = { index: m.index, seq: m.seq, message: limitDepth(m.message) };
      const hidden = this.hiddenRuns(m.seq);
      if (hidden) v.replaces = hidden;
      return v;
    });
    return { seq, count: w.count, nodeCount: w.nodeCount, from: w.from, messages };
  }

  /** The messages surface events produced, by source seq (a diff's columns; seqs without one are left out). */
  messagesOf(seqs: readonly number[]): ViewMessage[] {
    const log = this.session.log;
    return seqs.slice(0, MESSAGES_OF_LIMIT).flatMap((seq) => {
      if (!Number.isInteger(seq) || seq < 0 || seq >= log.eventCount) return [];
      const message = messageOf(log.event(seq));
      return message ? [{ seq, message: limitDepth(message) }] : [];
    });
  }

  /**
   * One page of the originals a replace event hid, as messages (empty assistant messages included:
   * they are what was hidden): the hidden nodes [offset, offset + REPLACED_PAGE), so a compaction
   * that hid 40,000 messages is read and posted a page at a time (R10-5).
   */
  replaced(seq: number, offset = 0): ReplacedPage {
    const hidden = this.replaces().get(seq) ?? [];
    const log = this.session.log;
    const from = Math.max(0, Math.min(Number.isInteger(offset) ? offset : 0, hidden.length));
    return {
      seq,
      total: hidden.length,
      offset: from,
      messages: hidden.slice(from, from + REPLACED_PAGE).flatMap((h) => {
        const message = messageOf(log.event(h));
        if (!message) return [];
        const v: ViewMessage = { seq: h, message: limitDepth(message) };
        const nested = this.hiddenRuns(h);
        if (nested) v.replaces = nested;
        return [v];
      }),
    };
  }

  /** What the replace at `seq` hid, as posted: runs of seqs, bounded (undefined: no replace). */
  private hiddenRuns(seq: number): SeqRuns | undefined {
    const hidden = this.replaces().get(seq);
    if (!hidden) return undefined;
    const n = this.session.log.eventCount;
    if (!this.runsCache || this.runsCache.events !== n) this.runsCache = { events: n, map: new Map() };
    let runs = this.runsCache.map.get(seq);
    if (!runs) this.runsCache.map.set(seq, (runs = seqRuns(hidden)));
    return runs;
  }

  /** The human transcript up to seq: appended surface events and replacements, in log order (O(seq)). */
  transcript(seq: number): { seq: number; entries: TranscriptEntry[] } {
    const log = this.session.log;
    const replaces = this.replaces();
    const entries: TranscriptEntry[] = [];
    for (let s = 0; s <= seq && s < log.eventCount; s++) {
      if ((log.flagsOf(s) & (EventFlag.surface | EventFlag.invalid)) !== EventFlag.surface) continue;
      const ev = log.event(s);
      const found = messageOf(ev);
      if (!found) continue;
      // Depth-limited like every message the worker posts: a deeply nested payload must not fail the export.
      const message = limitDepth(found);
      const op = ev.surfaceOp;
      if (op === undefined || op === 'append') {
        if (message.role === 'assistant' && Array.isArray(message.content) && message.content.length === 0)
          continue;
        entries.push({ seq: s, message });
      } else if (typeof op === 'object' && op !== null) {
        entries.push({
          seq: s,
          message,
          replace: { start: op.start, end: op.end, hidden: replaces.get(s) ?? null },
        });
      }
    }
    return { seq, entries };
  }

  /** Replace event seq -> the nodes it hid (cached until the log grows). */
  private replaces(): Map<number, number[]> {
    const log = this.session.log;
    const n = log.eventCount;
    if (!this.replaceCache || this.replaceCache.events !== n) {
      const map = new Map<number, number[]>();
      if (n > 0) for (const r of log.replacesUpTo(n - 1)) map.set(r.seq, r.hidden);
      this.replaceCache = { events: n, map };
    }
    return this.replaceCache.map;
  }

  stream(seq: number, chunk?: number): StreamView | null {
    const state = this.session.log.streamAt(seq, chunk);
    if (!state) return null;
    const pending = state.messageSeq === undefined && state.attemptStartSeq !== null && state.chunkCount > 0;
    const view: StreamView = { seq, state: streamStateView(state), pending };
    // A failed attempt stays on screen (marked failed) until the retry's first chunk.
    const last = state.failedAttempts.at(-1);
    if (state.attemptStartSeq === null && last && last.attempt === state.attempt - 1) {
      const failed = this.session.log.streamAt(last.lastChunkSeq);
      if (failed) {
        view.failedAttempt = { ...failedAttemptRef(last), blocks: failed.blocks };
        view.pending = state.messageSeq === undefined;
      }
    }
    return view;
  }

  event(seq: number): EventDetail {
    const s = this.session;
    const log = s.log;
    const ev = log.event(seq);
    const raw = log.rawLine(seq);
    // Depth-limited: a user payload thousands of levels deep would overflow postMessage; and
    // width-limited: 200,000 keys would hold the main thread's clone and tree (depthLimit.ts).
    const posted = limitDepthAndWidth(ev);
    const detail: EventDetail = {
      seq,
      type: ev.type,
      line: log.lineOf(seq),
      event: posted.value,
      raw: raw.length > RAW_LIMIT ? raw.slice(0, RAW_LIMIT) : raw,
      rawBytes: raw.length,
      rawTruncated: raw.length > RAW_LIMIT,
      diagnostics: s.diag.about(seq),
    };
    if (posted.leftOut > 0) detail.leftOut = posted.leftOut;
    const time = recordedTime(log.timeOf(seq));
    if (time !== undefined) detail.time = time;
    const rel = s.relTime(seq);
    if (rel !== undefined) detail.relTime = rel;
    const structure = log.structure;
    const turn = turnAt(structure, seq);
    if (turn) detail.turn = turn.turn;
    const step = stepAt(structure, seq);
    if (step) {
      detail.step = step.step;
      const attempt = step.attempts.find((a) => a.firstChunkSeq <= seq && seq <= a.lastChunkSeq);
      if (attempt?.failed) detail.attempt = attempt;
    }
    const pair = this.toolPair(ev);
    if (pair) detail.pair = pair;
    const hidden = this.hiddenRuns(seq);
    if (hidden) detail.replaces = hidden;
    return detail;
  }

  /** The call/result pairs of tool call ids (the messages pane's "result →" / call links). */
  toolPairs(callIds: string[]): (ToolPair | null)[] {
    const map = this.calls().byId;
    return callIds.map((id) => {
      const c = map.get(id);
      return c ? pairOf(c) : null;
    });
  }

  /** The call/result pair a tool/call or tool/result event belongs to. */
  private toolPair(ev: SessionEvent): ToolPair | undefined {
    if (ev.type !== 'tool/call' && ev.type !== 'tool/result') return undefined;
    const c = this.calls().bySeq.get(ev.seq);
    return c ? pairOf(c) : undefined;
  }

  /** Made once per log size: a walk of the calls per inspected event took ms of a seek at 12M events. */
  private calls(): CallMaps {
    const n = this.session.log.eventCount;
    if (this.callsCache?.events === n) return this.callsCache;
    const byId = new Map<string, ToolCallInfo>();
    const bySeq = new Map<number, ToolCallInfo>();
    for (const c of this.session.log.structure.toolCalls) {
      if (!byId.has(c.callId)) byId.set(c.callId, c);
      for (const seq of [c.callSeq, c.resultSeq]) if (seq !== null && !bySeq.has(seq)) bySeq.set(seq, c);
    }
    this.callsCache = { events: n, byId, bySeq };
    return this.callsCache;
  }

  diagnostics(code: DiagnosticCode | undefined, from: number, to: number): DiagnosticsWindow {
    const s = this.session;
    const { total, items: listed } = s.diag.list(code, from, to);
    const items = listed.map((d): DiagnosticItem => {
      if (d.seq !== undefined || d.line === undefined) return d;
      const near = this.firstSeqAfterLine(d.line);
      return near === undefined ? d : { ...d, nearSeq: near };
    });
    const out: DiagnosticsWindow = {
      counts: s.diagnosticCounts(),
      groups: s.diag.codes(),
      total,
      from: Math.max(0, from),
      items,
    };
    if (code !== undefined) out.code = code;
    return out;
  }

  /** The first event on a line after `line` (lines grow with seq, so binary search). */
  private firstSeqAfterLine(line: number): number | undefined {
    const log = this.session.log;
    let lo = 0;
    let hi = log.eventCount;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (log.lineOf(mid) <= line) lo = mid + 1;
      else hi = mid;
    }
    return lo < log.eventCount ? lo : log.eventCount > 0 ? log.eventCount - 1 : undefined;
  }

  structure(): StructureSummary {
    const st = this.session.log.structure;
    const turnSteps = new Int32Array(st.turns.length);
    const turnDurations = new Float64Array(st.turns.length);
    st.turns.forEach((t, i) => {
      turnSteps[i] = t.stepCount;
      turnDurations[i] = t.durationMs ?? NaN;
    });
    return { ...turnColumns(st.turns), turnSteps, turnDurations, steps: st.steps.length };
  }

  /** The header bounded (audit R22-3): cut like events too, a field nested 3,000 deep failed postMessage (R17-10). */
  private postedHeader(): PostedHeader | undefined {
    const header = this.session.log.sessionHeader;
    if (!header) return undefined;
    if (this.headerCache?.of !== header) this.headerCache = { of: header, posted: postedHeader(header) };
    return this.headerCache.posted;
  }

  /** The first 100 meta lines, each its head (a 750 KB wrapper line was drawn whole: R22-3). */
  private postedMetas(): PostedMeta[] {
    const metas = this.session.log.metas;
    const n = Math.min(metas.length, 100);
    const kept = this.metasCache.length <= n ? this.metasCache : [];
    if (kept.length !== n) this.metasCache = [...kept, ...metas.slice(kept.length, n).map(postedMeta)];
    return this.metasCache;
  }

  summary(rows: RowsInfo): LogSummary {
    const s = this.session;
    const log = s.log;
    const st = log.structure;
    const out: LogSummary = {
      loadId: s.loadId,
      name: s.name,
      source: s.url !== undefined ? { kind: s.sourceKind, url: s.url } : { kind: s.sourceKind },
      fingerprint: s.fingerprint,
      bytes: log.bytesIn,
      decodedBytes: log.bytesDecoded,
      events: log.eventCount,
      turns: st.turns.length,
      steps: st.steps.length,
      toolCalls: st.totals.toolCalls,
      toolErrors: st.totals.toolErrors,
      failedAttempts: st.totals.failedAttempts,
      problems: problemSummary(st),
      loadMs: (s.finishedAt ?? performance.now()) - s.startedAt,
      format: log.sourceFormat ?? 'seqscope',
      metas: this.postedMetas(),
      types: s.types(),
      diagnostics: s.diagnosticCounts(),
      codes: s.diag.codes(),
      ...rows,
    };
    if (s.totalBytes !== null) out.fileBytes = s.totalBytes;
    if (s.following) out.following = true;
    if (st.totals.usage) out.usage = st.totals.usage;
    if (s.startTime !== undefined) out.startTime = s.startTime;
    if (s.endTime !== undefined) out.endTime = s.endTime;
    const header = this.postedHeader();
    if (header) out.header = header;
    if (log.limitHit) out.limitHit = log.limitHit;
    if (s.liftedLimits) out.liftedLimits = s.liftedLimits;
    const labels = listedSamples(log.sessionHeader) ?? [];
    if (labels.length > 1) out.parts = { labels, open: s.part ?? 1 };
    return out;
  }
}

function pairOf(c: ToolCallInfo): ToolPair {
  const pair: ToolPair = {
    callId: c.callId,
    name: c.name,
    callSeq: c.callSeq,
    resultSeq: c.resultSeq,
    isError: c.isError,
  };
  if (c.errorCode !== undefined) pair.errorCode = c.errorCode;
  return pair;
}

/** The fields the preview shows, copied: the core's assembly state (stepIndex, caches) stays in the worker. */
function streamStateView(s: StreamState): StreamStateView {
  const v: StreamStateView = {
    turn: s.turn,
    step: s.step,
    attempt: s.attempt,
    attemptStartSeq: s.attemptStartSeq,
    failedAttempts: s.failedAttempts.map(failedAttemptRef),
    blocks: s.blocks,
    open: s.open,
    failed: s.failed,
    chunkCount: s.chunkCount,
    lastChunkSeq: s.lastChunkSeq,
  };
  if (s.usage) v.usage = s.usage;
  if (s.finish) v.finish = s.finish;
  if (s.lastDelta) v.lastDelta = { ...s.lastDelta };
  if (s.messageSeq !== undefined) v.messageSeq = s.messageSeq;
  return v;
}

function failedAttemptRef(a: FailedAttemptSummary): FailedAttemptRef {
  const r: FailedAttemptRef = {
    attempt: a.attempt,
    firstChunkSeq: a.firstChunkSeq,
    lastChunkSeq: a.lastChunkSeq,
    chunkCount: a.chunkCount,
  };
  if (a.finish) r.finish = a.finish;
  return r;
}
