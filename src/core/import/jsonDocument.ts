/**
 * A whole JSON document read in parts, from its bytes: another agent's log that is one JSON
 * object (an Inspect AI `.json`) may be larger than one string can hold (engines stop near
 * 2^29 characters), and a value in it may nest deeper than an engine's JSON.parse can go
 * (Chromium's worker overflowed on an array nested a million deep, where Node did not).
 *
 * `scanDocument` walks the bytes once without building anything: the top-level members, the
 * elements of one array member (an Inspect log's `samples`), a few fields of each element,
 * and how deep each of them nests. `parseSpan` then parses one of them: with JSON.parse when
 * it is shallow enough, else with `parseCut`, which never recurses and replaces everything
 * past the depth limit by a marker.
 */

/**
 * How deep a value of another agent's log may nest: deeper subtrees are cut on import, with a
 * note (an importer's walks and the re-told events' JSON.stringify recurse, and a browser
 * worker's stack is far smaller than Node's).
 */
export const IMPORT_MAX_DEPTH = 1000;
export const IMPORT_CUT_MARKER = { '…': `nested deeper than ${IMPORT_MAX_DEPTH} levels: cut on import` };
export const IMPORT_CUT_NOTE = `a value nested deeper than ${IMPORT_MAX_DEPTH} levels was cut on import (the rest of the log is kept)`;

/** A value's bytes [start, end) and how deep it nests (a scalar 0, `[]` 1, `[[1]]` 2). */
export interface JsonSpan {
  start: number;
  end: number;
  depth: number;
}

export interface JsonMember extends JsonSpan {
  key: string;
}

export interface JsonElement extends JsonSpan {
  /** The element's own fields asked for (when it is an object). */
  fields: Record<string, JsonSpan>;
}

