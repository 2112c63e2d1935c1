/**
 * The library's rows for one loaded log: its `sessions` row and its `steps`,
 * `tool_calls` and `diagnostics` rows (schema.ts). `seqscope stats --json`
 * prints the same `sessions` row, so the CLI and the index can never disagree.
 *
 * Cost: reads the structure index and the per-event columns; parses only the
 * events it needs (each step's answer, request headers, titles, the first
 * user message), never every event.
 */
import type { SessionLog } from '../log/sessionLog';
import { answeredBy } from '../log/message';
import { looseData, type Block, type TokenUsage } from '../types';
import { isObject } from '../validate';
import { upperBound } from '../log/growable';
import type { Row } from './schema';
import { configNames } from '../harness/requestInForce';

/** Where a log came from, as the caller knows it (the log itself does not). */
export interface LogSource {
  path: string;
  sizeBytes: number;
  fingerprint: string;
  compression: string;
  /** The format the log was read as; by default what the reader detected (core/import/formats.ts). */
  format?: string;
}

/** How the resume check judged a log: ok, repair (ends inside a turn), refused; null when unknown. */
export type ResumeVerdict = 'ok' | 'repair' | 'refused' | null;

export interface RecordHooks {
  /** Cost of one model's usage in US dollars, or null when it is not priced. */
  costOf?: (provider: string | null, model: string | null, usage: TokenUsage) => number | null;
  /** The resume check's verdict for the log. */
  resumeVerdict?: (log: SessionLog) => ResumeVerdict;
}

export interface SessionRecord {
  session: Row;
  steps: Row[];
  toolCalls: Row[];
  diagnostics: Row[];
}

export const FIRST_MESSAGE_MAX = 4000;

interface ModelRef {
  provider: string | null;
  model: string | null;
}

type Data = Readonly<Record<string, unknown>>;

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/**
 * The index of the request header in force at `seq`: the last of `headerSeqs` (ascending) at or
 * before it, or -1. A binary search: a scan from the first header for every step made `stats`
 * and the library's indexing quadratic (R8-1: 80,000 headers and 80,000 steps took 120 s).
 */
export function headerIndexAt(headerSeqs: ArrayLike<number>, seq: number): number {
  return upperBound(headerSeqs, headerSeqs.length, seq) - 1;
}

