/**
 * Another agent's log is imported in one task at the end of its read: the host says so first
 * (a `busy` push with time in proportion to the bytes), so the client does not take the silence
 * for a dead worker (R8-14). A harness log, read as it arrives, announces nothing; nor does a
 * small import (under BUSY_MIN_BYTES: it is over long before the client's watchdog would look).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LogHost } from './host';
import type { Push, WorkerMessage } from './protocol';

const SAMPLES = new URL('../../../shared/samples/', import.meta.url);

async function pushesOf(text: string): Promise<Push[]> {
  const posted: WorkerMessage[] = [];
  const host = new LogHost((m) => posted.push(m));
  await host.receive({ id: 1, kind: 'open', loadId: 7, source: { kind: 'text', text } });
  return posted.flatMap((m) => (m.type === 'push' ? [m.push] : []));
}

describe('a long import is announced', () => {
  it('a 1 MB Codex log: a busy push naming its size comes before ready', async () => {
    const file = 'other/codex/rollout-2026-02-23T12-54-34-019c8a59-e9dd-71f0-9ae3-4079fe9726a9.jsonl';
    const text = readFileSync(new URL(file, SAMPLES), 'utf8');
    const pushes = await pushesOf(text);
    const busy = pushes.findIndex((p) => p.kind === 'busy');
    const ready = pushes.findIndex((p) => p.kind === 'ready');
    expect(busy).toBeGreaterThanOrEqual(0);
    expect(busy).toBeLessThan(ready);
    const p = pushes[busy] as Extract<Push, { kind: 'busy' }>;
    expect(p.loadId).toBe(7);
    expect(p.what).toBe("importing 1.0 MB of another agent's log");
    expect(p.quietMs).toBeGreaterThanOrEqual(15_000);
  });

  it('a 10 kB Claude Code log: no busy push', async () => {
    const text = readFileSync(new URL('other/claude-code/agentlogs-compact.jsonl', SAMPLES), 'utf8');
    const pushes = await pushesOf(text);
    expect(pushes.some((p) => p.kind === 'ready')).toBe(true);
    expect(pushes.some((p) => p.kind === 'busy')).toBe(false);
  });

  it('a harness log: no busy push', async () => {
    const text = readFileSync(new URL('dsh/steering.jsonl', SAMPLES), 'utf8');
    const pushes = await pushesOf(text);
    expect(pushes.some((p) => p.kind === 'ready')).toBe(true);
    expect(pushes.some((p) => p.kind === 'busy')).toBe(false);
  });
});
