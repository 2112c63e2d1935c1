/**
 * The deep-link format (spec section 6): the app's URL state, parsed and
 * written in one place, and the links the CLI prints (`seqscope open`).
 * Pure: strings in, strings and values out (no DOM), so it is unit-tested.
 *
 * The query names the log (changing it means another log):
 *
 *   ?src=<http(s) URL>            a log loaded from a URL (a path on this origin too);
 *     &follow=1                   ... and followed as it grows (the server's SSE at <src>/events)
 *   ?sample=<name>                a sample bundled with the app
 *   ?log=<16 hex>                 a local file by fingerprint (first 16 hex of SHA-256 of its
 *     &name=<file name>&size=<n>  bytes), with its name and size so a browser without the file
 *                                 can ask for it by name
 *   &part=<n>                     with any of the above: the sample of a multi-sample log
 *                                 (Inspect AI), from 1 (absent: the first)
 *
 * The hash is the position and the view inside that log (changing it never reloads):
 *
 *   #seq=<n>                      the selected event
 *     &char=<k>                   characters (code points) of the delta at seq shown so far
 *                                 (scrubbing); links written before it was named so say &chunk=<k>
 *     &panel=diagnostics          the diagnostics panel is open
 *     &diag=<code>                ... on that code
 *     &q=<text>                   timeline filter: text
 *     &types=<t1,t2>              timeline filter: only these event types (empty: none)
 *     &xtypes=<t1,t2>             timeline filter: every event type but these (ignored with types)
 *     &errors=1                   timeline filter: errors only
 *
 * Each field is validated alone: a malformed one is dropped (and reported in
 * `ignored`) and the others still apply, so a hand-edited link degrades
 * gracefully. Unknown fields are left alone. A value over MAX_FIELD_CHARS is
 * dropped unread (fragment.ts).
 */
import { DIAGNOSTIC_CODES } from '../diagnostics';
import { visibleText } from '../view/bidiControls';
import { formatCount, formatSeq } from '../view/seqText';
import { MAX_FIELD_CHARS, readFragment } from './fragment';

export type LogIdentity = (
  | { kind: 'src'; src: string; follow?: boolean }
  | { kind: 'sample'; name: string }
  | { kind: 'log'; fingerprint: string; name?: string; size?: number }
) & {
  /** The sample of a multi-sample log (Inspect AI), from 1; absent: the first. */
  part?: number;
};

/** Panels whose open state lives in the URL. */
export const PANELS = ['diagnostics'] as const;
export type Panel = (typeof PANELS)[number];

/** Position and view: everything in the hash. */
export interface ViewState {
  seq?: number;
  /** Only with `seq`: code points of the delta at seq shown. */
  chunk?: number;
  panel?: Panel;
  /** The diagnostics code the panel shows. */
  diag?: string;
  /** Timeline filter text. */
  q?: string;
  /** Timeline filter: only these types ([] = none); absent = every type. */
  types?: string[];
  /** Timeline filter: every type but these (the shorter form when most types are shown); not with `types`. */
  xtypes?: string[];
  /** Timeline filter: errors only. */
  errors?: boolean;
}

export interface UrlState extends ViewState {
  identity?: LogIdentity;
}

export interface ParsedUrl {
  state: UrlState;
  /**
   * `field=value` of every known field that was malformed and dropped, as shown to the user:
   * the value cut to MAX_SHOWN characters, its bidi and control characters spelled out.
   */
  ignored: string[];
}

/** Query parameters that make up the identity (replaced together). */
const IDENTITY_PARAMS = ['src', 'follow', 'sample', 'log', 'name', 'size', 'part'] as const;
const FINGERPRINT = /^[0-9a-f]{16}$/i;
const SAMPLE_NAME = /^[\w.-]{1,200}$/;
const TYPE_NAME = /^[\w.:/-]{1,100}$/;
const KNOWN_CODES = new Set<string>(DIAGNOSTIC_CODES);
const MAX_TEXT = 1000;
/** Characters of a dropped field's value named in `ignored` (a notice line, not the whole value). */
export const MAX_SHOWN = 80;

