import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { loadLogFromText } from '../log/load';
import type { SessionLog } from '../log/sessionLog';
import { compileQuery, requiredLiteral, type QueryOptions } from './query';
import { EventSearch, type SearchHit } from './search';
import { firstMatch } from './strings';
import { UNITS_QUERY_MAX, queryUnits } from './queryUnits';

const line = (v: unknown) => JSON.stringify(v);

/** A small log: a turn with a user message, a streamed reply (one packed row), a tool round. */
function sampleLog(extra: string[] = []): SessionLog {
  const longOutput = 'x'.repeat(50_000) + ' the NEEDLE in a haystack ' + 'y'.repeat(50_000);
  return loadLogFromText(
    [
      line({ type: 'turn/start', seq: 0, data: { turn: 1 } }),
      line({ type: 'step/start', seq: 1, data: { turn: 1, step: 1 } }),
      line({
        type: 'user/message',
        seq: 2,
        data: { role: 'user', content: [{ type: 'text', text: 'Grüße: 日本語のテキスト and 🎉 party' }] },
      }),
      line({
        type: 'text-chunks',
        seq0: 3,
        data: { turn: 1, step: 1, index: 0, dt: [1, 1], texts: ['Let me ', 'search the ', 'README'] },
      }),
      line({
        type: 'tool/call',
        seq: 6,
        data: {
          turn: 1,
          step: 1,
          callId: 'c1',
          name: 'bash',
          arguments: '{"command":"grep -n Typo README.md"}',
        },
      }),
      line({
        type: 'tool/result',
        seq: 7,
        data: {
          turn: 1,
          step: 1,
          message: {
            role: 'user',
            content: [{ type: 'tool-result', callId: 'c1', content: [{ type: 'text', text: longOutput }] }],
          },
        },
      }),
      line({ type: 'session/title', seq: 8, data: { title: 'ΣΊΣΥΦΟΣ and README fixes' } }),
      ...extra,
    ].join('\n') + '\n',
  );
}

function run(log: SessionLog, q: QueryOptions): { count: number; hits: SearchHit[] } {
  const c = compileQuery(q);
  if (!c.ok) throw new Error(c.error);
  const s = new EventSearch(log, c);
  const hits = s.all();
  return { count: s.count, hits };
}

const seqs = (r: { hits: SearchHit[] }) => r.hits.map((h) => h.seq);

