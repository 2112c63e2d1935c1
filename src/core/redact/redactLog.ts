/**
 * A redacted copy of a log (the decoded JSONL text): every string of every line, keys
 * included, goes through the masker (rules.ts), and the copy stays the same log: the same
 * lines in the same order, so the same events, seqs, surface ops and packed rows. A line
 * with nothing to mask is kept byte for byte; a changed line is written again as JSON (any
 * depth). A line that is not JSON, or is a bare JSON string, is masked as text.
 *
 * Streaming deltas are masked as the stream they form: a key split across text deltas (or
 * across a packed row's texts, or tool-call argument deltas) is found in the concatenated
 * block and masked in every piece, so the assembled text equals the masked message text
 * and no piece keeps a fragment of it.
 */
import { jsonText } from '../deepJson';
import { isObject } from '../validate';
import { createMasker, type Masker } from './rules';
import type { LinearRegex } from '../search/linearRegex';

export interface RedactOptions {
  /** The user's own patterns (masked as kind `custom`). */
  patterns?: readonly LinearRegex[];
  /** Home directories whose user name is masked wherever it appears as a path segment. */
  homePaths?: readonly string[];
}

export interface RedactResult {
  /** The redacted log, as text. */
  text: string;
  /** Values masked, per kind. */
  counts: Record<string, number>;
  /** Lines changed. */
  changedLines: number;
}

type Holder = Record<string, unknown> | unknown[];
interface Piece {
  holder: Holder;
  key: string | number;
}
interface Group {
  pieces: (Piece & { line: number })[];
}

const PACKED_FIELDS: Record<string, [family: string, field: string]> = {
  'text-chunks': ['text', 'texts'],
  'reasoning-chunks': ['reasoning', 'texts'],
  'tool-call-chunks': ['tool', 'args'],
};
const DELTA_FAMILY: Record<string, string> = {
  'text-delta': 'text',
  'reasoning-delta': 'reasoning',
  'tool-call-delta': 'tool',
};

export function redactLogText(text: string, options: RedactOptions = {}): RedactResult {
  const masker = createMasker(options.patterns, options.homePaths);
  const lines = text.split('\n');
  const parsed: unknown[] = lines.map(parseLine);
  const dirty = new Set<number>();
  const skip = new WeakMap<object, Set<string | number>>();
  maskStreams(parsed, masker, dirty, skip);

  let changedLines = 0;
  const out = lines.map((line, i) => {
    const value = parsed[i];
    if (value === NOT_JSON) {
      const masked = masker.mask(line);
      if (masked !== line) changedLines++;
      return masked;
    }
    // a line that is one bare JSON string is no record, but a secret must not survive for want
    // of one: its decoded text is masked (escapes cannot hide a key)
    if (typeof value === 'string') {
      const masked = masker.mask(value);
      if (masked === value) return line;
      changedLines++;
      return rewrap(line, JSON.stringify(masked));
    }
    const changed = maskStrings(value, masker, skip) || dirty.has(i);
    if (!changed) return line;
    changedLines++;
    return rewrap(line, jsonText(value) ?? 'null');
  });
  return { text: out.join('\n'), counts: { ...masker.counts }, changedLines };
}

/** A line written again keeps the byte-order mark and carriage return its original had. */
function rewrap(original: string, json: string): string {
  return (original.startsWith('\ufeff') ? '\ufeff' : '') + json + (original.endsWith('\r') ? '\r' : '');
}

const NOT_JSON = Symbol('not JSON');

function parseLine(line: string): unknown {
  const body = line.replace(/^\ufeff/, '');
  if (body.trim() === '') return NOT_JSON; // blank lines are kept as they are (masking finds nothing)
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return NOT_JSON;
  }
}

