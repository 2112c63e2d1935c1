/**
 * A redacted copy of a log (the decoded JSONL text): every string of every line, keys
 * included, goes through the masker (rules.ts), and the copy stays the same log: the same
 * lines in the same order, so the same events, seqs, surface ops and packed rows. A line
 * with nothing to mask is kept byte for byte; a changed line, or one with duplicate keys
 * (duplicateKeys.ts), is written again as JSON from its masked parsed value (any depth). A line that is not JSON, or is a bare JSON string, is masked as text.
 *
 * Streaming deltas are masked as the stream they form, grouped exactly as the reader
 * assembles them (streamPieces.ts): a key split across text or reasoning deltas (or across a
 * packed row's texts, or tool-call argument deltas) is found in the concatenated block and
 * masked in every piece, so the assembled text equals the masked message text and no piece
 * keeps a fragment of it.
 */
import { jsonText } from '../deepJson';
import { isPackedRowType } from '../reader/packedRows';
import { isObject } from '../validate';
import { createMasker, type Masker } from './rules';
import { KnownSecrets } from './knownSecrets';
import { isSpecValue } from './specWords';
import { hasShadowedKeys } from './duplicateKeys';
import type { LinearRegex } from '../search/linearRegex';
import { maskPrintedResults } from './printedSecrets';
import { NOT_JSON, readLog, type PieceRef } from './streamPieces';
import { maskStructureOfText, maskTree, setOwn, type WordMasker } from './placedSecrets';

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
  /**
   * The user's patterns that needed too much work (customPatterns.ts), as written, and on how
   * many values: the rest of each such value was masked whole.
   */
  overruns: Record<string, number>;
  /** The log's own words (keys, types, roles: specWords.ts) a user's pattern matched and that were kept. */
  keptWords: number;
}

type Holder = Record<string, unknown> | unknown[];
interface Piece {
  holder: Holder;
  key: string | number;
}

export function redactLogText(text: string, options: RedactOptions = {}): RedactResult {
  const known = new KnownSecrets();
  const masker = createMasker(options.patterns, options.homePaths, (value, kind) => known.note(value, kind));
  // The log's own words (specWords.ts) are masked by the built-in rules only: a user's pattern
  // such as `art` (a name) must not turn `turn/start` into `turn/st***` and so make the copy an
  // invalid log (audit R12-4). Secrets and home paths in them are still masked.
  const words = options.patterns?.length ? specWordMasker(options) : undefined;
  const lines = text.split('\n');
  const { values: parsed, streams } = readLog(lines);
  const dirty = new Set<number>();
  const skip = new WeakMap<object, Set<string | number>>();
  maskStreams(streams, parsed, (whole) => masker.mask(maskStructureOfText(whole, masker)), dirty, skip);
  // a result printed by a command its call names (`kubectl get secret … | base64 -d`) is read with it
  maskPrintedResults(parsed, (s) => masker.mask(s), dirty);

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
      const masked = masker.mask(maskStructureOfText(value, masker));
      if (masked === value) return line;
      changedLines++;
      return rewrap(line, JSON.stringify(masked));
    }
    const changed = maskTree(value, { masker, words, skip }) || dirty.has(i);
    // a shadowed duplicate key may hold a secret the parsed value no longer has (audit R18-4)
    if (!changed && !hasShadowedKeys(line, value)) return line;
    changedLines++;
    return rewrap(line, jsonText(value) ?? 'null');
  });
  if (known.size > 0) changedLines += maskKnownElsewhere(known, lines, parsed, streams, out);
  const counts = { ...masker.counts };
  for (const [kind, n] of Object.entries(known.counts)) counts[kind] = (counts[kind] ?? 0) + n;
  if (words)
    for (const [kind, n] of Object.entries(words.builtIn.counts)) counts[kind] = (counts[kind] ?? 0) + n;
  return {
    text: out.join('\n'),
    counts,
    changedLines,
    overruns: { ...masker.overruns },
    keptWords: words?.kept ?? 0,
  };
}

/** Masks the log's own words with the built-in rules, and counts those a user's pattern matched. */
interface SpecWordMasker extends WordMasker {
  builtIn: Masker;
  /** How many of the log's own words a user's pattern matched (kept as they are). */
  kept: number;
  mask(word: string): string;
}

function specWordMasker(options: RedactOptions): SpecWordMasker {
  const builtIn = createMasker([], options.homePaths);
  // whether the user's patterns match a word, asked once per word (the words are few, met often)
  const matched = new Map<string, boolean>();
  const words: SpecWordMasker = {
    builtIn,
    kept: 0,
    mask(word) {
      let hit = matched.get(word);
      if (hit === undefined) {
        hit = createMasker(options.patterns).mask(word) !== word;
        matched.set(word, hit);
      }
      if (hit) words.kept++;
      return builtIn.mask(word);
    },
  };
  return words;
}

/** A line written again keeps the byte-order mark and carriage return its original had. */
function rewrap(original: string, json: string): string {
  return (original.startsWith('\ufeff') ? '\ufeff' : '') + json + (original.endsWith('\r') ? '\r' : '');
}

/**
 * The second pass (knownSecrets.ts): every other occurrence of a value the first pass masked,
 * in the masked lines `out` (rewritten in place). Streams again as one text each, so their
 * pieces still assemble to the masked message. Returns how many lines it changed that the
 * first pass had kept.
 */
