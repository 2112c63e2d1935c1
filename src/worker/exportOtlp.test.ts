/** The worker side of the app's OTLP export, and the detected format in a log's summary. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LogHost } from './host';
import type { LogSummary, ResponseMessage, WorkerMessage } from './protocol';

const claude = readFileSync('../shared/samples/other/claude-code/agentlogs-compact.jsonl', 'utf8');

describe('exportOtlp request', () => {
  it('answers the whole log as OTLP/JSON, content only when asked; the summary names the format', async () => {
    const posted: WorkerMessage[] = [];
    const h = new LogHost((m) => posted.push(m));
    const answer = async (id: number) => {
      const r = posted.find((m): m is ResponseMessage => m.type === 'response' && m.id === id);
      if (!r?.result.ok) throw new Error(`no answer to ${id}`);
      return r.result.value;
    };
    await h.receive({
      id: 1,
      kind: 'open',
      loadId: 1,
      source: { kind: 'text', text: claude, name: 'c.jsonl' },
    });
    const summary = (await answer(1)) as LogSummary;
    expect(summary.format).toBe('claude-code');
    expect(summary.header?.fields.find((f) => f.key === 'origin')?.text).toContain('"format": "claude-code"');
    await h.receive({ id: 2, kind: 'exportOtlp', content: false });
    const plain = (await answer(2)) as { text: string; spans: number };
    // session + 2 turns + 1 model call, no tool calls
    expect(plain.spans).toBe(4);
    expect((plain as { name?: string }).name).toBe('c.jsonl');
    const doc = JSON.parse(plain.text) as {
      resourceSpans: { scopeSpans: { spans: { traceId: string }[] }[] }[];
    };
    expect(doc.resourceSpans[0]?.scopeSpans[0]?.spans[0]?.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(plain.text).not.toContain('gen_ai.input.messages');
    await h.receive({ id: 3, kind: 'exportOtlp', content: true });
    expect(((await answer(3)) as { text: string }).text).toContain('gen_ai.input.messages');
  });

  it('says the spans are partial when the import skipped lines that are not JSON (audit R16-2)', async () => {
    const posted: WorkerMessage[] = [];
    const h = new LogHost((m) => posted.push(m));
    const lines = claude.trimEnd().split('\n');
    const cut = (lines[2] as string).slice(0, -1);
    const text = [...lines.slice(0, 2), cut, ...lines.slice(3)].join('\n') + '\n';
    await h.receive({ id: 1, kind: 'open', loadId: 1, source: { kind: 'text', text, name: 'c.jsonl' } });
    await h.receive({ id: 2, kind: 'exportOtlp', content: false });
    await h.receive({
      id: 3,
      kind: 'open',
      loadId: 2,
      source: { kind: 'text', text: claude, name: 'c.jsonl' },
    });
    await h.receive({ id: 4, kind: 'exportOtlp', content: false });
    const partialOf = (id: number) => {
      const r = posted.find((m): m is ResponseMessage => m.type === 'response' && m.id === id);
      if (!r?.result.ok) throw new Error(`no answer to ${id}`);
      return (r.result.value as { partial: string | null }).partial;
    };
    const bytes = Buffer.byteLength(cut).toLocaleString('en-US');
    expect(partialOf(2)).toMatch(new RegExp(`^[\\d.]+ B \\(${bytes} bytes\\) of the input were not read$`));
    expect(partialOf(4)).toBeNull();
  });

  it('says the spans are partial when a native log has lines the reader skipped (audit R16-L3)', async () => {
    const posted: WorkerMessage[] = [];
    const h = new LogHost((m) => posted.push(m));
    const native = readFileSync('../shared/samples/dsh/steering.jsonl', 'utf8').trimEnd().split('\n');
    const text = [...native.slice(0, 3), '{not json', '7', ...native.slice(3)].join('\n') + '\n';
    await h.receive({ id: 1, kind: 'open', loadId: 1, source: { kind: 'text', text, name: 's.jsonl' } });
    await h.receive({ id: 2, kind: 'exportOtlp', content: false });
    const r = posted.find((m): m is ResponseMessage => m.type === 'response' && m.id === 2);
    if (!r?.result.ok) throw new Error('no answer to 2');
    expect((r.result.value as { partial: string | null }).partial).toBe(
      '2 lines of the input are not events (skipped; the first is line 4)',
    );
  });
});
