/**
 * The request in force at a seq (spec section 4): what the model was sent on
 * a call is the latest `request/header` at or before that seq (its
 * `data.header`: `config` {provider, model, ...}, `system`, `tools`,
 * `adapterDefaults`) plus the derived messages. An empty `system` or `tools`
 * counts as absent. Values are shown as written: the harness's test corpus
 * carries `"{{system}}"` / `"{{tools}}"` placeholders where real logs have a
 * string and an array. A legacy `messagePrefix` (until 2026-07-24: messages
 * sent before the whole derived history) is kept apart, marked as legacy; it
 * is not part of the derived messages.
 */
import { looseData, type SessionEvent } from '../types';
import { isObject } from '../validate';
import { nameHead } from '../view/bidiControls';

export const REQUEST_HEADER = 'request/header';

export interface RequestInForce {
  /** The seq of the request/header event this comes from. */
  seq: number;
  /** Why the harness wrote the header ("initial", "change", "resume"...), as written. */
  reason?: unknown;
  config: unknown;
  system?: unknown;
  tools?: unknown;
  adapterDefaults?: unknown;
  /** `header.messagePrefix` of a log older than 2026-07-24: sent before the derived messages. */
  legacyMessagePrefix?: unknown[];
  /** What is wrong with the header's shape, when something is (it is shown as it is anyway). */
  problem?: string;
}

/** The request a `request/header` event puts in force. Never throws: odd shapes are kept as written. */
export function requestOfHeaderEvent(ev: SessionEvent): RequestInForce {
  const data = looseData(ev);
  const out: RequestInForce = { seq: ev.seq, config: undefined };
  if (data.reason !== undefined) out.reason = data.reason;
  const header = data.header;
  if (!isObject(header)) {
    out.problem = 'data.header is not an object';
    return out;
  }
  out.config = header.config;
  if (!isObject(header.config)) out.problem = 'data.header.config is not an object';
  if (!isEmpty(header.system)) out.system = header.system;
  if (!isEmpty(header.tools)) out.tools = header.tools;
  if (header.adapterDefaults !== undefined) out.adapterDefaults = header.adapterDefaults;
  if (Array.isArray(header.messagePrefix) && header.messagePrefix.length > 0)
    out.legacyMessagePrefix = header.messagePrefix;
  return out;
}

function isEmpty(v: unknown): boolean {
  return v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
}

/**
 * The request as `seqscope derive --with-request` prints it: exactly
 * `{config, system?, tools?, adapterDefaults?, seq}`, absent fields absent.
 */
export function requestJson(r: RequestInForce): Record<string, unknown> {
  const out: Record<string, unknown> = { config: r.config ?? null };
  if (r.system !== undefined) out.system = r.system;
  if (r.tools !== undefined) out.tools = r.tools;
  if (r.adapterDefaults !== undefined) out.adapterDefaults = r.adapterDefaults;
  out.seq = r.seq;
  return out;
}

/** What a log answers for the request questions (SessionLog satisfies it). */
export interface RequestSource {
  readonly eventCount: number;
  readonly types: readonly string[];
  typeIdOf(seq: number): number;
  event(seq: number): SessionEvent;
}

/**
 * The seqs of a log's request/header events, found from the type column (no
 * parsing) and extended as the log grows while it loads.
 */
export class RequestHeaderIndex {
  private readonly seqs: number[] = [];
  private scanned = 0;
  private typeId = -1;

  constructor(private readonly log: RequestSource) {}

  /** Every request/header seq so far, ascending. */
  all(): readonly number[] {
    this.catchUp();
    return this.seqs;
  }

  /** The seq of the latest request/header at or before `seq`, or undefined. */
  atOrBefore(seq: number): number | undefined {
    const seqs = this.all();
    let lo = 0;
    let hi = seqs.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((seqs[mid] as number) <= seq) lo = mid + 1;
      else hi = mid;
    }
    return lo > 0 ? seqs[lo - 1] : undefined;
  }

  private catchUp(): void {
    const log = this.log;
    if (this.typeId < 0) this.typeId = log.types.indexOf(REQUEST_HEADER);
    if (this.typeId < 0) {
      this.scanned = 0; // not seen yet: scan again once the type appears
      return;
    }
    const n = log.eventCount;
    for (let s = this.scanned; s < n; s++) if (log.typeIdOf(s) === this.typeId) this.seqs.push(s);
    this.scanned = n;
  }
}

const indexes = new WeakMap<RequestSource, RequestHeaderIndex>();

/** The log's request/header index (one per log, built on first use). */
export function requestHeaders(log: RequestSource): RequestHeaderIndex {
  let index = indexes.get(log);
  if (index === undefined) {
    index = new RequestHeaderIndex(log);
    indexes.set(log, index);
  }
  return index;
}

/** The request in force at `seq`: the latest request/header at or before it; null when there is none. */
export function requestInForceAt(log: RequestSource, seq: number): RequestInForce | null {
  const at = requestHeaders(log).atOrBefore(seq);
  return at === undefined ? null : requestOfHeaderEvent(log.event(at));
}

/** The model a request names: its `config.model` when that is a string. */
export function requestModel(r: RequestInForce): string | undefined {
  return isObject(r.config) && typeof r.config.model === 'string' ? r.config.model : undefined;
}

/**
 * The provider and model a request names, each cut like a name (nameHead: NAME_MAX_CHARS code
 * points): what every step, span and row the request is in force for copies. A header's model
 * of a megabyte copied per step made `stats` and an OTLP export quadratic (audit R23-1, R23-2).
 */
export function requestNames(r: RequestInForce): { provider?: string; model?: string } {
  return configNames(r.config);
}

/** The provider and model of a request's config (`header.config`, or a request/context's data), cut like names. */
export function configNames(config: unknown): { provider?: string; model?: string } {
  const out: { provider?: string; model?: string } = {};
  if (!isObject(config)) return out;
  if (typeof config.provider === 'string') out.provider = nameHead(config.provider);
  if (typeof config.model === 'string') out.model = nameHead(config.model);
  return out;
}

/** Per log: each request/header's model, read once (a header never changes once written). */
const headerModels = new WeakMap<RequestSource, Map<number, string | undefined>>();

/**
 * The model the request in force at `seq` names (cut: requestNames). A header is parsed once for all the steps it
 * is in force for: per-step metrics read the model of every step, and a header of many tool
 * schemas re-read (or worse, serialized) per step cost seconds per thousand steps (audit R9-4).
 */
export function modelInForceAt(log: RequestSource, seq: number): string | undefined {
  const at = requestHeaders(log).atOrBefore(seq);
  if (at === undefined) return undefined;
  let models = headerModels.get(log);
  if (models === undefined) headerModels.set(log, (models = new Map<number, string | undefined>()));
  if (models.has(at)) return models.get(at);
  const { model } = requestNames(requestOfHeaderEvent(log.event(at)));
  models.set(at, model);
  return model;
}
