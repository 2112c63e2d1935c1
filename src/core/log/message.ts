/**
 * The model-visible message of a surface event: the one rule every reader
 * (the derived history, the hidden originals, the transcript, the CLI) uses
 * to turn a user/message, assistant/message or tool/result into a Message.
 * Only role, content, id and source are kept: display-only extras the log
 * may carry next to them are not part of what the model was sent.
 */
import { isKnownEvent, type Message, type SessionEvent } from '../types';
import { nameHead } from '../view/bidiControls';

/** The event's Message, or null when it is not a valid surface event. */
export function messageOf(ev: SessionEvent): Message | null {
  if (!isKnownEvent(ev)) return null;
  let m: Message;
  switch (ev.type) {
    case 'user/message':
      m = ev.data;
      break;
    case 'assistant/message':
    case 'tool/result':
      m = ev.data.message;
      break;
    default:
      return null;
  }
  const out: Message = { role: m.role, content: m.content };
  if (m.id !== undefined) out.id = m.id;
  if (m.source !== undefined) out.source = m.source;
  return out;
}

/**
 * False for a surface event the projector skips: an invalid one, or an
 * assistant/message with empty content (spec 4, step 2).
 */
export function derivesMessage(ev: SessionEvent): boolean {
  if (ev.invalid) return false;
  if (!isKnownEvent(ev) || ev.type !== 'assistant/message') return true;
  return ev.data.message.content.length > 0;
}

/**
 * Who answered, as an assistant/message's source names them, each cut like a name (nameHead);
 * null when not written (or not an answer).
 */
export function answeredBy(ev: SessionEvent): { provider: string | null; model: string | null } {
  const source = isKnownEvent(ev) && ev.type === 'assistant/message' ? ev.data.message.source : undefined;
  const named = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? nameHead(v) : null);
  return { provider: named(source?.provider), model: named(source?.model) };
}
