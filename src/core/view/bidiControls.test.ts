import { describe, expect, it } from 'vitest';
import { nameParts, visibleName, visibleText } from './bidiControls';

describe('bidi controls in names (audit R10-L2)', () => {
  it('spells every override, embedding, isolate and mark out, and leaves other text alone', () => {
    const all = '\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c';
    expect(visibleName(`a${all}b`)).toBe(
      'a\\u202a\\u202b\\u202c\\u202d\\u202e\\u2066\\u2067\\u2068\\u2069\\u200e\\u200f\\u061cb',
    );
    // Right-to-left letters, a zero-width space and combining marks are text, not controls.
    expect(visibleName('שלום\u200b\u0301 مرحبا')).toBe('שלום\u200b\u0301 مرحبا');
  });

  it('splits a name into its text and its controls', () => {
    expect(nameParts('tool\u202e30000_x')).toEqual([
      { text: 'tool', control: false },
      { text: '\\u202e', control: true },
      { text: '30000_x', control: false },
    ]);
    expect(nameParts('\u2066')).toEqual([{ text: '\\u2066', control: true }]);
    expect(nameParts('bash')).toEqual([{ text: 'bash', control: false }]);
    expect(nameParts('')).toEqual([{ text: '', control: false }]);
  });
});

describe('text from outside in a sentence (audit R11-L3)', () => {
  it('spells bidi controls and control characters out, and leaves other text alone', () => {
    expect(visibleText('\u202e', 60)).toBe('\\u202e');
    expect(visibleText('a\nb\u0000c\u001b[31m\u0085\u2028d', 60)).toBe(
      'a\\u000ab\\u0000c\\u001b[31m\\u0085\\u2028d',
    );
    expect(visibleText('שלום é 😀', 60)).toBe('שלום é 😀');
  });

  it('keeps at most maxChars code points, never half a surrogate pair', () => {
    expect(visibleText('x'.repeat(61), 60)).toBe(`${'x'.repeat(60)}…`);
    expect(visibleText('x'.repeat(60), 60)).toBe('x'.repeat(60));
    expect(visibleText('😀'.repeat(5), 3)).toBe('😀😀😀…');
    expect(visibleText('\u202e'.repeat(100_000), 2)).toBe('\\u202e\\u202e…');
  });
});
