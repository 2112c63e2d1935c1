/** The Inspect AI importer: .json and .eval (zip) logs, replay against each model call's recorded input. */
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { loadLogFromBytes, loadLogFromText } from '../../log/load';
import { eventsOfType, messagesAtEnd } from '../testing';

const user = (content: string) => ({ role: 'user', content });
const assistant = (content: string, toolCalls?: object[]) => ({
  role: 'assistant',
  content,
  ...(toolCalls ? { tool_calls: toolCalls } : {}),
});
const call = { id: 'call_1', function: 'bash', arguments: { cmd: 'ls' } };
const toolMsg = { role: 'tool', content: 'a.txt', tool_call_id: 'call_1', function: 'bash' };
const model = (input: object[], output: object, t: number, extra: object = {}) => ({
  event: 'model',
  timestamp: new Date(Date.UTC(2026, 0, 1, 0, 0, t)).toISOString(),
  completed: new Date(Date.UTC(2026, 0, 1, 0, 0, t + 1)).toISOString(),
  model: 'openai/gpt-test',
  input,
  tools: [{ name: 'bash', description: 'run', parameters: {} }],
  output: {
    choices: [{ message: output, stop_reason: 'stop' }],
    usage: { input_tokens: 10, output_tokens: 2, input_tokens_cache_read: 4, reasoning_tokens: 1 },
  },
  ...extra,
});
const tool = (t: number, extra: object = {}) => ({
  event: 'tool',
  timestamp: new Date(Date.UTC(2026, 0, 1, 0, 0, t)).toISOString(),
  id: 'call_1',
  function: 'bash',
  arguments: { cmd: 'ls' },
  result: 'a.txt',
  ...extra,
});
const goodEvents = [
  { event: 'sample_init', timestamp: new Date(Date.UTC(2026, 0, 1)).toISOString() },
  model([user('list')], assistant('', [call]), 1),
  tool(3),
  model([user('list'), assistant('', [call]), toolMsg], assistant('a.txt is there'), 5),
];
const doc = (samples: object[]) => ({
  version: 2,
  status: 'success',
  eval: { eval_id: 'E1', task: 'files', model: 'openai/gpt-test', created: '2026-01-01T00:00:00Z' },
  samples,
});
const sample = (id: number, events: object[], messages: object[]) => ({
  id,
  epoch: 1,
  events,
  messages,
  attachments: {},
});

