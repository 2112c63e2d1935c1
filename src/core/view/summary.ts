/**
 * One-line summaries of events for the timeline (and anywhere else an event
 * must fit on one row). Pure: takes a normalized event, returns short text
 * and a tone. Covers the durable events, the log-only events of spec section
 * 3, and falls back to a compact rendering of `data` for anything else, so
 * an unknown type still says something useful.
 */
import { normalizeTurnEndReason } from '../analysis/endReason';
import { importedRowSummary } from '../import/rowSummary';
import { jsonText } from '../deepJson';
import type { Block, Message, SessionEvent, StreamChunk, TokenUsage, TurnEndReason } from '../types';
import { formatDuration } from './duration';
import { isKnownEventType } from '../reader/knownTypes';
import { summarizeHarnessEvent } from './summaryHarness';
import { nameHead } from './bidiControls';

export type Tone = 'normal' | 'muted' | 'ok' | 'warn' | 'error';

export interface EventSummary {
  text: string;
  tone: Tone;
}

/** Longest summary we build; the row clips visually anyway, this bounds the work. */
export const SUMMARY_MAX = 240;

type Data = Record<string, unknown>;

export function summarize(ev: SessionEvent): EventSummary {
  const d = (ev.data ?? {}) as Data;
  const s = summarizeByType(ev.type, d, ev);
  return { text: clip(s.text), tone: s.tone };
}

function summarizeByType(type: string, d: Data, ev: SessionEvent): EventSummary {
  switch (type) {
    case 'turn/start':
      return normal(`Turn ${str(d.turn)}`);
    case 'turn/end': {
      const r = describeTurnEnd(d.reason as TurnEndReason | undefined);
      return { text: `Turn ${str(d.turn)} ${r.label}${r.detail ? `: ${r.detail}` : ''}`, tone: r.tone };
    }
    case 'step/start':
      return muted(`Step ${str(d.turn)}.${str(d.step)} start`);
    case 'step/end':
      return muted(`Step ${str(d.turn)}.${str(d.step)} end`);
    case 'user/message':
      return normal(
        withReplace(
          ev,
          `${sourcePrefix(d as unknown as Message)}${firstText((d as unknown as Message).content) || '(no text)'}`,
        ),
      );
    case 'assistant/message': {
      const m = d.message as Message | undefined;
      const content = Array.isArray(m?.content) ? m.content : [];
      if (content.length === 0) return muted(withReplace(ev, '(empty assistant message)'));
      const text = firstText(content);
      const calls = content
        .filter((b) => b.type === 'tool-call' || b.type === 'tool_use')
        .map((b) => str((b as Data).name));
      const parts = [text, calls.length ? `→ ${calls.join(', ')}` : ''].filter(Boolean);
      const usage = d.usage ? ` · ${usageText(d.usage as TokenUsage)}` : '';
      const interrupted = d.interrupted ? ' · interrupted' : '';
      return {
        text: withReplace(ev, `${parts.join(' ') || describeBlocks(content)}${usage}${interrupted}`),
        tone: d.interrupted ? 'warn' : 'normal',
      };
    }
    case 'assistant/chunk':
      return summarizeChunk(d.chunk as StreamChunk | undefined);
    case 'tool/call':
      return normal(`${str(d.name)}(${oneLine(str(d.arguments))})`);
    case 'tool/result':
      return summarizeToolResult(d, ev);
    case 'todo/write': {
      const todos = Array.isArray(d.todos) ? (d.todos as Data[]) : [];
      const done = todos.filter((t) => t.status === 'completed' || t.status === 'done').length;
      const active = todos.find((t) => t.status === 'in_progress' || t.status === 'in-progress');
      return normal(
        `${todos.length} todo${todos.length === 1 ? '' : 's'}, ${done} done${active ? ` · now: ${str(active.content ?? active.title ?? active.text)}` : ''}`,
      );
    }
    case 'request/header': {
      const header = (d.header ?? {}) as Data;
      const config = (header.config ?? {}) as Data;
      // An imported log's header says when its format records no system prompt or tools (core/import).
      const unrecorded =
        typeof header.note === 'string' && header.system === undefined ? ' · system prompt not recorded' : '';
      return muted(
        `request ${str(d.reason ?? '')} · ${modelName(config)}${headerParts(header)}${unrecorded}`.replace(
          'request  ·',
          'request ·',
        ),
      );
    }
    case 'request/context':
      return muted(
        `context ${modelName(d)}${d.contextWindow !== undefined ? ` · window ${fmtInt(d.contextWindow)}` : ''}`,
      );
    case 'session/title':
      return normal(`title: ${str(d.title)}`);
    case 'session/end-seed':
      return muted('end of inherited seed');
    case 'agent/inbox/spliced': {
      const inserted = Array.isArray(d.inserted) ? (d.inserted as Message[]) : [];
      return normal(
        `inbox spliced (${str(d.target ?? '?')}): ${inserted.length} message${inserted.length === 1 ? '' : 's'}${inserted[0] ? ` · ${firstText(inserted[0].content)}` : ''}`,
      );
    }
    case 'compaction/start':
      return muted(`compaction started${d.turn !== undefined ? ` (turn ${str(d.turn)})` : ''}`);
    case 'compaction/summary': {
      const range = d.shadowedRange as Data | undefined;
      const summary = Array.isArray(d.summary) ? firstText(d.summary as Block[]) : str(d.summary ?? '');
      return normal(
        `compaction summary${range ? ` of ${str(range.start)}..${str(range.end)}` : ''}: ${summary}`,
      );
    }
    case 'compaction/prune':
      return normal(
        `compaction prune${Array.isArray(d.seqs) ? ` of ${d.seqs.length} results` : ''}${compactFields(d, ['seqs'])}`,
      );
    case 'compaction/end':
      return muted('compaction ended');
    case 'llm/retry':
    case 'llm/retry-started': {
      const err = (d.error ?? d.failure ?? {}) as Data;
      const attempt = d.attempt ?? d.retry;
      const delay = d.delayMs ?? d.retryAfterMs ?? d.delay;
      const what = type === 'llm/retry' ? 'retry' : 'retry started';
      return warn(
        `${what}${attempt !== undefined ? ` #${str(attempt)}` : ''}${delay !== undefined ? ` after ${typeof delay === 'number' ? formatDuration(delay) : INVALID}` : ''}${err.message ? `: ${str(err.message)}` : ''}`,
      );
    }
    case 'goal/change':
      return normal(`goal: ${str(d.goal ?? d.text ?? compactFields(d))}`);
    case 'sandbox/mode':
    case 'permission/preset':
      return muted(`${type.split('/')[0]} ${str(d.mode ?? d.preset ?? d.enabled ?? compactFields(d))}`);
    default:
      return summarizeHarnessEvent(type, d) ?? summarizeOther(type, d, ev);
  }
}

