/**
 * Depth-limits values: what the worker sends to the main thread (postMessage's
 * structured clone and the UI's tree recurse: a user payload nested thousands
 * of levels deep overflows the stack on either side; the raw line still has
 * everything), and what an importer reads from a whole JSON document (its
 * walk and the re-told events' JSON.stringify recurse). Subtrees deeper than
 * the limit are replaced by a marker.
 *
 * The inspector's event is also width-limited (limitDepthAndWidth): an object
 * of 200,000 keys costs the main thread its clone and its tree's key list
 * (R7-8), though the tree only ever shows a page of it.
 */

export const MAX_POST_DEPTH = 100;

export const DEPTH_MARKER_KEY = '…';

/** Keys per object and items per array the inspector's event keeps (its tree pages 100 at a time). */
export const MAX_POST_WIDTH = 1000;

/**
 * The key standing for an object's keys past the width: it names the count, so it never
 * collides with a kept key of a real log.
 */
export function moreKeysKey(more: number): string {
  return `${DEPTH_MARKER_KEY} +${more.toLocaleString('en-US')} more keys`;
}

/** The item standing for an array's items past the width. */
export function moreItemsMarker(more: number, seeWhole = SEE_RAW_LINE): Record<string, string> {
  return { [DEPTH_MARKER_KEY]: `+${more.toLocaleString('en-US')} more items: ${seeWhole}` };
}

export function depthMarker(max: number, seeWhole = SEE_RAW_LINE): Record<string, string> {
  return { [DEPTH_MARKER_KEY]: `nested deeper than ${max} levels: ${seeWhole}` };
}

/** Where a cut value is read whole: an event's raw line (the Inspector's "Raw line" tab). */
const SEE_RAW_LINE = 'see Raw line';

/**
 * `value` with every object/array nested more than `max` levels deep (the
 * value itself is level 1) replaced by a marker object. Returns `value`
 * itself when nothing is that deep; otherwise copies only the paths down to
 * the cuts. Recursion never goes deeper than `max + 1`.
 */
export function limitDepth<T>(value: T, max = MAX_POST_DEPTH, marker = depthMarker(max)): T {
  return cut(value, 1, max, { keys: Infinity, items: Infinity, seeWhole: SEE_RAW_LINE }, marker) as T;
}

/**
 * `value` cut like limitDepth, and every object past `maxWidth` keys / array past `maxItems`
 * (`maxWidth` unless given) items cut to its first ones, followed by a marker naming how many more
 * (moreKeysKey, moreItemsMarker); `leftOut` counts the keys and items cut away. `value` is itself
 * when nothing is cut. Work is bounded by the kept entries, bar one key list per object.
 */
export function limitDepthAndWidth<T>(
  value: T,
  maxDepth = MAX_POST_DEPTH,
  maxWidth = MAX_POST_WIDTH,
  maxItems = maxWidth,
  /** Where the markers say the whole value is read (a header has no raw line: "show all"). */
  seeWhole = SEE_RAW_LINE,
): { value: T; leftOut: number } {
  const count = { leftOut: 0 };
  const width = { keys: maxWidth, items: maxItems, seeWhole };
  const out = cut(value, 1, maxDepth, width, depthMarker(maxDepth, seeWhole), count) as T;
  return { value: out, leftOut: count.leftOut };
}

function cut(
  v: unknown,
  level: number,
  max: number,
  width: { keys: number; items: number; seeWhole: string },
  marker: object,
  count?: { leftOut: number },
): unknown {
  if (v === null || typeof v !== 'object') return v;
  if (level > max) return { ...marker };
  if (Array.isArray(v)) {
    const kept = Math.min(v.length, width.items);
    let out: unknown[] | null = kept < v.length ? v.slice(0, 0) : null;
    for (let i = 0; i < kept; i++) {
      const c: unknown = v[i];
      const c2 = cut(c, level + 1, max, width, marker, count);
      if (c2 !== c && !out) out = v.slice(0, i);
      if (out) out.push(c2);
    }
    if (out && kept < v.length) {
      out.push(moreItemsMarker(v.length - kept, width.seeWhole));
      if (count) count.leftOut += v.length - kept;
    }
    return out ?? v;
  }
  const src = v as Record<string, unknown>;
  let out: Record<string, unknown> | null = null;
  const keys = Object.keys(src);
  const kept = Math.min(keys.length, width.keys);
  if (kept < keys.length) out = {};
  for (let i = 0; i < kept; i++) {
    const k = keys[i]!;
    const c = src[k];
    const c2 = cut(c, level + 1, max, width, marker, count);
    if (c2 !== c && !out) {
      out = {};
      for (let j = 0; j < i; j++) setOwn(out, keys[j]!, src[keys[j]!]);
    }
    if (out) setOwn(out, k, c2);
  }
  if (out && kept < keys.length) {
    setOwn(out, moreKeysKey(keys.length - kept), width.seeWhole);
    if (count) count.leftOut += keys.length - kept;
  }
  return out ?? v;
}

/**
 * An own data property, whatever the key: assigning `out['__proto__'] = x` would set the
 * copy's prototype instead (JSON.parse makes `__proto__` an ordinary own key, so a log can
 * carry one, and the inspector must show it as the field it is).
 */
export function setOwn(out: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
}
