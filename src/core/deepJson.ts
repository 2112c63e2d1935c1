/**
 * JSON text of any depth. `JSON.stringify` recurses and throws "Maximum call stack size
 * exceeded" on a value nested ~10 000 deep, which JSON.parse reads without trouble (V8's
 * parser is iterative); a log can carry such a value in a tool's arguments. This writer
 * keeps its own stack and produces exactly what `JSON.stringify(value, null, indent)`
 * does (indented down to MAX_INDENTED_DEPTH levels, on one line below) for JSON data (plain objects, arrays, strings, finite numbers, booleans, null;
 * `undefined` and functions dropped from objects, `null` in arrays; `toJSON` honoured).
 */

/**
 * Levels indented at most: a container deeper than this is written on one line (as with indent 0).
 * Indented, each level of a value D deep costs two lines of up to D·indent spaces, 2·D² characters
 * in all: a 46 KB log nested 20,000 deep printed 800 MB, and 16,000 deep passed V8's longest string
 * (audit R19-1, R19-2). With the cap the text stays linear in the value's size.
 */
export const MAX_INDENTED_DEPTH = 32;

/** `flat`: written on one line (no indent asked, or deeper than MAX_INDENTED_DEPTH). */
type Frame =
  | { kind: 'array'; items: readonly unknown[]; i: number; pad: string; flat: boolean }
  | { kind: 'object'; entries: [string, unknown][]; i: number; pad: string; flat: boolean };

/**
 * Pieces of the text are handed to `write` in order (joined, they are the JSON text); indented
 * like JSON.stringify down to MAX_INDENTED_DEPTH levels, on one line below.
 */
export function writeJson(value: unknown, write: (piece: string) => void, indent = 0): void {
  const step = ' '.repeat(Math.max(0, Math.min(10, Math.floor(indent))));
  const stack: Frame[] = [];
  let buffer = '';
  const emit = (s: string) => {
    buffer += s;
    if (buffer.length > 1 << 16) {
      write(buffer);
      buffer = '';
    }
  };

  /** Writes a scalar, or opens a container (pushing a frame); returns false for a value to omit. */
  const open = (v: unknown, pad: string, inArray: boolean): void => {
    const x = toJsonValue(v);
    if (x === undefined || typeof x === 'function' || typeof x === 'symbol') {
      emit(inArray ? 'null' : '');
      return;
    }
    if (x === null || typeof x !== 'object') {
      emit(JSON.stringify(x) ?? 'null');
      return;
    }
    const flat = step === '' || stack.length >= MAX_INDENTED_DEPTH;
    if (Array.isArray(x)) {
      if (x.length === 0) emit('[]');
      else {
        emit('[');
        stack.push({ kind: 'array', items: x, i: 0, pad, flat });
      }
      return;
    }
    const entries = Object.keys(x)
      .map((k): [string, unknown] => [k, toJsonValue((x as Record<string, unknown>)[k])])
      .filter(([, e]) => e !== undefined && typeof e !== 'function' && typeof e !== 'symbol');
    if (entries.length === 0) emit('{}');
    else {
      emit('{');
      stack.push({ kind: 'object', entries, i: 0, pad, flat });
    }
  };

  open(value, '', false);
  while (stack.length > 0) {
    const top = stack[stack.length - 1] as Frame;
    const nl = top.flat ? '' : '\n';
    const inner = top.flat ? '' : top.pad + step;
    const colon = top.flat ? ':' : ': ';
    if (top.kind === 'array') {
      if (top.i === top.items.length) {
        emit(top.flat ? ']' : `\n${top.pad}]`);
        stack.pop();
        continue;
      }
      emit(`${top.i > 0 ? ',' : ''}${nl}${inner}`);
      open(top.items[top.i++], inner, true);
    } else {
      if (top.i === top.entries.length) {
        emit(top.flat ? '}' : `\n${top.pad}}`);
        stack.pop();
        continue;
      }
      const [k, v] = top.entries[top.i++] as [string, unknown];
      emit(`${top.i > 1 ? ',' : ''}${nl}${inner}${JSON.stringify(k)}${colon}`);
      open(v, inner, false);
    }
  }
  if (buffer !== '') write(buffer);
}

