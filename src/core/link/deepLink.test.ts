import { describe, expect, it, vi } from 'vitest';
import {
  clampSeq,
  deepLink,
  formatHash,
  formatSearch,
  formatUrl,
  isLoadableUrl,
  MAX_SHOWN,
  whyNotLoadable,
  parseUrl,
  parseUrlState,
  sameIdentity,
  type UrlState,
} from './deepLink';
import { MAX_FIELD_CHARS } from './fragment';

/** Parses what formatUrl wrote. */
function roundTrip(state: UrlState, search = ''): UrlState {
  const url = new URL(formatUrl({ pathname: '/', search }, state.identity, state), 'http://x.test');
  return parseUrlState(url.search, url.hash);
}

describe('parseUrl', () => {
  it('reads the identity from the query and the view from the hash', () => {
    expect(
      parseUrlState(
        '?log=0123456789ABCDEF&name=run%201.jsonl&size=1234',
        '#seq=12&chunk=3&panel=diagnostics&diag=bad-json&q=deploy%20now&types=user/message,tool/call&errors=1',
      ),
    ).toEqual({
      identity: { kind: 'log', fingerprint: '0123456789abcdef', name: 'run 1.jsonl', size: 1234 },
      seq: 12,
      chunk: 3,
      panel: 'diagnostics',
      diag: 'bad-json',
      q: 'deploy now',
      types: ['user/message', 'tool/call'],
      errors: true,
    });
    expect(parseUrlState('?src=https%3A%2F%2Fx.test%2Fa.jsonl&follow=1', '#seq=0')).toEqual({
      identity: { kind: 'src', src: 'https://x.test/a.jsonl', follow: true },
      seq: 0,
    });
    expect(parseUrlState('?sample=demo.jsonl', '')).toEqual({
      identity: { kind: 'sample', name: 'demo.jsonl' },
    });
  });

  it('accepts an empty URL', () => {
    expect(parseUrl('', '')).toEqual({ state: {}, ignored: [] });
    expect(parseUrl('?', '#')).toEqual({ state: {}, ignored: [] });
  });

  it('drops one malformed field, reports it, and keeps the others', () => {
    expect(parseUrl('?src=https://x.test/a.jsonl', '#seq=abc&panel=diagnostics')).toEqual({
      state: { identity: { kind: 'src', src: 'https://x.test/a.jsonl' }, panel: 'diagnostics' },
      ignored: ['seq=abc'],
    });
    expect(parseUrl('?src=javascript:alert(1)', '#seq=4')).toEqual({
      state: { seq: 4 },
      ignored: ['src=javascript:alert(1)'],
    });
    expect(parseUrl('', '#seq=-1&log=xyz').state).toEqual({});
    expect(parseUrl('?log=nothex', '#seq=7').state).toEqual({ seq: 7 });
    expect(parseUrl('', '#seq=1.5&chunk=9')).toEqual({ state: {}, ignored: ['seq=1.5', 'chunk=9'] });
    expect(parseUrl('?src=', '#seq=0').state).toEqual({ seq: 0 });
    expect(parseUrl('', '#seq=3&panel=sidebar').state).toEqual({ seq: 3 });
    expect(parseUrl('', '#seq=3&diag=not-a-code').state).toEqual({ seq: 3 });
    expect(parseUrl('', '#seq=3&types=a b,c').state).toEqual({ seq: 3 });
    expect(parseUrl('', '#seq=3&errors=maybe').state).toEqual({ seq: 3 });
    expect(parseUrl('?src=https://x.test/l&follow=yes', '').state).toEqual({
      identity: { kind: 'src', src: 'https://x.test/l' },
    });
    expect(parseUrl('', '#seq=99999999999999999').state).toEqual({});
  });

  it('a malformed name or size drops only that part of a fingerprint identity', () => {
    expect(parseUrl('?log=0123456789abcdef&name=a%2Fb&size=12', '').state.identity).toEqual({
      kind: 'log',
      fingerprint: '0123456789abcdef',
      size: 12,
    });
    expect(parseUrl('?log=0123456789abcdef&name=a.jsonl&size=-3', '')).toEqual({
      state: { identity: { kind: 'log', fingerprint: '0123456789abcdef', name: 'a.jsonl' } },
      ignored: ['size=-3'],
    });
  });

  it('names a dropped field with its bidi and control characters spelled out, cut short (R11-L3)', () => {
    expect(parseUrl('?sample=demo', '#seq=4&types=%E2%80%AE')).toEqual({
      state: { identity: { kind: 'sample', name: 'demo' }, seq: 4 },
      ignored: ['types=\\u202e'],
    });
    const long = parseUrl('', `#diag=${'%E2%80%AEx'.repeat(500)}&seq=1`);
    expect(long.ignored).toEqual([`diag=${'\\u202ex'.repeat(MAX_SHOWN / 2)}…`]);
    expect(parseUrl('', '#seq=1%0A2').ignored).toEqual(['seq=1\\u000a2']);
    // A field's name is the link's text too (a badly encoded value is named by its key).
    expect(parseUrl('', '#%E2%80%AEk=%').ignored).toEqual(['\\u202ek=(bad encoding)']);
  });

  it('ignores a badly percent-encoded value alone', () => {
    expect(parseUrl('', '#q=%E0%A4%A&seq=5')).toEqual({ state: { seq: 5 }, ignored: ['q=(bad encoding)'] });
  });

  it('a link of 250,000 badly encoded fields: the good ones apply, ten are named, the rest counted (R8-8)', () => {
    const hash = '#' + Array.from({ length: 250_000 }, (_, i) => `k${i}=%`).join('&') + '&seq=7&k3=%';
    const includes = vi.spyOn(Array.prototype, 'includes');
    const { state, ignored } = parseUrl('', hash);
    const calls = includes.mock.calls.length;
    includes.mockRestore();
    expect(state).toEqual({ seq: 7 });
    expect(ignored).toHaveLength(11);
    expect(ignored[0]).toBe('k0=(bad encoding)');
    expect(ignored[10]).toBe('249990 more fields (bad encoding)');
    expect(calls).toBeLessThan(1000);
  });

  it('drops a 2 MB field unread, names it, and applies the other fields (R20-7)', () => {
    const types = Array.from({ length: 200_000 }, (_, i) => `t${i}`).join(',');
    expect(types.length).toBeGreaterThan(MAX_FIELD_CHARS);
    const decode = vi.spyOn(globalThis, 'decodeURIComponent');
    const { state, ignored } = parseUrl('?sample=demo', `#seq=3&types=${types}&errors=1&zoom=${types}`);
    const longest = Math.max(...decode.mock.calls.map(([v]) => v.length));
    decode.mockRestore();
    expect(state).toEqual({ identity: { kind: 'sample', name: 'demo' }, seq: 3, errors: true });
    expect(ignored).toEqual(['types=(over 64 KiB: not read)']); // the unknown zoom= stays silent
    expect(longest).toBeLessThanOrEqual(MAX_FIELD_CHARS);
    // a long list under the cap is read as before
    const fits = types.slice(0, types.lastIndexOf(',', MAX_FIELD_CHARS));
    expect(parseUrl('', `#types=${fits}`).state.types).toHaveLength(fits.split(',').length);
  });

  it('ignores unknown fields silently', () => {
    expect(parseUrl('?utm_source=x', '#seq=2&zoom=3&zoom=4')).toEqual({ state: { seq: 2 }, ignored: [] });
  });

  it('a field given twice: the first value counts and the repeat is named (R12-L3)', () => {
    expect(parseUrl('?sample=demo', '#seq=5&seq=6&q=a&q=b')).toEqual({
      state: { identity: { kind: 'sample', name: 'demo' }, seq: 5, q: 'a' },
      ignored: ['seq=6 (given again)', 'q=b (given again)'],
    });
  });

  it('prefers src over log over sample, and reads a legacy log= in the hash', () => {
    expect(parseUrlState('?src=/a.jsonl&log=0123456789abcdef&sample=demo.jsonl', '').identity).toEqual({
      kind: 'src',
      src: '/a.jsonl',
    });
    expect(parseUrlState('?sample=demo.jsonl&log=0123456789abcdef', '').identity?.kind).toBe('log');
    expect(parseUrlState('', '#seq=7&log=0123456789ABCDEF')).toEqual({
      identity: { kind: 'log', fingerprint: '0123456789abcdef' },
      seq: 7,
    });
  });

  it('accepts same-origin paths for src but not protocol-relative ones', () => {
    expect(parseUrlState('?src=/samples/demo.jsonl', '').identity).toEqual({
      kind: 'src',
      src: '/samples/demo.jsonl',
    });
    expect(parseUrlState('?src=//evil.test/x', '').identity).toBeUndefined();
  });

  it('reads an empty type list as "no types", and de-duplicates', () => {
    expect(parseUrlState('', '#types=').types).toEqual([]);
    expect(parseUrlState('', '#types=a,a,b').types).toEqual(['a', 'b']);
  });

  it('reads excluded types (xtypes), ignored next to types', () => {
    expect(parseUrlState('', '#xtypes=assistant/chunk').xtypes).toEqual(['assistant/chunk']);
    expect(parseUrlState('', '#xtypes=a,a,b').xtypes).toEqual(['a', 'b']);
    expect(parseUrlState('', '#xtypes=').xtypes).toBeUndefined();
    const both = parseUrl('', '#types=a&xtypes=b');
    expect(both.state).toEqual({ types: ['a'] });
    expect(both.ignored).toEqual(['xtypes=b']);
    expect(parseUrl('', '#xtypes=a b').state).toEqual({});
  });

  it('decodes + as a space in the hash, as forms do', () => {
    expect(parseUrlState('', '#q=a+b%2Bc').q).toBe('a b+c');
  });
});