export interface ScannedDocument {
  /** The top-level object's complete members, in order. */
  members: JsonMember[];
  /** The complete elements of the array member named `arrayKey`, in order. */
  elements: JsonElement[];
  /** Set when the bytes are not one complete JSON object (a cut log, or not JSON): where, and why. */
  incomplete?: { at: number; reason: string };
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

/** The index of the quote that closes the string opened at `open`, or -1 when the bytes end first. */
function stringEnd(b: Uint8Array, open: number): number {
  let at = open + 1;
  for (;;) {
    const q = b.indexOf(QUOTE, at);
    if (q < 0) return -1;
    let slashes = 0;
    for (let k = q - 1; b[k] === BACKSLASH; k--) slashes++;
    if (slashes % 2 === 0) return q;
    at = q + 1;
  }
}

const decoder = new TextDecoder();
const keyOf = (b: Uint8Array, open: number, close: number): string =>
  JSON.parse(decoder.decode(b.subarray(open, close + 1))) as string;

/** True when [start, end) holds only whitespace (an empty array's one "element"). */
function blank(b: Uint8Array, start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (!isSpace(b[i] as number)) return false;
  return true;
}

/**
 * One pass over a JSON object's bytes (a UTF-8 BOM first is skipped). Containers are only
 * counted, never built, so any depth and any size scan alike. Brackets are not matched by
 * kind here: the spans' own parse (JSON.parse or parseCut) rejects a value that is not JSON.
 */
export function scanDocument(b: Uint8Array, arrayKey: string, fieldKeys: readonly string[]): ScannedDocument {
  const out: ScannedDocument = { members: [], elements: [] };
  const n = b.length;
  let i = b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf ? 3 : 0;
  while (i < n && isSpace(b[i] as number)) i++;
  if (b[i] !== 0x7b) {
    out.incomplete = { at: i, reason: i >= n ? 'it is empty' : 'it is not a JSON object' };
    return out;
  }
  let depth = 0;
  // level 1: the document's members
  let key: string | undefined;
  let valueAt = -1;
  let deepest1 = 0;
  // level 2: the elements of `arrayKey`'s array
  let inArray = false;
  let elementAt = -1;
  let deepest2 = 0;
  let fields: Record<string, JsonSpan> = {};
  // level 3: an element's own fields
  let elementIsObject = false;
  let fieldKey: string | undefined;
  let fieldAt = -1;
  let deepest3 = 0;
  let closed = false;
  for (; i < n; i++) {
    const c = b[i] as number;
    if (c === QUOTE) {
      const q = stringEnd(b, i);
      if (q < 0) break;
      if (depth === 1 && valueAt < 0) key = keyOf(b, i, q);
      else if (depth === 3 && elementIsObject && fieldAt < 0) fieldKey = keyOf(b, i, q);
      i = q;
    } else if (c === 0x7b || c === 0x5b) {
      depth++;
      if (depth > deepest1) deepest1 = depth;
      if (depth > deepest2) deepest2 = depth;
      if (depth > deepest3) deepest3 = depth;
      if (depth === 2 && c === 0x5b && key === arrayKey && valueAt >= 0) {
        inArray = true;
        elementAt = i + 1;
        deepest2 = 2;
      } else if (depth === 3 && inArray) elementIsObject = c === 0x7b;
    } else if (c === 0x3a) {
      if (depth === 1) {
        valueAt = i + 1;
        deepest1 = 1;
      } else if (depth === 3 && inArray && elementIsObject) {
        fieldAt = i + 1;
        deepest3 = 3;
      }
    } else if (c === 0x2c || c === 0x7d || c === 0x5d) {
      if (depth === 3 && inArray && elementIsObject && fieldAt >= 0 && c !== 0x5d) {
        if (fieldKey !== undefined && fieldKeys.includes(fieldKey))
          fields[fieldKey] = { start: fieldAt, end: i, depth: deepest3 - 3 };
        fieldAt = -1;
        fieldKey = undefined;
      }
      if (depth === 2 && inArray) {
        if (elementAt >= 0 && !blank(b, elementAt, i))
          out.elements.push({ start: elementAt, end: i, depth: deepest2 - 2, fields });
        fields = {};
        elementIsObject = false;
        elementAt = c === 0x2c ? i + 1 : -1;
        deepest2 = 2;
      }
      if (depth === 1 && c !== 0x5d) {
        if (key !== undefined && valueAt >= 0)
          out.members.push({ key, start: valueAt, end: i, depth: deepest1 - 1 });
        else if (key !== undefined || c === 0x2c) {
          out.incomplete = { at: i, reason: `it is not valid JSON (unexpected "${String.fromCharCode(c)}")` };
          return out;
        }
        key = undefined;
        valueAt = -1;
      }
      if (c !== 0x2c) {
        depth--;
        if (depth === 1) inArray = false;
        if (depth === 0) {
          closed = true;
          i++;
          break;
        }
      }
    }
  }
  if (!closed) {
    out.incomplete = { at: n, reason: 'it ends before the document does' };
    return out;
  }
  while (i < n && isSpace(b[i] as number)) i++;
  if (i < n) out.incomplete = { at: i, reason: 'it goes on after the document ends' };
  return out;
}

/**
 * Parses a span's bytes. Values nesting past `maxDepth` (the span's value itself level 1) are
 * cut to `marker` by `parseCut`, which never recurses; shallower ones go to JSON.parse.
 */
export function parseSpan(
  b: Uint8Array,
  span: JsonSpan,
  maxDepth: number,
  marker: object,
): { value: unknown; cut: boolean } {
  const text = decoder.decode(b.subarray(span.start, span.end));
  if (span.depth <= maxDepth) return { value: JSON.parse(text) as unknown, cut: false };
  return { value: parseCut(text, maxDepth, marker), cut: true };
}

type Frame =
  { kind: 'array'; value: unknown[] } | { kind: 'object'; value: Record<string, unknown>; key: string };

/**
 * JSON.parse without recursion, with every object or array nested deeper than `maxDepth` (the
 * document itself level 1) replaced by a copy of `marker`: the skipped text is only counted.
 * Throws a SyntaxError on text that is not JSON, like JSON.parse.
 */
export function parseCut(text: string, maxDepth: number, marker: object): unknown {
  const stack: Frame[] = [];
  let i = 0;
  const n = text.length;
  const fail = (what: string): never => {
    throw new SyntaxError(`${what} at position ${i}`);
  };
  const ws = () => {
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) break;
      i++;
    }
  };
  const str = (): string => {
    let q = i + 1;
    for (;;) {
      q = text.indexOf('"', q);
      if (q < 0) fail('Unterminated string');
      let slashes = 0;
      for (let k = q - 1; text.charCodeAt(k) === BACKSLASH; k--) slashes++;
      if (slashes % 2 === 0) break;
      q++;
    }
    const s = JSON.parse(text.slice(i, q + 1)) as string;
    i = q + 1;
    return s;
  };
  /** Skips a container opened at i (too deep to keep): strings skipped, brackets counted. */
  const skip = () => {
    let open = 0;
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === QUOTE) {
        str();
        continue;
      }
      i++;
      if (c === 0x7b || c === 0x5b) open++;
      else if ((c === 0x7d || c === 0x5d) && --open === 0) return;
    }
    fail('Unexpected end of JSON input');
  };
  /** The value starting at i: a scalar, or a container pushed on the stack (undefined returned). */
  const value = (): { v: unknown } | undefined => {
    ws();
    const c = text.charCodeAt(i);
    if (c === QUOTE) return { v: str() };
    if (c === 0x7b || c === 0x5b) {
      if (stack.length >= maxDepth) {
        skip();
        return { v: { ...marker } };
      }
      i++;
      ws();
      if (c === 0x5b) {
        if (text.charCodeAt(i) === 0x5d) {
          i++;
          return { v: [] };
        }
        stack.push({ kind: 'array', value: [] });
        return undefined;
      }
      if (text.charCodeAt(i) === 0x7d) {
        i++;
        return { v: {} };
      }
      stack.push({ kind: 'object', value: {}, key: objectKey() });
      return undefined;
    }
    const m = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null/y;
    m.lastIndex = i;
    const hit = m.exec(text);
    if (!hit) return fail(i >= n ? 'Unexpected end of JSON input' : `Unexpected token ${text[i]}`);
    i = m.lastIndex;
    return { v: JSON.parse(hit[0]) as unknown };
  };
  const objectKey = (): string => {
    ws();
    if (text.charCodeAt(i) !== QUOTE) fail('Expected a property name');
    const k = str();
    ws();
    if (text.charCodeAt(i) !== 0x3a) fail("Expected ':'");
    i++;
    return k;
  };
  let done = value();
  while (stack.length > 0) {
    if (done === undefined) {
      done = value();
      continue;
    }
    const top = stack[stack.length - 1] as Frame;
    if (top.kind === 'array') top.value.push(done.v);
    else
      Object.defineProperty(top.value, top.key, {
        value: done.v,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    ws();
    const c = text.charCodeAt(i++);
    if (c === 0x2c) {
      if (top.kind === 'object') top.key = objectKey();
      done = undefined;
    } else if (c === (top.kind === 'array' ? 0x5d : 0x7d)) {
      stack.pop();
      done = { v: top.value };
    } else fail(i > n ? 'Unexpected end of JSON input' : `Unexpected token ${text[i - 1]}`);
  }
  ws();
  if (i < n) fail(`Unexpected non-whitespace character after JSON`);
  return (done as { v: unknown }).v;
}

/** How deep the JSON value in b[start, end) nests (brackets counted outside strings; nothing built). */
export function measureDepth(b: Uint8Array, start = 0, end = b.length): number {
  let depth = 0;
  let deepest = 0;
  for (let i = start; i < end; i++) {
    const c = b[i] as number;
    if (c === QUOTE) {
      const q = stringEnd(b, i);
      if (q < 0 || q >= end) break;
      i = q;
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > deepest) deepest = depth;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return deepest;
}

/** A whole JSON text's bytes parsed at any depth (see parseSpan). */
export function parseBytes(
  b: Uint8Array,
  maxDepth: number,
  marker: object,
): { value: unknown; cut: boolean } {
  return parseSpan(b, { start: 0, end: b.length, depth: measureDepth(b) }, maxDepth, marker);
}

/**
 * One string's worth of UTF-8 at most: a string is decoded whole, and engines stop near 2^29
 * characters (V8: 2^29 - 24), so another agent's log read as one string, or one part of a
 * JSON document, must stay under this.
 */
export const ONE_STRING_BYTES = 500 * 1024 * 1024;

/** How deep the JSON text nests (brackets counted outside strings; nothing built). */
export function textDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      let q = i + 1;
      for (;;) {
        q = text.indexOf('"', q);
        if (q < 0) return deepest;
        let slashes = 0;
        for (let k = q - 1; text.charCodeAt(k) === BACKSLASH; k--) slashes++;
        if (slashes % 2 === 0) break;
        q++;
      }
      i = q;
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > deepest) deepest = depth;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return deepest;
}

/**
 * JSON text parsed at any depth, values past IMPORT_MAX_DEPTH cut (parseCut). A text shorter
 * than two characters per level cannot be that deep, so most lines skip the depth count.
 */
export function parseImported(text: string): { value: unknown; cut: boolean } {
  if (text.length < 2 * IMPORT_MAX_DEPTH || textDepth(text) <= IMPORT_MAX_DEPTH)
    return { value: JSON.parse(text) as unknown, cut: false };
  return { value: parseCut(text, IMPORT_MAX_DEPTH, IMPORT_CUT_MARKER), cut: true };
}
