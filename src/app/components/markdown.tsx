/**
 * A small, safe markdown renderer: the text is parsed into an AST (markdownBlocks.ts /
 * markdownInline.ts) and rendered as React elements. Nothing is ever injected as HTML: raw HTML
 * in the text shows as literal text, and only http:, https: and mailto: links become anchors.
 * Texts over MARKDOWN_LIMIT characters, or of more than MARKUP_LIMIT markup characters, are not
 * parsed at all: they render as plain text (lines virtualized) with a note that says why, so a
 * 30 MB text, or 100 KB of nothing but markup, never blocks the page.
 */

import { type ReactNode, useMemo } from 'react';
import { formatBytes } from './format';
import { type MdBlock, parseMarkdown } from './markdownBlocks';
import { type Inline } from './markdownInline';
import { PlainTextView } from './plainText';

export { parseMarkdown, type MdBlock } from './markdownBlocks';
export { parseInline, safeHref, type Inline } from './markdownInline';

/**
 * Texts longer than this are shown as plain text, never parsed: parsing and laying out markdown
 * grows with the text, and past this size it would hold the page for more than a frame or two.
 */
export const MARKDOWN_LIMIT = 100_000;

/**
 * Markup characters (what opens an inline element: `*`, `_`, backtick, `[`, `<`, `~`) a parsed
 * text may hold: a text of 100 KB that is all markup (`*[*[*[...`) made 75,000 elements and a
 * 105 ms task (audit R25-L2); prose of that size holds a few thousand.
 */
export const MARKUP_LIMIT = 12_000;

/**
 * Elements a parsed text may lay out: blocks, list items and table cells (a short row's padding
 * included). A header of 100 columns over 2,000 one-word lines (GFM makes each a row) was 200,000
 * cells and a 1.9 s task (audit 34 N3); and the message list lays out several texts around the
 * selection, so six texts of 5,000 list items were a 1.2 s task (audit 35 N2): ~40 µs an element.
 * A message's list or table of a few hundred rows is far under it; a bigger one reads as plain text.
 */
export const BLOCK_ELEMENT_LIMIT = 3_000;

/**
 * Empty cells a table's short rows are padded with at most (GFM pads them); past this the rows are
 * laid out as they are: a 100-column header over one-word lines is no table of 20,000 cells, and
 * four such texts in view were a 1.6 s task (audit 35 N2).
 */
export const PADDED_CELLS = 1_000;
const tableCells = (rows: readonly (readonly unknown[])[]) => rows.reduce((n, r) => n + r.length, 0);
/** The empty cells a table's short rows need to be as wide as its header. */
function padding(b: { align: readonly unknown[]; rows: readonly (readonly unknown[])[] }): number {
  return b.align.length * b.rows.length - tableCells(b.rows);
}

/** The elements the text's blocks lay out (blocks, list items, table cells), nested ones too. */
export function blockElements(blocks: readonly MdBlock[]): number {
  let n = 0;
  for (const b of blocks)
    if (b.t === 'table') n += b.head.length + tableCells(b.rows) + Math.min(padding(b), PADDED_CELLS);
    else if (b.t === 'quote') n += 1 + blockElements(b.c);
    else if (b.t === 'list') for (const item of b.items) n += 1 + blockElements(item);
    else n++;
  return n;
}

/**
 * Stacked combining marks (each past the third on one letter, in any script: `\p{M}`) a parsed text
 * may hold: 20,000 on a few letters ("Zalgo" text) cost ~650 ms of layout in the markdown view,
 * Thai's or Arabic's as much (audits 34 N4, 35 N1); real scripts stack two or three.
 */
export const COMBINING_LIMIT = 2_000;
const STACKED_MARKS = /\p{M}{4,}/gu;

/** Why a text is shown as plain text instead of markdown (its size, markup or marks), or null. */
export function overMarkdownLimitNote(text: string): string | null {
  if (text.length > MARKDOWN_LIMIT)
    return `shown as plain text: ${formatBytes(text.length)} is over the markdown limit (${formatBytes(MARKDOWN_LIMIT)})`;
  let markup = 0;
  let marks = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // * _ ` [ < ~
    if (c === 42 || c === 95 || c === 96 || c === 91 || c === 60 || c === 126) markup++;
  }
  for (const run of text.matchAll(STACKED_MARKS)) marks += run[0].length - 3;
  if (marks > COMBINING_LIMIT)
    return `shown as plain text: ${marks.toLocaleString('en-US')} stacked combining marks are over the markdown limit (${COMBINING_LIMIT.toLocaleString('en-US')})`;
  return markup > MARKUP_LIMIT
    ? `shown as plain text: ${markup.toLocaleString('en-US')} markup characters are over the markdown limit (${MARKUP_LIMIT.toLocaleString('en-US')})`
    : null;
}

function renderInline(nodes: Inline[]): ReactNode[] {
  return nodes.map((n, i) => {
    switch (n.t) {
      case 'text':
        return n.v;
      case 'code':
        return (
          <code key={i} className="rounded bg-tint/20 px-1 py-px font-mono text-[0.92em] text-amber-200">
            {n.v}
          </code>
        );
      case 'em':
        return <em key={i}>{renderInline(n.c)}</em>;
      case 'strong':
        return (
          <strong key={i} className="font-semibold">
            {renderInline(n.c)}
          </strong>
        );
      case 'del':
        return (
          <del key={i} className="opacity-70">
            {renderInline(n.c)}
          </del>
        );
      case 'link':
        return (
          <a
            key={i}
            href={n.href}
            target="_blank"
            rel="noopener noreferrer"
            className="text-sky-400 underline decoration-sky-400/40 hover:decoration-sky-400"
          >
            {renderInline(n.c)}
          </a>
        );
      case 'br':
        return <br key={i} />;
    }
  });
}

