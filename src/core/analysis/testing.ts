/**
 * TEST-ONLY stand-in for the reader (src/core/reader): JSONL text -> the
 * normalized SessionEvent list, doing only what the analysis tests need
 * (spec sections 1 and 3.4, no validation, no diagnostics). Swap for the
 * real reader once it exists. Never imported by app code.
 */
import { DiagnosticList } from '../diagnostics';
import type { SessionEvent, TokenUsage } from '../types';
import { StructureBuilder } from './structure';

type Obj = Record<string, unknown>;

export function eventsFromJsonl(text: string): SessionEvent[] {
  const out: SessionEvent[] = [];
  const designCard = new DesignCardIndexer();
  for (const rawLine of text.replace(/^\uFEFF/, '').split(/\r?\n/)) {
    if (rawLine.trim() === '') continue;
    let v = JSON.parse(rawLine) as Obj;
    if (v.type === 'session' || v.type === 'result') continue; // header / runner metadata
    if (v.type === 'session_event') v = v.event as Obj;
    const packed = expandPacked(v);
    for (const e of packed ?? [v]) {
      const ev = normalize({ ...e, seq: out.length }, out, designCard);
      out.push(ev);
    }
  }
  return out;
}

function expandPacked(v: Obj): Obj[] | null {
  const kind = {
    'text-chunks': 'text-delta',
    'reasoning-chunks': 'reasoning-delta',
    'tool-call-chunks': 'tool-call-delta',
  }[v.type as string];
  if (kind === undefined) return null;
  const d = v.data as Obj;
  const parts = (kind === 'tool-call-delta' ? d.args : d.texts) as string[];
  const dt = (d.dt ?? []) as number[];
  let time = typeof v.time0 === 'number' ? v.time0 : undefined;
  return parts.map((part, k) => {
    if (k > 0 && time !== undefined) time += dt[k - 1] ?? 0;
    const chunk: Obj =
      kind === 'tool-call-delta'
        ? {
            type: kind,
            index: d.index,
            id: d.id,
            ...(d.name !== undefined ? { name: d.name } : {}),
            argumentsDelta: part,
          }
        : { type: kind, index: d.index, text: part };
    return {
      type: 'assistant/chunk',
      ...(time !== undefined ? { time } : {}),
      data: { turn: d.turn, step: d.step, chunk },
    };
  });
}

function normalize(e: Obj, prior: SessionEvent[], designCard: DesignCardIndexer): SessionEvent {
  const d = { ...(e.data as Obj) };
  switch (e.type) {
    case 'turn/start':
      delete d.trigger;
      break;
    case 'steering/message':
      e.type = 'user/message';
      d.role ??= 'user';
      break;
    case 'user/message':
      d.role ??= 'user';
      break;
    case 'assistant/message':
      if (d.message === undefined) {
        const { content, provenance, ...rest } = d;
        return {
          ...e,
          data: {
            ...rest,
            message: { role: 'assistant', content, source: { ...(provenance as Obj), kind: 'model' } },
          },
        } as unknown as SessionEvent;
      }
      break;
    case 'tool/result': {
      const m = d.message as Obj | undefined;
      if (m === undefined) {
        const { callId, content, isError, ...rest } = d;
        return {
          ...e,
          data: { ...rest, message: toolMessage(callId as string, content, isError) },
        } as unknown as SessionEvent;
      }
      if (m.role === 'tool') {
        const src = (e.sourceEventSeqs as number[] | undefined) ?? [];
        const call = src.map((s) => prior[s]).find((p) => p?.type === 'tool/call');
        const callId =
          (d.callId as string | undefined) ??
          ((call?.data as Obj | undefined)?.callId as string | undefined) ??
          '';
        const content = typeof m.content === 'string' ? [{ type: 'text', text: m.content }] : m.content;
        return {
          ...e,
          data: { ...d, message: toolMessage(callId, content, m.isError) },
        } as unknown as SessionEvent;
      }
      break;
    }
    case 'assistant/chunk':
      d.chunk = designCard.chunk(d.turn as number, d.step as number, d.chunk as Obj);
      break;
  }
  return { ...e, data: d } as SessionEvent;
}

function toolMessage(callId: string, content: unknown, isError: unknown): Obj {
  return {
    role: 'user',
    content: [
      { type: 'tool-result', toolCallId: callId, content, ...(isError !== undefined ? { isError } : {}) },
    ],
    source: { kind: 'tool', callId },
  };
}

/**
 * Design-card deltas have no `index`: they belong to the current block, and
 * a new block begins when the delta kind changes or a tool-call delta
 * carries a `name` (spec 3.3). `arguments` becomes `argumentsDelta`.
 */
class DesignCardIndexer {
  private key = '';
  private next = 0;
  private kind = '';