export function parseUrl(search: string, hash: string): ParsedUrl {
  const state: UrlState = {};
  const ignored: string[] = [];
  // The link is anyone's text: what we echo of it is cut short and cannot reorder the notice (R11-L3).
  const bad = (key: string, value: string) =>
    ignored.push(`${visibleText(key, MAX_SHOWN)}=${visibleText(value, MAX_SHOWN)}`);

  // ---- identity (query)
  const query = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  const src = query.get('src');
  const follow = query.get('follow');
  const sample = query.get('sample');
  const log = query.get('log');
  if (src !== null && src !== '') {
    if (isLoadableUrl(src)) {
      state.identity = { kind: 'src', src };
      if (follow !== null) {
        const f = flag(follow);
        if (f === undefined) bad('follow', follow);
        else if (f) state.identity.follow = true;
      }
    } else bad('src', src);
  }
  const fragment = readFragment(hash);
  // `log` may also sit in the hash (links written before the query named the log).
  const logValue = log ?? fragment.get('log') ?? null;
  if (!state.identity && logValue !== null) {
    if (FINGERPRINT.test(logValue)) {
      const id: LogIdentity = { kind: 'log', fingerprint: logValue.toLowerCase() };
      const name = query.get('name');
      if (name !== null) {
        if (isFileName(name)) id.name = name;
        else bad('name', name);
      }
      const size = query.get('size');
      if (size !== null) {
        const n = nonNegativeInt(size);
        if (n === undefined) bad('size', size);
        else id.size = n;
      }
      state.identity = id;
    } else bad('log', logValue);
  }
  if (!state.identity && sample !== null) {
    if (SAMPLE_NAME.test(sample)) state.identity = { kind: 'sample', name: sample };
    else bad('sample', sample);
  }
  const part = query.get('part');
  if (part !== null) {
    const n = nonNegativeInt(part);
    if (n === undefined || n < 1 || !state.identity) bad('part', part);
    else if (n > 1) state.identity.part = n;
  }

  // ---- view (hash)
  const seq = fragment.get('seq');
  if (seq !== undefined) {
    const n = nonNegativeInt(seq);
    if (n === undefined) bad('seq', seq);
    else state.seq = n;
  }
  // `char=` counts characters; `chunk=` is its old name, still read so old links keep working.
  const charKey = fragment.get('char') !== undefined ? 'char' : 'chunk';
  const chunk = fragment.get(charKey);
  if (chunk !== undefined) {
    const n = nonNegativeInt(chunk);
    // A character offset means nothing without the seq it is inside.
    if (n === undefined || state.seq === undefined) bad(charKey, chunk);
    else state.chunk = n;
  }
  const panel = fragment.get('panel');
  if (panel !== undefined) {
    if ((PANELS as readonly string[]).includes(panel)) state.panel = panel as Panel;
    else bad('panel', panel);
  }
  const diag = fragment.get('diag');
  if (diag !== undefined) {
    if (KNOWN_CODES.has(diag)) state.diag = diag;
    else bad('diag', diag);
  }
  const q = fragment.get('q');
  if (q !== undefined) {
    if (q.length <= MAX_TEXT) {
      if (q !== '') state.q = q;
    } else bad('q', q);
  }
  const types = fragment.get('types');
  if (types !== undefined) {
    const list = types === '' ? [] : types.split(',');
    if (list.every((t) => TYPE_NAME.test(t))) state.types = [...new Set(list)];
    else bad('types', types);
  }
  const xtypes = fragment.get('xtypes');
  if (xtypes !== undefined) {
    const list = xtypes === '' ? [] : xtypes.split(',');
    if (state.types !== undefined) bad('xtypes', xtypes);
    else if (list.every((t) => TYPE_NAME.test(t))) {
      if (list.length > 0) state.xtypes = [...new Set(list)];
    } else bad('xtypes', xtypes);
  }
  const errors = fragment.get('errors');
  if (errors !== undefined) {
    const f = flag(errors);
    if (f === undefined) bad('errors', errors);
    else if (f) state.errors = true;
  }
  // Named up to a few: a link of 250,000 bad fields is one notice, not 250,000 (R8-8).
  let named = 0;
  for (const key of fragment.undecodable) if (named++ < NAMED_UNDECODABLE) bad(key, '(bad encoding)');
  if (named > NAMED_UNDECODABLE) ignored.push(`${named - NAMED_UNDECODABLE} more fields (bad encoding)`);
  // Over-long fields were never read: named (up to a few) and counted; unknown ones stay silent.
  const tooLong = [...fragment.tooLong].filter((key) => HASH_FIELDS.has(key));
  for (const key of tooLong.slice(0, NAMED_UNDECODABLE))
    bad(key, `(over ${MAX_FIELD_CHARS / 1024} KiB: not read)`);
  if (tooLong.length > NAMED_UNDECODABLE)
    ignored.push(`${tooLong.length - NAMED_UNDECODABLE} more fields (over ${MAX_FIELD_CHARS / 1024} KiB)`);
  // A field given twice: the first value counts, and the others are named, not dropped silently (R12-L3).
  // (Unknown fields stay silent, repeated or not.)
  const repeated = fragment.repeated.filter(([key]) => HASH_FIELDS.has(key));
  for (const [key, value] of repeated.slice(0, NAMED_UNDECODABLE)) bad(key, `${value} (given again)`);
  if (repeated.length > NAMED_UNDECODABLE)
    ignored.push(`${repeated.length - NAMED_UNDECODABLE} more repeated fields`);
  return { state, ignored };
}

