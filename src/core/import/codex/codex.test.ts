/** The Codex CLI importer, rule by rule, on small hand-made rollouts. */
import { describe, expect, it } from 'vitest';
import { codes, eventsOfType, loadLines, messagesAtEnd } from '../testing';

let clock = 0;
const line = (type: string, payload: object) => ({
  timestamp: new Date(Date.UTC(2026, 0, 1, 0, 0, clock++)).toISOString(),
  type,
  payload,
});
const item = (payload: object) => line('response_item', payload);
const event = (payload: object) => line('event_msg', payload);
const meta = line('session_meta', {
  id: 'rollout-1',
  timestamp: '2026-01-01T00:00:00Z',
  cwd: '/repo',
  cli_version: '0.99.0',
  model_provider: 'openai',
  base_instructions: { text: 'You are Codex.' },
});
const context = line('turn_context', { cwd: '/repo', model: 'gpt-test', approval_policy: 'never' });
const userMsg = (text: string) =>
  item({ type: 'message', role: 'user', content: [{ type: 'input_text', text }] });
const tokens = (input: number, output: number, total: number) =>
  event({
    type: 'token_count',
    info: {
      total_token_usage: { input_tokens: total, output_tokens: 0 },
      last_token_usage: {
        input_tokens: input,
        cached_input_tokens: 2,
        output_tokens: output,
        reasoning_output_tokens: 1,
      },
    },
  });

