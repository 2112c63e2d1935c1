/**
 * A modal dialog on the native <dialog> element: it takes focus when it opens (its close button,
 * or the element marked `autoFocus`), makes the page behind it inert, keeps Tab inside, closes on
 * Escape, on its close button and on a click on the backdrop, and gives focus back to the element
 * that had it before. A render error inside it stays inside it (PaneBoundary).
 */
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { wrapTab } from './focusTrap';
import { PaneBoundary } from './PaneBoundary';

export function ModalDialog({
  title,
  onClose,
  testId,
  className = '',
  children,
}: {
  title: string;
  onClose: () => void;
  testId?: string;
  /** Size and placement of the box. */
  className?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      aria-label={title}
      data-testid={testId}
      onCancel={(e) => {
        e.preventDefault(); // React removes it: the state, not the browser, closes it
        onClose();
      }}
      // The browser may close it by itself (a second Escape without a click in between): follow.
      onClose={onClose}
      onKeyDown={(e) => {
        if (ref.current) wrapTab(e, ref.current);
      }}
      onClick={(e) => {
        if (e.target === e.currentTarget) onClose(); // the backdrop (the box's padding is inside)
      }}
      className={`m-auto max-h-[85vh] max-w-[92vw] overflow-hidden rounded-lg border border-line-strong bg-panel p-0 text-xs text-fg shadow-2xl backdrop:bg-black/50 ${className}`}
    >
      <div className="flex max-h-[85vh] flex-col">
        <div className="flex shrink-0 items-center gap-2 border-b border-line px-4 py-2">
          <h2 className="text-sm font-medium text-fg-strong">{title}</h2>
          <button
            type="button"
            onClick={onClose}
            className="ml-auto rounded border border-line-strong px-2 py-0.5 text-fg-soft hover:bg-tint/10"
            title="Close (Esc)"
          >
            Close
          </button>
        </div>
        <div className="min-h-0 overflow-auto p-4">
          {/* A dialog's failure stays in it: without a boundary React unmounts the app (R22-9). */}
          <PaneBoundary label={title} kind="dialog">
            {children}
          </PaneBoundary>
        </div>
      </div>
    </dialog>
  );
}