/** Finds the streams of deltas, masks each as one text, and puts the masked pieces back. */
function maskStreams(
  parsed: unknown[],
  masker: Masker,
  dirty: Set<number>,
  skip: WeakMap<object, Set<string | number>>,
): void {
  // open streams per step: a finish closes its step's streams only (a scan of every open stream
  // per finish was quadratic in the streams left open, audit R6-4)
  const open = new Map<string, Map<string, Group>>();
  const done: Group[] = [];
  const add = (step: string, stream: string, piece: Piece & { line: number }) => {
    let streams = open.get(step);
    if (!streams) open.set(step, (streams = new Map<string, Group>()));
    let group = streams.get(stream);
    if (!group) streams.set(stream, (group = { pieces: [] }));
    group.pieces.push(piece);
    let keys = skip.get(piece.holder);
    if (!keys) skip.set(piece.holder, (keys = new Set()));
    keys.add(piece.key);
  };
  const closeStep = (step: string) => {
    const streams = open.get(step);
    if (!streams) return;
    for (const g of streams.values()) done.push(g);
    open.delete(step);
  };
  parsed.forEach((value, line) => {
    if (!isObject(value)) return;
    const ev = value.type === 'session_event' && isObject(value.event) ? value.event : value;
    const type = ev.type;
    const data = ev.data;
    if (typeof type !== 'string' || !isObject(data)) return;
    const step = `${String(data.turn)}/${String(data.step)}/`;
    const packed = PACKED_FIELDS[type];
    if (packed) {
      const items = data[packed[1]];
      if (Array.isArray(items))
        items.forEach((item, k) => {
          if (typeof item === 'string')
            add(step, `${packed[0]}/${String(data.index)}`, { holder: items, key: k, line });
        });
      return;
    }
    if (type !== 'assistant/chunk' || !isObject(data.chunk)) return;
    const chunk = data.chunk;
    if (chunk.type === 'finish') return closeStep(step);
    const family = typeof chunk.type === 'string' ? DELTA_FAMILY[chunk.type] : undefined;
    if (!family) return;
    for (const field of ['text', 'argumentsDelta', 'arguments', 'delta'])
      if (typeof chunk[field] === 'string') {
        add(step, `${family}/${String(chunk.index)}`, { holder: chunk, key: field, line });
        break;
      }
  });
  for (const streams of open.values()) for (const g of streams.values()) done.push(g);
  for (const g of done) {
    const texts = g.pieces.map((p) => (p.holder as Record<string | number, unknown>)[p.key] as string);
    const whole = texts.join('');
    const masked = masker.mask(whole);
    if (masked === whole) continue;
    let at = 0;
    g.pieces.forEach((p, k) => {
      const len = (texts[k] as string).length;
      const piece = masked.slice(at, at + len);
      at += len;
      if (piece !== texts[k]) {
        setOwn(p.holder, p.key, piece);
        dirty.add(p.line);
      }
    });
  }
}

/** Masks every string in value (keys too), in place, at any depth; true when something changed. */
function maskStrings(value: unknown, masker: Masker, skip: WeakMap<object, Set<string | number>>): boolean {
  let changed = false;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v !== 'object' || v === null) continue;
    const skipped = skip.get(v);
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        const x: unknown = v[i];
        if (typeof x === 'string') {
          if (skipped?.has(i)) continue;
          const m = masker.mask(x);
          if (m !== x) {
            v[i] = m;
            changed = true;
          }
        } else if (typeof x === 'object' && x !== null) stack.push(x);
      }
      continue;
    }
    const obj = v as Record<string, unknown>;
    let renamed = false;
    const entries = Object.keys(obj).map((k): [string, unknown] => {
      const mk = masker.mask(k);
      if (mk !== k) renamed = true;
      let x = obj[k];
      if (typeof x === 'string' && !skipped?.has(k)) {
        const m = masker.maskField(k, x);
        if (m !== x) {
          setOwn(obj, k, (x = m));
          changed = true;
        }
      } else if (typeof x === 'object' && x !== null) stack.push(x);
      return [mk, x];
    });
    if (renamed) {
      for (const k of Object.keys(obj)) delete obj[k];
      for (const [k, x] of entries) setOwn(obj, k, x);
      changed = true;
    }
  }
  return changed;
}

/** An own data property whatever the key (`__proto__` included). */
function setOwn(holder: Holder, key: string | number, value: unknown): void {
  Object.defineProperty(holder, key, { value, enumerable: true, writable: true, configurable: true });
}
