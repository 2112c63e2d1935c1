/**
 * Every keyboard shortcut, in one table that drives both the handlers
 * (tinykeys bindings) and the help dialog (`?`). Global shortcuts listen on
 * the window and are ignored while typing in a field; the scrubber's apply
 * while it has focus (Scrubber.tsx binds them on its element, and stops
 * them there, so the two never fight).
 */
import { openWhy, openWhyFocused, useWhy } from './why/whyState';
import { inTimeline, timelinePageRows } from './views/focusTargets';
import { useSearch } from './why/searchService';
import { replayNotice } from './playback/replayState';
import { createKeybindingsHandler, tinykeys, type KeyBindingMap } from 'tinykeys';
import { create } from 'zustand';
import { useApp } from './appState';
import type { AppServices } from './compose';
import { copyLink } from './share/links';

export const FILTER_INPUT_ID = 'timeline-filter';

export type ShortcutScope = 'global' | 'scrubber';

/** When a global shortcut applies: always, with a log loading or loaded, or with a log ready. */
export type ShortcutWhen = 'always' | 'log' | 'ready';

/** A handler; returning false means "not handled here" (the key keeps its default action). */
type Run = (app: AppServices, e: KeyboardEvent) => void | false;

export interface Shortcut {
  /** The keys as the help dialog writes them. */
  keys: string;
  what: string;
  scope: ShortcutScope;
  when: ShortcutWhen;
  /** tinykeys binding string -> handler. */
  bindings: Record<string, Run>;
  /** Handled even while typing in a field (Esc). */
  whileTyping?: boolean;
}

/** Elements Space activates by itself. */
function activatesOnSpace(target: EventTarget | null): boolean {
  return (
    target instanceof Element &&
    target.closest('button, a[href], summary, [role=button], [role=option], [role=treeitem]') !== null
  );
}

const togglePlayback: Run = (app, e) => {
  if (e.defaultPrevented || useApp.getState().shortcutsOpen) return false;
  app.player.toggle();
};