function summarizeOther(type: string, d: Data, ev: SessionEvent): EventSummary {
  const family = type.split('/')[0] ?? '';
  const fields = compactFields(d);
  if (['approval', 'command', 'hook', 'team', 'subagent', 'feedback'].includes(family)) {
    const failed =
      d.error !== undefined ||
      d.ok === false ||
      d.status === 'error' ||
      d.status === 'failed' ||
      d.decision === 'deny';
    return { text: `${type.slice(family.length + 1) || type}${fields}`, tone: failed ? 'warn' : 'normal' };
  }
  const imported = importedRowSummary(type, d);
  if (imported) return { text: imported.text, tone: imported.warn ? 'warn' : 'muted' };
  if (isKnownEventType(type)) return muted(`${type}${fields}`);
  // Unknown type: say so (the diagnostics say whether it is a problem).
  return { text: `${ev.ignorable ? 'ignorable ' : ''}unknown type${fields}`, tone: 'muted' };
}

function summarizeChunk(c: StreamChunk | undefined): EventSummary {
  if (!c || typeof c !== 'object') return muted('chunk');
  const cd = c as Data;
  switch (c.type) {
    case 'text-delta':
      return normal(quote(str(cd.text)));
    case 'reasoning-delta':
      return muted(`reasoning ${quote(str(cd.text))}`);
    case 'tool-call-delta':
      return normal(
        `${cd.name ? `${str(cd.name)} ` : ''}${quote(str(cd.argumentsDelta ?? cd.arguments ?? ''))}`,
      );
    case 'block-start':
      return muted(`block ${str(cd.index)} start: ${str(cd.blockType)}`);
    case 'block-end': {
      const b = cd.block as Block | undefined;
      return muted(`block ${str(cd.index)} end: ${b ? describeBlocks([b]) : '?'}`);
    }
    case 'usage':
      return muted(`usage ${usageText(cd.usage as TokenUsage)}`);
    case 'finish': {
      const r = (cd.reason ?? {}) as Data;
      const kind = str(r.kind);
      if (kind === 'error' || kind === 'aborted') {
        const f = (r.failure ?? {}) as Data;
        return {
          text: `finish: ${kind}${f.message ? ` · ${str(f.message)}` : ''}${f.code ? ` (${str(f.code)})` : ''}`,
          tone: 'error',
        };
      }
      return { text: `finish: ${kind}`, tone: kind === 'max-tokens' ? 'warn' : 'muted' };
    }
    default:
      return muted(`${str(c.type)} chunk${compactFields(cd, ['type'])}`);
  }
}

