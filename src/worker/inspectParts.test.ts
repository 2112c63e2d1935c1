/** A multi-sample Inspect AI log in the worker: the summary lists its samples, and `part` opens one. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LogHost } from './host';
import type { LogSummary, ResponseMessage, WorkerMessage } from './protocol';

const doc = JSON.parse(
  readFileSync('../shared/samples/other/inspect/2025-05-12T20-27-36-04-00_browser.json', 'utf8'),
) as { samples: { id: unknown; events: unknown[] }[] };
const [only] = doc.samples;
// Two samples: the real one, and a copy with another id cut after its first five events.
const two = JSON.stringify({
  ...doc,
  samples: [only, { ...only, id: 'short', events: (only?.events ?? []).slice(0, 5) }],
});

async function open(part?: number): Promise<LogSummary> {
  const posted: WorkerMessage[] = [];
  const host = new LogHost((m) => posted.push(m));
  await host.receive({
    id: 1,
    kind: 'open',
    loadId: 1,
    source: { kind: 'text', text: two, name: 'two.json', ...(part ? { part } : {}) },
  });
  const answer = posted.find((m): m is ResponseMessage => m.type === 'response' && m.id === 1);
  if (!answer?.result.ok) throw new Error('open failed');
  return answer.result.value as LogSummary;
}

describe('a multi-sample Inspect AI log', () => {
  it('says it holds two samples and which is open; part 2 opens the second', async () => {
    const first = await open();
    expect(first.format).toBe('inspect-json');
    expect(first.parts).toEqual({ labels: [`${String(only?.id)}#1`, 'short#1'], open: 1 });
    const second = await open(2);
    expect(second.parts?.open).toBe(2);
    expect(second.header?.fields.find((f) => f.key === 'id')?.text).toMatch(/\/short\/1$/);
    expect(second.events).toBeLessThan(first.events);
  });
});