function maskKnownElsewhere(
  known: KnownSecrets,
  lines: readonly string[],
  parsed: unknown[],
  streams: readonly (readonly PieceRef[])[],
  out: string[],
): number {
  const dirty = new Set<number>();
  const skip = new WeakMap<object, Set<string | number>>();
  maskStreams(streams, parsed, (whole) => (known.occursIn(whole) ? known.mask(whole) : whole), dirty, skip);
  let changed = 0;
  out.forEach((line, i) => {
    if (!dirty.has(i) && !known.occursIn(line)) return;
    const value = parsed[i];
    let next: string;
    if (value === NOT_JSON) next = known.mask(line);
    else if (typeof value === 'string') {
      // the first pass wrote the line's masked string; the value parsed is the original
      const masked = JSON.parse(line.replace(/^\ufeff/, '').replace(/\r$/, '')) as string;
      next = rewrap(line, JSON.stringify(known.mask(masked)));
    } else {
      if (!maskKnownInTree(value, known, skip) && !dirty.has(i)) return;
      next = rewrap(lines[i] as string, jsonText(value) ?? 'null');
    }
    if (next === line) return;
    if (line === lines[i]) changed++;
    out[i] = next;
  });
  return changed;
}

/** Masks remembered secrets in the string values of a parsed line (not the log's own words), in place. */
function maskKnownInTree(root: unknown, known: KnownSecrets, skip: WeakMap<object, Set<string | number>>) {
  let changed = false;
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v !== 'object' || v === null) continue;
    const skipped = skip.get(v);
    const holder = v as Holder;
    for (const key of Array.isArray(v) ? v.keys() : Object.keys(v)) {
      const x = (holder as Record<string | number, unknown>)[key];
      if (typeof x !== 'string') {
        stack.push(x);
        continue;
      }
      if (skipped?.has(key) || (typeof key === 'string' && isSpecValue(key, x))) continue;
      const masked = known.mask(x);
      if (masked === x) continue;
      setOwn(holder, key, masked);
      changed = true;
    }
  }
  return changed;
}

/** Masks each stream of deltas (streamPieces.ts) as one text, and puts the masked pieces back. */
function maskStreams(
  streams: readonly (readonly PieceRef[])[],
  parsed: unknown[],
  maskText: (whole: string) => string,
  dirty: Set<number>,
  skip: WeakMap<object, Set<string | number>>,
): void {
  const mask = (pieces: (Piece & { line: number })[]) => {
    // masked here as part of the stream, never again on its own
    for (const p of pieces) {
      let keys = skip.get(p.holder);
      if (!keys) skip.set(p.holder, (keys = new Set()));
      keys.add(p.key);
    }
    maskPieces(pieces, maskText, dirty);
  };
  for (const stream of streams) {
    const pieces: (Piece & { line: number })[] = [];
    for (const ref of stream) {
      const piece = pieceAt(parsed, ref);
      if (piece !== undefined) pieces.push({ ...piece, line: ref.line });
    }
    mask(pieces);
  }
  // a packed row the reader refused (`packed-row-invalid`) expands to nothing, but it is still
  // one block's run of deltas: a reader that takes it would join its items
  parsed.forEach((value, line) => {
    const row =
      isObject(value) && value.type === 'session_event' && isObject(value.event) ? value.event : value;
    if (!isObject(row) || typeof row.type !== 'string' || !isPackedRowType(row.type) || !isObject(row.data))
      return;
    const items = row.data[row.type === 'tool-call-chunks' ? 'args' : 'texts'];
    if (!Array.isArray(items) || skip.has(items)) return;
    const pieces: (Piece & { line: number })[] = [];
    items.forEach((item, key) => {
      if (typeof item === 'string') pieces.push({ holder: items, key, line });
    });
    mask(pieces);
  });
}

/** Masks the pieces' concatenation and gives each piece its part of the masked text. */
function maskPieces(
  pieces: readonly (Piece & { line: number })[],
  maskText: (whole: string) => string,
  dirty: Set<number>,
): void {
  const texts = pieces.map((p) => (p.holder as Record<string | number, unknown>)[p.key] as string);
  const whole = texts.join('');
  // the structure of a stream's JSON text (tool-call arguments) is read whole; its masks keep lengths
  const masked = maskText(whole);
  if (masked === whole) return;
  let at = 0;
  pieces.forEach((p, k) => {
    const len = (texts[k] as string).length;
    const piece = masked.slice(at, at + len);
    at += len;
    if (piece !== texts[k]) {
      setOwn(p.holder, p.key, piece);
      dirty.add(p.line);
    }
  });
}

/** The string a stream's piece is, in the parsed line (unwrapped as the reader unwraps it). */
function pieceAt(parsed: readonly unknown[], ref: PieceRef): Piece | undefined {
  const value = parsed[ref.line];
  if (!isObject(value)) return undefined;
  const ev = value.type === 'session_event' && isObject(value.event) ? value.event : value;
  const data = ev.data;
  if (!isObject(data)) return undefined;
  if (ref.member >= 0) {
    const items = data[ev.type === 'tool-call-chunks' ? 'args' : 'texts'];
    return Array.isArray(items) && typeof items[ref.member] === 'string'
      ? { holder: items, key: ref.member }
      : undefined;
  }
  const chunk = data.chunk;
  if (!isObject(chunk)) return undefined;
  if (ref.field === 'block')
    return isObject(chunk.block) && typeof chunk.block.text === 'string'
      ? { holder: chunk.block, key: 'text' }
      : undefined;
  // a design-card tool-call delta carries `arguments` and no `argumentsDelta` (normalizeChunk.ts)
  const key =
    ref.field === 'text' ? 'text' : chunk.argumentsDelta === undefined ? 'arguments' : 'argumentsDelta';
  return typeof chunk[key] === 'string' ? { holder: chunk, key } : undefined;
}