function summarizeToolResult(d: Data, ev: SessionEvent): EventSummary {
  const m = d.message as Message | undefined;
  const content = Array.isArray(m?.content) ? m.content : [];
  const result = content.find((b) => b.type === 'tool-result') as Data | undefined;
  const err = d.error as Data | undefined;
  const isError = result?.isError === true || err !== undefined;
  const inner = Array.isArray(result?.content) ? firstText(result.content as Block[]) : firstText(content);
  const status = err ? `error ${str(err.code ?? err.name ?? '')}`.trim() : isError ? 'error' : 'ok';
  return { text: withReplace(ev, `${status}: ${inner || '(no text)'}`), tone: isError ? 'error' : 'ok' };
}

// ---------------------------------------------------------------- turn end reasons

export interface TurnEndDescription {
  /** Normalized kind: completed | aborted | blocked | error | max-tokens | interrupted | the raw kind. */
  kind: string;
  label: string;
  detail: string;
  tone: Tone;
}

/** A turn end for display: the core's normalization (legacy forms of spec 3.2 folded in) plus a tone. */
export function describeTurnEnd(reason: TurnEndReason | undefined): TurnEndDescription {
  if (reason === undefined) return { kind: 'unknown', label: 'ended', detail: '', tone: 'muted' };
  const normal = normalizeTurnEndReason(reason);
  // A kind or detail from the log is drawn in a badge and its tooltip: bounded (audit R21-5).
  const kind = nameHead(normal.kind);
  const detail = nameHead(normal.detail ?? '', DETAIL_MAX_CHARS);
  const tone: Tone =
    kind === 'completed' ? 'ok' : kind === 'error' ? 'error' : TURN_WARN.has(kind) ? 'warn' : 'muted';
  return { kind, label: kind, detail, tone };
}

/** A turn end's detail (a tooltip) shows this much of it. */
const DETAIL_MAX_CHARS = 2_000;

const TURN_WARN = new Set(['aborted', 'blocked', 'max-tokens', 'interrupted']);

// ---------------------------------------------------------------- helpers

export function usageText(u: TokenUsage | undefined): string {
  if (!u || typeof u !== 'object') return '';
  const parts = [`in ${fmtInt(u.inputTokens)}`, `out ${fmtInt(u.outputTokens)}`];
  if (u.cacheReadTokens) parts.push(`cache ${fmtInt(u.cacheReadTokens)}`);
  if (u.reasoningTokens) parts.push(`reasoning ${fmtInt(u.reasoningTokens)}`);
  return parts.join(' · ');
}

/** The first text (or reasoning) of a block list, whitespace collapsed. */
export function firstText(blocks: readonly Block[] | undefined): string {
  if (!Array.isArray(blocks)) return '';
  for (const b of blocks as readonly Block[]) {
    if (typeof b !== 'object' || b === null) continue;
    if ((b.type === 'text' || b.type === 'reasoning') && typeof (b as Data).text === 'string') {
      const t = oneLine((b as Data).text as string);
      if (t) return t;
    }
    if (b.type === 'tool-result' && Array.isArray((b as Data).content)) {
      const t = firstText((b as Data).content as Block[]);
      if (t) return t;
    }
  }
  return '';
}

function describeBlocks(blocks: readonly Block[]): string {
  return blocks
    .map((b) => {
      const bd = b as Data;
      if (b.type === 'text' || b.type === 'reasoning') return `${b.type} ${quote(oneLine(str(bd.text)))}`;
      if (b.type === 'tool-call' || b.type === 'tool_use') return `${b.type} ${str(bd.name)}`;
      if (b.type === 'image') return 'image';
      return str(b.type);
    })
    .join(', ');
}