const HEADING_CLASS = [
  'text-base font-semibold',
  'text-[15px] font-semibold',
  'text-sm font-semibold',
  'text-sm font-semibold',
  'text-sm font-medium',
  'text-sm font-medium text-fg-muted',
];

function renderBlock(b: MdBlock, key: number, tightItem: boolean): ReactNode {
  switch (b.t) {
    case 'p':
      return tightItem ? (
        <div key={key}>{renderInline(b.c)}</div>
      ) : (
        <p key={key} className="my-1.5">
          {renderInline(b.c)}
        </p>
      );
    case 'h': {
      const cls = `mt-3 mb-1.5 first:mt-0 ${HEADING_CLASS[b.level - 1] ?? ''}`;
      const kids = renderInline(b.c);
      switch (b.level) {
        case 1:
          return (
            <h1 key={key} className={cls}>
              {kids}
            </h1>
          );
        case 2:
          return (
            <h2 key={key} className={cls}>
              {kids}
            </h2>
          );
        case 3:
          return (
            <h3 key={key} className={cls}>
              {kids}
            </h3>
          );
        case 4:
          return (
            <h4 key={key} className={cls}>
              {kids}
            </h4>
          );
        case 5:
          return (
            <h5 key={key} className={cls}>
              {kids}
            </h5>
          );
        default:
          return (
            <h6 key={key} className={cls}>
              {kids}
            </h6>
          );
      }
    }
    case 'code':
      return (
        <div key={key} className="my-1.5 overflow-hidden rounded border border-line bg-canvas/60">
          {b.lang && (
            <div className="border-b border-line px-2 py-0.5 font-mono text-[10px] tracking-wide text-fg-muted uppercase">
              {b.lang}
            </div>
          )}
          {/* A wide block scrolls sideways: it takes focus so the keyboard can scroll it too. */}
          <pre
            tabIndex={0}
            role="region"
            aria-label={b.lang ? `${b.lang} code` : 'code'}
            className="overflow-x-auto px-2 py-1.5 font-mono text-xs leading-snug text-fg focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-sky-400"
          >
            <code data-lang={b.lang || undefined}>{b.v}</code>
          </pre>
        </div>
      );
    case 'quote':
      return (
        <blockquote key={key} className="my-1.5 border-l-2 border-edge pl-3 text-fg-muted">
          {renderBlocks(b.c, false)}
        </blockquote>
      );
    case 'list': {
      const items = b.items.map((item, i) => <li key={i}>{renderBlocks(item, b.tight)}</li>);
      return b.ordered ? (
        <ol
          key={key}
          start={b.start === 1 ? undefined : b.start}
          className={`${tightItem ? 'my-0' : 'my-1.5'} list-decimal pl-5 marker:text-fg-subtle`}
        >
          {items}
        </ol>
      ) : (
        <ul key={key} className={`${tightItem ? 'my-0' : 'my-1.5'} list-disc pl-5 marker:text-fg-subtle`}>
          {items}
        </ul>
      );
    }
    case 'hr':
      return <hr key={key} className="my-3 border-line-strong" />;
    case 'table': {
      const padded = padding(b) <= PADDED_CELLS; // once per table, not per row
      return (
        <div key={key} className="my-1.5 overflow-x-auto">
          <table className="border-collapse text-xs">
            <thead>
              <tr>
                {b.head.map((cell, c) => (
                  <th
                    key={c}
                    className={`border border-line-strong bg-tint/10 px-2 py-0.5 font-semibold`}
                    style={{ textAlign: b.align[c] ?? 'left' }}
                  >
                    {renderInline(cell)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {b.rows.map((row, r) => (
                <tr key={r}>
                  {(padded ? b.align : b.align.slice(0, row.length)).map((align, c) => (
                    <td
                      key={c}
                      className="border border-line-strong px-2 py-0.5"
                      style={{ textAlign: align ?? 'left' }}
                    >
                      {renderInline(row[c] ?? [])}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
    }
    case 'raw':
      return (
        <pre key={key} className="font-mono text-xs whitespace-pre-wrap">
          {b.v}
        </pre>
      );
  }
}

function renderBlocks(blocks: MdBlock[], tight: boolean): ReactNode[] {
  return blocks.map((b, i) => renderBlock(b, i, tight));
}

/** Renders already-parsed markdown blocks (no state). */
export function MarkdownBlocks({ blocks }: { blocks: MdBlock[] }): ReactNode {
  return <>{renderBlocks(blocks, false)}</>;
}

export interface MarkdownProps {
  text: string;
  className?: string;
}

/** Message text as markdown; texts over the limits (overMarkdownLimitNote) as plain text, saying so. */
export function Markdown({ text, className }: MarkdownProps): ReactNode {
  const parsed = useMemo(() => {
    const over = overMarkdownLimitNote(text);
    if (over !== null) return { note: over, blocks: null };
    const blocks = parseMarkdown(text);
    const elements = blockElements(blocks);
    return elements > BLOCK_ELEMENT_LIMIT
      ? {
          note: `shown as plain text: its ${elements.toLocaleString('en-US')} blocks, list items and table cells are over the markdown limit (${BLOCK_ELEMENT_LIMIT.toLocaleString('en-US')})`,
          blocks: null,
        }
      : { note: null, blocks };
  }, [text]);
  const { note, blocks } = parsed;
  return (
    <div data-testid="markdown" className={`text-[13px] leading-relaxed break-words ${className ?? ''}`}>
      {blocks ? renderBlocks(blocks, false) : <PlainTextView text={text} note={note ?? undefined} />}
    </div>
  );
}
