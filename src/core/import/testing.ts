/** Test helpers for the importers: load foreign text through the ordinary loader. */
import { loadLogFromBytes } from '../log/load';
import type { SessionLog } from '../log/sessionLog';
import type { Message } from '../types';

export function loadLines(records: unknown[]): SessionLog {
  return loadLogFromBytes(new TextEncoder().encode(records.map((r) => JSON.stringify(r)).join('\n') + '\n'));
}

export function messagesAtEnd(log: SessionLog): Message[] {
  return log.messagesAt(log.eventCount - 1).messages.map((m) => m.message);
}

export function eventsOfType(
  log: SessionLog,
  type: string,
): { seq: number; data: Record<string, unknown> }[] {
  const out: { seq: number; data: Record<string, unknown> }[] = [];
  for (let s = 0; s < log.eventCount; s++)
    if (log.typeOf(s) === type) out.push({ seq: s, data: log.event(s).data as Record<string, unknown> });
  return out;
}

export function codes(log: SessionLog): string[] {
  return log.diagnostics.items.map((d) => d.code);
}
