/**
 * Exports from the messages pane: the derived messages at a seq as JSON (all
 * of them, asked of the worker: not just the window on screen) and the
 * transcript up to the seq as Markdown, downloaded through a Blob URL.
 */
import { useApp } from '../appState';
import type { WorkerClient } from '../services/workerClient';
import type { UrlSync } from '../url/sync';
import { showToast } from './links';
import { messagesJson, transcriptMarkdown } from './transcript';

export type ExportKind = 'json' | 'markdown';

export async function exportAt(
  { client, url }: { client: WorkerClient; url: UrlSync },
  kind: ExportKind,
  seq: number,
): Promise<void> {
  const { name, selectedSeq, selectedChunk } = useApp.getState();
  const r = await client.request({ kind: 'messages', seq, from: 0, to: Number.MAX_SAFE_INTEGER });
  if (!r.ok) {
    showToast(`Export failed: ${r.error.message}`, { tone: 'warn' });
    return;
  }
  const base = fileBase(name);
  if (kind === 'json') {
    // With the request in force: what the model was sent is the header plus the messages.
    const q = await client.request({ kind: 'requestAt', seq });
    if (!q.ok) {
      showToast(`Export failed: ${q.error.message}`, { tone: 'warn' });
      return;
    }
    download(
      `${base}.seq-${seq}.messages.json`,
      messagesJson(
        seq,
        r.value.messages.map((m) => m.message),
        q.value === null
          ? null
          : {
              json: q.value.json,
              ...(q.value.legacyMessagePrefix ? { legacyMessagePrefix: q.value.legacyMessagePrefix } : {}),
            },
      ),
      'application/json',
    );
    return;
  }
  // The human transcript: every appended message up to seq (also those a compaction replaced), not the derived history.
  const t = await client.request({ kind: 'transcript', seq });
  if (!t.ok) {
    showToast(`Export failed: ${t.error.message}`, { tone: 'warn' });
    return;
  }
  const chunk = seq === selectedSeq && selectedChunk !== null ? selectedChunk : undefined;
  const s = await client.request(
    chunk === undefined ? { kind: 'stream', seq } : { kind: 'stream', seq, chunk },
  );
  const streaming = s.ok && s.value?.pending ? { blocks: s.value.state.blocks } : null;
  const link = url.linkTo(seq);
  const md = transcriptMarkdown({
    name: name || 'log',
    seq,
    messages: t.value.entries,
    streaming,
    ...(typeof link === 'string' ? { link } : {}),
  });
  download(`${base}.seq-${seq}.transcript.md`, md, 'text/markdown');
}

/** The log's name without its extensions, safe as a file name. */
export function fileBase(name: string): string {
  const last = name.split(/[/\\]/).pop() ?? '';
  const stem = last.replace(/(\.(jsonl|ndjson|json|log|txt))?(\.(gz|zst|zstd))?$/i, '');
  return stem.replace(/[^\w.-]+/g, '_').slice(0, 80) || 'log';
}

export function download(filename: string, text: string, type: string): void {
  downloadFile(filename, new Blob([text], { type: `${type};charset=utf-8` }));
}

/** Saves a file made elsewhere (the worker's redacted copy): no byte of it is touched here. */
export function downloadFile(filename: string, file: Blob): void {
  const url = URL.createObjectURL(file);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Revoked later: the download reads the blob after this task.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
