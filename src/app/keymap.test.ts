import { describe, expect, it } from 'vitest';
import { SHORTCUTS, isCharacterKey } from './keymap';

describe('the keymap', () => {
  it('gives each character key one meaning: bound in two scopes, it does the same in both', () => {
    const meaning = new Map<string, string>();
    for (const s of SHORTCUTS)
      for (const binding of Object.keys(s.bindings)) {
        if (!isCharacterKey(binding)) continue;
        expect(meaning.get(binding) ?? s.what, `${binding} means two things`).toBe(s.what);
        meaning.set(binding, s.what);
      }
    // k is "previous event", on the scrubber too; play/pause is Space or Shift+K everywhere.
    expect(meaning.get('k')).toBe('previous / next event (row)');
    expect(meaning.get('Shift+K')).toBe('play / pause (from the selected event)');
  });

  it('writes a shifted letter as "Shift + X" in the help, never as a bare capital', () => {
    for (const s of SHORTCUTS) expect(s.keys.replace(/Shift ?\+ ?[A-Z]/g, '')).not.toMatch(/\b[A-Z]\b/);
    const playPause = SHORTCUTS.filter((s) => s.what.startsWith('play / pause'));
    expect(playPause.map((s) => s.keys)).toEqual(['Space  or  Shift+K', 'Space  or  Shift+K']);
  });

  it("binds i to the selected step's input diff (the step row's Δ input button), globally", () => {
    const inputDiff = SHORTCUTS.find((s) => 'i' in s.bindings);
    expect(inputDiff).toMatchObject({ scope: 'global', keys: 'i' });
  });
});
