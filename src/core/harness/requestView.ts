/**
 * The request in force as the viewer shows it (spec section 4), and what a
 * request/header changed from the previous one: model and provider, the
 * system prompt with its length and a token estimate, the tools by name with
 * their schemas, the legacy message prefix. Values are taken as written: a
 * placeholder string where a real log has an array (the harness corpus's
 * `"{{tools}}"`) is shown as that string.
 */
import { postedParts } from '../diff/postedParts';
import { textDiff, type TextPart } from '../diff/textDiff';
import { looseData } from '../types';
import { isObject } from '../validate';
import {
  REQUEST_HEADER,
  requestHeaders,
  requestOfHeaderEvent,
  type RequestInForce,
  type RequestSource,
} from './requestInForce';
import { jsonText } from '../deepJson';

export interface ToolView {
  name: string;
  description?: string;
  /** The tool's schema entry as written (the whole object). */
  schema: unknown;
}

export interface RequestView {
  /** The request/header seq it comes from (where it last changed, or was restated). */
  seq: number;
  reason?: string;
  provider?: string;
  model?: string;
  config: unknown;
  /** The system prompt's text when it is a string; `raw` otherwise (kept as written). */
  system?: { text: string; chars: number; tokens: number; placeholder: boolean } | { raw: unknown };
  /** Tools by name when `tools` is an array; `raw` otherwise (a placeholder string, say). */
  tools?: { list: ToolView[] } | { raw: unknown };
  adapterDefaults?: unknown;
  legacyMessagePrefix?: unknown[];
  problem?: string;
}

/**
 * Tokens in a text, estimated: about 4 characters a token for Latin text
 * (the usual rule of thumb for BPE tokenizers), one a character for CJK.
 */
export function estimateTokens(text: string): number {
  let cjk = 0;
  for (const ch of text) if (/[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/.test(ch)) cjk++;
  return Math.ceil((text.length - cjk) / 4) + cjk;
}

const PLACEHOLDER = /^\{\{[^}]*\}\}$/;

export function viewOfRequest(r: RequestInForce): RequestView {
  const out: RequestView = { seq: r.seq, config: r.config };
  if (typeof r.reason === 'string') out.reason = r.reason;
  if (isObject(r.config)) {
    if (typeof r.config.provider === 'string') out.provider = r.config.provider;
    if (typeof r.config.model === 'string') out.model = r.config.model;
  }
  if (typeof r.system === 'string')
    out.system = {
      text: r.system,
      chars: r.system.length,
      tokens: estimateTokens(r.system),
      placeholder: PLACEHOLDER.test(r.system),
    };
  else if (r.system !== undefined) out.system = { raw: r.system };
  if (Array.isArray(r.tools)) out.tools = { list: r.tools.map(toolView) };
  else if (r.tools !== undefined) out.tools = { raw: r.tools };
  if (r.adapterDefaults !== undefined) out.adapterDefaults = r.adapterDefaults;
  if (r.legacyMessagePrefix !== undefined) out.legacyMessagePrefix = r.legacyMessagePrefix;
  if (r.problem !== undefined) out.problem = r.problem;
  return out;
}

/** A tool schema's name and description, wherever the provider dialect puts them. */
function toolView(t: unknown, i: number): ToolView {
  if (!isObject(t)) return { name: `#${i}`, schema: t };
  const fn = isObject(t.function) ? t.function : t;
  const name = typeof fn.name === 'string' ? fn.name : `#${i}`;
  const v: ToolView = { name, schema: t };
  if (typeof fn.description === 'string') v.description = fn.description;
  return v;
}

/** The request/header seqs whose header differs from the one before (the first always does). */
export function requestChangeSeqs(log: RequestSource): number[] {
  const scan = new RequestChangeScan(log);
  while (scan.next());
  return [...scan.seqs];
}

/**
 * `requestChangeSeqs` read one header at a time and kept as the log grows: each request/header
 * is parsed once, so a caller can spread the first read (every header of a 1 GB log) over slices.
 */
export class RequestChangeScan {
  private readonly changes: number[] = [];
  private read = 0;
  private previous: string | undefined;

  constructor(private readonly log: RequestSource) {}

  /** Reads the next request/header; false when every one so far is read. */
  next(): boolean {
    const all = requestHeaders(this.log).all();
    const s = all[this.read];
    if (s === undefined) return false;
    const header = jsonText(looseData(this.log.event(s)).header ?? null);
    if (header !== this.previous) this.changes.push(s);
    this.previous = header;
    this.read++;
    return true;
  }

  /** The request/header seqs where the header changed, among those read. */
  get seqs(): readonly number[] {
    return this.changes;
  }
}

export interface RequestChange {
  seq: number;
  /** The request/header before it, or null when it is the first. */
  previousSeq: number | null;
  addedTools: string[];
  removedTools: string[];
  /** Tools of the same name whose schema changed. */
  changedTools: string[];
  /** Config keys whose value changed (added, removed or different). */
  configKeys: string[];
  /**
   * The system prompt's text diff (empty when both are absent or equal), as posted: bounded
   * (postedParts), long parts cut to their head and tail. One prompt new or gone whole is one part.
   */
  system: TextPart[];
  /** The diff's parts after those in `system`, and their characters. */
  systemUnposted: { parts: number; chars: number };
  /** The old and the new system prompt's characters (0 when there is none). */
  systemChars: { before: number; after: number };
  systemChanged: boolean;
  adapterDefaultsChanged: boolean;
}

/** What the request/header at `seq` changed from the previous one. */
export function requestChangeAt(log: RequestSource, seq: number): RequestChange | null {
  const ev = log.event(seq);
  if (ev.type !== REQUEST_HEADER) return null;
  const previousSeq = requestHeaders(log).atOrBefore(seq - 1) ?? null;
  const next = viewOfRequest(requestOfHeaderEvent(ev));
  const prev = previousSeq === null ? null : viewOfRequest(requestOfHeaderEvent(log.event(previousSeq)));
  const tools = (v: RequestView | null): Map<string, string> => {
    const m = new Map<string, string>();
    if (v?.tools && 'list' in v.tools) for (const t of v.tools.list) m.set(t.name, jsonText(t.schema) ?? '');
    return m;
  };
  const before = tools(prev);
  const after = tools(next);
  const systemText = (v: RequestView | null): string =>
    v?.system === undefined ? '' : 'text' in v.system ? v.system.text : (jsonText(v.system.raw) ?? '');
  const s0 = systemText(prev);
  const s1 = systemText(next);
  const posted = postedParts(s0 === s1 ? [] : textDiff(s0, s1));
  const c0 = isObject(prev?.config) ? prev.config : {};
  const c1 = isObject(next.config) ? next.config : {};
  return {
    seq,
    previousSeq,
    addedTools: [...after.keys()].filter((n) => !before.has(n)),
    removedTools: [...before.keys()].filter((n) => !after.has(n)),
    changedTools: [...after.keys()].filter((n) => before.has(n) && before.get(n) !== after.get(n)),
    configKeys: [...new Set([...Object.keys(c0), ...Object.keys(c1)])].filter(
      (k) => jsonText(c0[k]) !== jsonText(c1[k]),
    ),
    system: posted.parts,
    systemUnposted: posted.unposted,
    systemChars: { before: s0.length, after: s1.length },
    systemChanged: s0 !== s1,
    adapterDefaultsChanged: jsonText(prev?.adapterDefaults) !== jsonText(next.adapterDefaults),
  };
}
