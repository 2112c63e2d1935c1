/** The messages pane's export actions: messages at the seq as JSON, the transcript as Markdown, the log as OTLP traces. */
import { useState } from 'react';
import { useServices } from '../services/context';
import { exportAt, type ExportKind } from './export';
import { OtlpExportButton } from './OtlpExportButton';

export function ExportButtons({ seq }: { seq: number }) {
  const services = useServices();
  const [busy, setBusy] = useState<ExportKind | null>(null);
  const run = (kind: ExportKind) => {
    setBusy(kind);
    void exportAt(services, kind, seq).finally(() => setBusy(null));
  };
  const cls =
    'rounded border border-white/10 px-1.5 py-0.5 text-[11px] text-neutral-300 hover:border-sky-500/40 hover:bg-white/5 hover:text-neutral-100 disabled:opacity-50';
  return (
    <div className="ml-auto flex shrink-0 items-center gap-1" role="group" aria-label="Export">
      <span className="text-[11px] text-neutral-500">Export</span>
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
    </div>
  );
}
