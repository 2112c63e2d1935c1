/**
 * Depth-limits values: what the worker sends to the main thread (postMessage's
 * structured clone and the UI's tree recurse: a user payload nested thousands
 * of levels deep overflows the stack on either side; the raw line still has
 * everything), and what an importer reads from a whole JSON document (its
 * walk and the re-told events' JSON.stringify recurse). Subtrees deeper than
 * the limit are replaced by a marker.
 */

export const MAX_POST_DEPTH = 100;

export const DEPTH_MARKER_KEY = '…';

export function depthMarker(max: number): Record<string, string> {
  return { [DEPTH_MARKER_KEY]: `nested deeper than ${max} levels: see Raw line` };
}

/**
 * `value` with every object/array nested more than `max` levels deep (the
 * value itself is level 1) replaced by a marker object. Returns `value`
 * itself when nothing is that deep; otherwise copies only the paths down to
 * the cuts. Recursion never goes deeper than `max + 1`.
 */
export function limitDepth<T>(value: T, max = MAX_POST_DEPTH, marker = depthMarker(max)): T {
  return cut(value, 1, max, marker) as T;
}

function cut(v: unknown, level: number, max: number, marker: object): unknown {
  if (v === null || typeof v !== 'object') return v;
  if (level > max) return { ...marker };
  if (Array.isArray(v)) {
    let out: unknown[] | null = null;
    for (let i = 0; i < v.length; i++) {
      const c: unknown = v[i];
      const c2 = cut(c, level + 1, max, marker);
      if (c2 !== c && !out) out = v.slice(0, i);
      if (out) out.push(c2);
    }
    return out ?? v;
  }
  const src = v as Record<string, unknown>;
  let out: Record<string, unknown> | null = null;
  const keys = Object.keys(src);
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i]!;
    const c = src[k];
    const c2 = cut(c, level + 1, max, marker);
    if (c2 !== c && !out) {
      out = {};
      for (let j = 0; j < i; j++) setOwn(out, keys[j]!, src[keys[j]!]);
    }
    if (out) setOwn(out, k, c2);
  }
  return out ?? v;
}

/**
 * An own data property, whatever the key: assigning `out['__proto__'] = x` would set the
 * copy's prototype instead (JSON.parse makes `__proto__` an ordinary own key, so a log can
 * carry one, and the inspector must show it as the field it is).
 */
function setOwn(out: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
}
