/**
 * OTLP content is bounded (audit R22-8): every model call's gen_ai.input.messages is the whole
 * history, so 2,000 turns of a 1 KB message wrote ~2 GB of attribute text and the export died
 * with "RangeError: Invalid string length". Content is cut per string and per attribute, and
 * the document holds a budget of it; spans past it carry none, and say so.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadLogFromText } from '../log/load';
import { longHistoryLog } from '../testing/longHistory';
import { exportOtlpText } from './otlp';
import {
  MAX_CONTENT_BUDGET,
  MAX_CONTENT_STRING,
  MIN_CONTENT_BUDGET,
  contentBudget,
  cutContent,
} from './contentLimits';
import type { OtlpSpan, OtlpTracesData } from './otlpJson';

const attr = (s: OtlpSpan, key: string): unknown => {
  const v = s.attributes.find((a) => a.key === key)?.value as Record<string, unknown> | undefined;
  if (!v) return undefined;
  return 'intValue' in v ? Number(v.intValue) : Object.values(v)[0];
};

function parse(text: string): { spans: OtlpSpan[]; resource: OtlpSpan['attributes'] } {
  const doc = JSON.parse(text) as OtlpTracesData;
  const rs = doc.resourceSpans[0] as OtlpTracesData['resourceSpans'][number];
  return { spans: rs.scopeSpans.flatMap((s) => s.spans), resource: rs.resource.attributes };
}

const MiB = 1024 * 1024;

describe('OTLP content is bounded (audit R22-8)', () => {
  it('the budget leaves a real session its content: 64 MiB at least, 256 characters per log byte, 224 MiB at most', () => {
    expect(contentBudget(40_000)).toBe(MIN_CONTENT_BUDGET);
    expect(MIN_CONTENT_BUDGET).toBe(64 * MiB);
    // pi-mono-v1-large-session (974 KB) writes 197 MB of content: it stays whole
    expect(contentBudget(500_000)).toBe(128_000_000);
    expect(contentBudget(974_000)).toBe(MAX_CONTENT_BUDGET);
    expect(MAX_CONTENT_BUDGET).toBe(224 * MiB);
  });

  it('2,000 steps x 1 KB history: the document stays small and valid, the first calls carry their content, the rest say it was left out', () => {
    const log = loadLogFromText(longHistoryLog(2000, 1000));
    // The default bounds (224 MiB of content for this 2.7 MB log, 1 MiB attributes) scaled down,
    // so the test stays small: the same code cuts and leaves out at any bound.
    const [budget, attributeChars] = [16 * MiB, 64 * 1024];
    expect(contentBudget(log.bytesDecoded)).toBe(MAX_CONTENT_BUDGET);
    const { text, spans, contentNote } = exportOtlpText(log, {
      content: true,
      contentBudget: budget,
      contentAttributeChars: attributeChars,
    });
    // ~2 GB before; now the budget plus the spans' own attributes (~3 MB)
    expect(text.length).toBeLessThan(budget + 8 * MiB);
    const doc = parse(text);
    expect(doc.spans).toHaveLength(spans);
    const chats = doc.spans.filter((s) => attr(s, 'gen_ai.operation.name') === 'chat');
    expect(chats).toHaveLength(2000);

    // the first call: its whole input, untouched
    const first = chats[0] as OtlpSpan;
    expect(JSON.parse(attr(first, 'gen_ai.input.messages') as string)).toEqual([
      { role: 'user', parts: [{ type: 'text', content: 'x'.repeat(1000) }] },
    ]);
    expect(JSON.parse(attr(first, 'gen_ai.output.messages') as string)).toEqual([
      { role: 'assistant', parts: [{ type: 'text', content: 'a0' }], finish_reason: 'stop' },
    ]);
    expect(attr(first, 'seqscope.content')).toBeUndefined();

    // a later call with content: the newest messages that fit, the older ones counted
    const cut = chats.filter((s) => attr(s, 'seqscope.content') === 'truncated');
    expect(cut.length).toBeGreaterThan(0);
    const c = cut[0] as OtlpSpan;
    const input = attr(c, 'gen_ai.input.messages') as string;
    expect(input.length).toBeLessThanOrEqual(attributeChars);
    const kept = JSON.parse(input) as { role: string }[];
    const turn = Number(attr(c, 'seqscope.turn'));
    expect(kept.length + Number(attr(c, 'seqscope.content.input_messages_omitted'))).toBe(2 * turn - 1);
    expect(kept.at(-1)?.role).toBe('user');

    // past the budget: no content, and the span says why
    const omitted = chats.filter((s) => attr(s, 'seqscope.content') === 'omitted');
    expect(omitted.length).toBeGreaterThan(1000);
    for (const s of omitted) expect(attr(s, 'gen_ai.input.messages')).toBeUndefined();
    expect(chats.indexOf(omitted[0] as OtlpSpan)).toBeGreaterThan(chats.indexOf(c));
    expect(doc.resource.find((a) => a.key === 'seqscope.content.omitted_spans')?.value).toEqual({
      intValue: String(omitted.length),
    });
    expect(contentNote).toContain(`left out of ${omitted.length.toLocaleString('en-US')} of 2,000 model`);
    expect(contentNote).toContain(`cut in ${cut.length.toLocaleString('en-US')} spans`);
  });

  it('a long system prompt is cut per call, with a marker; without --content nothing changes', () => {
    const pty = readFileSync('../shared/samples/dsh/pty-tools.jsonl', 'utf8');
    const prompt = '"system":"You are an AI agent';
    expect(pty).toContain(prompt);
    const log = loadLogFromText(
      pty.replace(prompt, `"system":"${'s'.repeat(MAX_CONTENT_STRING)}You are an AI agent`),
    );
    const { text, contentNote } = exportOtlpText(log, { content: true });
    // the first call is made before the request header (the log's order): it has no instructions
    const chats = parse(text).spans.filter((s) => attr(s, 'gen_ai.system_instructions') !== undefined);
    expect(chats).toHaveLength(6);
    for (const chat of chats) {
      const instructions = JSON.parse(attr(chat, 'gen_ai.system_instructions') as string) as {
        content: string;
      }[];
      expect(instructions[0]?.content).toMatch(
        new RegExp(`^s{${MAX_CONTENT_STRING}}… \\[seqscope: [\\d,]+ more characters cut\\]$`),
      );
      expect(attr(chat, 'seqscope.content')).toBe('truncated');
    }
    expect(contentNote).toMatch(/^message content is cut in 6 spans/);

    const plain = exportOtlpText(log);
    expect(plain.contentNote).toBeNull();
    expect(plain.text).not.toContain('seqscope.content');
    expect(plain.text).not.toContain('gen_ai.system_instructions');
  });

  it('cutContent keeps the JSON structure: long strings, wide arrays and objects, deep nesting', () => {
    const cut = { any: false };
    expect(cutContent({ a: ['short', 1, null] }, cut)).toEqual({ a: ['short', 1, null] });
    expect(cut.any).toBe(false);
    const wide = cutContent(
      Array.from({ length: 300 }, (_, i) => i),
      cut,
    ) as unknown[];
    expect(wide).toHaveLength(257);
    expect(wide.at(-1)).toBe('… [seqscope: 44 more items cut]');
    expect(cut.any).toBe(true);
    // an emoji across the cut is kept whole or not at all
    const emoji = cutContent(`${'a'.repeat(MAX_CONTENT_STRING - 1)}\u{1F600}${'b'.repeat(10)}`, cut);
    expect(emoji).toBe(`${'a'.repeat(MAX_CONTENT_STRING - 1)}… [seqscope: 12 more characters cut]`);
    let deep: unknown = 1;
    for (let i = 0; i < 5000; i++) deep = [deep];
    expect(() => JSON.stringify(cutContent(deep, { any: false }))).not.toThrow();
  });
});