export function sessionRecord(log: SessionLog, source: LogSource, hooks: RecordHooks = {}): SessionRecord {
  const st = log.structure;
  const id = source.fingerprint;
  const scan = scanTypes(log);

  const headerSeqs = scan.headers.map((h) => h.seq);
  const headerAt = (seq: number): ModelRef =>
    scan.headers[headerIndexAt(headerSeqs, seq)]?.ref ?? { provider: null, model: null };

  const modelUse = new Map<string, { ref: ModelRef; calls: number }>();
  const steps: Row[] = st.steps.map((s) => {
    const answered = s.messageSeq !== undefined ? answeredBy(log.event(s.messageSeq)) : undefined;
    const ref = answered?.model != null ? answered : headerAt(s.startSeq);
    const usage = s.usage ?? { inputTokens: 0, outputTokens: 0 };
    if (ref.model !== null) {
      const key = `${ref.provider ?? ''}\u0000${ref.model}`;
      const use = modelUse.get(key) ?? { ref, calls: 0 };
      use.calls += Math.max(1, s.attempts.length);
      modelUse.set(key, use);
    }
    return {
      session_id: id,
      turn: s.turn,
      step: s.step,
      start_seq: s.startSeq,
      end_seq: s.endSeq,
      started_at: s.startTime ?? null,
      duration_ms: s.durationMs ?? null,
      provider: ref.provider,
      model: ref.model,
      model_calls: s.attempts.length,
      failed_attempts: s.attempts.filter((a) => a.failed).length,
      tool_calls: s.toolCalls,
      ...tokenColumns(usage),
      cost_usd: hooks.costOf ? hooks.costOf(ref.provider, ref.model, usage) : null,
    };
  });

  const toolCalls: Row[] = st.toolCalls.map((t) => {
    const t0 = t.callSeq !== null ? log.timeOf(t.callSeq) : undefined;
    const t1 = t.resultSeq !== null ? log.timeOf(t.resultSeq) : undefined;
    return {
      session_id: id,
      call_id: t.callId,
      name: t.name,
      turn: Number.isFinite(t.turn) ? t.turn : null,
      step: Number.isFinite(t.step) ? t.step : null,
      call_seq: t.callSeq,
      result_seq: t.resultSeq,
      duration_ms: t0 !== undefined && t1 !== undefined ? t1 - t0 : null,
      is_error: t.isError,
      error_code: t.errorCode ?? null,
    };
  });

  const diagnostics: Row[] = log.diagnostics.items.map((d) => ({
    session_id: id,
    code: d.code,
    severity: d.severity,
    seq: d.seq ?? null,
    line: d.line ?? null,
    message: d.message,
  }));

  // The session's model: the one that answered most calls (the later one on a tie).
  let main: ModelRef = headerAt(Infinity);
  let most = 0;
  for (const { ref, calls } of modelUse.values())
    if (calls >= most) {
      main = ref;
      most = calls;
    }

  const started = scan.firstTime ?? headerTime(log);
  const ended = scan.lastTime ?? null;
  const usage = st.usage;
  // The app header's rule (core/cost/usageTotals.ts priceUsage): the sum of the priced steps,
  // unpriced ones left out (never guessed); null only when no step is priced.
  const costs = steps.map((s) => s.cost_usd).filter((v): v is number => typeof v === 'number');
  const cost = costs.length > 0 ? costs.reduce((a, b) => a + b, 0) : null;
  // The header's "N steps without a price": steps that recorded usage but got no cost.
  const unpricedSteps = st.steps.filter(
    (s, i) => s.usage !== undefined && steps[i]?.cost_usd === null,
  ).length;
  const { error, warning, info } = log.diagnostics.counts;
  const format = source.format ?? log.sourceFormat ?? 'seqscope';
  const session: Row = {
    session_id: id,
    path: source.path,
    size_bytes: source.sizeBytes,
    compression: source.compression,
    format,
    title: scan.title,
    provider: main.provider,
    model: main.model,
    started_at: started,
    ended_at: ended,
    duration_ms: started !== null && ended !== null ? ended - started : null,
    events: log.eventCount,
    turns: st.totals.turns,
    steps: st.totals.steps,
    // Another agent's log re-told without chunk streams records no calls: unknown, not zero.
    model_calls: st.totals.attempts === 0 && format !== 'seqscope' ? null : st.totals.attempts,
    failed_attempts: st.totals.failedAttempts,
    tool_calls: st.totals.toolCalls,
    tool_errors: st.totals.toolErrors,
    error_turns: st.totals.errorTurns,
    compactions: Math.max(scan.compactionStarts, scan.compactionEnds),
    ...tokenColumns(usage),
    cost_usd: cost,
    unpriced_steps: unpricedSteps,
    errors: error,
    warnings: warning,
    infos: info,
    resume_verdict: hooks.resumeVerdict ? hooks.resumeVerdict(log) : null,
    first_user_message: scan.firstUserSeq !== undefined ? firstUserText(log, scan.firstUserSeq) : null,
    read_error: null,
  };
  return { session, steps, toolCalls, diagnostics };
}