describe('Inspect AI importer', () => {
  it('a .json log (pretty-printed): model events are steps, tool events results, others rows', () => {
    const text = JSON.stringify(
      doc([
        sample(1, goodEvents, [user('list'), assistant('', [call]), toolMsg, assistant('a.txt is there')]),
      ]),
      null,
      2,
    );
    const log = loadLogFromText(text);
    expect(log.sourceFormat).toBe('inspect-json');
    expect(log.sessionHeader).toMatchObject({ id: 'E1/1/1', origin: { format: 'inspect', task: 'files' } });
    const st = log.structure;
    expect([st.totals.turns, st.totals.steps, st.totals.toolCalls, st.totals.toolResults]).toEqual([
      1, 2, 1, 1,
    ]);
    expect(st.usage).toEqual({ inputTokens: 20, outputTokens: 4, cacheReadTokens: 8, reasoningTokens: 2 });
    expect(eventsOfType(log, 'inspect/sample_init')).toHaveLength(1);
    expect((eventsOfType(log, 'request/header')[0]?.data.header as { tools: unknown[] }).tools).toHaveLength(
      1,
    );
    expect(log.diagnostics.items.filter((d) => d.severity !== 'info')).toEqual([]);
    // At the second model call, the derived messages are its recorded input.
    const steps = eventsOfType(log, 'step/start');
    const atSecondCall = log.messagesAt(steps[1]?.seq as number).messages.map((m) => m.message);
    expect(atSecondCall.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(atSecondCall[2]?.content[0]).toEqual({
      type: 'tool-result',
      toolCallId: 'call_1',
      content: [{ type: 'text', text: 'a.txt' }],
    });
  });

  it('reports where replaying disagrees with the recorded input, and shows the recorded input there', () => {
    const events = [
      model([user('list')], assistant('', [call]), 1),
      tool(3),
      model(
        [user('list'), assistant('', [call]), { ...toolMsg, content: 'a.txt (truncated)' }],
        assistant('ok'),
        5,
      ),
    ];
    const log = loadLogFromText(JSON.stringify(doc([sample(1, events, [])])));
    const mismatch = log.diagnostics.items.filter((d) => d.code === 'import-input-mismatch');
    expect(mismatch).toHaveLength(1);
    expect(mismatch[0]?.message).toMatch(/model event 3: .* at message 3/);
    const steps = eventsOfType(log, 'step/start');
    const at = log.messagesAt(steps[1]?.seq as number).messages.map((m) => m.message);
    expect(JSON.stringify(at[2])).toContain('a.txt (truncated)');
  });

  it('a .eval zip: header.json plus samples/*.json; input_refs read from the message pool; each sample its own log', () => {
    const pool = [user('list'), assistant('', [call]), toolMsg];
    const events = [
      { ...model([], assistant('', [call]), 1), input_refs: [[0, 1]] },
      tool(3),
      { ...model([], assistant('done'), 5), input_refs: [[0, 3]] },
    ];
    const s1 = { ...sample(1, events, []), message_pool: pool };
    const s2 = sample(2, [model([user('other')], assistant('x'), 1)], []);
    const { samples: _drop, ...header } = doc([]);
    const zip = zipSync({
      'header.json': strToU8(JSON.stringify(header)),
      'samples/1_epoch_1.json': strToU8(JSON.stringify(s1)),
      'samples/2_epoch_1.json': strToU8(JSON.stringify(s2)),
    });
    const log = loadLogFromBytes(zip);
    expect(log.sourceFormat).toBe('inspect-eval');
    expect(log.diagnostics.items.filter((d) => d.code === 'import-input-mismatch')).toEqual([]);
    expect(messagesAtEnd(log).map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(log.diagnostics.items.find((d) => d.code === 'import-note')?.message).toMatch(
      /holds 2 samples \(1: 1#1, 2: 2#1\); this is sample 1 /,
    );
  });

  it('a failed model call is a failed attempt; a tool error an error result', () => {
    const events = [
      model([user('go')], assistant('x'), 1, { error: 'RateLimitError: slow down' }),
      model([user('go')], assistant('', [call]), 3),
      tool(5, { result: '', error: { type: 'timeout', message: 'took too long' } }),
    ];
    const log = loadLogFromText(JSON.stringify(doc([sample(1, events, [])])));
    expect(log.structure.totals.failedAttempts).toBe(1);
    expect(log.structure.totals.toolErrors).toBe(1);
    expect(messagesAtEnd(log).at(-1)?.content[0]).toEqual({
      type: 'tool-result',
      toolCallId: 'call_1',
      content: [{ type: 'text', text: 'took too long' }],
      isError: true,
    });
  });

  it('a damaged .eval zip is a diagnostic, not an exception', () => {
    const zip = zipSync({ 'header.json': strToU8('{}') });
    const log = loadLogFromBytes(zip.subarray(0, 30));
    expect(log.sourceFormat).toBe('inspect-eval');
    expect(log.diagnostics.items.map((d) => d.code)).toContain('import-unmapped');
  });
});

describe('Inspect AI importer: values nested hundreds of thousands deep', () => {
  const open = (n: number) => '{"a":'.repeat(n);
  const close = (n: number) => '}'.repeat(n);

  it('a 200,000-deep value in the header is cut on import with a note, never a crash', () => {
    const text = `{"version":2,"status":"success","eval":{"task":"t","model":${open(200_000)}1${close(200_000)}},"samples":[{"id":1,"messages":[{"role":"user","content":"hi"},{"role":"assistant","content":"hello"}]}]}`;
    const log = loadLogFromText(text);
    expect(log.sourceFormat).toBe('inspect-json');
    expect(log.diagnosticList.map((d) => d.message)).toContain(
      'a value nested deeper than 1000 levels was cut on import (the rest of the log is kept)',
    );
    expect(messagesAtEnd(log).map((m) => m.role)).toEqual(['user', 'assistant']);
  });

  it('a 1,000,000-deep content in one message loses that value, not the log', () => {
    const deep = '['.repeat(1_000_000) + ']'.repeat(1_000_000);
    const text = `{"version":2,"status":"success","eval":{"task":"t"},"samples":[{"id":1,"messages":[{"role":"user","content":"first"},{"role":"assistant","content":${deep}},{"role":"user","content":"still here"}]}]}`;
    const log = loadLogFromText(text);
    expect(log.diagnosticList.map((d) => d.code)).not.toContain('import-unmapped');
    expect(log.diagnosticList.map((d) => d.code)).toContain('import-note');
    const users = messagesAtEnd(log).filter((m) => m.role === 'user');
    expect(JSON.stringify(users)).toContain('still here');
  });

  it('inside an .eval zip too', () => {
    const sample = `{"id":1,"epoch":1,"messages":[{"role":"user","content":"hi"},{"role":"assistant","content":"ok","metadata":${open(200_000)}1${close(200_000)}}]}`;
    const zip = zipSync({
      'header.json': strToU8('{"version":2,"status":"success","eval":{"task":"t"}}'),
      'samples/1_epoch_1.json': strToU8(sample),
    });
    const log = loadLogFromBytes(zip);
    expect(log.sourceFormat).toBe('inspect-eval');
    expect(log.diagnosticList.map((d) => d.code)).toContain('import-note');
    expect(messagesAtEnd(log).map((m) => m.role)).toEqual(['user', 'assistant']);
  });
});
