/**
 * What a request/header changed, as posted to the page: a first system prompt of 200,000 lines is
 * "all new", not diffed, and posted bounded (audit R21-4: it was diffed against nothing, given up,
 * and posted and drawn whole, a 1.4-3.2 s main-thread task).
 */
import { describe, expect, it } from 'vitest';
import { POSTED_DIFF_CHARS, postedParts } from '../diff/postedParts';
import type { TextPart } from '../diff/textDiff';
import { loadLogFromText } from '../log/load';
import { requestChangeAt } from './requestView';

const header = (seq: number, system: string) => ({
  type: 'request/header',
  seq,
  data: { header: { config: { model: 'm' }, system } },
});
const user = (seq: number) => ({
  type: 'user/message',
  seq,
  data: { role: 'user', content: [{ type: 'text', text: 'hi' }] },
  surfaceOp: 'append',
});
const logOf = (...events: unknown[]) =>
  loadLogFromText(events.map((e) => JSON.stringify(e)).join('\n') + '\n');
const postedChars = (parts: TextPart[]) => parts.reduce((n, p) => n + p.text.length, 0);

describe('a request header system prompt change, as posted', () => {
  const big = 'a\n'.repeat(200_000);

  it('a first header: the prompt is all new, not diffed, and posted bounded with a count', () => {
    const c = requestChangeAt(logOf(header(0, big), user(1)), 0);
    expect(c?.previousSeq).toBeNull();
    expect(c?.systemChars).toEqual({ before: 0, after: 400_000 });
    expect(c?.system.map((p) => p.op)).toEqual(['+']);
    expect(c?.system.some((p) => p.cut)).toBe(false);
    expect(postedChars(c?.system ?? [])).toBeLessThanOrEqual(POSTED_DIFF_CHARS);
    const [part] = c?.system ?? [];
    expect(part?.hidden?.chars).toBe(400_000 - (part?.text.length ?? 0));
    expect(part?.text.startsWith('a\na\n')).toBe(true);
  });

  it('a prompt removed whole is all removed; one edited in 200,000 lines is posted bounded', () => {
    const edited = big.replace('a\na\n', 'a\nz\n');
    const log = logOf(header(0, big), user(1), header(2, edited), user(3), header(4, ''), user(5));
    const c = requestChangeAt(log, 2);
    expect(c?.systemChars).toEqual({ before: 400_000, after: 400_000 });
    expect(c?.system.slice(0, 3)).toEqual([
      { op: '=', text: 'a\n' },
      { op: '-', text: 'a' },
      { op: '+', text: 'z' },
    ]);
    expect(postedChars(c?.system ?? [])).toBeLessThanOrEqual(POSTED_DIFF_CHARS);
    const gone = requestChangeAt(log, 4);
    expect(gone?.system.map((p) => p.op)).toEqual(['-']);
    expect(gone?.systemChars).toEqual({ before: 400_000, after: 0 });
  });
});

describe('postedParts', () => {
  it('posts short diffs as they are', () => {
    const parts: TextPart[] = [
      { op: '=', text: 'a ' },
      { op: '-', text: 'b' },
      { op: '+', text: 'c' },
    ];
    expect(postedParts(parts)).toEqual({ parts, unposted: { parts: 0, chars: 0 } });
  });

  it('past the bound the rest is counted, not posted', () => {
    const parts: TextPart[] = Array.from({ length: 10_000 }, (_, i) => ({
      op: i % 2 ? '+' : '-',
      text: 'x'.repeat(100),
    }));
    const p = postedParts(parts);
    expect(p.parts).toHaveLength(POSTED_DIFF_CHARS / 100);
    expect(p.unposted).toEqual({ parts: 10_000 - 400, chars: (10_000 - 400) * 100 });
  });

  it('never splits a surrogate pair where it cuts', () => {
    const text = '😀'.repeat(30_000);
    const [part] = postedParts([{ op: '+', text }]).parts;
    expect(part?.text).toMatch(/^(😀)+$/u);
    expect(part?.hidden?.at).toBe(8_000);
  });
});
