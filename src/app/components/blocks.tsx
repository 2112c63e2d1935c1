/**
 * Message content: <BlockView> renders one content block by type, <MessageView> a whole derived
 * message with its header. Presentational only: props in, callbacks out.
 */

import { type CSSProperties, type ReactNode, type Ref, useMemo, useState } from 'react';
import type {
  Block,
  ImageBlock,
  Message,
  MessageSource,
  ReasoningBlock,
  TextBlock,
  ToolCallBlock,
  ToolResultBlock,
  UnknownBlock,
} from '../../core/types';
import { formatBytes, roleClass, toneClass } from './format';
import { JsonText, prettyJsonText, stringifyPretty } from './jsonText';
import { Markdown } from './markdown';

/** Text blocks render at most this many characters until "show all". */
export const TEXT_BLOCK_CAP = 20_000;
/** Tool results nested deeper than this render as generic JSON. */
const MAX_NESTING = 8;

// ---------------------------------------------------------------- guards

function isObj(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
/** A block's fields, untyped (blocks come from logs: check before trusting). */
function fields(b: Block): UnknownBlock {
  return b as UnknownBlock;
}
export function isTextBlock(b: Block): b is TextBlock {
  return b.type === 'text' && typeof fields(b).text === 'string';
}
export function isReasoningBlock(b: Block): b is ReasoningBlock {
  return b.type === 'reasoning' && typeof fields(b).text === 'string';
}
export function isToolCallBlock(b: Block): b is ToolCallBlock {
  const f = fields(b);
  return b.type === 'tool-call' && typeof f.name === 'string' && typeof f.arguments === 'string';
}
export function isToolResultBlock(b: Block): b is ToolResultBlock {
  const f = fields(b);
  return b.type === 'tool-result' && typeof f.toolCallId === 'string' && Array.isArray(f.content);
}
export function isImageBlock(b: Block): b is ImageBlock {
  return b.type === 'image' && isObj(fields(b).attachment);
}

/** Cuts at `n` characters without splitting a surrogate pair. */
function cut(text: string, n: number): string {
  if (text.length <= n) return text;
  const code = text.charCodeAt(n - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? n - 1 : n);
}

// ---------------------------------------------------------------- small pieces

const chip = 'inline-flex items-center rounded border px-1 py-px font-mono text-[10px] leading-none';
const linkButton = 'font-mono text-sky-400 hover:underline';
const smallButton = 'rounded border border-edge px-1.5 py-px text-[11px] text-fg-soft hover:bg-tint/10';

function ShowAll({ total, onClick }: { total: number; onClick: () => void }): ReactNode {
  return (
    <button type="button" className={`${smallButton} mt-1`} onClick={onClick}>
      show all ({total.toLocaleString('en-US')} chars)
    </button>
  );
}

interface TextBodyProps {
  text: string;
  /** Start as plain preformatted text instead of markdown. */
  plain?: boolean;
  className?: string;
}

/** Markdown (or raw) text capped at TEXT_BLOCK_CAP characters until "show all". */
function TextBody({ text, plain = false, className }: TextBodyProps): ReactNode {
  const [showAll, setShowAll] = useState(false);
  const [raw, setRaw] = useState(plain);
  const capped = !showAll && text.length > TEXT_BLOCK_CAP;
  const shown = capped ? cut(text, TEXT_BLOCK_CAP) : text;
  return (
    <div className={`group relative flow-root ${className ?? ''}`}>
      <button
        type="button"
        title={raw ? 'Render as markdown' : 'Show the raw text'}
        data-testid="raw-toggle"
        className="float-right ml-2 rounded px-1 text-[10px] leading-4 text-fg-subtle opacity-0 group-hover:opacity-100 hover:bg-tint/10 hover:text-fg focus:opacity-100"
        onClick={() => setRaw((r) => !r)}
      >
        {raw ? 'md' : 'raw'}
      </button>
      {raw ? (
        <pre className="font-mono text-xs leading-snug break-words whitespace-pre-wrap">{shown}</pre>
      ) : (
        <Markdown text={shown} />
      )}
      {capped && <ShowAll total={text.length} onClick={() => setShowAll(true)} />}
    </div>
  );
}

// ---------------------------------------------------------------- blocks

function ReasoningView({ block }: { block: ReasoningBlock }): ReactNode {
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

function ToolCallView({
  block,
  onJumpToResult,
  hasResult,
}: {
  block: ToolCallBlock;
  onJumpToResult?: (id: string) => void;
  hasResult?: (id: string) => boolean;
}): ReactNode {
  const [showAll, setShowAll] = useState(false);
  const pretty = useMemo(
    () => (block.arguments.trim() === '' ? null : prettyJsonText(block.arguments)),
    [block.arguments],
  );
  const text = pretty?.text ?? '';
  const capped = !showAll && text.length > TEXT_BLOCK_CAP;
  return (
    <div
      data-testid="block"
      data-block-type="tool-call"
      data-call-id={block.id}
      className="rounded border border-amber-500/25 bg-amber-500/5"
    >
      <div className="flex flex-wrap items-center gap-2 border-b border-amber-500/15 px-2 py-1 text-xs">
        <span className={`${chip} ${toneClass('amber')}`}>call</span>
        <span className="font-mono font-semibold text-amber-200">{block.name}</span>
        <span className="font-mono text-[11px] text-fg-subtle" title="tool call id">
          {block.id}
        </span>
        {pretty && !pretty.ok && (
          <span data-testid="invalid-json" className={`${chip} ${toneClass('red')}`}>
            invalid JSON
          </span>
        )}
        {onJumpToResult && (
          <button
            type="button"
            className={`${linkButton} ml-auto text-[11px] disabled:cursor-default disabled:text-fg-faint disabled:no-underline`}
            disabled={hasResult?.(block.id) === false}
            title={hasResult?.(block.id) === false ? 'no result in the log' : 'Jump to the tool result'}
            onClick={() => onJumpToResult(block.id)}
          >
            result →
          </button>
        )}
      </div>
      <div className="px-2 py-1">
        {pretty === null ? (
          <span className="text-xs text-fg-subtle italic">(empty arguments)</span>
        ) : (
          <JsonText text={capped ? cut(text, TEXT_BLOCK_CAP) : text} colour={pretty.ok} />
        )}
        {capped && <ShowAll total={text.length} onClick={() => setShowAll(true)} />}
      </div>
    </div>
  );
}

interface NestedProps {
  onJumpToCall?: (toolCallId: string) => void;
  onJumpToResult?: (toolCallId: string) => void;
  hasResult?: (toolCallId: string) => boolean;
  depth: number;
}

function ToolResultView({
  block,
  onJumpToCall,
  onJumpToResult,
  hasResult,
  depth,
}: NestedProps & { block: ToolResultBlock }): ReactNode {
  const error = block.isError === true;
  return (
    <div
      data-testid="block"
      data-block-type="tool-result"
      data-error={error}
      className={`rounded border ${error ? 'border-red-500/50 bg-red-500/10' : 'border-line-strong bg-tint/5'}`}
    >
      <div
        className={`flex flex-wrap items-center gap-2 border-b px-2 py-1 text-xs ${error ? 'border-red-500/30' : 'border-line'}`}
      >
        <span className={`${chip} ${toneClass(error ? 'red' : 'teal')}`}>result</span>
        <span className="text-fg-subtle">for</span>
        {onJumpToCall ? (
          <button
            type="button"
            className={`${linkButton} text-[11px]`}
            title="Jump to the tool call"
            onClick={() => onJumpToCall(block.toolCallId)}
          >
            {block.toolCallId}
          </button>
        ) : (
          <span className="font-mono text-[11px] text-fg-muted">{block.toolCallId}</span>
        )}
        {error && (
          <span data-testid="error-badge" className={`${chip} ${toneClass('red')}`}>
            error
          </span>
        )}
      </div>
      <div className={`flex flex-col gap-1.5 px-2 py-1 ${error ? 'text-red-200' : ''}`}>
        {block.content.length === 0 ? (
          <span className="text-xs text-fg-subtle italic">(empty result)</span>
        ) : (
          block.content.map((b, i) => (
            <BlockView
              key={i}
              block={b}
              depth={depth + 1}
              plainText
              onJumpToCall={onJumpToCall}
              onJumpToResult={onJumpToResult}
              hasResult={hasResult}
            />
          ))
        )}
      </div>
    </div>
  );
}

function ImageView({ block }: { block: ImageBlock }): ReactNode {
  const a = block.attachment;
  const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
  const w = num(a.width);
  const h = num(a.height);
  const bytes = num(a.bytes);
  return (
    <div
      data-testid="block"
      data-block-type="image"
      className="inline-flex max-w-full flex-col gap-0.5 rounded border border-dashed border-edge bg-tint/5 px-3 py-2 font-mono text-[11px] text-fg-soft"
      title={typeof a.attachmentId === 'string' ? `attachment ${a.attachmentId}` : undefined}
    >
      <div className="flex items-center gap-2">
        <span className={`${chip} ${toneClass('indigo')}`}>image</span>
        {typeof a.name === 'string' && a.name && <span className="truncate text-fg">{a.name}</span>}
      </div>
      <div className="flex flex-wrap gap-x-3 text-fg-muted">
        <span>{typeof a.mediaType === 'string' ? a.mediaType : 'unknown type'}</span>
        {w !== null && h !== null && (
          <span>
            {w}×{h}
          </span>
        )}
        {bytes !== null && <span>{formatBytes(bytes)}</span>}
      </div>
    </div>
  );
}

function GenericBlockView({ block, note }: { block: Block; note?: string }): ReactNode {
  const text = useMemo(() => stringifyPretty(block), [block]);
  const [showAll, setShowAll] = useState(false);
  const capped = !showAll && text.length > TEXT_BLOCK_CAP;
  const name = fields(block).name;
  return (
    <div
      data-testid="block"
      data-block-type={block.type}
      className="rounded border border-slate-500/30 bg-slate-500/5"
    >
      <div className="flex flex-wrap items-center gap-2 border-b border-slate-500/20 px-2 py-1 text-xs">
        <span className={`${chip} ${toneClass('slate')}`}>{String(block.type)}</span>
        {typeof name === 'string' && <span className="font-mono font-semibold text-fg">{name}</span>}
        <span className="text-[11px] text-fg-subtle">{note ?? 'unrecognised block, shown verbatim'}</span>
      </div>
      <div className="px-2 py-1">
        <JsonText text={capped ? cut(text, TEXT_BLOCK_CAP) : text} colour={!capped} />
        {capped && <ShowAll total={text.length} onClick={() => setShowAll(true)} />}
      </div>
    </div>
  );
}

export interface BlockViewProps {
  block: Block;
  /** Called with a tool result's `toolCallId` when its call link is clicked. */
  onJumpToCall?: (toolCallId: string) => void;
  /** Called with a tool call's id when its "result →" link is clicked (link hidden without it). */
  onJumpToResult?: (toolCallId: string) => void;
  /** False for a call id whose result is not in the log: its "result →" link is disabled. */
  hasResult?: (toolCallId: string) => boolean;
  /** Start text blocks as plain preformatted text (set inside tool results: tool output is rarely markdown). */
  plainText?: boolean;
  /** Nesting depth inside tool results (internal; 0 at the message level). */
  depth?: number;
}

/** One content block, rendered by its type; unknown shapes as pretty JSON. */
export function BlockView({
  block,
  onJumpToCall,
  onJumpToResult,
  hasResult,
  plainText = false,
  depth = 0,
}: BlockViewProps): ReactNode {
  if (isTextBlock(block)) {
    return (
      <div data-testid="block" data-block-type="text">
        <TextBody text={block.text} plain={plainText} />
      </div>
    );
  }
  if (isReasoningBlock(block)) return <ReasoningView block={block} />;
  if (isToolCallBlock(block))
    return <ToolCallView block={block} onJumpToResult={onJumpToResult} hasResult={hasResult} />;
  if (isToolResultBlock(block)) {
    if (depth >= MAX_NESTING)
      return <GenericBlockView block={block} note="nested too deep, shown verbatim" />;
    return (
      <ToolResultView
        block={block}
        depth={depth}
        onJumpToCall={onJumpToCall}
        onJumpToResult={onJumpToResult}
        hasResult={hasResult}
      />
    );
  }
  if (isImageBlock(block)) return <ImageView block={block} />;
  return <GenericBlockView block={block} />;
}

// ---------------------------------------------------------------- messages

/** A short label for a message source: `user`, the plugin name, `provider/model`, `tool <callId>`. */
export function sourceLabel(source: MessageSource | undefined): string | null {
  if (!isObj(source)) return null;
  const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
  switch (source.kind) {
    case 'user':
      return 'user';
    case 'plugin': {
      const plugin = str(source.plugin) ?? 'plugin';
      const form = str(source.form);
      return form ? `${plugin} (${form})` : plugin;
    }
    case 'model': {
      const provider = str(source.provider);
      const model = str(source.model);
      return provider && model ? `${provider}/${model}` : (model ?? provider ?? 'model');
    }
    case 'tool':
      return `tool ${str(source.callId) ?? '?'}`;
    default:
      return typeof source.kind === 'string' ? source.kind : null;
  }
}

export interface MessageViewProps {
  message: Message;
  /** Place in the derived message list (0-based). */
  index: number;
  /** Seq of the event this message comes from. */
  sourceSeq: number;
  highlighted?: boolean;
  onJumpToSeq?: (seq: number) => void;
  onJumpToCall?: (toolCallId: string) => void;
  onJumpToResult?: (toolCallId: string) => void;
  /** False for a call id whose result is not in the log (its "result →" link is disabled). */
  hasResult?: (toolCallId: string) => boolean;
  /** Extra header content, right-aligned (badges, timing...). */
  headerExtra?: ReactNode;
  className?: string;
  style?: CSSProperties;
  /** Forwarded to the root element (e.g. a virtualizer's measureElement). */
  ref?: Ref<HTMLDivElement>;
}

/** A derived message: a header (role, source, #index, seq link) and its blocks. */
export function MessageView({
  message,
  index,
  sourceSeq,
  highlighted = false,
  onJumpToSeq,
  onJumpToCall,
  onJumpToResult,
  hasResult,
  headerExtra,
  className,
  style,
  ref,
}: MessageViewProps): ReactNode {
  const source = sourceLabel(message.source);
  const toolCallId =
    isObj(message.source) && message.source.kind === 'tool' && typeof message.source.callId === 'string'
      ? message.source.callId
      : null;
  const content = Array.isArray(message.content) ? message.content : [];
  return (
    <div
      ref={ref}
      style={style}
      data-testid="message"
      data-index={index}
      data-role={message.role}
      data-source-seq={sourceSeq}
      data-highlighted={highlighted || undefined}
      className={`border-l-2 px-3 py-2 ${highlighted ? 'border-sky-400 bg-sky-500/10' : 'border-transparent'} ${className ?? ''}`}
    >
      <div className="mb-1 flex min-w-0 items-center gap-2 text-[11px] text-fg-muted">
        <span className={`${chip} ${roleClass(message.role)}`}>{message.role}</span>
        {source !== null &&
          (toolCallId !== null && onJumpToCall ? (
            <button
              type="button"
              className={linkButton}
              title="Jump to the tool call"
              onClick={() => onJumpToCall(toolCallId)}
            >
              {source}
            </button>
          ) : (
            <span className="truncate font-mono" title={message.id ? `message id ${message.id}` : undefined}>
              {source}
            </span>
          ))}
        <span className="font-mono text-fg-subtle">#{index}</span>
        <button
          type="button"
          data-testid="seq-link"
          className={linkButton}
          title="Show the source event"
          onClick={() => onJumpToSeq?.(sourceSeq)}
        >
          seq {sourceSeq}
        </button>
        {headerExtra !== undefined && <div className="ml-auto flex items-center gap-1.5">{headerExtra}</div>}
      </div>
      <div className="flex flex-col gap-1.5 text-fg">
        {content.length === 0 ? (
          <span className="text-xs text-fg-subtle italic">(no content)</span>
        ) : (
          content.map((b, i) => (
            <BlockView
              key={i}
              block={b}
              onJumpToCall={onJumpToCall}
              onJumpToResult={onJumpToResult}
              hasResult={hasResult}
            />
          ))
        )}
      </div>
    </div>
  );
}
