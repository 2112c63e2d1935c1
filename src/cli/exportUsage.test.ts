/** `seqscope export --format otlp` of a log whose usage holds what is not a token count (audit R17-4, R17-5). */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runExport } from './exportCommand';

interface Span {
  name: string;
  attributes: { key: string; value: Record<string, unknown> }[];
}

/** A one-call log whose assistant message's usage is `usage` (JSON text), written to a temp file. */
function logWithUsage(usage: string): string {
  const path = join(mkdtempSync(join(tmpdir(), 'seqscope-usage-')), 'log.jsonl');
  const lines = [
    '{"type":"turn/start","seq":0,"data":{"turn":1}}',
    '{"type":"step/start","seq":1,"data":{"turn":1,"step":1}}',
    '{"type":"assistant/message","seq":2,"data":{"turn":1,"step":1,"message":{"role":"assistant","content":[{"type":"text","text":"x"}],"source":{"kind":"model","provider":"p","model":"m"}},"usage":' +
      usage +
      '},"surfaceOp":"append"}',
    '{"type":"step/end","seq":3,"data":{"turn":1,"step":1}}',
    '{"type":"turn/end","seq":4,"data":{"turn":1,"reason":{"kind":"completed"}}}',
  ];
  writeFileSync(path, lines.join('\n') + '\n');
  return path;
}

async function otlp(path: string) {
  let out = '';
  let err = '';
  const code = await runExport(
    [path, '--format', 'otlp'],
    (s) => (out += typeof s === 'string' ? s : Buffer.from(s).toString('utf8')),
    (s) => (err += s),
    false,
  );
  const spans =
    code === 2
      ? []
      : ((JSON.parse(out) as { resourceSpans: { scopeSpans: { spans: Span[] }[] }[] }).resourceSpans[0]
          ?.scopeSpans[0]?.spans ?? []);
  return { code, err, spans };
}

/** A span's usage attributes, key -> OTLP value. */
function usageOf(span: Span | undefined): Record<string, unknown> {
  return Object.fromEntries(
    (span?.attributes ?? []).filter((a) => a.key.startsWith('gen_ai.usage.')).map((a) => [a.key, a.value]),
  );
}

describe('OTLP export of usage that is not a token count', () => {
  it.each([
    ['a toString trap', '{"toString":1}'],
    ['an array 20,000 deep', '['.repeat(20_000) + ']'.repeat(20_000)],
  ])('%s as inputTokens: the spans are written, the bad count left out (R17-4)', async (_, bad) => {
    const r = await otlp(logWithUsage(`{"inputTokens":${bad},"outputTokens":5}`));
    expect(r.err).not.toContain('internal error');
    expect([0, 1]).toContain(r.code);
    const chat = r.spans.find((s) => s.name === 'chat m');
    expect(usageOf(chat)).toMatchObject({
      'gen_ai.usage.input_tokens': { intValue: '0' },
      'gen_ai.usage.output_tokens': { intValue: '5' },
    });
  });

  it.each([
    ['a string', '"12"'],
    ['a negative number', '-100'],
    ['an object', '{}'],
  ])(
    '%s as inputTokens: the chat span counts it as the turn span and check do, as 0 (R17-5)',
    async (_, bad) => {
      const r = await otlp(logWithUsage(`{"inputTokens":${bad},"cacheReadTokens":3,"outputTokens":5}`));
      expect(r.code).toBe(0);
      const chat = usageOf(r.spans.find((s) => s.name === 'chat m'));
      const turn = usageOf(r.spans.find((s) => s.name.startsWith('invoke_agent')));
      expect(chat['gen_ai.usage.input_tokens']).toEqual({ intValue: '3' });
      expect(chat['gen_ai.usage.cache_read.input_tokens']).toEqual({ intValue: '3' });
      expect(chat['gen_ai.usage.input_tokens']).toEqual(turn['gen_ai.usage.input_tokens']);
    },
  );
});

describe('export --out onto the log it reads', () => {
  it('is refused and leaves the log as it was', async () => {
    const path = logWithUsage('{"inputTokens":1}');
    const before = readFileSync(path, 'utf8');
    const dir = join(path, '..');
    for (const out of [path, join(dir, '.', 'log.jsonl')]) {
      let err = '';
      const code = await runExport(
        [path, '--format', 'jsonl', '--redact', '--out', out],
        () => {},
        (s) => (err += s),
      );
      expect(code).toBe(2);
      expect(err).toContain('is the log being exported');
      expect(readFileSync(path, 'utf8')).toBe(before);
    }
    // another path is written
    const other = join(dir, 'copy.jsonl');
    expect(
      await runExport(
        [path, '--format', 'jsonl', '--redact', '--out', other],
        () => {},
        () => {},
      ),
    ).toBe(0);
    expect(readFileSync(other, 'utf8')).toBe(before);
  });
});
