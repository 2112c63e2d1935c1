/**
 * The test oracle for the projector: spec section 4 written as plainly as
 * possible (arrays and splice, refolding from 0). Never used by the app.
 */
import type { Message, SessionEvent } from '../types';

export function naiveSurface(events: readonly SessionEvent[], s: number): number[] {
  let surface: number[] = [];
  for (const ev of events) {
    if (ev.seq > s) break;
    if (ev.type !== 'user/message' && ev.type !== 'assistant/message' && ev.type !== 'tool/result') continue;
    const op = ev.surfaceOp ?? 'append';
    const src = ev.sourceEventSeqs;
    const srcOk =
      src === undefined ||
      (Array.isArray(src) &&
        (src.length > 0 || ev.type === 'assistant/message') &&
        new Set(src).size === src.length &&
        src.every((x) => Number.isInteger(x) && x >= 0 && x < ev.seq));
    if (op === 'append') {
      surface.push(ev.seq);
      continue;
    }
    if (typeof op !== 'object' || op.op !== 'replace') continue;
    const a = surface.indexOf(op.start);
    const b = surface.indexOf(op.end);
    if (a < 0 || b < 0 || a > b || !srcOk) continue;
    const hidden = surface.slice(a, b + 1);
    if (!hidden.every((h) => (src ?? []).includes(h))) continue;
    if (ev.type === 'tool/result') {
      const old = events[hidden[0] as number];
      if (hidden.length !== 1 || old?.type !== 'tool/result') continue;
      const strip = (e: SessionEvent) =>
        JSON.stringify((e.data as { message: Message }).message, (k, v: unknown) =>
          k === 'content' && isNested(v) ? null : v,
        );
      if (strip(old) !== strip(ev)) continue;
    }
    surface = [...surface.slice(0, a), ev.seq, ...surface.slice(b + 1)];
  }
  return surface;
}

// Only the tool-result block's own `content` may change; the message's `content` array is kept.
function isNested(v: unknown): boolean {
  return (
    Array.isArray(v) &&
    !v.some((b) => typeof b === 'object' && b !== null && (b as { type?: unknown }).type === 'tool-result')
  );
}

/** Derived messages at s (spec 4, step 2): the surface mapped to messages, empty assistant messages skipped. */
export function naiveMessages(
  events: readonly SessionEvent[],
  s: number,
): { seq: number; message: Message }[] {
  const out: { seq: number; message: Message }[] = [];
  for (const seq of naiveSurface(events, s)) {
    const ev = events[seq] as SessionEvent;
    const message =
      ev.type === 'user/message' ? (ev.data as Message) : (ev.data as { message: Message }).message;
    if (ev.type === 'assistant/message' && message.content.length === 0) continue;
    out.push({ seq, message });
  }
  return out;
}