describe('char= (characters of the delta shown)', () => {
  it('is written as char= and read back; an old link with chunk= still opens at the same place', () => {
    expect(formatHash({ seq: 7, chunk: 4 })).toBe('#seq=7&char=4');
    expect(parseUrlState('', '#seq=7&char=4')).toEqual({ seq: 7, chunk: 4 });
    expect(parseUrlState('', '#seq=7&chunk=4')).toEqual({ seq: 7, chunk: 4 });
    expect(parseUrl('', '#seq=7&char=x')).toEqual({ state: { seq: 7 }, ignored: ['char=x'] });
  });
});

describe('formatHash', () => {
  it('writes the position first, then the panel and filters', () => {
    expect(formatHash({ seq: 5 })).toBe('#seq=5');
    expect(formatHash({ seq: 5, chunk: 2, panel: 'diagnostics', diag: 'bad-json' })).toBe(
      '#seq=5&char=2&panel=diagnostics&diag=bad-json',
    );
    expect(formatHash({ q: 'a&b c', types: ['tool/call', 'turn/start'], errors: true })).toBe(
      '#q=a%26b%20c&types=tool/call,turn/start&errors=1',
    );
    expect(formatHash({ xtypes: ['assistant/chunk'] })).toBe('#xtypes=assistant/chunk');
    expect(formatHash({ chunk: 3 })).toBe('');
    expect(formatHash({ errors: false, q: '' })).toBe('');
    expect(formatHash({})).toBe('');
  });
});

