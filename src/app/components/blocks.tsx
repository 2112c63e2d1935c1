/**
 * Message content: <BlockView> renders one content block by type, <MessageView> a whole derived
 * message with its header. Presentational only: props in, callbacks out.
 */

import { type CSSProperties, type ReactNode, type Ref } from 'react';
import type { Block, Message, MessageSource, ToolResultBlock } from '../../core/types';
import { chip, linkButton } from './blockChrome';
import { BoundedBlocks } from './boundedBlocks';
import {
  isImageBlock,
  isObj,
  isReasoningBlock,
  isTextBlock,
  isToolCallBlock,
  isToolResultBlock,
} from './blockGuards';
import { roleClass, toneClass } from './format';
import { GenericBlockView, ImageView } from './otherBlocks';
import { ReasoningView, TextBody } from './textBlocks';
import { ToolCallView } from './toolCallView';
import { formatSeq } from '../../core/view/seqText';
import { NameText } from './NameText';

/** Tool results nested deeper than this render as generic JSON. */
const MAX_NESTING = 8;

// ---------------------------------------------------------------- blocks

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
            <NameText name={block.toolCallId} />
          </button>
        ) : (
          <NameText name={block.toolCallId} className="font-mono text-[11px] text-fg-muted" />
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
          <BoundedBlocks
            total={block.content.length}
            render={(i) => (
              <BlockView
                key={i}
                block={block.content[i] as Block}
                depth={depth + 1}
                plainText
                onJumpToCall={onJumpToCall}
                onJumpToResult={onJumpToResult}
                hasResult={hasResult}
              />
            )}
          />
        )}
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
      <div className="mb-1 flex min-w-0 flex-wrap items-center gap-x-2 gap-y-0.5 text-[11px] text-fg-muted">
        <span className={`${chip} ${roleClass(message.role)}`}>{message.role}</span>
        {source !== null &&
          (toolCallId !== null && onJumpToCall ? (
            <button
              type="button"
              className={linkButton}
              title="Jump to the tool call"
              onClick={() => onJumpToCall(toolCallId)}
            >
              <NameText name={source} />
            </button>
          ) : (
            <span className="truncate font-mono" title={message.id ? `message id ${message.id}` : undefined}>
              <NameText name={source} />
            </span>
          ))}
        <span className="shrink-0 font-mono text-fg-subtle">#{index}</span>
        <button
          type="button"
          data-testid="seq-link"
          className={linkButton}
          title="Show the source event"
          onClick={() => onJumpToSeq?.(sourceSeq)}
        >
          {formatSeq(sourceSeq)}
        </button>
        {headerExtra !== undefined && (
          <div className="ml-auto flex flex-wrap items-center gap-1.5">{headerExtra}</div>
        )}
      </div>
      <div className="flex flex-col gap-1.5 text-fg">
        {content.length === 0 ? (
          <span className="text-xs text-fg-subtle italic">(no content)</span>
        ) : (
          <BoundedBlocks
            total={content.length}
            render={(i) => (
              <BlockView
                key={i}
                block={content[i] as Block}
                onJumpToCall={onJumpToCall}
                onJumpToResult={onJumpToResult}
                hasResult={hasResult}
              />
            )}
          />
        )}
      </div>
    </div>
  );
}