/** The sessions row of a file that could not be read at all: zero counts and why. */
export function unreadableRecord(source: LogSource, reason: string): SessionRecord {
  const zero = 0;
  return {
    session: {
      session_id: source.fingerprint,
      path: source.path,
      size_bytes: source.sizeBytes,
      compression: source.compression,
      format: source.format ?? 'seqscope',
      title: null,
      provider: null,
      model: null,
      started_at: null,
      ended_at: null,
      duration_ms: null,
      events: zero,
      turns: zero,
      steps: zero,
      model_calls: zero,
      failed_attempts: zero,
      tool_calls: zero,
      tool_errors: zero,
      error_turns: zero,
      compactions: zero,
      ...tokenColumns({ inputTokens: 0, outputTokens: 0 }),
      cost_usd: null,
      unpriced_steps: zero,
      errors: zero,
      warnings: zero,
      infos: zero,
      resume_verdict: null,
      first_user_message: null,
      read_error: reason,
    },
    steps: [],
    toolCalls: [],
    diagnostics: [],
  };
}

function tokenColumns(u: TokenUsage): Row {
  return {
    input_tokens: u.inputTokens,
    output_tokens: u.outputTokens,
    cache_read_tokens: u.cacheReadTokens ?? 0,
    cache_write_tokens: u.cacheWriteTokens ?? 0,
    reasoning_tokens: u.reasoningTokens ?? 0,
  };
}

interface TypeScan {
  firstTime: number | undefined;
  lastTime: number | undefined;
  headers: { seq: number; ref: ModelRef }[];
  title: string | null;
  compactionStarts: number;
  compactionEnds: number;
  firstUserSeq: number | undefined;
}

/** One pass over the type and time columns; parses only the few events that name a model or a title. */
function scanTypes(log: SessionLog): TypeScan {
  const types = log.types;
  const kind = types.map((t) =>
    t === 'request/header' || t === 'request/context'
      ? 1
      : t === 'session/title'
        ? 2
        : t === 'compaction/start'
          ? 3
          : t === 'compaction/end'
            ? 4
            : t === 'user/message'
              ? 5
              : 0,
  );
  const out: TypeScan = {
    firstTime: undefined,
    lastTime: undefined,
    headers: [],
    title: null,
    compactionStarts: 0,
    compactionEnds: 0,
    firstUserSeq: undefined,
  };
  let titleSeq = -1;
  for (let seq = 0; seq < log.eventCount; seq++) {
    const t = log.timeOf(seq);
    if (t !== undefined) {
      out.firstTime ??= t;
      out.lastTime = t;
    }
    switch (kind[log.typeIdOf(seq)]) {
      case 1: {
        const ref = headerModel(looseData(log.event(seq)));
        if (ref.model !== null) out.headers.push({ seq, ref });
        break;
      }
      case 2:
        titleSeq = seq;
        break;
      case 3:
        out.compactionStarts++;
        break;
      case 4:
        out.compactionEnds++;
        break;
      case 5:
        if (out.firstUserSeq === undefined && isFromUser(looseData(log.event(seq)))) out.firstUserSeq = seq;
        break;
    }
  }
  if (titleSeq >= 0) out.title = str(looseData(log.event(titleSeq)).title);
  return out;
}

function headerModel(d: Data): ModelRef {
  // request/header: {header:{config:{provider, model}}}; request/context: {provider, model}
  const config = isObject(d.header) && isObject(d.header.config) ? d.header.config : d;
  // Cut like a name (configNames): a header's model is copied into every step's row.
  const { provider, model } = configNames(config);
  return { provider: provider || null, model: model || null };
}

function isFromUser(d: Data): boolean {
  const kind = isObject(d.source) ? d.source.kind : undefined;
  return kind === undefined || kind === 'user';
}

function firstUserText(log: SessionLog, seq: number): string | null {
  const content = looseData(log.event(seq)).content;
  const text =
    typeof content === 'string'
      ? content
      : Array.isArray(content)
        ? (content as Block[])
            .filter((b) => b.type === 'text' && typeof (b as { text?: unknown }).text === 'string')
            .map((b) => (b as { text: string }).text)
            .join('\n')
        : '';
  return text === '' ? null : text.slice(0, FIRST_MESSAGE_MAX);
}

function headerTime(log: SessionLog): number | null {
  const t = log.sessionHeader?.createdAt;
  return typeof t === 'number' && Number.isFinite(t) ? t : null;
}
