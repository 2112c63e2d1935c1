/**
 * The "Session" dialog of the header: the log's session header (spec 3.1:
 * id, cwd, createdAt, parentSession, seedLength, version, …) and the
 * non-event lines kept for display (the headless runner's wrapper lines,
 * e.g. its final `{"type":"result",…}`) with their line numbers, as JSON.
 * Both come bounded from the worker (core/view/headerFields.ts): each value's
 * head, the first fields, a count of the rest (audit R22-3).
 */
import { useState } from 'react';
import { ModalDialog } from '../components/ModalDialog';
import type { LogSummary } from '../../worker/protocol';
import { formatEpochMs } from '../components/format';
import { NameText } from '../components/NameText';
import { PlainTextView } from '../components/plainText';
import type { LogClient } from '../../worker/client';

/** What the dialog asks the worker: a cut field's whole text. */
type FieldClient = Pick<LogClient, 'request'>;

export function SessionInfoButton({ summary, client }: { summary: LogSummary | null; client: FieldClient }) {
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
          <SessionInfoPanel summary={summary} client={client} />
        </ModalDialog>
      )}
    </>
  );
}

export function SessionInfoPanel({ summary, client }: { summary: LogSummary; client: FieldClient }) {
  const header = summary.header;
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
          {header.fields.map((f, i) => (
            <div key={i} className="contents">
              <dt className="max-w-48 break-all text-fg-subtle">
                <NameText name={f.key} />
              </dt>
              <dd className="min-w-0 break-all whitespace-pre-wrap text-fg">
                {f.items !== undefined && <span className="text-fg-muted">{itemCount(f.items)} </span>}
                {f.cut ? (
                  <CutField
                    key={`${summary.loadId}:${i}`}
                    text={f.text}
                    chars={f.cut.chars}
                    index={i}
                    client={client}
                  />
                ) : (
                  f.text
                )}
                {f.epochMs !== undefined && ` (${formatEpochMs(f.epochMs)})`}
              </dd>
            </div>
          ))}
          {header.moreFields > 0 && (
            <div className="col-span-2 text-fg-subtle" data-testid="session-more-fields">
              … {count(header.moreFields)} more field{header.moreFields === 1 ? '' : 's'} not shown (line 1 of
              the file holds them)
            </div>
          )}
        </dl>
      ) : (
        <p className="text-fg-subtle">No session header line in this log.</p>
      )}
      {header?.seedLength !== undefined && (
        <p className="mt-2 text-[11px] text-amber-200" data-testid="session-seed">
          The first {header.seedLength} event{header.seedLength === 1 ? '' : 's'} (seq 0–
          {Math.max(0, header.seedLength - 1)}) are inherited from the parent session
          {header.parentSession !== undefined && (
            <>
              {' '}
              <NameText name={header.parentSession} />
            </>
          )}
          .
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
                {m.text}
                {m.cut && <CutMark />}
              </pre>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

const count = (n: number): string => n.toLocaleString('en-US');

const itemCount = (n: number): string => `${count(n)} item${n === 1 ? '' : 's'}:`;

/** Where a value's head ends: what is left out, and where it is whole. */
function CutMark({ chars }: { chars?: number | undefined }) {
  return (
    <span className="text-fg-subtle italic" data-testid="session-cut">
      {' '}
      … {chars !== undefined ? `${count(chars)} more characters` : 'cut'}
    </span>
  );
}

/**
 * A field's head, and "show all": the whole text, asked of the worker when the user wants it, drawn
 * as the Inspector draws a long text (its head and tail; every line only in a virtualized box).
 */
function CutField({
  text,
  chars,
  index,
  client,
}: {
  text: string;
  chars: number | undefined;
  index: number;
  client: FieldClient;
}) {
  const [whole, setWhole] = useState<{ text: string } | { error: string } | 'asking' | null>(null);
  // the dd breaks anywhere and keeps spaces: the text view lays out its own rows and gutter
  if (whole !== null && typeof whole === 'object' && 'text' in whole)
    return <PlainTextView text={whole.text} className="break-normal whitespace-normal" />;
  const ask = async () => {
    setWhole('asking');
    const r = await client.request({ kind: 'headerField', index });
    if (!r.ok) setWhole({ error: r.error.message });
    else setWhole(r.value ?? { error: 'the field is no longer in the header' });
  };
  return (
    <>
      {text}
      <CutMark chars={chars} />{' '}
      <button
        type="button"
        className="font-sans text-[11px] text-sky-300 underline-offset-2 hover:underline disabled:opacity-60"
        disabled={whole === 'asking'}
        onClick={() => void ask()}
        data-testid="session-show-all"
      >
        show all
      </button>
      {whole !== null && typeof whole === 'object' && (
        <span className="text-amber-300"> could not read it: {whole.error}</span>
      )}
    </>
  );
}
