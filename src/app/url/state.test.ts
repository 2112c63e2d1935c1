import { describe, expect, it } from 'vitest';
import { formatHash, formatSearch, isLoadableUrl, parseUrlState } from './state';

describe('parseUrlState', () => {
  it('reads src, seq, chunk and log', () => {
    expect(
      parseUrlState('?src=https%3A%2F%2Fx.test%2Fa.jsonl', '#seq=12&chunk=3&log=0123456789ABCDEF'),
    ).toEqual({
      src: 'https://x.test/a.jsonl',
      seq: 12,
      chunk: 3,
      log: '0123456789abcdef',
    });
  });

  it('accepts an empty URL', () => {
    expect(parseUrlState('', '')).toEqual({});
    expect(parseUrlState('?', '#')).toEqual({});
  });

  it('drops one malformed field and keeps the others', () => {
    expect(parseUrlState('?src=https://x.test/a.jsonl', '#seq=abc&chunk=2')).toEqual({
      src: 'https://x.test/a.jsonl',
      chunk: 2,
    });
    expect(parseUrlState('?src=javascript:alert(1)', '#seq=4')).toEqual({ seq: 4 });
    expect(parseUrlState('', '#seq=-1&log=xyz')).toEqual({});
    expect(parseUrlState('', '#seq=7&log=nothex')).toEqual({ seq: 7 });
    expect(parseUrlState('', '#seq=1.5&chunk=9')).toEqual({ chunk: 9 });
    expect(parseUrlState('?src=', '#seq=0')).toEqual({ seq: 0 });
  });

  it('accepts same-origin paths for src but not protocol-relative ones', () => {
    expect(parseUrlState('?src=/samples/demo.jsonl', '').src).toBe('/samples/demo.jsonl');
    expect(parseUrlState('?src=//evil.test/x', '').src).toBeUndefined();
  });
});

describe('formatHash', () => {
  it('writes #seq=N and the optional fields', () => {
    expect(formatHash({ seq: 5 })).toBe('#seq=5');
    expect(formatHash({ seq: 5, chunk: 2, log: 'ab' })).toBe('#seq=5&chunk=2&log=ab');
    expect(formatHash({})).toBe('');
  });

  it('round-trips through parse', () => {
    const s = { seq: 42, chunk: 7, log: '0123456789abcdef' };
    expect(parseUrlState('', formatHash(s))).toEqual(s);
  });
});

describe('formatSearch', () => {
  it('sets and removes src, keeping other params', () => {
    expect(formatSearch('?a=1', 'https://x.test/l.jsonl')).toBe('?a=1&src=https%3A%2F%2Fx.test%2Fl.jsonl');
    expect(formatSearch('?a=1&src=x', undefined)).toBe('?a=1');
    expect(formatSearch('', undefined)).toBe('');
  });
});

describe('isLoadableUrl', () => {
  it('allows http(s) only', () => {
    expect(isLoadableUrl('http://a.test/x')).toBe(true);
    expect(isLoadableUrl('file:///etc/passwd')).toBe(false);
    expect(isLoadableUrl('data:text/plain,hi')).toBe(false);
    expect(isLoadableUrl('not a url')).toBe(false);
  });
});