describe('formatSearch', () => {
  it('replaces the identity, keeping other params after it', () => {
    expect(formatSearch('?a=1', { kind: 'src', src: 'https://x.test/l.jsonl' })).toBe(
      '?src=https%3A%2F%2Fx.test%2Fl.jsonl&a=1',
    );
    expect(formatSearch('?a=1&src=x&follow=1', undefined)).toBe('?a=1');
    expect(
      formatSearch('?src=x&follow=1', { kind: 'log', fingerprint: '0123456789abcdef', name: 'a b', size: 9 }),
    ).toBe('?log=0123456789abcdef&name=a+b&size=9');
    expect(formatSearch('?log=0123456789abcdef&name=x', { kind: 'sample', name: 'demo.jsonl' })).toBe(
      '?sample=demo.jsonl',
    );
    expect(formatSearch('', undefined)).toBe('');
  });
});

describe('round trips', () => {
  const cases: UrlState[] = [
    {},
    { seq: 0 },
    { seq: 42, chunk: 7 },
    {
      identity: { kind: 'log', fingerprint: '0123456789abcdef', name: 'ünïcode & spaces #1.jsonl', size: 0 },
    },
    { identity: { kind: 'src', src: 'https://x.test/a b.jsonl?x=1&y=2#frag' }, seq: 3 },
    { identity: { kind: 'src', src: '/log/s.jsonl', follow: true }, seq: 10 },
    { identity: { kind: 'sample', name: 'long-session.jsonl.gz' }, seq: 19999, panel: 'diagnostics' },
    {
      seq: 1,
      panel: 'diagnostics',
      diag: 'chunk-mismatch',
      q: 'quote " percent % hash # amp & plus + slash / colon : comma ,',
      types: ['assistant/chunk', 'x.y:z_w-1'],
      errors: true,
    },
    { types: [] },
    { seq: 2, xtypes: ['assistant/chunk', 'tool/call'], errors: true },
  ];
  for (const c of cases) {
    it(JSON.stringify(c), () => {
      expect(roundTrip(c)).toEqual(c);
      expect(roundTrip(c, '?keep=me&src=old')).toEqual(c);
    });
  }

  it('keeps unrelated query params through a rewrite', () => {
    const url = formatUrl(
      { pathname: '/app/', search: '?theme=dark' },
      { kind: 'sample', name: 'demo.jsonl' },
      { seq: 1 },
    );
    expect(url).toBe('/app/?sample=demo.jsonl&theme=dark#seq=1');
  });
});