/**
 * What a value from the log reads as in a message or a key: a string, number, boolean or null as
 * itself, anything else as its JSON, at any depth. Never String(): an object whose own `toString`
 * is not a function throws there, and an array nested 5,000 deep overflows the stack in its join
 * (audit R17-3).
 */
export function valueText(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  return printedJson(value);
}

/** A value's JSON text, or its type's name where JSON has none (a function, undefined). */
function printedJson(value: unknown): string {
  return jsonText(value) ?? typeof value;
}

/** The JSON text of value (see writeJson); undefined where JSON.stringify gives undefined. */
export function jsonText(value: unknown, indent = 0): string | undefined {
  const x = toJsonValue(value);
  if (x === undefined || typeof x === 'function' || typeof x === 'symbol') return undefined;
  const parts: string[] = [];
  writeJson(x, (p) => parts.push(p), indent);
  return parts.join('');
}

function toJsonValue(v: unknown): unknown {
  if (v !== null && typeof v === 'object' && typeof (v as { toJSON?: unknown }).toJSON === 'function')
    return (v as { toJSON: () => unknown }).toJSON();
  return v;
}

/** A value's JSON text cut to `max` characters (then "…"), for a message; any depth, never throws for JSON data. */
export function jsonExcerpt(value: unknown, max = 40): string {
  const text = printedJson(value);
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/**
 * Structural equality of JSON values (object key order ignored, keys whose value is
 * undefined ignored), at any depth: an explicit stack of pairs instead of recursion.
 */
export function jsonEqual(a: unknown, b: unknown): boolean {
  const pairs: [unknown, unknown][] = [[a, b]];
  while (pairs.length > 0) {
    const [x, y] = pairs.pop() as [unknown, unknown];
    if (x === y) continue;
    if (typeof x !== 'object' || typeof y !== 'object' || x === null || y === null) return false;
    if (Array.isArray(x) !== Array.isArray(y)) return false;
    if (Array.isArray(x) && Array.isArray(y)) {
      if (x.length !== y.length) return false;
      for (let i = 0; i < x.length; i++) pairs.push([x[i], y[i]]);
      continue;
    }
    const xo = x as Record<string, unknown>;
    const yo = y as Record<string, unknown>;
    const xk = Object.keys(xo).filter((k) => xo[k] !== undefined);
    const yk = Object.keys(yo).filter((k) => yo[k] !== undefined);
    if (xk.length !== yk.length) return false;
    for (const k of xk) {
      if (!Object.prototype.hasOwnProperty.call(yo, k)) return false;
      pairs.push([xo[k], yo[k]]);
    }
  }
  return true;
}

/**
 * A copy of a parsed JSON value at any depth (an explicit stack), for a consumer that changes
 * what it is given while the original must stay as written. Strings are shared (immutable);
 * key order is kept, and a `__proto__` key stays an own property as JSON.parse made it.
 */
export function copyJson(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const root: unknown = Array.isArray(value) ? [] : {};
  const pending: [from: object, to: object][] = [[value, root as object]];
  while (pending.length > 0) {
    const [from, to] = pending.pop() as [object, object];
    for (const key of Object.keys(from)) {
      const v = (from as Record<string, unknown>)[key];
      let x = v;
      if (typeof v === 'object' && v !== null) {
        x = Array.isArray(v) ? [] : {};
        pending.push([v, x as object]);
      }
      if (key === '__proto__')
        Object.defineProperty(to, key, { value: x, enumerable: true, writable: true, configurable: true });
      else (to as Record<string, unknown>)[key] = x;
    }
  }
  return root;
}
