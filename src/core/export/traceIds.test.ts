/**
 * The deterministic ids: the same as ever (pinned: a re-export must replace, not duplicate, a
 * trace already sent), and the session id mixed in once per export, not once per span (audit
 * R23-7: a header id of a megabyte hashed again for each of 1,000 spans).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { spanIdsOf, traceIdOf } from './traceIds';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('trace and span ids', () => {
  it('are those exported before (hashes of "trace:<id>" and "span:<id>:<key>")', () => {
    expect(traceIdOf('s')).toBe('d23759b1d8fc73dff8a6ab47832aee74');
    const span = spanIdsOf('s');
    expect(span('session')).toBe('26bca32ad327c1b5');
    expect(span('chat:5:7')).toBe('14a1e87c42d691dc');
    expect(spanIdsOf('i'.repeat(1000))('turn:1')).toBe('1eb97cbb0248178b');
  });

  it('read a long session id once for all the spans, not once per span', () => {
    const id = 'i'.repeat(100_000);
    let reads = 0;
    const original = String.prototype.charCodeAt;
    vi.spyOn(String.prototype, 'charCodeAt').mockImplementation(function (this: string, i: number) {
      reads++;
      return original.call(this, i);
    });
    const span = spanIdsOf(id);
    const ids = new Set(Array.from({ length: 100 }, (_, k) => span(`turn:${k}`)));
    expect(ids.size).toBe(100);
    expect(reads).toBeLessThan(2 * id.length);
  });
});
