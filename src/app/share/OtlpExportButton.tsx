/**
 * "OTLP": the whole log as OpenTelemetry traces (OTLP/JSON, GenAI semantic
 * conventions), built in the worker where the log is (core/export/otlp.ts)
 * and downloaded as `<log>.otlp.json`, for Jaeger's trace upload, Grafana
 * Tempo or any OTLP collector. Message content is left out (it can be large
 * and private); Shift+click adds it, bounded (core/export/contentLimits.ts):
 * the notice then says what was cut or left out.
 */
import { useState } from 'react';
import type { LogClient } from '../../worker/client';
import { download, fileBase } from './export';
import { showToast } from './links';

export function OtlpExportButton({
  client,
  className,
}: {
  client: Pick<LogClient, 'request'>;
  className: string;
}) {
  const [busy, setBusy] = useState(false);
  const run = async (content: boolean) => {
    setBusy(true);
    try {
      const r = await client.request({ kind: 'exportOtlp', content });
      if (!r.ok) {
        showToast(`Export failed: ${r.error.message}`, { tone: 'warn' });
        return;
      }
      download(`${fileBase(r.value.name)}.otlp.json`, r.value.text, 'application/json');
      const what = `${r.value.spans} spans as OTLP JSON${content ? ' with message content' : ''}`;
      // what content was cut or left out, as the CLI says on standard error (audit R22-8)
      const note = r.value.contentNote !== null ? `; ${r.value.contentNote}` : '';
      // the spans are of the events read, as the CLI's export says (audit R16-2)
      if (r.value.partial !== null)
        showToast(
          `Partial OTLP export: ${r.value.partial}, so it is not in the spans (see Diagnostics); exported ${what}${note}`,
          { tone: 'warn', ms: 10000 },
        );
      else if (note !== '') showToast(`Exported ${what}${note}`, { tone: 'warn', ms: 10000 });
      else showToast(`Exported ${what}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      data-testid="export-otlp"
      disabled={busy}
      onClick={(e) => void run(e.shiftKey)}
      title="Download the whole log as OpenTelemetry traces (OTLP JSON: one span per turn, model call and tool call) for Jaeger, Tempo or a collector. Shift+click adds the message content."
      className={className}
    >
      {busy ? '…' : 'OTLP'}
    </button>
  );
}
