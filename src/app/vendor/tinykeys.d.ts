/**
 * tinykeys 3 ships its types (dist/tinykeys.d.ts) but its package.json
 * "exports" map does not name them, so TypeScript's bundler resolution cannot
 * find them: the part of its API the app uses, as published.
 */
declare module 'tinykeys' {
  export interface KeyBindingMap {
    [keybinding: string]: (event: KeyboardEvent) => void;
  }
  export interface KeyBindingOptions {
    timeout?: number;
    event?: 'keydown' | 'keyup';
    capture?: boolean;
  }
  export function tinykeys(
    target: Window | HTMLElement,
    keyBindingMap: KeyBindingMap,
    options?: KeyBindingOptions,
  ): () => void;
  export function createKeybindingsHandler(
    keyBindingMap: KeyBindingMap,
    options?: { timeout?: number },
  ): EventListener;
}
