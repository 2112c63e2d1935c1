/**
 * A session header (or a meta line) holding a value nested thousands deep: the page is sent it cut
 * like an event's fields, so the log opens. Posted raw, structured clone overflowed the stack and
 * the app said "Could not open the log" (audit R17-10). The host here posts through structuredClone,
 * which fails on such depth as postMessage does.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LogHost } from './host';
import type { Request, ResponseMessage, WorkerMessage } from './protocol';
import type { PostedHeader } from '../core/view/headerFields';

const deep = (n: number): string => `${'['.repeat(n)}1${']'.repeat(n)}`;
const sample = readFileSync('../shared/samples/dsh/steering.jsonl', 'utf8').trimEnd().split('\n');

async function open(text: string, then?: Request): Promise<ResponseMessage['result']> {
  const posted: WorkerMessage[] = [];
  const h = new LogHost((m) => posted.push(structuredClone(m)));
  await h.receive({ id: 1, kind: 'open', loadId: 1, source: { kind: 'text', text, name: 'deep.jsonl' } });
  if (then) await h.receive({ id: 2, ...then });
  const r = posted.find((m): m is ResponseMessage => m.type === 'response' && m.id === (then ? 2 : 1));
  if (!r) throw new Error('no answer');
  return r.result;
}

describe('a deep value in the header or a meta line (audit R17-10)', () => {
  it('a header field 20,000 deep: the log opens, the header cut, its other fields intact', async () => {
    const header = JSON.parse(sample[0] as string) as Record<string, unknown>;
    expect(header.type).toBe('session');
    const text = [
      JSON.stringify({ ...header, extra: '@' }).replace('"@"', deep(20_000)),
      ...sample.slice(1),
    ].join('\n');
    const result = await open(`${text}\n`);
    expect(result.ok).toBe(true);
    const summary = (result as { value: { events: number; header?: PostedHeader } }).value;
    const plain = (await open(`${sample.join('\n')}\n`)) as { value: { events: number } };
    expect(summary.events).toBe(plain.value.events);
    expect(summary.header?.fields.find((f) => f.key === 'id')?.text).toBe(header.id);
    expect(summary.header?.fields.find((f) => f.key === 'extra')?.cut).toBeDefined();
  });

  it('a version 20,000 deep: the resume check names it and the log opens', async () => {
    const header = JSON.parse(sample[0] as string) as Record<string, unknown>;
    const text = [
      JSON.stringify({ ...header, version: '@' }).replace('"@"', deep(20_000)),
      ...sample.slice(1),
    ].join('\n');
    expect((await open(`${text}\n`)).ok).toBe(true);
  });
});

describe('a long header field (audit R22-3)', () => {
  const id = 'a\n'.repeat(250_000);
  const text = `${[JSON.stringify({ type: 'session', version: 0, id }), ...sample.slice(1)].join('\n')}\n`;

  it('the summary posts its head; headerField answers it whole', async () => {
    const summary = (await open(text)) as { value: { header?: PostedHeader } };
    const posted = summary.value.header?.fields[0];
    expect(posted?.key).toBe('id');
    expect(posted?.text.length).toBeLessThan(100);
    expect(posted?.cut?.chars).toBe(id.length - (posted?.text.length ?? 0));
    expect(await open(text, { kind: 'headerField', index: 0 })).toEqual({ ok: true, value: { text: id } });
    expect(await open(text, { kind: 'headerField', index: 1 })).toEqual({
      ok: true,
      value: { text: '0' },
    });
    expect(await open(text, { kind: 'headerField', index: 2 })).toEqual({ ok: true, value: null });
  });
});