/** The state of a URL, malformed fields dropped. */
export function parseUrlState(search: string, hash: string): UrlState {
  return parseUrl(search, hash).state;
}

/** The hash for a view: position first (`#seq=N`), then the panel and the filters; '' for nothing. */
export function formatHash(view: ViewState): string {
  const parts: string[] = [];
  if (view.seq !== undefined) {
    parts.push(`seq=${view.seq}`);
    if (view.chunk !== undefined) parts.push(`char=${view.chunk}`);
  }
  if (view.panel !== undefined) parts.push(`panel=${view.panel}`);
  if (view.diag !== undefined) parts.push(`diag=${encodeValue(view.diag)}`);
  if (view.q !== undefined && view.q !== '') parts.push(`q=${encodeValue(view.q)}`);
  if (view.types !== undefined) parts.push(`types=${view.types.map(encodeValue).join(',')}`);
  else if (view.xtypes !== undefined && view.xtypes.length > 0)
    parts.push(`xtypes=${view.xtypes.map(encodeValue).join(',')}`);
  if (view.errors) parts.push('errors=1');
  return parts.length > 0 ? `#${parts.join('&')}` : '';
}

/** The query string with the identity's params set (the old identity's removed), other params kept. */
export function formatSearch(search: string, identity: LogIdentity | undefined): string {
  const query = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  for (const key of IDENTITY_PARAMS) query.delete(key);
  const head = new URLSearchParams();
  if (identity?.kind === 'src') {
    head.set('src', identity.src);
    if (identity.follow) head.set('follow', '1');
  } else if (identity?.kind === 'sample') head.set('sample', identity.name);
  else if (identity?.kind === 'log') {
    head.set('log', identity.fingerprint);
    if (identity.name !== undefined) head.set('name', identity.name);
    if (identity.size !== undefined) head.set('size', String(identity.size));
  }
  if (identity?.part !== undefined && identity.part > 1) head.set('part', String(identity.part));
  // The identity first: it is what a reader of the link looks for.
  for (const [k, v] of query) head.append(k, v);
  const s = head.toString();
  return s ? `?${s}` : '';
}

/** Path + query + hash for an identity and a view, keeping the query's other params. */
export function formatUrl(
  base: { pathname: string; search: string },
  identity: LogIdentity | undefined,
  view: ViewState,
): string {
  return `${base.pathname}${formatSearch(base.search, identity)}${formatHash(view)}`;
}

