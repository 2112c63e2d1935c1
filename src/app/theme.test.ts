// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { memoryStorage } from './testing/memoryStorage';
import { applyTheme, chooseTheme, nextTheme, storedTheme, useTheme } from './theme';

afterEach(() => applyTheme('system'));

describe('theme', () => {
  it('follows the system until the user chose', () => {
    expect(storedTheme(memoryStorage())).toBe('system');
  });

  it('reads back what the user chose, and ignores what it does not know', () => {
    const storage = memoryStorage();
    chooseTheme('light', storage);
    expect(storedTheme(storage)).toBe('light');
    expect(storedTheme(memoryStorage({ 'seqscope.theme': '"sepia"' }))).toBe('system');
    expect(storedTheme(memoryStorage({ 'seqscope.theme': '{not json' }))).toBe('system');
  });

  it('pins the page with data-theme, and removes the pin for system', () => {
    const storage = memoryStorage();
    chooseTheme('dark', storage);
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(useTheme.getState()).toMatchObject({ choice: 'dark', resolved: 'dark' });
    chooseTheme('system', storage);
    expect(document.documentElement.hasAttribute('data-theme')).toBe(false);
    // "system" is the default, so nothing stays behind in storage.
    expect(storage.data.size).toBe(0);
  });

  it('steps system -> light -> dark -> system', () => {
    expect([nextTheme('system'), nextTheme('light'), nextTheme('dark')]).toEqual(['light', 'dark', 'system']);
  });
});