describe('search', () => {
  const log = sampleLog();

  it('finds plain text case-insensitively by default, once per event, with path and snippet', () => {
    const r = run(log, { query: 'readme' });
    expect(seqs(r)).toEqual([5, 6, 8]);
    expect(r.count).toBe(3);
    expect(r.hits[0]).toMatchObject({
      seq: 5,
      type: 'assistant/chunk',
      path: 'data.chunk.text',
      snippet: 'README',
    });
    expect(r.hits[1]).toMatchObject({ seq: 6, type: 'tool/call', path: 'data.arguments' });
    const h = r.hits[1] as SearchHit;
    expect(h.snippet.slice(h.start, h.end)).toBe('README');
  });

  it('matches case exactly with caseSensitive', () => {
    expect(seqs(run(log, { query: 'typo', caseSensitive: true }))).toEqual([]);
    expect(seqs(run(log, { query: 'Typo', caseSensitive: true }))).toEqual([6]);
  });

  it('expands packed rows: each member is its own event', () => {
    expect(seqs(run(log, { query: 'search the' }))).toEqual([4]);
    expect(seqs(run(log, { query: 'let me' }))).toEqual([3]);
  });

  it('finds CJK, emoji and non-ASCII case folds', () => {
    expect(seqs(run(log, { query: '日本語' }))).toEqual([2]);
    expect(seqs(run(log, { query: '🎉' }))).toEqual([2]);
    expect(seqs(run(log, { query: 'GRÜSSE' }))).toEqual([2]); // ß full-folds to SS (queryUnits.ts)
    expect(seqs(run(log, { query: 'GRÜßE' }))).toEqual([2]);
    expect(seqs(run(log, { query: 'σίσυφος' }))).toEqual([8]);
  });

  it('finds cased non-ASCII text through the text prefilter (no byte needle folds it)', () => {
    const l = sampleLog([line({ type: 'session/title', seq: 9, data: { title: 'Привет, МИР' } })]);
    const q = compileQuery({ query: 'привет, мир' });
    expect(q.ok && q.prefilter?.kind).toBe('text');
    expect(seqs(run(l, { query: 'привет, мир' }))).toEqual([9]);
    expect(seqs(run(l, { query: 'É' }))).toEqual([]);
    expect(seqs(run(l, { query: 'ü' }))).toEqual([2]);
  });

  // audit R19-6: "STRASSE" missed "Straße", and "é" precomposed missed "e" + U+0301 (and back)
  it('finds ß as ss when folding case, ÄÖÜ/äöü and Greek by simple folding', () => {
    const title = (seq: number, t: string) => line({ type: 'session/title', seq, data: { title: t } });
    const l = sampleLog([title(9, 'Straße'), title(10, 'GROSSE STRASSE'), title(11, 'ÄÖÜ ΣΟΦΊΑ')]);
    expect(seqs(run(l, { query: 'STRASSE' }))).toEqual([9, 10]);
    expect(seqs(run(l, { query: 'straße' }))).toEqual([9, 10]);
    expect(seqs(run(l, { query: 'Straße', caseSensitive: true }))).toEqual([9]);
    expect(seqs(run(l, { query: 'STRASSE', caseSensitive: true }))).toEqual([10]);
    expect(seqs(run(l, { query: 'äöü σοφία' }))).toEqual([11]);
  });

  it('finds a letter precomposed (NFC) or decomposed (NFD), whichever form the query has', () => {
    const nfc = 'Café crème: déjà vu';
    const nfd = nfc.normalize('NFD');
    expect(nfd).not.toBe(nfc);
    const title = (seq: number, t: string) => line({ type: 'session/title', seq, data: { title: t } });
    const l = sampleLog([title(9, nfc), title(10, nfd)]);
    const forms = (q: string) => [q.normalize('NFC'), q.normalize('NFD')];
    for (const query of ['café crème', 'CAFÉ CRÈME', 'déjà', 'é'])
      for (const q of forms(query)) expect(seqs(run(l, { query: q })), q).toEqual([9, 10]);
    for (const query of ['Café crème', 'déjà vu', 'è'])
      for (const q of forms(query))
        expect(seqs(run(l, { query: q, caseSensitive: true })), q).toEqual([9, 10]);
    for (const q of forms('CAFÉ')) expect(seqs(run(l, { query: q, caseSensitive: true }))).toEqual([]);
    const hit = run(l, { query: 'crème' }).hits.find((h) => h.seq === 10) as SearchHit;
    expect(hit.snippet.slice(hit.start, hit.end)).toBe('crème'.normalize('NFD'));
  });

  it('matches a query longer than UNITS_QUERY_MAX as typed: one spelling, no groups of alternatives (audit R21-6)', () => {
    const long = `${'s'.repeat(UNITS_QUERY_MAX)}x`;
    expect(queryUnits(long, true)).toEqual([{ forms: [long] }]);
    expect(queryUnits(long.slice(1), true).length).toBeGreaterThan(1); // at the bound: cut into units
    // As typed, in either form: the prefilter's run is the matcher's own, so nothing is dropped.
    const nfd = `${'Crème brûlée, déjà vu. '.repeat(4)}`.normalize('NFD');
    const title = (seq: number, t: string) => line({ type: 'session/title', seq, data: { title: t } });
    const l = sampleLog([title(9, nfd), title(10, nfd.normalize('NFC')), title(11, `a ${'S'.repeat(70)}x`)]);
    expect(seqs(run(l, { query: nfd }))).toEqual([9]);
    expect(seqs(run(l, { query: nfd.normalize('NFC') }))).toEqual([10]);
    expect(seqs(run(l, { query: long }))).toEqual([11]);
  });

  it('finds a match deep inside a long tool output, with a short snippet around it', () => {
    const r = run(log, { query: 'needle in a' });
    expect(seqs(r)).toEqual([7]);
    const h = r.hits[0] as SearchHit;
    expect(h.path).toBe('data.message.content[0].content[0].text');
    expect(h.snippet.length).toBeLessThan(200);
    expect(h.snippet.slice(h.start, h.end)).toBe('NEEDLE in a');
  });

  it('runs regular expressions and reports a bad one as an error value', () => {
    expect(seqs(run(log, { query: 'grep\\s+-n', regex: true }))).toEqual([6]);
    expect(seqs(run(log, { query: '^let', regex: true }))).toEqual([3]);
    expect(seqs(run(log, { query: 'readme$', regex: true }))).toEqual([5]);
    const bad = compileQuery({ query: 'foo(', regex: true });
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.error).toMatch(/^bad regular expression: /);
  });

  it('finds nothing for an empty query or a regex that matches the empty string', () => {
    expect(run(log, { query: '' }).count).toBe(0);
    expect(run(log, { query: 'a*', regex: true }).count).toBe(0);
  });

  it('does not match discriminator `type` fields', () => {
    expect(run(log, { query: 'text-delta' }).count).toBe(0);
  });

  it('finds text a writer spelled with \\u escapes', () => {
    const escaped = line({ type: 'session/title', seq: 9, data: { title: 'PLACEHOLDER' } }).replace(
      'PLACEHOLDER',
      '\\u65e5\\u672c\\u8a9e \\u00e9t\\u00e9',
    );
    const l = sampleLog([escaped]);
    expect(seqs(run(l, { query: '日本語' }))).toEqual([2, 9]);
    expect(seqs(run(l, { query: 'ÉTÉ' }))).toEqual([9]);
  });

  it('finds ASCII text a writer spelled with \\u escapes (Go escapes <, > and &: audit R11-5)', () => {
    const escaped = line({ type: 'session/title', seq: 9, data: { title: 'PLACEHOLDER' } }).replace(
      'PLACEHOLDER',
      'render \\u003cdiv\\u003e if a \\u0026\\u0026 b \\u0041BC',
    );
    const l = sampleLog([escaped]);
    for (const query of ['<div>', 'a && b', '&&', 'ABC']) expect(seqs(run(l, { query }))).toEqual([9]);
    expect(seqs(run(l, { query: 'ABC', caseSensitive: true }))).toEqual([9]);
    expect(seqs(run(l, { query: '<div>', regex: true }))).toEqual([9]);
  });

  it('finds the KELVIN SIGN for a k (Unicode folds it to ASCII)', () => {
    const l = sampleLog([line({ type: 'session/title', seq: 9, data: { title: 'dar\u212Aness' } })]);
    expect(seqs(run(l, { query: 'darkness' }))).toEqual([9]);
    const escaped = line({ type: 'session/title', seq: 9, data: { title: 'BK' } }).replace('BK', 'B\\u212a');
    expect(seqs(run(sampleLog([escaped]), { query: 'bk' }))).toEqual([9]);
  });

  it('finds a string nested 10,000 deep, in document order, with a bounded path', () => {
    // Written as text: JSON.stringify itself recurses and cannot write it.
    let deep = '{"note":"the BURIED needle"}';
    for (let i = 0; i < 10_000; i++) deep = i % 2 ? `[${deep}]` : `{"a":${deep}}`;
    const title = `{"type":"session/title","seq":9,"data":{"title":"shallow","deep":${deep}}}`;
    const l = sampleLog([title]);
    const r = run(l, { query: 'buried needle' });
    expect(seqs(r)).toEqual([9]);
    const h = r.hits[0] as SearchHit;
    expect(h.snippet.slice(h.start, h.end)).toBe('BURIED needle');
    expect(h.path.startsWith('data.deep[0].a[0].a')).toBe(true);
    expect(h.path.endsWith('.a[0].a[0].a.note')).toBe(true);
    expect(h.path.length).toBeLessThan(300);
    // The first string in document order wins: `title` comes before `deep`.
    const needle = compileQuery({ query: 'needle' });
    if (!needle.ok) throw new Error(needle.error);
    expect(firstMatch({ title: 'x needle', deep: { s: 'needle' } }, needle.matcher)?.path).toBe('data.title');
    expect(firstMatch({ a: ['no', { b: 'needle' }], c: 'needle' }, needle.matcher)?.path).toBe('data.a[1].b');
    expect(firstMatch({ type: 'needle' }, needle.matcher)).toBeNull();
  });

  it('respects a range and an accept filter, in batches', () => {
    const c = compileQuery({ query: 'readme' });
    if (!c.ok) throw new Error();
    expect(new EventSearch(log, c, { from: 6 }).all().map((h) => h.seq)).toEqual([6, 8]);
    expect(new EventSearch(log, c, { accept: (s) => s !== 6 }).all().map((h) => h.seq)).toEqual([5, 8]);
    const s = new EventSearch(log, c);
    expect(s.all(1).map((h) => h.seq)).toEqual([5]);
    expect(s.count).toBe(3);
  });
});