describe('sameIdentity', () => {
  it('compares what names the log', () => {
    const fp = '0123456789abcdef';
    expect(sameIdentity({ kind: 'log', fingerprint: fp }, { kind: 'log', fingerprint: fp, name: 'x' })).toBe(
      true,
    );
    expect(
      sameIdentity({ kind: 'log', fingerprint: fp }, { kind: 'log', fingerprint: 'ffffffffffffffff' }),
    ).toBe(false);
    expect(sameIdentity({ kind: 'src', src: '/a' }, { kind: 'src', src: '/a', follow: true })).toBe(false);
    expect(sameIdentity({ kind: 'sample', name: 'a' }, { kind: 'src', src: 'a' })).toBe(false);
    expect(sameIdentity(undefined, undefined)).toBe(true);
    expect(sameIdentity(undefined, { kind: 'sample', name: 'a' })).toBe(false);
  });
});

describe('clampSeq', () => {
  it('keeps a seq inside the log', () => {
    expect(clampSeq(0, 10)).toEqual({ seq: 0 });
    expect(clampSeq(9, 10)).toEqual({ seq: 9 });
  });

  it('clamps a seq beyond the log to the last event, with a notice', () => {
    const r = clampSeq(90, 10);
    expect(r.seq).toBe(9);
    expect(r.notice).toContain('seq 90 is beyond this log');
    expect(r.notice).toContain('seq 9');
  });

  it('an empty log has no event to show', () => {
    expect(clampSeq(3, 0).seq).toBeNull();
  });
});

describe('isLoadableUrl', () => {
  it('allows http(s) and same-origin paths only', () => {
    expect(isLoadableUrl('http://a.test/x')).toBe(true);
    expect(isLoadableUrl('/x.jsonl')).toBe(true);
    expect(isLoadableUrl('file:///etc/passwd')).toBe(false);
    expect(isLoadableUrl('data:text/plain,hi')).toBe(false);
    expect(isLoadableUrl('not a url')).toBe(false);
  });

  it('parses before it checks: paths that resolve to another host are refused', () => {
    for (const v of [
      '/\\evil.example/x.jsonl',
      '//evil.example/x.jsonl',
      '/\\/evil.example/x',
      '/\t/evil.example/x',
      '\\\\evil.example/x',
      ' javascript:alert(1)',
      'java\nscript:alert(1)',
      'http:\\\\evil.example/x',
    ])
      expect(isLoadableUrl(v), JSON.stringify(v)).toBe(false);
    expect(isLoadableUrl('/logs/a%2F..%2Fb.jsonl')).toBe(true);
    expect(isLoadableUrl('HTTPS://a.test/x')).toBe(true);
  });

  it('says why a URL cannot be opened: another scheme, another host, credentials', () => {
    for (const v of [
      'blob:http://127.0.0.1:4173/0b6b7f3e-1c1a-4a53-9a7e-1b2d5b9c4e11',
      'ftp://127.0.0.1/x.jsonl',
      'http:evil.example/x.jsonl',
      'https:/evil.example/x.jsonl',
      'javascript:window.__xss=1',
      'JaVaScRiPt:alert(1)',
      'data:application/x-ndjson,{}',
      'file:///etc/passwd',
      'ws://a.test/x',
    ])
      expect(whyNotLoadable(v), v).toMatch(/^Only http\(s\) URLs and paths on this site/);
    for (const v of ['//evil.example/x', '/\\evil.example/x'])
      expect(whyNotLoadable(v), v).toMatch(/leads to another site/);
    for (const v of [
      'https://user:secret@a.test/x.jsonl',
      'https://user@a.test/x.jsonl',
      'https://:secret@a.test/x.jsonl',
      'https://user%40corp:p%3Ass@a.test/x',
    ])
      expect(whyNotLoadable(v), v).toMatch(/user name or password/);
    // An @ in the path or the query is not a credential.
    expect(whyNotLoadable('https://a.test/logs/@me/x.jsonl?by=a@b')).toBeNull();
    expect(whyNotLoadable('/x.jsonl')).toBeNull();
  });

  it('a ?src= with credentials is ignored, the rest of the link kept', () => {
    const r = parseUrl('?src=https%3A%2F%2Fu%3Apw%40a.test%2Fx.jsonl', '#seq=4');
    expect(r.state.identity).toBeUndefined();
    expect(r.state.seq).toBe(4);
    expect(r.ignored).toEqual(['src=https://u:pw@a.test/x.jsonl']);
  });
});

