/**
 * The request header in force as a diff sees it (spec 4: the latest
 * `request/header` at or before s; an empty system or tools counts as
 * absent), and the changes between two of them: model, system prompt, tools.
 *
 * The header in force comes from harness/requestInForce.ts; this file only
 * reduces it to what a diff compares.
 */
import {
  requestInForceAt,
  requestModel,
  type RequestInForce,
  type RequestSource,
} from '../harness/requestInForce';
import { isObject } from '../validate';
import { textDiff, type DiffBudget, type TextPart } from './textDiff';
import { jsonText } from '../deepJson';

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
export type HeaderSource = RequestSource;

/** The request in force at `seq` as a diff compares it (harness/requestInForce.ts finds it). */
export function requestViewAt(log: HeaderSource, seq: number): RequestView {
  const r = requestInForceAt(log, seq);
  return r ? requestViewOf(r) : { headerSeq: null, tools: [] };
}

export function requestViewOf(r: RequestInForce): RequestView {
  const view: RequestView = { headerSeq: r.seq, tools: [] };
  const config = isObject(r.config) ? r.config : {};
  if (typeof config.provider === 'string') view.provider = config.provider;
  const model = requestModel(r);
  if (model !== undefined) view.model = model;
  if (r.system !== undefined)
    view.system = typeof r.system === 'string' ? r.system : (jsonText(r.system, 2) ?? '');
  if (Array.isArray(r.tools)) view.tools = r.tools.map(toolEntry);
  else if (r.tools !== undefined)
    view.tools = [{ name: String(jsonText(r.tools)), schema: jsonText(r.tools) ?? '' }];
  return view;
}

function toolEntry(t: unknown, i: number): { name: string; schema: string } {
  if (typeof t === 'string') return { name: t, schema: t };
  const o = isObject(t) ? t : {};
  const fn = isObject(o.function) ? o.function : {};
  const name = typeof o.name === 'string' ? o.name : typeof fn.name === 'string' ? fn.name : `#${i + 1}`;
  return { name, schema: jsonText(t) ?? '' };
}

export function diffRequests(a: RequestView, b: RequestView, budget?: DiffBudget): RequestChanges {
  const out: RequestChanges = {};
  if (a.headerSeq !== b.headerSeq) out.header = { from: a.headerSeq, to: b.headerSeq };
  if (a.provider !== b.provider) out.provider = { from: a.provider ?? null, to: b.provider ?? null };
  if (a.model !== b.model) out.model = { from: a.model ?? null, to: b.model ?? null };
  if (a.system !== b.system)
    out.system = {
      from: a.system ?? null,
      to: b.system ?? null,
      diff: textDiff(a.system ?? '', b.system ?? '', budget),
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
