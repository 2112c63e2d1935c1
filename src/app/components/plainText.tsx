/**
 * Plain text of any size (tool output, raw message text, text over the markdown limit), with line
 * numbers, a wrap toggle and a copy button that copies the whole text. A long text shows its head
 * and its tail with the elision in the middle ("… 1,234 lines hidden …"), because test runners
 * put their failures at the end; the head and tail are capped by characters too, so one 4 MB line
 * shows about 20,000 of them ("… 3,980,000 characters of line 1 hidden …"); expanding shows every row in a virtualized scroll box, so a
 * 30 MB output costs the DOM the same few dozen rows as a short one.
 */

import { type ReactNode, useState } from 'react';
import { smallButton } from './blockChrome';
import { writeClipboard } from './clipboard';
import { formatBytes } from './format';
import { TextRowView } from './textRowView';
import { elide, headRowCount, type TextRows } from './textRows';
import { useTextRows } from './useTextRows';
import { VirtualRows } from './virtualRows';

/** A one-line text up to this long shows as bare text, without line numbers or toolbar. */
const BARE_CHARS = 200;

export interface PlainTextViewProps {
  text: string;
  /** Said in the toolbar (why this text is shown as plain text, for example). */
  note?: string;
  /** More toolbar controls (a markdown toggle). */
  extra?: ReactNode;
  className?: string;
}

const count = (n: number): string => n.toLocaleString('en-US');

function Rows({
  rows,
  from,
  to,
  gutter,
  wrap,
}: {
  rows: TextRows;
  from: number;
  to: number;
  gutter: number;
  wrap: boolean;
}): ReactNode {
  const out: ReactNode[] = [];
  for (let r = from; r < to; r++)
    out.push(<TextRowView key={r} rows={rows} index={r} gutter={gutter} wrap={wrap} />);
  return out;
}

function CopyButton({ text }: { text: string }): ReactNode {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async (): Promise<void> => {
    const ok = await writeClipboard(text);
    setState(ok ? 'copied' : 'failed');
    setTimeout(() => setState('idle'), 1500);
  };
  return (
    <>
      <button type="button" className={smallButton} title="Copy the whole text" onClick={copy}>
        copy
      </button>
      <span aria-live="polite" data-testid="copy-state" className="text-fg-muted">
        {state === 'copied' ? 'copied' : state === 'failed' ? 'copy failed' : ''}
      </span>
    </>
  );
}

export function PlainTextView({ text, note, extra, className }: PlainTextViewProps): ReactNode {
  const rows = useTextRows(text);
  const [wrap, setWrap] = useState(true);
  const [expanded, setExpanded] = useState(false);

  if (rows.done && rows.lineCount <= 1 && text.length <= BARE_CHARS && note === undefined) {
    return (
      <div data-testid="plain-text" data-lines={rows.lineCount} className={`flow-root ${className ?? ''}`}>
        {extra !== undefined && <div className="float-right ml-2">{extra}</div>}
        <pre className="font-mono text-xs leading-snug break-words whitespace-pre-wrap">{text}</pre>
      </div>
    );
  }

  const elision = elide(rows);
  const gutter = String(rows.done ? rows.lineCount : Math.max(rows.lineCount, 99_999)).length;
  const open = expanded && elision !== null;
  const body = open ? (
    <VirtualRows rows={rows} gutter={gutter} wrap={wrap} label={`All ${count(rows.lineCount)} lines`} />
  ) : !rows.done ? (
    <>
      <Rows rows={rows} from={0} to={headRowCount(rows)} gutter={gutter} wrap={wrap} />
      <div role="status" className="py-1 pl-2 text-fg-subtle italic">
        reading {formatBytes(text.length)} of text…
      </div>
    </>
  ) : elision === null ? (
    <Rows rows={rows} from={0} to={rows.rowCount} gutter={gutter} wrap={wrap} />
  ) : (
    <>
      <Rows rows={rows} from={0} to={elision.from} gutter={gutter} wrap={wrap} />
      <button
        type="button"
        data-testid="elision"
        className="my-0.5 block w-full rounded border border-dashed border-edge py-0.5 text-center font-sans text-[11px] text-fg-muted hover:bg-tint/10 hover:text-fg focus-visible:outline-2 focus-visible:outline-sky-400"
        title="Show every line"
        onClick={() => setExpanded(true)}
      >
        {elision.lines > 0
          ? `… ${count(elision.lines)} ${elision.lines === 1 ? 'line' : 'lines'} hidden (${formatBytes(elision.chars)}) …`
          : `… ${count(elision.chars)} characters of line ${(rows.lines[elision.from] ?? 0) + 1} hidden …`}
      </button>
      <Rows rows={rows} from={elision.to} to={rows.rowCount} gutter={gutter} wrap={wrap} />
    </>
  );

  return (
    <div
      data-testid="plain-text"
      data-lines={rows.done ? rows.lineCount : undefined}
      data-expanded={open}
      data-wrap={wrap}
      className={`min-w-0 ${className ?? ''}`}
    >
      <div className="mb-0.5 flex flex-wrap items-center gap-x-2 gap-y-0.5 text-[11px] text-fg-subtle">
        <span data-testid="text-size">
          {rows.done ? `${count(rows.lineCount)} ${rows.lineCount === 1 ? 'line' : 'lines'}, ` : ''}
          {formatBytes(text.length)}
        </span>
        {note !== undefined && (
          <span data-testid="plain-note" className="text-amber-300">
            {note}
          </span>
        )}
        <span className="ml-auto flex items-center gap-1.5">
          {open && (
            <button type="button" className={smallButton} onClick={() => setExpanded(false)}>
              collapse
            </button>
          )}
          <button
            type="button"
            aria-pressed={wrap}
            className={smallButton}
            title={
              wrap
                ? 'Long lines wrap (click to scroll them instead)'
                : 'Long lines scroll (click to wrap them)'
            }
            onClick={() => setWrap((w) => !w)}
          >
            wrap
          </button>
          <CopyButton text={text} />
          {extra}
        </span>
      </div>
      <div className={`font-mono text-xs leading-[18px] ${wrap || open ? '' : 'overflow-x-auto'}`}>
        {body}
      </div>
    </div>
  );
}