  chunk(turn: number, step: number, c: Obj): Obj {
    const key = `${turn}/${step}`;
    if (key !== this.key) {
      this.key = key;
      this.next = 0;
      this.kind = '';
    }
    if (typeof c.index === 'number') {
      this.next = Math.max(this.next, c.index + 1);
      return c;
    }
    const t = c.type as string;
    if (t !== 'text-delta' && t !== 'reasoning-delta' && t !== 'tool-call-delta') return c;
    if (t !== this.kind || (t === 'tool-call-delta' && c.name !== undefined)) {
      this.kind = t;
      this.next++;
    }
    const { arguments: args, ...rest } = c;
    return t === 'tool-call-delta'
      ? { ...rest, index: this.next - 1, argumentsDelta: c.argumentsDelta ?? args }
      : { ...rest, index: this.next - 1 };
  }
}

/**
 * Builds a normalized event list by hand, seqs by position; every method
 * returns the new event's seq so tests can name exact positions.
 */
export class EventList {
  readonly events: SessionEvent[] = [];

  add(type: string, data: Obj, extra: Obj = {}): number {
    const seq = this.events.length;
    this.events.push({ seq, type, data, ...extra });
    return seq;
  }
  turnStart(turn: number): number {
    return this.add('turn/start', { turn });
  }
  turnEnd(turn: number, reason: unknown = { kind: 'completed' }): number {
    return this.add('turn/end', { turn, reason });
  }
  stepStart(turn: number, step: number): number {
    return this.add('step/start', { turn, step });
  }
  stepEnd(turn: number, step: number): number {
    return this.add('step/end', { turn, step });
  }
  user(text: string): number {
    return this.add(
      'user/message',
      { role: 'user', content: [{ type: 'text', text }] },
      { surfaceOp: 'append' },
    );
  }
  chunk(turn: number, step: number, chunk: Obj): number {
    return this.add('assistant/chunk', { turn, step, chunk });
  }
  /** block-start + one text delta + block-end + finish stop, at stream index 0. */
  textStream(turn: number, step: number, text: string): number {
    this.chunk(turn, step, { type: 'block-start', index: 0, blockType: 'text' });
    this.chunk(turn, step, { type: 'text-delta', index: 0, text });
    this.chunk(turn, step, { type: 'block-end', index: 0, block: { type: 'text', text } });
    return this.chunk(turn, step, { type: 'finish', reason: { kind: 'stop' } });
  }
  message(turn: number, step: number, content: unknown[], data: Obj = {}, extra: Obj = {}): number {
    return this.add(
      'assistant/message',
      { turn, step, message: { role: 'assistant', content }, ...data },
      { surfaceOp: 'append', ...extra },
    );
  }
  toolCall(turn: number, step: number, callId: string, name = 'bash', args = '{}'): number {
    return this.add('tool/call', { turn, step, callId, name, arguments: args });
  }
  toolResult(
    turn: number,
    step: number,
    callId: string,
    options: { isError?: boolean; error?: Obj; extra?: Obj } = {},
  ): number {
    const data: Obj = {
      turn,
      step,
      message: toolMessage(callId, [{ type: 'text', text: 'ok' }], options.isError ?? false),
    };
    if (options.error) data.error = options.error;
    return this.add('tool/result', data, { surfaceOp: 'append', ...options.extra });
  }
}

/** Runs a StructureBuilder over the events: the index, plus compact views for exact expectations. */
export function analyzeStructure(events: readonly SessionEvent[]) {
  const diags = new DiagnosticList();
  const builder = new StructureBuilder(diags);
  for (const ev of events) builder.event(ev);
  builder.end();
  const index = builder.index();
  return {
    index,
    /** [code, severity, seq] in report order. */
    diags: diags.items.map((d) => [d.code, d.severity, d.seq] as const),
    messages: diags.items.map((d) => d.message),
    /** [turn, step, startSeq, endSeq, messageSeq, attempts as [first, last, chunks, failed, messageSeq]] */
    steps: index.steps.map((s) => [
      s.turn,
      s.step,
      s.startSeq,
      s.endSeq,
      s.messageSeq,
      s.attempts.map((a) => [a.firstChunkSeq, a.lastChunkSeq, a.chunkCount, a.failed, a.messageSeq]),
    ]),
    /** [turn, startSeq, endSeq, end reason kind, stepCount] */
    turns: index.turns.map((t) => [t.turn, t.startSeq, t.endSeq, t.endReason?.kind, t.stepCount]),
    /** [callId, name, callSeq, resultSeq, isError] */
    calls: index.toolCalls.map((c) => [c.callId, c.name, c.callSeq, c.resultSeq, c.isError]),
  };
}

/** A TokenUsage with only the given counters. */
export function tokens(input: number, output: number, cacheRead?: number, reasoning?: number): TokenUsage {
  const u: TokenUsage = { inputTokens: input, outputTokens: output };
  if (cacheRead !== undefined) u.cacheReadTokens = cacheRead;
  if (reasoning !== undefined) u.reasoningTokens = reasoning;
  return u;
}
