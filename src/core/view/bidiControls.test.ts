import { describe, expect, it } from 'vitest';
import { nameParts, visibleName } from './bidiControls';

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