function sourcePrefix(m: Message | undefined): string {
  const s = m?.source as Data | undefined;
  if (!s || s.kind === 'user' || s.kind === undefined) return '';
  if (s.kind === 'plugin') return `[${str(s.plugin ?? 'plugin')}${s.form ? `/${str(s.form)}` : ''}] `;
  return `[${str(s.kind)}] `;
}

function withReplace(ev: SessionEvent, text: string): string {
  const op = ev.surfaceOp;
  if (op && typeof op === 'object' && op.op === 'replace')
    return `replaces ${fmtSeq(op.start)}..${fmtSeq(op.end)}: ${text}`;
  return text;
}

/** What a request header carries besides its config: sizes for real values, placeholders as written. */
function headerParts(header: Data): string {
  const parts: string[] = [];
  const { system, tools } = header;
  if (typeof system === 'string' && system !== '')
    parts.push(/^\{\{.*\}\}$/.test(system) ? `system ${system}` : `system ${fmtInt(system.length)} chars`);
  if (Array.isArray(tools) && tools.length > 0)
    parts.push(`${tools.length} tool${tools.length === 1 ? '' : 's'}`);
  else if (typeof tools === 'string' && tools !== '') parts.push(`tools ${tools}`);
  if (Array.isArray(header.messagePrefix)) parts.push(`legacy prefix of ${header.messagePrefix.length}`);
  return parts.length ? ` · ${parts.join(' · ')}` : '';
}

function modelName(d: Data): string {
  const p = d.provider !== undefined ? str(d.provider) : '';
  const m = d.model !== undefined ? str(d.model) : '';
  return [p, m].filter(Boolean).join('/') || '?';
}

/** `key: value` pairs of an object's scalar fields, for otherwise unknown events. */
export function compactFields(d: Data, skip: readonly string[] = []): string {
  const parts: string[] = [];
  let len = 0;
  for (const [k, v] of Object.entries(d)) {
    if (skip.includes(k)) continue;
    let shown: string;
    if (v === null || typeof v === 'number' || typeof v === 'boolean') shown = String(v);
    else if (typeof v === 'string') shown = quote(oneLine(v).slice(0, 60));
    else if (Array.isArray(v)) shown = `[${v.length}]`;
    else if (typeof v === 'object') shown = '{…}';
    else continue;
    parts.push(`${k}: ${shown}`);
    len += k.length + shown.length;
    if (len > SUMMARY_MAX) break;
  }
  return parts.length ? ` · ${parts.join(', ')}` : '';
}

function str(v: unknown): string {
  if (typeof v === 'string') return v;
  if (v === undefined) return '?';
  if (typeof v === 'number' || typeof v === 'boolean' || v === null) return String(v);
  try {
    return jsonText(v) ?? typeof v;
  } catch {
    return typeof v;
  }
}

function oneLine(s: string): string {
  // Only the first SUMMARY_MAX*2 characters matter: avoids regex work on a 10 MB tool output.
  return s
    .slice(0, SUMMARY_MAX * 2)
    .replace(/\s+/g, ' ')
    .trim();
}

function quote(s: string): string {
  return JSON.stringify(s.length > SUMMARY_MAX ? s.slice(0, SUMMARY_MAX) : s);
}

function clip(s: string): string {
  return s.length > SUMMARY_MAX ? `${s.slice(0, SUMMARY_MAX - 1)}…` : s;
}

/** What a row shows for a number field the log holds something else in (never converted: it may throw). */
const INVALID = '(invalid)';

/** A count, shortened past 10,000; "?" when missing; anything but a finite number is shown as invalid, never converted. */
export function fmtInt(v: unknown): string {
  if (v === undefined) return '?';
  if (typeof v !== 'number' || !Number.isFinite(v)) return INVALID;
  return v >= 10_000 ? `${(v / 1000).toFixed(v >= 100_000 ? 0 : 1)}k` : String(v);
}

/** A seq as written; anything but a number is shown as invalid. */
function fmtSeq(v: unknown): string {
  return typeof v === 'number' ? String(v) : INVALID;
}

const normal = (text: string): EventSummary => ({ text, tone: 'normal' });
const muted = (text: string): EventSummary => ({ text, tone: 'muted' });
const warn = (text: string): EventSummary => ({ text, tone: 'warn' });