describe('requiredLiteral', () => {
  it('reads the literal runs a match must contain', () => {
    expect(requiredLiteral('foo.*barbaz')).toBe('barbaz');
    expect(requiredLiteral('read_file\\(')).toBe('read_file(');
    expect(requiredLiteral('colou?r')).toBe('colo');
    expect(requiredLiteral('ab+c')).toBe('ab');
    expect(requiredLiteral('a|b')).toBeNull();
    expect(requiredLiteral('x{0,3}yz')).toBe('yz');
  });
});

describe('search property: the prefilter never drops a match', () => {
  const alphabet = [
    'a',
    'B',
    'é',
    'É',
    '日',
    '🎉',
    ' ',
    '"',
    '\\',
    '\n',
    'k',
    'K',
    '\u212A',
    'ß',
    'ẞ',
    's',
    'S',
    'e',
    '\u0301',
    'e\u0301',
    'Ä',
    'A\u0308',
    'σ',
    'Σ',
    '/',
  ];
  const str = fc.array(fc.constantFrom(...alphabet), { maxLength: 12 }).map((a) => a.join(''));

  it('finds exactly the events whose strings match (naive oracle)', { timeout: 60_000 }, () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(str, fc.boolean(), fc.boolean()), { minLength: 1, maxLength: 12 }),
        str.filter((s) => s.length > 0),
        fc.boolean(),
        (items, query, caseSensitive) => {
          const lines = items.map(([text, packed, escapeAll], seq) => {
            const raw = packed
              ? line({
                  type: 'text-chunks',
                  seq0: seq,
                  data: { turn: 1, step: 1, index: 0, dt: [], texts: [text] },
                })
              : line({ type: 'note', seq, data: { text } });
            return escapeAll ? raw.replace(/[^\p{ASCII}]/gu, (ch) => asciiEscape(ch)) : raw;
          });
          const log = loadLogFromText(lines.join('\n') + '\n');
          const c = compileQuery({ query, caseSensitive });
          if (!c.ok) return;
          const expected: number[] = [];
          for (let s = 0; s < log.eventCount; s++)
            if (firstMatch(log.event(s).data, c.matcher)) expected.push(s);
          expect(new EventSearch(log, c).all().map((h) => h.seq)).toEqual(expected);
        },
      ),
      { numRuns: 300 },
    );
  });
});