export const SHORTCUTS: readonly Shortcut[] = [
  {
    keys: '↑ / ↓  or  k / j',
    what: 'previous / next event (row)',
    scope: 'global',
    when: 'log',
    bindings: {
      ArrowUp: (app) => void app.nav.moveRow(-1),
      ArrowDown: (app) => void app.nav.moveRow(1),
      k: (app) => void app.nav.moveRow(-1),
      j: (app) => void app.nav.moveRow(1),
    },
  },
  {
    keys: 'Shift + ↑ / ↓',
    what: 'previous / next turn',
    scope: 'global',
    when: 'log',
    bindings: {
      'Shift+ArrowUp': (app) => void app.nav.moveSpan('turn', -1),
      'Shift+ArrowDown': (app) => void app.nav.moveSpan('turn', 1),
    },
  },
  {
    keys: 'p / n',
    what: 'previous / next step',
    scope: 'global',
    when: 'log',
    bindings: {
      p: (app) => void app.nav.moveSpan('step', -1),
      n: (app) => void app.nav.moveSpan('step', 1),
    },
  },
  {
    keys: 'Page Up / Page Down',
    what: 'a page of events up / down (in the timeline)',
    scope: 'global',
    when: 'log',
    bindings: {
      PageUp: (app, e) => (inTimeline(e.target) ? void app.nav.moveRow(-timelinePageRows()) : false),
      PageDown: (app, e) => (inTimeline(e.target) ? void app.nav.moveRow(timelinePageRows()) : false),
    },
  },
  {
    keys: 'Home / End',
    what: 'first / last event',
    scope: 'global',
    when: 'log',
    bindings: {
      Home: (app) => void app.nav.selectEdge('first'),
      End: (app) => void app.nav.selectEdge('last'),
    },
  },
  {
    keys: 'Space  or  Shift+K',
    what: 'play / pause (from the selected event)',
    scope: 'global',
    when: 'ready',
    bindings: {
      Space: (app, e) => (activatesOnSpace(e.target) ? false : togglePlayback(app, e)),
      'Shift+K': togglePlayback,
    },
  },
  {
    keys: 'h / l',
    what: 'one event back / forward',
    scope: 'global',
    when: 'ready',
    bindings: {
      h: (app) => void app.replay.move('event', -1),
      l: (app) => void app.replay.move('event', 1),
    },
  },
  {
    keys: '← / →',
    what: 'one event (Ctrl: one chunk of the step)',
    scope: 'scrubber',
    when: 'log',
    bindings: {
      ArrowLeft: (app) => void app.replay.move('event', -1),
      ArrowRight: (app) => void app.replay.move('event', 1),
      'Control+ArrowLeft': (app) => void app.replay.move('chunk', -1),
      'Control+ArrowRight': (app) => void app.replay.move('chunk', 1),
      'Meta+ArrowLeft': (app) => void app.replay.move('chunk', -1),
      'Meta+ArrowRight': (app) => void app.replay.move('chunk', 1),
    },
  },
  {
    keys: 'Alt + ← / →',
    what: 'one character inside a streamed delta',
    scope: 'scrubber',
    when: 'log',
    bindings: {
      'Alt+ArrowLeft': (app) => void app.replay.move('char', -1),
      'Alt+ArrowRight': (app) => void app.replay.move('char', 1),
    },
  },
  {
    keys: 'Shift + ← / →',
    what: 'previous / next step',
    scope: 'scrubber',
    when: 'log',
    bindings: {
      'Shift+ArrowLeft': (app) => void app.replay.move('step', -1),
      'Shift+ArrowRight': (app) => void app.replay.move('step', 1),
    },
  },
  {
    keys: 'PgUp / PgDn',
    what: 'previous / next turn',
    scope: 'scrubber',
    when: 'log',
    bindings: {
      PageUp: (app) => void app.replay.move('turn', -1),
      PageDown: (app) => void app.replay.move('turn', 1),
    },
  },
  {
    keys: 'Home / End',
    what: 'first / last event',
    scope: 'scrubber',
    when: 'log',
    bindings: {
      Home: (app) => void app.replay.move('edge', -1),
      End: (app) => void app.replay.move('edge', 1),
    },
  },
  {
    // Not plain k: everywhere else k is "previous event" (one meaning per key).
    keys: 'Space  or  Shift+K',
    what: 'play / pause (from the selected event)',
    scope: 'scrubber',
    when: 'log',
    bindings: {
      Space: (app) => app.player.toggle(),
      'Shift+K': (app) => app.player.toggle(),
    },
  },
  {
    keys: '/',
    what: 'search every event (Enter / Shift+Enter: next / previous hit)',
    scope: 'global',
    when: 'log',
    bindings: {
      '/': () => openWhyFocused('search'),
    },
  },
  {
    keys: 'e / Shift + E',
    what: 'next / previous error (failed tool call, model call or turn; error diagnostic)',
    scope: 'global',
    when: 'ready',
    bindings: {
      e: (app) => void app.nav.moveProblem('error', 1),
      'Shift+E': (app) => void app.nav.moveProblem('error', -1),
    },
  },
  {
    keys: 'd / Shift + D',
    what: 'next / previous event with a diagnostic',
    scope: 'global',
    when: 'ready',
    bindings: {
      d: (app) => void app.nav.moveProblem('diagnostic', 1),
      'Shift+D': (app) => void app.nav.moveProblem('diagnostic', -1),
    },
  },
  {
    keys: '] / [',
    what: 'next / previous search match (after a search with /)',
    scope: 'global',
    when: 'ready',
    bindings: {
      ']': (app) => stepSearch(app, 1),
      '[': (app) => stepSearch(app, -1),
    },
  },
  {
    keys: 'i',
    what: "what changed in the model's input at the selected step (the step row's Δ input)",
    scope: 'global',
    when: 'ready',
    bindings: {
      i: (app) => {
        const seq = useApp.getState().selectedSeq;
        if (seq === null) return false;
        openWhy('diff');
        void app.why.answers.diffCall(seq);
      },
    },
  },
  {
    keys: 'c',
    what: 'copy a link to the selected event (the full URL)',
    scope: 'global',
    when: 'log',
    bindings: { c: (app) => copyLink(app.url) },
  },
  {
    keys: '?',
    what: 'show or hide this help',
    scope: 'global',
    when: 'always',
    bindings: {
      '?': toggleHelp,
      'Shift+?': toggleHelp,
    },
  },
  {
    keys: 'Esc',
    what: 'close dialogs, leave the filter or the search box; again: close the bottom panel',
    scope: 'global',
    when: 'always',
    whileTyping: true,
    bindings: {
      Escape: (_app, e) => {
        const dialog = useApp.getState().shortcutsOpen;
        useApp.setState({ shortcutsOpen: false });
        // Outside fields and popups (which handle Esc themselves), Esc closes the bottom panel.
        if (!dialog && !e.defaultPrevented && !isTyping(e.target) && useWhy.getState().open)
          useWhy.setState({ open: false });
        return false;
      },
    },
  },
];

