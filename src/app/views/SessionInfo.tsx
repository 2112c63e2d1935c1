/**
 * The "Session" dialog of the header: the log's session header (spec 3.1:
 * id, cwd, createdAt, parentSession, seedLength, version, …) and the
 * non-event lines kept for display (the headless runner's wrapper lines,
 * e.g. its final `{"type":"result",…}`) with their line numbers, as JSON.
 */
import { useState } from 'react';
import { ModalDialog } from '../components/ModalDialog';
import type { LogSummary } from '../../worker/protocol';
import { stringifyPretty } from '../components/jsonText';
import { formatEpochMs } from '../components/format';

/** Header fields shown first, in this order; any other field follows. */
const FIRST = ['id', 'cwd', 'createdAt', 'parentSession', 'seedLength', 'version'];

export function SessionInfoButton({ summary }: { summary: LogSummary | null }) {
  // Open for one load: another log closes it.
  const [openFor, setOpenFor] = useState<number | null>(null);
  const open = summary !== null && openFor === summary.loadId;
  if (!summary) return null;
  const count = (summary.header ? 1 : 0) + summary.metas.length;
  return (
    <>
      <button
        type="button"
        onClick={() => setOpenFor(open ? null : summary.loadId)}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-label="Session info"
        data-testid="session-info-button"
        className={`flex h-5 items-center gap-1 rounded px-1 text-[11px] underline-offset-2 hover:underline ${open ? 'text-sky-300' : 'text-fg-muted hover:text-fg'}`}
        title={`Session: the log's header and its non-event lines (${count})`}
      >
        {/* An "about" glyph and a word, not a bordered tag: it must not read as a severity count. */}
        <svg viewBox="0 0 12 12" className="h-3 w-3" aria-hidden>
          <circle cx="6" cy="6" r="5.25" fill="none" stroke="currentColor" strokeWidth="1.2" />
          <path d="M6 5.2v3.6M6 3.2v.1" stroke="currentColor" strokeWidth="1.4" strokeLinecap="round" />
        </svg>
        {/* Below 1280 px the header keeps the glyph (the name stays for screen readers and the tooltip). */}
        <span className="max-[1279px]:sr-only">session</span>
      </button>
      {open && (
        <ModalDialog
          title="Session"
          testId="session-info"
          className="w-[34rem]"
          onClose={() => setOpenFor(null)}
        >
          <SessionInfoPanel summary={summary} />
        </ModalDialog>
      )}
    </>
  );
}

export function SessionInfoPanel({ summary }: { summary: LogSummary }) {
  const header = summary.header;
  const fields = header
    ? [
        ...FIRST.filter((k) => k in header),
        ...Object.keys(header).filter((k) => k !== 'type' && !FIRST.includes(k)),
      ]
    : [];
  return (
    <div>
      <p className="mb-3 font-mono text-[11px] text-fg-muted" data-testid="session-fingerprint">
        fingerprint <span className="text-fg">{summary.fingerprint}</span> (first 16 hex of the file&apos;s
        SHA-256: links name a local file by it)
      </p>
      <h3 className="mb-2 text-[11px] font-semibold tracking-wide text-fg-muted uppercase">Session header</h3>
      {header ? (
        <dl
          className="grid grid-cols-[max-content_1fr] gap-x-3 gap-y-1 font-mono text-[11px]"
          data-testid="session-header"
        >
          {fields.map((k) => (
            <div key={k} className="contents">
              <dt className="text-fg-subtle">{k}</dt>
              <dd className="break-all whitespace-pre-wrap text-fg">{fieldText(k, header[k])}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="text-fg-subtle">No session header line in this log.</p>
      )}
      {header?.seedLength !== undefined && (
        <p className="mt-2 text-[11px] text-amber-200" data-testid="session-seed">
          The first {header.seedLength} event{header.seedLength === 1 ? '' : 's'} (seq 0–
          {Math.max(0, header.seedLength - 1)}) are inherited from the parent session
          {header.parentSession ? ` ${header.parentSession}` : ''}.
        </p>
      )}
      <h3 className="mt-3 mb-2 text-[11px] font-semibold tracking-wide text-fg-muted uppercase">
        Other lines ({summary.metas.length}
        {summary.metas.length >= 100 ? '+' : ''})
      </h3>
      {summary.metas.length === 0 ? (
        <p className="text-fg-subtle">None: every other line is an event.</p>
      ) : (
        <ul className="space-y-2" data-testid="session-metas">
          {summary.metas.map((m) => (
            <li key={m.line}>
              <div className="mb-0.5 font-mono text-[10px] text-fg-subtle">
                line {m.line} · after {m.beforeSeq} event{m.beforeSeq === 1 ? '' : 's'}
              </div>
              <pre className="max-h-48 overflow-auto rounded bg-inset p-1.5 font-mono text-[11px] break-all whitespace-pre-wrap text-fg">
                {stringifyPretty(m.value)}
              </pre>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function fieldText(key: string, v: unknown): string {
  if (key === 'createdAt' && typeof v === 'number' && Number.isFinite(v)) return `${v} (${formatEpochMs(v)})`;
  if (typeof v === 'string') return v;
  return stringifyPretty(v);
}
