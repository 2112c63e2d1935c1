/** Follow mode on another agent's log: imported as it is at the checkpoint; growth is noted, not shown. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SessionLog } from '../log/sessionLog';

describe('an imported log in follow mode', () => {
  it('shows what was there at the checkpoint, notes the growth once, and ends cleanly', () => {
    const text = readFileSync('../shared/samples/other/claude-code/agentlogs-compact.jsonl', 'utf8');
    const lines = text.split('\n');
    const enc = new TextEncoder();
    const log = new SessionLog();
    // The first 8 lines and half of the 9th, as a live transcript might look.
    const head = lines.slice(0, 8).join('\n') + '\n' + (lines[8] as string).slice(0, 20);
    log.push(enc.encode(head));
    expect(log.eventCount).toBe(0);
    log.checkpoint();
    expect(log.sourceFormat).toBe('claude-code');
    expect(log.eventCount).toBeGreaterThan(0);
    const messages = log.messagesAt(log.eventCount - 1).messages.map((m) => m.message.role);
    expect(messages).toEqual(['user', 'user', 'user', 'user', 'assistant']);
    expect(log.diagnostics.items.some((d) => d.message.includes('the last line (9) is incomplete'))).toBe(
      true,
    );
    const before = log.eventCount;
    log.push(enc.encode((lines[8] as string).slice(20) + '\n' + lines.slice(9).join('\n')));
    log.push(enc.encode('\n'));
    log.end();
    expect(log.eventCount).toBe(before);
    expect(
      log.diagnostics.items.filter((d) => d.message.startsWith('the log grew after it was opened')),
    ).toHaveLength(1);
  });
});