/**
 * Whether single-character shortcuts (a letter, digit or symbol without Ctrl, Alt or Meta: j, k,
 * /, ?, Shift+K) are on. WCAG 2.1.4: a user of speech input or a shaky hand must be able to turn
 * them off; arrows, Home/End, Space, Esc and every button keep working. Remembered per browser.
 */
export const useKeySettings = create<{ singleKeys: boolean }>()(() => ({ singleKeys: true }));

const SINGLE_KEYS_STORAGE = 'seqscope.singleKeyShortcuts';

export function setSingleKeyShortcuts(on: boolean): void {
  useKeySettings.setState({ singleKeys: on });
  try {
    localStorage.setItem(SINGLE_KEYS_STORAGE, on ? 'on' : 'off');
  } catch {
    // Storage refused (private mode, quota): the setting lasts for this page only.
  }
}

function loadKeySettings(): void {
  try {
    useKeySettings.setState({ singleKeys: localStorage.getItem(SINGLE_KEYS_STORAGE) !== 'off' });
  } catch {
    // No storage: the default (on).
  }
}

/** A binding that is one character key, with Shift at most ("j", "/", "Shift+K", "Shift+?"). */
export function isCharacterKey(binding: string): boolean {
  const parts = binding.split('+');
  const key = parts.at(-1) ?? '';
  return [...key].length === 1 && parts.slice(0, -1).every((m) => m === 'Shift');
}

function stepSearch(app: AppServices, dir: 1 | -1): void {
  if (useSearch.getState().hits.length === 0) {
    replayNotice('No search matches: press / to search every event');
    return;
  }
  app.why.search.step(dir);
}

function toggleHelp(): void {
  useApp.setState((s) => ({ shortcutsOpen: !s.shortcutsOpen }));
}

/** The attribute of a focusable scrolling region that keeps its scrolling keys (the messages list). */
export const SCROLL_KEYS_ATTR = 'data-scroll-keys';
/** Keys a focused scrolling region uses to scroll: the global shortcuts on them give way there. */
const SCROLL_KEYS = new Set(['ArrowUp', 'ArrowDown', 'Home', 'End', 'Space', 'PageUp', 'PageDown']);

function inScrollRegion(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest(`[${SCROLL_KEYS_ATTR}]`) !== null;
}

function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return (
    !!el &&
    (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.tagName === 'SELECT' || el.isContentEditable)
  );
}

function applies(when: ShortcutWhen): boolean {
  if (when === 'always') return true;
  const { status } = useApp.getState();
  return when === 'ready' ? status === 'ready' : status === 'ready' || status === 'loading';
}

/** The tinykeys map of one scope's shortcuts. */
export function bindingsFor(app: AppServices, scope: ShortcutScope): KeyBindingMap {
  const map: KeyBindingMap = {};
  for (const s of SHORTCUTS) {
    if (s.scope !== scope) continue;
    for (const [binding, run] of Object.entries(s.bindings)) {
      const characterKey = isCharacterKey(binding);
      map[binding] = (e) => {
        if (characterKey && !useKeySettings.getState().singleKeys) return;
        if (scope === 'global' && !s.whileTyping && isTyping(e.target)) return;
        if (scope === 'global' && SCROLL_KEYS.has(binding) && inScrollRegion(e.target)) return;
        if (!applies(s.when)) return;
        if (run(app, e) === false) return;
        e.preventDefault();
        if (scope !== 'global') e.stopPropagation();
      };
    }
  }
  return map;
}

/** Installs the global shortcuts on the window; returns the uninstall. */
export function installGlobalKeys(app: AppServices): () => void {
  loadKeySettings();
  return tinykeys(window, bindingsFor(app, 'global'));
}

/** A keydown handler for the focused scrubber. */
export function scrubberKeyHandler(app: AppServices): (e: KeyboardEvent) => void {
  return createKeybindingsHandler(bindingsFor(app, 'scrubber'));
}
