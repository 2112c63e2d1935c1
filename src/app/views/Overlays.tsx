/**
 * Window-wide pieces: the drop target (a file dropped anywhere opens), the
 * keyboard shortcuts, the shortcuts dialog, and the error banner with Retry.
 */
import { useEffect, useState } from 'react';
import { openSource, retry } from '../controller';
import { moveRow, moveSpan, selectEdge } from '../nav';
import { copyLink } from '../share/links';
import { useApp } from '../store';
import { SEARCH_INPUT_ID } from '../why/WhyPanel';
import { openWhy } from '../why/whyState';

/** Dropping a file anywhere on the window opens it. */
export function DropOverlay() {
  const [dragging, setDragging] = useState(false);
  useEffect(() => {
    let depth = 0;
    const hasFiles = (e: DragEvent) => Array.from(e.dataTransfer?.types ?? []).includes('Files');
    const enter = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      depth++;
      setDragging(true);
    };
    const leave = () => {
      depth = Math.max(0, depth - 1);
      if (depth === 0) setDragging(false);
    };
    const over = (e: DragEvent) => {
      if (hasFiles(e)) e.preventDefault(); // allow the drop
    };
    const drop = (e: DragEvent) => {
      depth = 0;
      setDragging(false);
      const file = e.dataTransfer?.files[0];
      if (!file) return;
      e.preventDefault();
      openSource({ kind: 'file', file });
    };
    window.addEventListener('dragenter', enter);
    window.addEventListener('dragleave', leave);
    window.addEventListener('dragover', over);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragenter', enter);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('dragover', over);
      window.removeEventListener('drop', drop);
    };
  }, []);
  if (!dragging) return null;
  return (
    <div className="pointer-events-none fixed inset-0 z-50 flex items-center justify-center bg-sky-950/70 backdrop-blur-sm">
      <div className="rounded-xl border-2 border-dashed border-sky-400 px-12 py-10 text-lg font-medium text-sky-100">
        Drop to open the log
      </div>
    </div>
  );
}

const SHORTCUTS: [string, string][] = [
  ['↑ / ↓  or  k / j', 'previous / next event (row)'],
  ['Shift + ↑ / ↓', 'previous / next turn'],
  ['p / n', 'previous / next step'],
  ['Home / End', 'first / last event'],
  ['Space  or  K', 'play / pause (from the selected event)'],
  ['h / l', 'one event back / forward'],
  ['scrubber: ← / →', 'one event (Ctrl: one chunk of the step)'],
  ['scrubber: Alt + ← / →', 'one character inside a streamed delta'],
  ['scrubber: Shift + ← / →', 'previous / next step'],
  ['scrubber: PgUp / PgDn', 'previous / next turn'],
  ['/', 'search every event (Enter / Shift+Enter: next / previous hit)'],
  ['c', 'copy a link to the selected event (the full URL)'],
  ['?', 'show or hide this help'],
  ['Esc', 'close dialogs, leave the filter'],
];

function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return (
    !!el &&
    (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.tagName === 'SELECT' || el.isContentEditable)
  );
}

/** Global keyboard shortcuts (ignored while typing in a field). */
export function useKeyboard(): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        useApp.setState({ shortcutsOpen: false });
        return;
      }
      if (isTyping(e.target) || e.metaKey || e.ctrlKey || e.altKey) return;
      const state = useApp.getState();
      if (state.status !== 'ready' && state.status !== 'loading') {
        if (e.key === '?') useApp.setState({ shortcutsOpen: !state.shortcutsOpen });
        return;
      }
      let handled = true;
      switch (e.key) {
        case 'ArrowDown':
          void (e.shiftKey ? moveSpan('turn', 1) : moveRow(1));
          break;
        case 'ArrowUp':
          void (e.shiftKey ? moveSpan('turn', -1) : moveRow(-1));
          break;
        case 'j':
          void moveRow(1);
          break;
        case 'k':
          void moveRow(-1);
          break;
        case 'n':
          void moveSpan('step', 1);
          break;
        case 'p':
          void moveSpan('step', -1);
          break;
        case 'Home':
          void selectEdge('first');
          break;
        case 'End':
          void selectEdge('last');
          break;
        case '/':
          // Search every event (the why panel); the timeline filter keeps its own field.
          openWhy('search');
          requestAnimationFrame(() => document.getElementById(SEARCH_INPUT_ID)?.focus());
          break;
        case 'c':
          copyLink();
          break;
        case '?':
          useApp.setState({ shortcutsOpen: !state.shortcutsOpen });
          break;
        default:
          handled = false;
      }
      if (handled) e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}

export function ShortcutsDialog() {
  const open = useApp((s) => s.shortcutsOpen);
  if (!open) return null;
  return (
    <div
      className="fixed inset-0 z-40 flex items-center justify-center bg-black/50"
      onClick={() => useApp.setState({ shortcutsOpen: false })}
    >
      <div
        role="dialog"
        aria-label="Keyboard shortcuts"
        data-testid="shortcuts"
        className="w-[26rem] rounded-lg border border-white/15 bg-neutral-900 p-4 text-xs shadow-2xl"
        onClick={(e) => e.stopPropagation()}
      >
        <h2 className="mb-3 text-sm font-medium text-neutral-100">Keyboard shortcuts</h2>
        <table className="w-full">
          <tbody>
            {SHORTCUTS.map(([keys, what]) => (
              <tr key={keys} className="border-b border-white/5 last:border-0">
                <td className="py-1 pr-4 font-mono whitespace-nowrap text-sky-300">{keys}</td>
                <td className="py-1 text-neutral-300">{what}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

export function ErrorBanner() {
  const status = useApp((s) => s.status);
  const error = useApp((s) => s.error);
  const dead = useApp((s) => s.workerDead);
  const notice = useApp((s) => s.notice);
  if (status === 'error' && error) {
    return (
      <div
        role="alert"
        data-testid="error"
        className="flex shrink-0 items-center gap-3 border-b border-red-500/30 bg-red-500/10 px-3 py-2 text-xs text-red-100"
      >
        <span className="font-medium">{dead ? 'The log worker stopped.' : 'Could not open the log.'}</span>
        <span className="min-w-0 flex-1 text-red-200/90">{error.message}</span>
        <button
          type="button"
          onClick={retry}
          className="rounded border border-red-400/50 px-2 py-0.5 hover:bg-red-500/20"
        >
          Retry
        </button>
        <button
          type="button"
          onClick={() => useApp.setState({ startPageOpen: true })}
          className="rounded border border-white/15 px-2 py-0.5 hover:bg-white/10"
        >
          Open another log
        </button>
      </div>
    );
  }
  if (notice) {
    return (
      <div className="flex shrink-0 items-center gap-3 border-b border-amber-500/30 bg-amber-500/10 px-3 py-1 text-xs text-amber-100">
        {notice}
        <button
          type="button"
          className="ml-auto text-amber-300 hover:underline"
          onClick={() => useApp.setState({ notice: null })}
        >
          dismiss
        </button>
      </div>
    );
  }
  return null;
}
