/** The pi importer on small hand-made v1 and v3 sessions. */
import { describe, expect, it, vi } from 'vitest';
import { loadLogFromText } from '../../log/load';
import { NativeLog } from '../nativeLog';
import { importPi } from './pi';
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

  it('a message kept by one compaction and again by the next stays in the history (kept from the start)', () => {
    const log = loadLines([
      headerV1, // 0
      userV1('q1'), // 1
      assistantV1([{ type: 'text', text: 'a1' }]), // 2
      { type: 'compaction', timestamp: ts(), summary: 'S1', firstKeptEntryIndex: 1, tokensBefore: 1 }, // 3
      userV1('q2'), // 4
      { type: 'compaction', timestamp: ts(), summary: 'S2', firstKeptEntryIndex: 2, tokensBefore: 1 }, // 5
    ]);
    expect(messagesAtEnd(log).map(text)).toEqual(['S2', 'a1', 'q2']);
    expect(log.diagnostics.counts.error).toBe(0);
  });
});

describe('pi compactions: work linear in the entries (R8-2)', () => {
  const v3 = (n: number, compactions: number, keepFrom: number) => {
    const lines: object[] = [{ type: 'session', version: 3, id: 'pi', timestamp: ts(), cwd: '/p' }];
    let parent: string | null = null;
    for (let i = 0; i < n; i++) {
      lines.push({
        id: `u${i}`,
        parentId: parent,
        type: 'message',
        message: { role: 'user', content: [{ type: 'text', text: `q${i}` }] },
      });
      parent = `u${i}`;
    }
    for (let c = 0; c < compactions; c++) {
      lines.push({
        id: `c${c}`,
        parentId: parent,
        type: 'compaction',
        summary: `S${c}`,
        firstKeptEntryId: `u${keepFrom}`,
      });
      parent = `c${c}`;
    }
    return lines.map((l) => JSON.stringify(l)).join('\n') + '\n';
  };

  it('4,000 compactions over 4,000 kept messages read the surface a bounded number of times', () => {
    const reads = vi.spyOn(NativeLog.prototype, 'surfaceSeq');
    const out = importPi(v3(4000, 4000, 1));
    const texts = out.derived().map(text);
    expect(texts[0]).toBe('S3999');
    expect(texts).toHaveLength(4000);
    expect(texts[1]).toBe('q1');
    expect(texts.at(-1)).toBe('q3999');
    expect(reads.mock.calls.length).toBeLessThan(4 * (4000 + 4000));
    reads.mockRestore();
  });

  it('one compaction kept from the very start: every message follows the summary, read once', () => {
    const reads = vi.spyOn(NativeLog.prototype, 'surfaceSeq');
    const out = importPi(v3(20_000, 1, 0));
    const texts = out.derived().map(text);
    expect(texts).toHaveLength(20_001);
    expect(texts.slice(0, 3)).toEqual(['S0', 'q0', 'q1']);
    expect(reads.mock.calls.length).toBeLessThan(4 * 20_000);
    reads.mockRestore();
  });
});