describe('deepLink (what the CLI prints, what the app reads)', () => {
  it('an absolute link the app parses back to the same log and seq', () => {
    const link = deepLink(
      'http://127.0.0.1:4180/',
      { kind: 'src', src: 'http://127.0.0.1:4180/log/my%20session.jsonl', follow: true },
      { seq: 12 },
    );
    expect(link).toBe(
      'http://127.0.0.1:4180/?src=http%3A%2F%2F127.0.0.1%3A4180%2Flog%2Fmy%2520session.jsonl&follow=1#seq=12',
    );
    const u = new URL(link);
    expect(parseUrlState(u.search, u.hash)).toEqual({
      identity: { kind: 'src', src: 'http://127.0.0.1:4180/log/my%20session.jsonl', follow: true },
      seq: 12,
    });
  });
});

describe('the sample of a multi-sample log (part)', () => {
  it('is part of the identity: parsed, written, and a different sample is a different log', () => {
    const { state, ignored } = parseUrl('?log=0123456789abcdef&name=run.eval&size=9&part=3', '#seq=4');
    expect(ignored).toEqual([]);
    expect(state.identity).toEqual({
      kind: 'log',
      fingerprint: '0123456789abcdef',
      name: 'run.eval',
      size: 9,
      part: 3,
    });
    expect(formatUrl({ pathname: '/', search: '' }, state.identity, { seq: 4 })).toBe(
      '/?log=0123456789abcdef&name=run.eval&size=9&part=3#seq=4',
    );
    const first = { kind: 'log', fingerprint: '0123456789abcdef' } as const;
    expect(sameIdentity(state.identity, first)).toBe(false);
    expect(sameIdentity({ ...first, part: 1 }, first)).toBe(true);
    expect(deepLink('http://127.0.0.1:4180/', { kind: 'src', src: '/x.json', part: 2 }, { seq: 1 })).toBe(
      'http://127.0.0.1:4180/?src=%2Fx.json&part=2#seq=1',
    );
  });

  it('part=1 is the first sample (left out when written); a bad part is dropped alone', () => {
    expect(parseUrl('?src=/x.json&part=1', '').state.identity).toEqual({ kind: 'src', src: '/x.json' });
    const bad = parseUrl('?src=/x.json&part=0', '#seq=2');
    expect(bad.ignored).toEqual(['part=0']);
    expect(bad.state).toEqual({ identity: { kind: 'src', src: '/x.json' }, seq: 2 });
    expect(parseUrl('?part=2', '').ignored).toEqual(['part=2']);
    // A new identity replaces the old one's part.
    expect(formatSearch('?src=/a.json&part=2&x=1', { kind: 'sample', name: 'demo' })).toBe(
      '?sample=demo&x=1',
    );
  });
});
