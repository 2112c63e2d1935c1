/** The pi importer on small hand-made v1 and v3 sessions. */
import { describe, expect, it } from 'vitest';
import { loadLogFromText } from '../../log/load';
import { eventsOfType, loadLines, messagesAtEnd } from '../testing';

let clock = 0;
const ts = () => new Date(Date.UTC(2026, 0, 1, 0, 0, clock++)).toISOString();
const text = (m: { content: unknown[] }) => (m.content[0] as { text: string }).text;
const userV1 = (t: string) => ({
  type: 'message',
  timestamp: ts(),
  message: { role: 'user', content: [{ type: 'text', text: t }] },
});
const assistantV1 = (content: object[], extra: object = {}) => ({
  type: 'message',
  timestamp: ts(),
  message: {
    role: 'assistant',
    content,
    provider: 'anthropic',
    model: 'claude-test',
    usage: { input: 3, output: 7, cacheRead: 10, cacheWrite: 2 },
    stopReason: 'stop',
    ...extra,
  },
});
const headerV1 = {
  type: 'session',
  id: 'pi-1',
  timestamp: ts(),
  cwd: '/p',
  provider: 'anthropic',
  modelId: 'claude-test',
  thinkingLevel: 'off',
};

describe('pi importer', () => {
  it('v1: header model, thinking and tool calls, tool results with isError, usage', () => {
    const log = loadLines([
      headerV1,
      userV1('read it'),
      assistantV1(
        [
          { type: 'thinking', thinking: 'hmm' },
          { type: 'toolCall', id: 'tc1', name: 'read', arguments: { path: 'a' } },
        ],
        { stopReason: 'toolUse' },
      ),
      {
        type: 'message',
        timestamp: ts(),
        message: {
          role: 'toolResult',
          toolCallId: 'tc1',
          toolName: 'read',
          content: [{ type: 'text', text: 'no such file' }],
          isError: true,
        },
      },
      assistantV1([{ type: 'text', text: 'It is missing.' }]),
      { type: 'thinking_level_change', timestamp: ts(), thinkingLevel: 'high' },
    ]);
    expect(log.sourceFormat).toBe('pi');
    expect(log.sessionHeader).toMatchObject({ id: 'pi-1', origin: { format: 'pi', version: 1 } });
    const msgs = messagesAtEnd(log);
    expect(msgs[1]?.content).toEqual([
      { type: 'reasoning', text: 'hmm' },
      { type: 'tool-call', id: 'tc1', name: 'read', arguments: '{"path":"a"}' },
    ]);
    expect(log.structure.totals.toolErrors).toBe(1);
    // Two calls of input 3 (pi's input excludes the cache), cache read 10 and write 2 each.
    expect(log.structure.usage).toEqual({
      inputTokens: 6,
      outputTokens: 14,
      cacheReadTokens: 20,
      cacheWriteTokens: 4,
    });
    expect(eventsOfType(log, 'pi/thinking_level_change')).toHaveLength(1);
    expect((eventsOfType(log, 'request/header')[0]?.data.header as { config: unknown }).config).toEqual({
      provider: 'anthropic',
      model: 'claude-test',
    });
  });

  it('v1: a line holding two records is read as two, with a note', () => {
    const a = JSON.stringify(userV1('first'));
    const b = JSON.stringify(assistantV1([{ type: 'text', text: 'second' }]));
    const log = loadLogFromText(`${JSON.stringify(headerV1)}\n${a}${b}\n`);
    expect(messagesAtEnd(log).map(text)).toEqual(['first', 'second']);
    expect(log.diagnostics.items.find((d) => d.message.includes('line 2 holds 2 records'))?.code).toBe(
      'import-note',
    );
  });

  it('v1: compaction keeps the entries from firstKeptEntryIndex after the summary', () => {
    const log = loadLines([
      headerV1, // entry 0
      userV1('old question'), // 1
      assistantV1([{ type: 'text', text: 'old answer' }]), // 2
      userV1('recent question'), // 3
      assistantV1([{ type: 'text', text: 'recent answer' }]), // 4
      {
        type: 'compaction',
        timestamp: ts(),
        summary: 'We talked.',
        firstKeptEntryIndex: 3,
        tokensBefore: 100,
      },
      userV1('next'),
    ]);
    expect(messagesAtEnd(log).map(text)).toEqual(['We talked.', 'recent question', 'recent answer', 'next']);
    expect(log.diagnostics.counts.error).toBe(0);
  });

  it('v3: id/parentId branches; compaction keeping from the first entry; model_change', () => {
    const e = (id: string, parentId: string | null, body: object) => ({
      id,
      parentId,
      timestamp: ts(),
      ...body,
    });
    const msg = (role: string, t: string) => ({
      type: 'message',
      message: {
        role,
        content: [{ type: 'text', text: t }],
        ...(role === 'assistant' ? { provider: 'x', model: 'm1', stopReason: 'stop' } : {}),
      },
    });
    const log = loadLines([
      { type: 'session', version: 3, id: 'pi-3', timestamp: ts(), cwd: '/p' },
      e('m', null, { type: 'model_change', provider: 'x', modelId: 'm1' }),
      e('u1', 'm', msg('user', 'hello')),
      e('a1', 'u1', msg('assistant', 'hi')),
      e('u2', 'a1', msg('user', 'path A')),
      e('a2', 'u2', msg('assistant', 'went A')),
      e('u3', 'a1', msg('user', 'path B')),
      e('c1', 'u3', { type: 'compaction', summary: 'Summary B', firstKeptEntryId: 'm', tokensBefore: 5 }),
      e('a3', 'c1', msg('assistant', 'went B')),
    ]);
    const texts = messagesAtEnd(log).map(text);
    expect(texts).toEqual(['Summary B', 'hello', 'hi', 'path B', 'went B']);
    expect(eventsOfType(log, 'pi/other-branch')).toHaveLength(2);
    expect(
      log.diagnostics.items.some((d) => /2 entries are on another branch \(lines 5, 6\)/.test(d.message)),
    ).toBe(true);
    expect(log.diagnostics.counts.error).toBe(0);
  });

  it('a reply cut off by an error with no content is a failed attempt; bash executions reach the model', () => {
    const log = loadLines([
      headerV1,
      userV1('go'),
      assistantV1([], { stopReason: 'error', errorMessage: 'overloaded' }),
      {
        type: 'message',
        timestamp: ts(),
        message: { role: 'bashExecution', command: 'ls', output: 'a b', exitCode: 0 },
      },
    ]);
    expect(log.structure.totals.failedAttempts).toBe(1);
    expect(text(messagesAtEnd(log)[1] as { content: unknown[] })).toBe('Ran `ls`\n```\na b\n```');
  });
});