/** An absolute link into the app at `appUrl` (its root, e.g. `http://127.0.0.1:4180/`) for a log and a view. */
export function deepLink(appUrl: string, identity: LogIdentity, view: ViewState = {}): string {
  return `${appUrl}${formatSearch('', identity)}${formatHash(view)}`;
}

/** Whether two identities name the same log (name and size of a fingerprint are descriptive only). */
export function sameIdentity(a: LogIdentity | undefined, b: LogIdentity | undefined): boolean {
  if (!a || !b) return a === b;
  if ((a.part ?? 1) !== (b.part ?? 1)) return false;
  if (a.kind === 'src' && b.kind === 'src') return a.src === b.src && !!a.follow === !!b.follow;
  if (a.kind === 'sample' && b.kind === 'sample') return a.name === b.name;
  if (a.kind === 'log' && b.kind === 'log') return a.fingerprint === b.fingerprint;
  return false;
}

/**
 * A seq asked for against the log's event count: beyond the log it clamps to
 * the last event, with a notice saying so (the one wording of that notice: the
 * app's deep links and its URL's edits both say it).
 */
export function clampSeq(seq: number, events: number): { seq: number | null; notice?: string } {
  if (events <= 0) return { seq: null, notice: `${formatSeq(seq)} is beyond this log (it has no events)` };
  if (seq < events) return { seq };
  return {
    seq: events - 1,
    notice: `${formatSeq(seq)} is beyond this log (${formatCount(events)} events): showing the last event, ${formatSeq(events - 1)}`,
  };
}

/** http(s) URLs and same-origin paths only: never javascript:, data:, file: and the like. */
export function isLoadableUrl(value: string): boolean {
  return whyNotLoadable(value) === null;
}

/**
 * Why `value` cannot be opened as a log URL (one sentence for the user), or null when it can:
 * an http(s) URL without credentials, or a path on this origin.
 */
export function whyNotLoadable(value: string): string | null {
  // Checked on the URL as a browser parses it, not on the text: `/\evil.example/x` and
  // `//evil.example/x` look like paths but resolve to another host.
  const base = 'http://same-origin.invalid';
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return 'This is not a URL.';
  }
  if (value.startsWith('/')) {
    if (url.origin === base) return null;
    return 'A path starting with // or /\\ leads to another site: write its full https:// URL.';
  }
  if (!/^https?:\/\//i.test(value) || (url.protocol !== 'http:' && url.protocol !== 'https:'))
    return 'Only http(s) URLs and paths on this site can be opened (not javascript:, data:, blob:, file: or ftp:).';
  // fetch refuses them, and a link carrying them would share the password with whoever gets it.
  if (url.username !== '' || url.password !== '')
    return 'The URL carries a user name or password: remove them (browsers do not send them, and links would share them).';
  return null;
}

// ---------------------------------------------------------------- helpers

/** Fields with bad encoding (or too long) named in `ignored`; the rest are counted. */
const NAMED_UNDECODABLE = 10;

/** The fields the hash carries (a repeat of another key is an unknown field: silent). */
const HASH_FIELDS = new Set([
  'seq',
  'char',
  'chunk',
  'panel',
  'diag',
  'q',
  'types',
  'xtypes',
  'errors',
  'log',
]);

/** Percent-encodes a hash value, keeping the characters that read well and are safe there. */
function encodeValue(v: string): string {
  return encodeURIComponent(v).replace(/%2F/gi, '/').replace(/%3A/gi, ':');
}

function nonNegativeInt(v: string): number | undefined {
  if (!/^\d{1,15}$/.test(v)) return undefined;
  return Number(v);
}

function flag(v: string): boolean | undefined {
  if (v === '1' || v === 'true') return true;
  if (v === '0' || v === 'false') return false;
  return undefined;
}

/** A plausible file name: no path separators or control characters, not too long. */
function isFileName(v: string): boolean {
  // eslint-disable-next-line no-control-regex
  return v.length > 0 && v.length <= 255 && !/[/\\\u0000-\u001f]/.test(v);
}