describe('Codex importer', () => {
  it('session_meta and turn_context are the request in force; a response is one step with its calls', () => {
    const log = loadLines([
      meta,
      context,
      event({ type: 'task_started', turn_id: 't1' }),
      userMsg('make a file'),
      item({
        type: 'reasoning',
        summary: [{ type: 'summary_text', text: 'Plan: touch it' }],
        encrypted_content: null,
      }),
      item({
        type: 'function_call',
        name: 'exec_command',
        arguments: '{"cmd":"touch a"}',
        call_id: 'call_1',
      }),
      tokens(10, 5, 15),
      item({ type: 'function_call_output', call_id: 'call_1', output: 'ok' }),
      item({ type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'Done.' }] }),
      tokens(20, 3, 38),
      event({ type: 'task_complete', turn_id: 't1' }),
    ]);
    expect(log.sourceFormat).toBe('codex');
    expect(log.sessionHeader).toMatchObject({
      id: 'rollout-1',
      cwd: '/repo',
      origin: { format: 'codex', cliVersion: '0.99.0' },
    });
    const header = eventsOfType(log, 'request/header')[0]?.data as {
      header: { config: object; system: string };
    };
    expect(header.header).toMatchObject({
      config: { provider: 'openai', model: 'gpt-test' },
      system: 'You are Codex.',
    });
    const st = log.structure;
    expect([st.totals.turns, st.totals.steps, st.totals.toolCalls, st.totals.toolResults]).toEqual([
      1, 2, 1, 1,
    ]);
    const msgs = messagesAtEnd(log);
    expect(msgs.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(msgs[1]?.content).toEqual([
      { type: 'reasoning', text: 'Plan: touch it' },
      { type: 'tool-call', id: 'call_1', name: 'exec_command', arguments: '{"cmd":"touch a"}' },
    ]);
    // Usage from token_count (last_token_usage), per step. OpenAI's input_tokens include the 2
    // cached ones per call: the uncached input is (10 - 2) + (20 - 2) = 26, the cache read 2 + 2.
    expect(st.usage).toEqual({ inputTokens: 26, outputTokens: 8, cacheReadTokens: 4, reasoningTokens: 2 });
  });

  it('a token_count repeating the same totals is not counted again', () => {
    const log = loadLines([
      meta,
      context,
      userMsg('hi'),
      item({ type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'hello' }] }),
      tokens(7, 2, 9),
      tokens(7, 2, 9),
    ]);
    expect(log.structure.usage.inputTokens).toBe(7 - 2); // uncached: 2 of the 7 are cached
    expect(log.structure.usage.cacheReadTokens).toBe(2);
    expect(log.structure.usage.outputTokens).toBe(2);
  });

  it('encrypted reasoning is shown as such', () => {
    const log = loadLines([
      meta,
      userMsg('think'),
      item({ type: 'reasoning', summary: [], content: null, encrypted_content: 'gAAAA' + 'x'.repeat(95) }),
      item({ type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'ok' }] }),
    ]);
    expect(messagesAtEnd(log)[1]?.content[0]).toEqual({
      type: 'reasoning',
      text: '[encrypted reasoning: 100 characters, readable only by the provider]',
    });
  });

  it('keeps unknown record types and response items as log-only rows, noted once per type', () => {
    const log = loadLines([
      meta,
      line('ghost_snapshot_v9', { commit: 'abc' }),
      line('ghost_snapshot_v9', { commit: 'def' }),
      userMsg('hi'),
      item({ type: 'future_item', data: 1 }),
      item({ type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'ok' }] }),
    ]);
    expect(eventsOfType(log, 'codex/ghost_snapshot_v9').map((e) => e.data.commit)).toEqual(['abc', 'def']);
    expect(eventsOfType(log, 'codex/response_item/future_item')).toHaveLength(1);
    const notes = log.diagnostics.items.filter((d) => d.code === 'import-note').map((d) => d.message);
    expect(notes).toHaveLength(2);
    expect(notes[0]).toMatch(/"ghost_snapshot_v9" \(line 2\)/);
    expect(log.diagnostics.counts.error).toBe(0);
  });

  it('custom and local shell calls pair with their outputs; a failing command is a tool error', () => {
    const log = loadLines([
      meta,
      userMsg('patch and run'),
      item({
        type: 'custom_tool_call',
        name: 'apply_patch',
        input: '*** Begin Patch',
        call_id: 'c1',
        status: 'completed',
      }),
      item({
        type: 'local_shell_call',
        call_id: 'c2',
        status: 'completed',
        action: { type: 'exec', command: ['false'] },
      }),
      item({ type: 'custom_tool_call_output', call_id: 'c1', output: 'Success' }),
      item({ type: 'function_call_output', call_id: 'c2', output: 'exit 1' }),
      event({ type: 'exec_command_end', call_id: 'c2', exit_code: 1 }),
    ]);
    const calls = messagesAtEnd(log)[1]?.content as { name: string; arguments: string }[];
    expect(calls.map((c) => c.name)).toEqual(['apply_patch', 'local_shell']);
    expect(JSON.parse(calls[0]?.arguments ?? '')).toBe('*** Begin Patch');
    expect(log.structure.totals.toolResults).toBe(2);
    expect(log.structure.totals.toolErrors).toBe(1);
    expect(codes(log)).not.toContain('tool-call-without-result');
  });

  it('compacted with replacement_history replaces the whole history', () => {
    const log = loadLines([
      meta,
      userMsg('one'),
      item({ type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'answer one' }] }),
      userMsg('two'),
      line('compacted', {
        message: '',
        replacement_history: [
          { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'two' }] },
          { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Summary of before' }] },
        ],
      }),
      item({ type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'answer two' }] }),
    ]);
    const texts = messagesAtEnd(log).map((m) => (m.content[0] as { text: string }).text);
    expect(texts).toEqual(['two', 'Summary of before', 'answer two']);
    expect(log.replacesUpTo(log.eventCount - 1)).toHaveLength(1);
    expect(log.diagnostics.counts.error).toBe(0);
  });

  it('compacted without replacement_history: its message replaces the history', () => {
    const log = loadLines([
      meta,
      userMsg('one'),
      line('compacted', { message: 'Summary so far' }),
      userMsg('go on'),
    ]);
    expect(messagesAtEnd(log).map((m) => (m.content[0] as { text: string }).text)).toEqual([
      'Summary so far',
      'go on',
    ]);
  });
});
