/**
 * Deterministic OpenTelemetry ids: the same log always exports the same
 * trace and span ids, so a re-export replaces rather than duplicates a trace
 * in a backend, and a span can be found again from its seq. The hash is
 * cyrb128-style mixing (four 32-bit lanes); ids need to be stable and
 * well spread, not secret. An all-zero id is invalid in OTLP, so it never
 * comes out.
 */

type Lanes = [number, number, number, number];

const SEED: Lanes = [1779033703, 3144134277, 1013904242, 2773480762];

/** The lanes after `text`, mixed on from `from`: a prefix mixed once serves every key after it. */
function mix(from: Lanes, text: string): Lanes {
  let [h1, h2, h3, h4] = from;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  return [h1, h2, h3, h4];
}

function finish([h1, h2, h3, h4]: Lanes): Lanes {
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

const hex8 = (n: number) => n.toString(16).padStart(8, '0');

function nonZero(id: string): string {
  return /^0+$/.test(id) ? id.slice(0, -1) + '1' : id;
}

/** 32 lowercase hex digits (16 bytes) for the session's trace. */
export function traceIdOf(sessionId: string): string {
  return nonZero(
    finish(mix(SEED, `trace:${sessionId}`))
      .map(hex8)
      .join(''),
  );
}

/**
 * The span ids of one session: 16 lowercase hex digits (8 bytes) for one span, named by what it
 * covers (`turn:12`, `tool:40`, ...). The session id is mixed in once, so a span costs its key
 * only: a header id of a megabyte hashed again per span made an export quadratic (audit R23-7).
 * The ids are those of hashing `span:<session id>:<key>` whole.
 */
export function spanIdsOf(sessionId: string): (key: string) => string {
  const prefix = mix(SEED, `span:${sessionId}:`);
  return (key) => {
    const [a, b] = finish(mix(prefix, key));
    return nonZero(hex8(a) + hex8(b));
  };
}
