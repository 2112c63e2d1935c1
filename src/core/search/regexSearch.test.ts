/**
 * Regex search over hostile text (issue 14): patterns that backtrack for ever or for minutes in a
 * native RegExp give their right counts, and the user's pattern never becomes a native RegExp.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadLogFromText } from '../log/load';
import { compileQuery } from './query';
import { EventSearch } from './search';

/** One user message per text, seq by seq. */
function logOf(texts: string[]) {
  return loadLogFromText(
    texts
      .map((text, seq) =>
        JSON.stringify({
          type: 'user/message',
          seq,
          data: { role: 'user', content: [{ type: 'text', text }] },
        }),
      )
      .join('\n') + '\n',
  );
}

function searchSeqs(texts: string[], query: string): number[] {
  const c = compileQuery({ query, regex: true });
  if (!c.ok) throw new Error(c.error);
  return new EventSearch(logOf(texts), c).all().map((h) => h.seq);
}

describe('regex search on the linear-time engine', () => {
  const a = (n: number) => 'a'.repeat(n);
  it.each([
    ['a*a*a*b', [a(3000), `${a(3000)}b`, a(50_000), `${a(50_000)}b`], [1, 3]],
    ['\\w*\\w*\\w*!', [a(3000), `${a(3000)}!`, a(50_000), `x ${a(50_000)}!`], [1, 3]],
    ['.*.*=', ['k'.repeat(12_000), `${'k'.repeat(12_000)}=`, 'x'.repeat(50_000)], [1]],
    ['(a+)+$', [`${a(3000)}!`, a(3000), `${a(50_000)}!`, `! ${a(50_000)}`], [1, 3]],
  ])('%s on 3,000 to 50,000-character messages finds exactly the matching ones', (query, texts, seqs) => {
    expect(searchSeqs(texts, query)).toEqual(seqs);
  });

  it('a hit on a hostile pattern still marks the match in its snippet', () => {
    const c = compileQuery({ query: 'a*a*a*b', regex: true });
    if (!c.ok) throw new Error(c.error);
    const [hit] = new EventSearch(logOf([`x ${a(3000)}b y`]), c).all();
    expect(hit?.snippet.slice(hit.start, hit.end)).toMatch(/^a+b$/);
  });

  it('refuses a lookahead with the reason instead of running it', () => {
    expect(compileQuery({ query: 'foo(?=bar)', regex: true })).toEqual({
      ok: false,
      error: 'this pattern uses a lookahead, which the linear-time engine does not support',
    });
  });

  describe('the native RegExp constructor', () => {
    const built: string[] = [];
    const Native = RegExp;
    const spy = new Proxy(Native, {
      construct(target, args: [string | RegExp, string?], newTarget) {
        built.push(typeof args[0] === 'string' ? args[0] : args[0].source);
        return Reflect.construct(target, args, newTarget) as RegExp;
      },
      apply(target, self, args: [string | RegExp, string?]) {
        built.push(typeof args[0] === 'string' ? args[0] : args[0].source);
        return Reflect.apply(target, self, args);
      },
    });
    afterEach(() => {
      vi.unstubAllGlobals();
      built.length = 0;
    });

    it('never sees the pattern of a regex search, at compile time or while searching', () => {
      vi.stubGlobal('RegExp', spy);
      const patterns = ['a*a*a*b', 'reADme\\s*\\d+', '(a+)+$', 'é+'];
      for (const query of patterns)
        for (const caseSensitive of [false, true]) {
          const c = compileQuery({ query, regex: true, caseSensitive });
          if (!c.ok) throw new Error(c.error);
          new EventSearch(logOf([`${a(5)}b`, 'README 12', 'Ééé']), c).all();
        }
      expect(built.filter((source) => patterns.includes(source))).toEqual([]);
    });

    it('does see a plain query (escaped): the spy catches constructions', () => {
      vi.stubGlobal('RegExp', spy);
      compileQuery({ query: 'a.b' });
      expect(built).toContain('a\\.b');
    });
  });
});
