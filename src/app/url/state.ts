/**
 * The app's URL state (spec section 6), parsed and written in one place.
 *
 *   ?src=<http(s) URL>     the log to load (a path on this origin is accepted too)
 *   #seq=<n>               the selected event
 *   #...&chunk=<k>         optional chunk offset inside the selected event's block
 *   #...&log=<16 hex>      optional fingerprint of a local file the link refers to
 *
 * Each field is validated alone: a malformed one is dropped and the others
 * still apply, so a hand-edited link degrades gracefully.
 */

export interface UrlState {
  /** Absolute http(s) URL, or a path on this origin (starting with '/'). */
  src?: string;
  /** Selected seq. */
  seq?: number;
  /** Chunk offset within the selected seq's block. */
  chunk?: number;
  /** Fingerprint (first 16 hex of SHA-256) of the local file the link names. */
  log?: string;
}

export function parseUrlState(search: string, hash: string): UrlState {
  const out: UrlState = {};
  const query = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  const src = query.get('src');
  if (src !== null && isLoadableUrl(src)) out.src = src;

  const fragment = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
  const seq = nonNegativeInt(fragment.get('seq'));
  if (seq !== undefined) out.seq = seq;
  const chunk = nonNegativeInt(fragment.get('chunk'));
  if (chunk !== undefined) out.chunk = chunk;
  const log = fragment.get('log');
  if (log !== null && /^[0-9a-f]{16}$/i.test(log)) out.log = log.toLowerCase();
  return out;
}

/** The hash for a selection: `#seq=N` (plus the optional fields when set), or '' for none. */
export function formatHash(state: Pick<UrlState, 'seq' | 'chunk' | 'log'>): string {
  if (state.seq === undefined) return '';
  const parts = [`seq=${state.seq}`];
  if (state.chunk !== undefined) parts.push(`chunk=${state.chunk}`);
  if (state.log !== undefined) parts.push(`log=${state.log}`);
  return `#${parts.join('&')}`;
}

/** The query string with `src` set (or removed when undefined), other params kept. */
export function formatSearch(search: string, src: string | undefined): string {
  const query = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  if (src === undefined) query.delete('src');
  else query.set('src', src);
  const s = query.toString();
  return s ? `?${s}` : '';
}

/** http(s) URLs and same-origin paths only: never javascript:, data:, file: and the like. */
export function isLoadableUrl(value: string): boolean {
  if (value.startsWith('/') && !value.startsWith('//')) return true;
  try {
    const u = new URL(value);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

function nonNegativeInt(v: string | null): number | undefined {
  if (v === null || !/^\d{1,15}$/.test(v)) return undefined;
  return Number(v);
}
