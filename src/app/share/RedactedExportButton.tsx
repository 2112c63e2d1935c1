/**
 * "Redacted": the whole log as a copy safe to share, built in the worker where the log is
 * (worker/redactedCopy.ts over core/redact): API keys, bearer tokens, passwords and other
 * credentials, private keys, JWTs, cloud keys, e-mail addresses and the user's home path masked, the same lines and events
 * kept, so the copy loads, derives and deep-links like the original. Downloaded as
 * `<log>.redacted.jsonl`; the toast says what was masked.
 */
import { useState } from 'react';
import { patternNote } from '../../core/redact/customPatterns';
import type { LogClient } from '../../worker/client';
import { downloadFile, fileBase } from './export';
import { showToast } from './links';

/** "api-key 3, email 1": what was masked, most first (and which patterns needed too much work). */
export function maskedSummary(
  counts: Record<string, number>,
  changedLines: number,
  overruns: Record<string, number> = {},
  keptWords = 0,
): string {
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  const note = patternNote(overruns, keptWords);
  if (total === 0) return `nothing to mask was found${note ? `; ${note}` : ''}`;
  const kinds = Object.entries(counts)
    .sort((a, b) => b[1] - a[1])
    .map(([k, n]) => `${k} ${n}`)
    .join(', ');
  return `masked ${total} value${total === 1 ? '' : 's'} (${kinds}) in ${changedLines} line${changedLines === 1 ? '' : 's'}${note ? `; ${note}` : ''}`;
}

export function RedactedExportButton({
  client,
  className,
}: {
  client: Pick<LogClient, 'request'>;
  className: string;
}) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const r = await client.request({ kind: 'exportRedacted' });
      if (!r.ok) {
        showToast(`Redacted copy failed: ${r.error.message}`, { tone: 'warn' });
        return;
      }
      downloadFile(`${fileBase(r.value.name)}.redacted.jsonl`, r.value.file);
      const summary = maskedSummary(
        r.value.counts,
        r.value.changedLines,
        r.value.overruns,
        r.value.keptWords,
      );
      const partial = r.value.partial;
      if (partial !== null)
        // the copy holds the events read; what the import could not read is not in it (audit R14-4)
        showToast(
          `Partial redacted copy: ${partial}, so it is not in the copy (see Diagnostics); ${summary}`,
          {
            tone: 'warn',
          },
        );
      else showToast(`Redacted copy: ${summary}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      data-testid="export-redacted"
      disabled={busy}
      onClick={() => void run()}
      title="Download a redacted copy of the whole log to share: API keys, tokens, passwords, private keys, JWTs, cloud keys, e-mail addresses and your home path masked; the same events, so it opens like the original"
      className={className}
    >
      {busy ? '…' : 'Redacted'}
    </button>
  );
}
