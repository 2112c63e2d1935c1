/**
 * The request header in force as a diff sees it (spec 4: the latest
 * `request/header` at or before s; an empty system or tools counts as
 * absent), and the changes between two of them: model, system prompt, tools.
 *
 * `requestViewOf` is the one place that reads a header for diffs; when the
 * core grows a request-in-force index, `headerSeqAt` becomes a lookup in it.
 */
import type { SessionEvent } from '../types';
import { isObject } from '../validate';
import { textDiff, type TextPart } from './textDiff';

export interface RequestView {
  /** The request/header event in force, or null when none precedes. */
  headerSeq: number | null;
  provider?: string;
  model?: string;
  system?: string;
  /** Tool schemas by name (a bare name when the header lists names only), in header order. */
  tools: { name: string; schema: string }[];
}

export interface ValueChange {
  from: string | null;
  to: string | null;
}

/** Only what changed; `{}` when the request in force is the same. */
export interface RequestChanges {
  header?: { from: number | null; to: number | null };
  provider?: ValueChange;
  model?: ValueChange;
  system?: ValueChange & { diff: TextPart[] };
  tools?: { added: string[]; removed: string[]; changed: string[] };
}

/** What a lookup needs from a log (a SessionLog satisfies it). */
export interface HeaderSource {
  typeOf(seq: number): string;
  event(seq: number): SessionEvent;
}

export function headerSeqAt(log: HeaderSource, seq: number): number | null {
  for (let s = seq; s >= 0; s--) if (log.typeOf(s) === 'request/header') return s;
  return null;
}

export function requestViewAt(log: HeaderSource, seq: number): RequestView {
  const at = headerSeqAt(log, seq);
  return at === null ? { headerSeq: null, tools: [] } : requestViewOf(at, log.event(at));
}

export function requestViewOf(seq: number, ev: SessionEvent): RequestView {
  const header = (ev.data as { header?: unknown }).header;
  const view: RequestView = { headerSeq: seq, tools: [] };
  if (!isObject(header)) return view;
  const config = isObject(header.config) ? header.config : {};
  if (typeof config.provider === 'string') view.provider = config.provider;
  if (typeof config.model === 'string') view.model = config.model;
  const system = header.system;
  if (typeof system === 'string' ? system !== '' : Array.isArray(system) ? system.length > 0 : system != null)
    view.system = typeof system === 'string' ? system : JSON.stringify(system, null, 2);
  if (Array.isArray(header.tools)) view.tools = header.tools.map(toolEntry);
  return view;
}

function toolEntry(t: unknown, i: number): { name: string; schema: string } {
  if (typeof t === 'string') return { name: t, schema: t };
  const o = isObject(t) ? t : {};
  const fn = isObject(o.function) ? o.function : {};
  const name = typeof o.name === 'string' ? o.name : typeof fn.name === 'string' ? fn.name : `#${i + 1}`;
  return { name, schema: JSON.stringify(t) };
}

export function diffRequests(a: RequestView, b: RequestView): RequestChanges {
  const out: RequestChanges = {};
  if (a.headerSeq !== b.headerSeq) out.header = { from: a.headerSeq, to: b.headerSeq };
  if (a.provider !== b.provider) out.provider = { from: a.provider ?? null, to: b.provider ?? null };
  if (a.model !== b.model) out.model = { from: a.model ?? null, to: b.model ?? null };
  if (a.system !== b.system)
    out.system = {
      from: a.system ?? null,
      to: b.system ?? null,
      diff: textDiff(a.system ?? '', b.system ?? ''),
    };
  const before = new Map(a.tools.map((t) => [t.name, t.schema]));
  const after = new Map(b.tools.map((t) => [t.name, t.schema]));
  const added = b.tools.filter((t) => !before.has(t.name)).map((t) => t.name);
  const removed = a.tools.filter((t) => !after.has(t.name)).map((t) => t.name);
  const changed = b.tools
    .filter((t) => before.has(t.name) && before.get(t.name) !== t.schema)
    .map((t) => t.name);
  if (added.length + removed.length + changed.length > 0) out.tools = { added, removed, changed };
  return out;
}
