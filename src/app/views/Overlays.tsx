/**
 * Window-wide pieces: the drop target (a file dropped anywhere opens), the
 * keyboard shortcuts, the shortcuts dialog, and the error banner (Retry, unless the log was refused).
 */
import { useEffect, useState } from 'react';
import { useApp } from '../appState';
import { ModalDialog } from '../components/ModalDialog';
import { SHORTCUTS, setSingleKeyShortcuts, useKeySettings } from '../keymap';
import { useServices } from '../services/context';
import { clearNotice, useNotice } from '../services/notice';

/** Dropping a file anywhere on the window opens it. */
export function DropOverlay() {
  const { load } = useServices();
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
      load.open({ kind: 'file', file });
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
  }, [load]);
  if (!dragging) return null;
  return (
    <div className="pointer-events-none fixed inset-0 z-50 flex items-center justify-center bg-sky-950/70 backdrop-blur-sm">
      <div className="rounded-xl border-2 border-dashed border-sky-400 px-12 py-10 text-lg font-medium text-sky-100">
        Drop to open the log
      </div>
    </div>
  );
}

export function ShortcutsDialog() {
  const open = useApp((s) => s.shortcutsOpen);
  const singleKeys = useKeySettings((s) => s.singleKeys);
  if (!open) return null;
  return (
    <ModalDialog
      title="Keyboard shortcuts"
      testId="shortcuts"
      className="w-[30rem]"
      onClose={() => useApp.setState({ shortcutsOpen: false })}
    >
      <label className="mb-3 flex items-start gap-2 rounded border border-line bg-tint/[0.03] p-2">
        <input
          type="checkbox"
          data-testid="single-key-shortcuts"
          className="mt-0.5"
          checked={singleKeys}
          onChange={(e) => setSingleKeyShortcuts(e.target.checked)}
        />
        <span>
          <span className="text-fg-strong">Single-character shortcuts</span>
          <span className="block text-fg-muted">
            Keys like j, k, n, / and ? on their own. Turn them off if they fire by accident (speech input,
            typing elsewhere); arrows, Home/End and the buttons keep working. Remembered in this browser.
          </span>
        </span>
      </label>
      <table className="w-full">
        <tbody>
          {SHORTCUTS.map((s) => {
            const keys = s.scope === 'global' ? s.keys : `${s.scope}: ${s.keys}`;
            return (
              <tr key={keys} className="border-b border-line-soft last:border-0">
                <td className="py-1 pr-4 font-mono whitespace-nowrap text-sky-300">{keys}</td>
                <td className="py-1 text-fg-soft">{s.what}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </ModalDialog>
  );
}

export function ErrorBanner() {
  const status = useApp((s) => s.status);
  const error = useApp((s) => s.error);
  const dead = useApp((s) => s.workerDead);
  const notice = useNotice((s) => s.notice);
  const { load } = useServices();
  if (status === 'error' && error) {
    return (
      <div
        role="alert"
        data-testid="error"
        className="flex shrink-0 items-center gap-3 border-b border-red-500/30 bg-red-500/10 px-3 py-2 text-xs text-red-100"
      >
        <span className="font-medium">{dead ? 'The log worker stopped.' : 'Could not open the log.'}</span>
        <span className="min-w-0 flex-1 text-red-200">{error.message}</span>
        {error.code === 'file-changed' ? (
          // The browser reads a picked file only as it was when picked: a new pick, not a retry.
          <label className="cursor-pointer rounded border border-red-400/50 px-2 py-0.5 hover:bg-red-500/20 has-[:focus-visible]:outline-2">
            Choose the file again
            <input
              type="file"
              className="sr-only"
              data-testid="choose-again"
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file) load.reopenFile(file);
                e.target.value = '';
              }}
            />
          </label>
        ) : error.code === 'refused' ? null : ( // reading a refused log again is refused again
          <button
            type="button"
            onClick={() => load.retry()}
            className="rounded border border-red-400/50 px-2 py-0.5 hover:bg-red-500/20"
          >
            Retry
          </button>
        )}
        <button
          type="button"
          onClick={() => useApp.setState({ startPageOpen: true })}
          className="rounded border border-line-strong px-2 py-0.5 hover:bg-tint/10"
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
        <button type="button" className="ml-auto text-amber-300 hover:underline" onClick={clearNotice}>
          dismiss
        </button>
      </div>
    );
  }
  return null;
}
