/**
 * What the messages pane says about the message the selected event produced or changed: a short
 * label on the message itself (so the mark is not colour alone) and a sentence for screen readers.
 */
import type { MessageFocusView } from '../../worker/protocol';
import { formatSeq } from '../../core/view/seqText';
import { nameHead } from '../../core/view/bidiControls';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The label on a focused message (at `index`), or null when the message is not focused. */
export function focusLabel(focus: MessageFocusView | null, index: number): string | null {
  if (!focus || focus.kind === 'none' || index < focus.index || index > focus.last) return null;
  switch (focus.kind) {
    case 'message':
      return focus.messageSeq === focus.seq ? 'selected event' : `closed by ${formatSeq(focus.messageSeq)}`;
    case 'replacement':
      if (focus.messageSeq !== focus.seq) return `compaction summary (${formatSeq(focus.messageSeq)})`;
      return focus.prune ? 'pruned here' : `replaces ${plural(focus.hidden ?? 0, 'node')}`;
    case 'call':
      return `made the call at ${formatSeq(focus.seq)}`;
    case 'streaming':
      return 'streaming';
    case 'to-replace': {
      const what = focus.prune ? 'pruned' : 'replaced';
      return focus.by !== undefined ? `${what} at ${formatSeq(focus.by)}` : `to be ${what}`;
    }
  }
}

/** The longest reason a live-region sentence gives. */
const WHY_MAX_CHARS = 512;

/** One sentence for the live region: what the pane now shows, and why. */
export function focusAnnouncement(focus: MessageFocusView, count: number): string {
  // the type and the reason come from the log: bounded, as every name drawn (audit R21-5)
  const ev = `Seq ${focus.seq} (${nameHead(focus.type)})`;
  if (focus.kind === 'none')
    return `${ev} changes no message (${nameHead(focus.why, WHY_MAX_CHARS)}); showing the latest messages.`;
  const n = (i: number) => `message #${i} of ${count}`;
  switch (focus.kind) {
    case 'message':
      return `${ev}: showing ${n(focus.index)}, which it ${focus.messageSeq === focus.seq ? 'produced' : 'streamed'}.`;
    case 'replacement':
      if (focus.messageSeq !== focus.seq)
        return `${ev}: showing ${n(focus.index)}, the summary ${formatSeq(focus.messageSeq)} put in place of ${plural(focus.hidden ?? 0, 'node')}.`;
      return focus.prune
        ? `${ev}: showing ${n(focus.index)}, the tool result it pruned.`
        : `${ev}: showing ${n(focus.index)}, which replaced ${plural(focus.hidden ?? 0, 'node')}.`;
    case 'call':
      return `${ev}: showing ${n(focus.index)}, the assistant message that made this call.`;
    case 'streaming':
      return `${ev}: showing the message being streamed, after ${plural(count, 'message')}.`;
    case 'to-replace': {
      const range =
        focus.last > focus.index ? `messages #${focus.index} to #${focus.last} of ${count}` : n(focus.index);
      const by = focus.by !== undefined ? ` at ${formatSeq(focus.by)}` : ' later';
      return `${ev}: showing ${range}, which ${focus.last > focus.index ? 'are' : 'is'} ${focus.prune ? 'pruned' : 'replaced'}${by}.`;
    }
  }
}