function asciiEscape(ch: string): string {
  let out = '';
  for (let i = 0; i < ch.length; i++) out += '\\u' + ch.charCodeAt(i).toString(16).padStart(4, '0');
  return out;
}

describe('requiredLiteral: escapes that are not literal characters', () => {
  it('skips the bodies of \\x, \\u, \\p, \\k and backreferences', () => {
    expect(requiredLiteral('\\x41bc')).toBe('bc');
    expect(requiredLiteral('\\u0041bc')).toBe('bc');
    expect(requiredLiteral('\\u{1F389}xyz')).toBe('xyz');
    expect(requiredLiteral('\\p{L}+abc')).toBe('abc');
    expect(requiredLiteral('.?*+ab')).toBe('ab');
  });
});

describe('search property: regex prefilter never drops a match', () => {
  const pieces = [
    'a',
    'B',
    'é',
    '日',
    'k',
    'ab',
    'xy',
    '.',
    '.*',
    '\\s',
    '?',
    '+',
    '[ab]',
    '(a|b)',
    '\\x41',
    '\\.',
    '^',
    '$',
  ];
  const alphabet = ['a', 'b', 'B', 'A', 'é', '日', 'k', 'x', 'y', '.', ' ', '\n', 'xy', 'ab'];
  it('finds exactly the events whose strings match (naive oracle)', { timeout: 60_000 }, () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.array(fc.constantFrom(...alphabet), { maxLength: 8 }).map((a) => a.join('')),
          {
            minLength: 1,
            maxLength: 8,
          },
        ),
        fc.array(fc.constantFrom(...pieces), { minLength: 1, maxLength: 5 }).map((a) => a.join('')),
        fc.boolean(),
        (texts, query, caseSensitive) => {
          const log = loadLogFromText(
            texts.map((text, seq) => line({ type: 'note', seq, data: { text } })).join('\n'),
          );
          const c = compileQuery({ query, regex: true, caseSensitive });
          if (!c.ok || c.empty) return;
          const expected: number[] = [];
          for (let s = 0; s < log.eventCount; s++)
            if (firstMatch(log.event(s).data, c.matcher)) expected.push(s);
          expect(new EventSearch(log, c).all().map((h) => h.seq)).toEqual(expected);
        },
      ),
      { numRuns: 300 },
    );
  });
});
