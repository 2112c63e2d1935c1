/** Diagnostic messages quote log values: bounded in length, lists summarized, never a broken character. */
import { describe, expect, it } from 'vitest';
import { DiagnosticList, MAX_DIAGNOSTIC_MESSAGE, boundedMessage, listSome } from './diagnostics';

describe('diagnostic message bounds', () => {
  it('keeps a message up to the limit whole and cuts a longer one, saying how much', () => {
    const ok = 'a'.repeat(MAX_DIAGNOSTIC_MESSAGE);
    expect(boundedMessage(ok)).toBe(ok);
    const cut = boundedMessage('b'.repeat(1_000_000));
    expect(cut.length).toBeLessThanOrEqual(MAX_DIAGNOSTIC_MESSAGE);
    expect(cut).toMatch(/^b+… \(999,\d{3} more characters\)$/);
  });

  it('never cuts inside a surrogate pair', () => {
    for (let shift = 0; shift < 2; shift++) {
      const cut = boundedMessage('x'.repeat(shift) + '😀'.repeat(MAX_DIAGNOSTIC_MESSAGE));
      // a lone surrogate would be U+FFFD once encoded
      expect(new TextDecoder().decode(new TextEncoder().encode(cut))).not.toContain('\uFFFD');
    }
  });

  it('the list of every stage is bounded: DiagnosticList stores the cut message', () => {
    const list = new DiagnosticList();
    list.report('bad-json', `line 1: ${'z'.repeat(50_000)}`, { line: 1 });
    expect(list.items[0]?.message.length).toBeLessThanOrEqual(MAX_DIAGNOSTIC_MESSAGE);
  });

  it('listSome names the first ten and counts the rest', () => {
    expect(listSome([1, 2, 3])).toBe('1, 2, 3');
    expect(listSome(Array.from({ length: 12_345 }, (_, i) => i))).toBe(
      '0, 1, 2, 3, 4, 5, 6, 7, 8, 9 and 12,335 more',
    );
  });
});
