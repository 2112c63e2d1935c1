/**
 * The colour theme: the system's (`prefers-color-scheme`), or light or dark
 * as the user chose, remembered in local storage. The CSS (index.css) does
 * the work: every token is `light-dark(...)`, resolved by `color-scheme`,
 * which follows the system unless <html data-theme> pins it. So applying a
 * choice is one attribute, set by main.tsx before the first render.
 */
import { create } from 'zustand';
import { readPref, writePref, type PrefStorage } from './storage/prefs';

export const THEME_CHOICES = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];
export type ResolvedTheme = 'light' | 'dark';

const KEY = 'seqscope.theme';
const DARK_QUERY = '(prefers-color-scheme: dark)';

interface ThemeState {
  choice: ThemeChoice;
  /** What is on screen (for canvas drawing, which cannot read `light-dark()`). */
  resolved: ResolvedTheme;
}

export const useTheme = create<ThemeState>()(() => ({ choice: 'system', resolved: 'dark' }));

function parseChoice(value: unknown): ThemeChoice | undefined {
  return THEME_CHOICES.find((c) => c === value);
}

/** The remembered choice ('system' when none, or when storage holds something else). */
export function storedTheme(storage?: PrefStorage): ThemeChoice {
  return readPref(KEY, parseChoice, storage) ?? 'system';
}

function systemTheme(): ResolvedTheme {
  return typeof matchMedia === 'function' && !matchMedia(DARK_QUERY).matches ? 'light' : 'dark';
}

/** Puts `choice` on the page: `data-theme` pins the CSS, its absence follows the system. */
export function applyTheme(choice: ThemeChoice, root: HTMLElement = document.documentElement): void {
  if (choice === 'system') root.removeAttribute('data-theme');
  else root.dataset.theme = choice;
  useTheme.setState({ choice, resolved: choice === 'system' ? systemTheme() : choice });
}

/** The user picked a theme: apply it and remember it. */
export function chooseTheme(choice: ThemeChoice, storage?: PrefStorage): void {
  applyTheme(choice);
  writePref(KEY, choice === 'system' ? undefined : choice, storage);
}

/** The next choice of the header's toggle: system -> light -> dark -> system. */
export function nextTheme(choice: ThemeChoice): ThemeChoice {
  return THEME_CHOICES[(THEME_CHOICES.indexOf(choice) + 1) % THEME_CHOICES.length] ?? 'system';
}

/** Follows the system's preference while the choice is 'system'; returns the teardown. */
export function watchSystemTheme(): () => void {
  if (typeof matchMedia !== 'function') return () => undefined;
  const query = matchMedia(DARK_QUERY);
  const changed = () => {
    if (useTheme.getState().choice === 'system') useTheme.setState({ resolved: systemTheme() });
  };
  query.addEventListener('change', changed);
  return () => query.removeEventListener('change', changed);
}
