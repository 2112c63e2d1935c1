/**
 * The messages pane's exports behind one "Export" button: the messages at the seq as JSON, the
 * transcript as Markdown, the log as OTLP traces, a redacted copy of the log. One button keeps the
 * pane's header on one line in a narrow pane; the menu is a native popover (the browser closes it
 * on Escape or a click outside and gives focus back), placed under its button.
 */
import { useRef, useState } from 'react';
import { useServices } from '../services/context';
import { exportAt, type ExportKind } from './export';
import { OtlpExportButton } from './OtlpExportButton';
import { RedactedExportButton } from './RedactedExportButton';
import { formatSeq } from '../../core/view/seqText';

export const EXPORT_MENU_ID = 'export-menu';

export function ExportButtons({ seq }: { seq: number }) {
  const services = useServices();
  const [busy, setBusy] = useState<ExportKind | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const run = (kind: ExportKind) => {
    setBusy(kind);
    void exportAt(services, kind, seq).finally(() => setBusy(null));
  };
  // Under the button, right-aligned with it, inside the window.
  const place = () => {
    const button = buttonRef.current?.getBoundingClientRect();
    const menu = menuRef.current;
    if (!button || !menu) return;
    menu.style.top = `${Math.round(button.bottom + 4)}px`;
    menu.style.left = `${Math.round(Math.max(4, button.right - menu.offsetWidth))}px`;
  };
  const cls =
    'w-full rounded px-2 py-1 text-left text-[11px] text-fg-soft hover:bg-tint/10 hover:text-fg-strong disabled:opacity-50';
  return (
    <div className="ml-auto flex shrink-0 items-center" role="group" aria-label="Export">
      <button
        ref={buttonRef}
        type="button"
        data-testid="export-menu-button"
        popoverTarget={EXPORT_MENU_ID}
        title="Download these messages, the transcript, OTLP traces or a redacted copy of the log"
        className="rounded border border-line px-1.5 py-0.5 text-[11px] whitespace-nowrap text-fg-soft hover:border-sky-500/40 hover:bg-tint/5 hover:text-fg-strong"
      >
        {busy ? 'Exporting…' : 'Export ▾'}
      </button>
      <div
        ref={menuRef}
        id={EXPORT_MENU_ID}
        popover="auto"
        onToggle={(e) => {
          if (e.newState === 'open') place();
        }}
        // A choice closes the menu (its button's own click has run by then).
        onClick={() => menuRef.current?.hidePopover()}
        className="fixed m-0 w-56 rounded border border-line-strong bg-raised p-1 text-fg shadow-lg"
      >
        <button
          type="button"
          data-testid="export-json"
          disabled={busy !== null}
          onClick={() => run('json')}
          title={`Download the model-visible messages at ${formatSeq(seq)} as JSON`}
          className={cls}
        >
          JSON: messages at {formatSeq(seq)}
        </button>
        <button
          type="button"
          data-testid="export-markdown"
          disabled={busy !== null}
          onClick={() => run('markdown')}
          title={`Download the transcript up to ${formatSeq(seq)} as Markdown`}
          className={cls}
        >
          Markdown: transcript to {formatSeq(seq)}
        </button>
        <OtlpExportButton client={services.client} className={cls} />
        <RedactedExportButton client={services.client} className={cls} />
      </div>
    </div>
  );
}
