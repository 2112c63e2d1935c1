/**
 * One derived message in the messages pane, memoized: the pane renders again for many reasons
 * (a seek's answers arriving one by one, tool pairs, older pages, the list placing items after
 * measuring them), and each of those used to render every message's blocks again. A message's
 * content now renders only when what it shows changes: its message, its index, its focus label,
 * its "new since" mark, or which of its tool calls have no result. Its place in the list is the
 * pane's wrapper element (a style change, nothing rendered inside).
 */
import { memo, type CSSProperties } from 'react';
import type { ViewMessage } from '../../worker/protocol';
import { MessageView } from '../components/blocks';
import { CopyLinkButton } from '../share/CopyLinkButton';
import { ReplacedNote } from './ReplacedNote';
import { sameSeqRuns } from '../../core/view/seqRuns';

/** The message the selected event produced or changed: a violet bar and wash (theme tokens). */
export const FOCUSED = 'bg-violet-500/10 shadow-[inset_4px_0_0_0_var(--color-violet-400)]';
const FOCUS_CHIP =
  'shrink-0 rounded border border-violet-400/60 bg-violet-500/15 px-1 font-mono text-[10px] text-violet-300';

/** What a message's links do: one object for the pane's life (its functions read the latest state). */
export interface MessageActions {
  jumpToSeq: (seq: number) => void;
  jumpToCall: (callId: string) => void;
  jumpToResult: (callId: string) => void;
}

/** The placed item's style: absolutely placed at `top` in the list. */
export function placedStyle(top: number): CSSProperties {
  return { position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${top}px)` };
}

/** The ids of the tool calls a message makes (an assistant message's tool-call blocks). */
export function messageCallIds(m: ViewMessage): string[] {
  const ids: string[] = [];
  if (m.message.role !== 'assistant' || !Array.isArray(m.message.content)) return ids;
  for (const b of m.message.content) {
    const id = (b as { id?: unknown }).id;
    if (b.type === 'tool-call' && typeof id === 'string') ids.push(id);
  }
  return ids;
}

export interface MessageItemProps {
  m: ViewMessage;
  index: number;
  /** The focus label when this is the message the selected event produced or changed. */
  label: string | null;
  highlighted: boolean;
  /** The ids (joined by "\n") of this message's tool calls whose result is not in the log. */
  missingResults: string;
  actions: MessageActions;
}

function MessageItemView({ m, index, label, highlighted, missingResults, actions }: MessageItemProps) {
  const missing = missingResults === '' ? null : new Set(missingResults.split('\n'));
  return (
    <>
      <MessageView
        message={m.message}
        index={index}
        sourceSeq={m.seq}
        highlighted={highlighted}
        onJumpToSeq={actions.jumpToSeq}
        onJumpToCall={actions.jumpToCall}
        onJumpToResult={actions.jumpToResult}
        hasResult={(id) => missing === null || !missing.has(id)}
        headerExtra={
          <>
            {label !== null && (
              <span data-testid="focus-label" className={FOCUS_CHIP}>
                {label}
              </span>
            )}
            {m.replaces && (
              <span className="rounded border border-fuchsia-500/40 bg-fuchsia-500/10 px-1 font-mono text-[10px] text-fuchsia-300">
                replace
              </span>
            )}
            <CopyLinkButton seq={m.seq} what="message" className="opacity-0 group-hover:opacity-100" />
          </>
        }
      />
      {m.replaces && <ReplacedNote seq={m.seq} hidden={m.replaces} />}
    </>
  );
}

/**
 * A message is the same message when it comes from the same surface event at the same place: a
 * surface event's message never changes once logged, so the next seq's answer (a new object for
 * the same message) renders nothing again while scrubbing.
 */
function sameItem(a: MessageItemProps, b: MessageItemProps): boolean {
  return (
    (a.m === b.m ||
      (a.m.seq === b.m.seq && a.m.index === b.m.index && sameSeqRuns(a.m.replaces, b.m.replaces))) &&
    a.index === b.index &&
    a.label === b.label &&
    a.highlighted === b.highlighted &&
    a.missingResults === b.missingResults &&
    a.actions === b.actions
  );
}

export const MessageItem = memo(MessageItemView, sameItem);
