/**
 * The session header as the page is posted it (the Session dialog): its fields in order, each
 * value as text cut to a few lines, at most HEADER_FIELDS_SHOWN of them, and the two fields the
 * dialog explains (seedLength, parentSession) only when they have their spec's type. Posted and
 * drawn whole, a header id of 250,000 lines held the page 2.4 s, 30,000 keys 3.6 s and an Inspect
 * log's 100,000 sample labels (one 1.5 M-character value) 2.9 s (audit R22-3); a seedLength that
 * was an object was drawn as a React child and unmounted the app (R22-9).
 */
import { jsonText, writeJson } from '../deepJson';
import { limitDepthAndWidth } from '../depthLimit';
import { sliceChars } from '../diff/postedParts';
import { nameHead } from './bidiControls';
import type { MetaLine } from '../types';

/** Header fields posted and listed; a normal header has about ten. */
export const HEADER_FIELDS_SHOWN = 50;
/** Characters of one value shown (its head). */
export const HEADER_VALUE_CHARS = 1_000;
/** Lines of one value shown (its head): a value of 250,000 short lines is as long as a long line. */
export const HEADER_VALUE_LINES = 20;
/** Items of an array a value's text shows before it counts the rest: the first few. */
const VALUE_ITEMS = 5;
/** Keys of an object a value's text shows before it counts the rest (an Inspect origin has 6). */
const VALUE_KEYS = 12;
/** Levels of a value's text shown before a marker. */
const VALUE_DEPTH = 8;

/** Header fields shown first, in this order; any other field follows (bar `type`). */
const FIRST = ['id', 'cwd', 'createdAt', 'parentSession', 'seedLength', 'version'];

export interface HeaderField {
  /** The key, cut like a name (nameHead). */
  key: string;
  /** The value: a string as itself, anything else as indented JSON; its head when `cut`. */
  text: string;
  /** The text is the value's head: what is not shown (characters, when counted). */
  cut?: { chars?: number };
  /** An array value's length (a list of 100,000 samples says so before its first few). */
  items?: number;
  /** A `createdAt` that is a number (epoch ms): the dialog adds it as a date. */
  epochMs?: number;
}

export interface PostedHeader {
  fields: HeaderField[];
  /** Fields past HEADER_FIELDS_SHOWN, counted, not posted. */
  moreFields: number;
  /** The header's seedLength when it is a non-negative integer (as the timeline compares it). */
  seedLength?: number;
  /** The header's parentSession when it is a string, cut like a name. */
  parentSession?: string;
}

/** The header as posted: bounded in fields, in each value's text, and in each field's key. */
export function postedHeader(header: Record<string, unknown>): PostedHeader {
  const { shown, total } = shownKeys(header);
  const out: PostedHeader = {
    fields: shown.map((k) => field(k, header[k])),
    moreFields: total - shown.length,
  };
  const seed = header.seedLength;
  if (typeof seed === 'number' && Number.isSafeInteger(seed) && seed >= 0) out.seedLength = seed;
  if (typeof header.parentSession === 'string') out.parentSession = nameHead(header.parentSession);
  return out;
}

/** A non-event line as posted: its JSON's head. */
export interface PostedMeta {
  line: number;
  /** The number of events before it: where it sits on the timeline. */
  beforeSeq: number;
  text: string;
  /** The text is the line's head. */
  cut?: true;
}

export function postedMeta(meta: MetaLine): PostedMeta {
  const { text, cut } = jsonHead(meta.value, META_BOUND);
  const out: PostedMeta = { line: meta.line, beforeSeq: meta.beforeSeq, text };
  if (cut) out.cut = true;
  return out;
}

/** The keys of the fields shown, in their order, and how many fields the header has (bar `type`). */
function shownKeys(header: Record<string, unknown>): { shown: string[]; total: number } {
  const keys = Object.keys(header).filter((k) => k !== 'type');
  const shown = FIRST.filter((k) => Object.hasOwn(header, k));
  for (const k of keys) {
    if (shown.length >= HEADER_FIELDS_SHOWN) break;
    if (!FIRST.includes(k)) shown.push(k);
  }
  return { shown, total: keys.length };
}

/**
 * The whole text of the `index`th field shown (the dialog's "show all": the page asks for it
 * when the user does); undefined past the fields shown.
 */
export function wholeFieldText(header: Record<string, unknown>, index: number): string | undefined {
  const key = shownKeys(header).shown[index];
  if (key === undefined) return undefined;
  const value = header[key];
  return typeof value === 'string' ? value : (jsonText(value, 2) ?? String(value));
}

function field(key: string, value: unknown): HeaderField {
  const out: HeaderField = { key: nameHead(key), text: '' };
  if (typeof value === 'string') {
    const text = valueHead(value, FIELD_BOUND);
    out.text = text;
    if (text.length < value.length) out.cut = { chars: value.length - text.length };
    return out;
  }
  if (key === 'createdAt' && typeof value === 'number' && Number.isFinite(value)) out.epochMs = value;
  if (Array.isArray(value)) out.items = value.length;
  const { text, cut } = jsonHead(value, FIELD_BOUND);
  out.text = text;
  if (cut) out.cut = {};
  return out;
}

/** How much of a value's text is shown. */
interface Bound {
  chars: number;
  lines: number;
}

const FIELD_BOUND: Bound = { chars: HEADER_VALUE_CHARS, lines: HEADER_VALUE_LINES };
/** A meta line (a runner's `result`) is the one value of its box, which scrolls: a longer head. */
const META_BOUND: Bound = { chars: 2_000, lines: 40 };

/** The head of `text`: at most `bound.lines` lines and `bound.chars` characters. */
function valueHead(text: string, bound: Bound): string {
  let end = Math.min(text.length, bound.chars);
  let from = 0;
  for (let line = 1; line < bound.lines; line++) {
    const nl = text.indexOf('\n', from);
    if (nl < 0 || nl >= end) return sliceChars(text, end);
    from = nl + 1;
  }
  const nl = text.indexOf('\n', from);
  if (nl >= 0 && nl < end) end = nl;
  return sliceChars(text, end);
}

/** Stops writeJson once the head is written. */
class Enough extends Error {}

/**
 * A value's indented JSON, its arrays and objects cut to their first VALUE_ITEMS entries (a marker
 * counts the rest), then its head. The writing stops at the head, so its cost is the head's.
 */
function jsonHead(value: unknown, bound: Bound): { text: string; cut: boolean } {
  // the value itself when nothing is cut away
  const narrow = limitDepthAndWidth(value, VALUE_DEPTH, VALUE_KEYS, VALUE_ITEMS, 'see “show all”');
  let text = '';
  let whole = true;
  try {
    writeJson(
      narrow.value,
      (piece) => {
        text += piece;
        if (text.length > bound.chars) throw new Enough();
      },
      2,
    );
  } catch (err) {
    if (!(err instanceof Enough)) throw err;
    whole = false;
  }
  if (text === '' && whole) return { text: String(value), cut: false };
  const head = valueHead(text, bound);
  return { text: head, cut: !whole || head.length < text.length || narrow.value !== value };
}
