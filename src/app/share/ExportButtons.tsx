/** The messages pane's export actions: messages at the seq as JSON, the transcript as Markdown, the log as OTLP traces, a redacted copy of the log. */
import { useState } from 'react';
import { useServices } from '../services/context';
import { exportAt, type ExportKind } from './export';
import { OtlpExportButton } from './OtlpExportButton';
import { RedactedExportButton } from './RedactedExportButton';

export function ExportButtons({ seq }: { seq: number }) {
  const services = useServices();
  const [busy, setBusy] = useState<ExportKind | null>(null);
  const run = (kind: ExportKind) => {
    setBusy(kind);
    void exportAt(services, kind, seq).finally(() => setBusy(null));
  };
  const cls =
    'rounded border border-line px-1.5 py-0.5 text-[11px] text-fg-soft hover:border-sky-500/40 hover:bg-tint/5 hover:text-fg-strong disabled:opacity-50';
  return (
    <div className="ml-auto flex shrink-0 items-center gap-1" role="group" aria-label="Export">
      <span className="text-[11px] text-fg-subtle">Export</span>
      <button
        type="button"
        data-testid="export-json"
        disabled={busy !== null}
        onClick={() => run('json')}
        title={`Download the model-visible messages at seq ${seq} as JSON`}
        className={cls}
      >
        {busy === 'json' ? '…' : 'JSON'}
      </button>
      <button
        type="button"
        data-testid="export-markdown"
        disabled={busy !== null}
        onClick={() => run('markdown')}
        title={`Download the transcript up to seq ${seq} as Markdown`}
        className={cls}
      >
        {busy === 'markdown' ? '…' : 'Markdown'}
      </button>
      <OtlpExportButton client={services.client} className={cls} />
      <RedactedExportButton client={services.client} className={cls} />
    </div>
  );
}
