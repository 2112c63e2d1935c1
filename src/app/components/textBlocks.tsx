/**
 * Text and reasoning blocks. Text renders as markdown, capped at TEXT_BLOCK_CAP characters until
 * "show all"; raw text, and text over the markdown limit, render as plain text (line numbers,
 * head and tail of long texts, virtualized when expanded). Reasoning is collapsed to its first line.
 */

import { type ReactNode, useMemo, useState } from 'react';
import type { ReasoningBlock } from '../../core/types';
import { smallButton } from './blockChrome';
import { Markdown, overMarkdownLimitNote } from './markdown';
import { PlainTextView } from './plainText';

/** Text blocks render at most this many characters until "show all". */
export const TEXT_BLOCK_CAP = 20_000;

/** Cuts at `n` characters without splitting a surrogate pair. */
function cut(text: string, n: number): string {
  if (text.length <= n) return text;
  const code = text.charCodeAt(n - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? n - 1 : n);
}

interface TextBodyProps {
  text: string;
  /** Start as plain text instead of markdown (tool output is rarely markdown). */
  plain?: boolean;
  className?: string;
}

/** Markdown text capped at TEXT_BLOCK_CAP characters until "show all", or plain text. */
export function TextBody({ text, plain = false, className }: TextBodyProps): ReactNode {
  const [showAll, setShowAll] = useState(false);
  const [raw, setRaw] = useState(plain);
  const limitNote = useMemo(() => overMarkdownLimitNote(text), [text]);
  const overLimit = limitNote !== null;
  if (raw || overLimit) {
    return (
      <PlainTextView
        text={text}
        className={className}
        note={overLimit && !plain ? limitNote : undefined}
        extra={
          overLimit ? undefined : (
            <button
              type="button"
              title="Render as markdown"
              data-testid="raw-toggle"
              className={smallButton}
              onClick={() => setRaw(false)}
            >
              md
            </button>
          )
        }
      />
    );
  }
  const capped = !showAll && text.length > TEXT_BLOCK_CAP;
  return (
    <div className={`group relative flow-root ${className ?? ''}`}>
      <button
        type="button"
        title="Show the raw text"
        data-testid="raw-toggle"
        className="float-right ml-2 rounded px-1 text-[10px] leading-4 text-fg-subtle opacity-0 group-hover:opacity-100 hover:bg-tint/10 hover:text-fg focus:opacity-100"
        onClick={() => setRaw(true)}
      >
        raw
      </button>
      <Markdown text={capped ? cut(text, TEXT_BLOCK_CAP) : text} />
      {capped && (
        <button type="button" className={`${smallButton} mt-1`} onClick={() => setShowAll(true)}>
          show all ({text.length.toLocaleString('en-US')} chars)
        </button>
      )}
    </div>
  );
}

export function ReasoningView({ block }: { block: ReasoningBlock }): ReactNode {
  const [open, setOpen] = useState(false);
  const text = block.text;
  const head = text.trimStart().slice(0, 400);
  const nl = head.indexOf('\n');
  const firstLine = nl >= 0 ? head.slice(0, nl) : head;
  const more = firstLine.length < text.trim().length;
  return (
    <div
      data-testid="block"
      data-block-type="reasoning"
      data-expanded={open}
      className="text-fg-muted italic"
    >
      <button
        type="button"
        aria-expanded={open}
        className="flex w-full min-w-0 items-baseline gap-1.5 text-left text-xs hover:text-fg-soft"
        onClick={() => setOpen((o) => !o)}
      >
        <span className="font-mono not-italic">{open ? '▾' : '▸'}</span>
        <span className="shrink-0 font-mono text-[10px] tracking-wide uppercase not-italic">reasoning</span>
        {!open && (
          <span className="min-w-0 truncate" data-testid="reasoning-preview">
            {firstLine || '(empty)'}
            {more && ' …'}
          </span>
        )}
      </button>
      {open && <TextBody text={text} className="mt-1 border-l border-line-strong pl-3 text-fg-muted" />}
    </div>
  );
}
