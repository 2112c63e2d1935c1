/** The Claude Code importer, rule by rule, on small hand-made transcripts. */
import { describe, expect, it } from 'vitest';
import { codes, eventsOfType, loadLines, messagesAtEnd } from '../testing';

let clock = 0;
const ts = () => new Date(Date.UTC(2026, 0, 1, 0, 0, clock++)).toISOString();
const base = (uuid: string, parentUuid: string | null) => ({
  uuid,
  parentUuid,
  isSidechain: false,
  sessionId: 'sess-1',
  cwd: '/work',
  version: '2.1.0',
  timestamp: ts(),
});
const user = (uuid: string, parent: string | null, content: unknown, extra: object = {}) => ({
  ...base(uuid, parent),
  type: 'user',
  message: { role: 'user', content },
  ...extra,
});
const assistant = (
  uuid: string,
  parent: string,
  id: string,
  block: object,
  output: number,
  extra: object = {},
) => ({
  ...base(uuid, parent),
  type: 'assistant',
  message: {
    id,
    role: 'assistant',
    model: 'claude-test',
    content: [block],
    stop_reason: 'tool_use',
    usage: {
      input_tokens: 10,
      cache_read_input_tokens: 100,
      cache_creation_input_tokens: 5,
      output_tokens: output,
    },
  },
  ...extra,
});

describe('Claude Code importer', () => {
  it('assembles one assistant message per message.id and counts its usage once, from the last snapshot', () => {
    const log = loadLines([
      user('u1', null, 'list files'),
      assistant('a1', 'u1', 'msg_A', { type: 'thinking', thinking: 'Let me look.' }, 3),
      assistant('a2', 'a1', 'msg_A', { type: 'text', text: 'Listing.' }, 9),
      assistant(
        'a3',
        'a2',
        'msg_A',
        { type: 'tool_use', id: 'toolu_1', name: 'Bash', input: { command: 'ls' } },
        27,
      ),
      user('u2', 'a3', [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'a.txt' }]),
    ]);
    expect(log.sourceFormat).toBe('claude-code');
    const assistants = eventsOfType(log, 'assistant/message');
    expect(assistants).toHaveLength(1);
    const msg = assistants[0]?.data.message as { content: { type: string }[]; id: string };
    expect(msg.id).toBe('msg_A');
    expect(msg.content.map((b) => b.type)).toEqual(['reasoning', 'text', 'tool-call']);
    // Usage: the last snapshot's output (27), once; input_tokens is already the uncached input
    // (10), the cache read (100) and write (5) are their own counters, never added to it.
    expect(log.structure.usage).toEqual({
      inputTokens: 10,
      outputTokens: 27,
      cacheReadTokens: 100,
      cacheWriteTokens: 5,
    });
    expect(messagesAtEnd(log).map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
  });

  it('a repeated snapshot of the same block adds nothing', () => {
    const block = { type: 'text', text: 'Hello' };
    const log = loadLines([
      user('u1', null, 'hi'),
      assistant('a1', 'u1', 'msg_B', block, 1),
      assistant('a2', 'a1', 'msg_B', block, 4),
    ]);
    const msg = eventsOfType(log, 'assistant/message')[0]?.data as {
      message: { content: unknown[] };
      usage: { outputTokens: number };
    };
    expect(msg.message.content).toEqual([{ type: 'text', text: 'Hello' }]);
    expect(msg.usage.outputTokens).toBe(4);
  });

  it('tool_result with is_error is a failed tool result', () => {
    const log = loadLines([
      user('u1', null, 'run it'),
      assistant(
        'a1',
        'u1',
        'msg_C',
        { type: 'tool_use', id: 'toolu_9', name: 'Bash', input: { command: 'false' } },
        2,
      ),
      user('u2', 'a1', [
        {
          type: 'tool_result',
          tool_use_id: 'toolu_9',
          content: [{ type: 'text', text: 'exit 1' }],
          is_error: true,
        },
      ]),
    ]);
    expect(log.structure.totals.toolErrors).toBe(1);
    const result = messagesAtEnd(log)[2]?.content[0];
    expect(result).toEqual({
      type: 'tool-result',
      toolCallId: 'toolu_9',
      content: [{ type: 'text', text: 'exit 1' }],
      isError: true,
    });
  });

  it('parallel tool calls fork the parentUuid tree but stay one conversation', () => {
    // The second tool_use record and the first result are both children of a1.
    const log = loadLines([
      user('u1', null, 'two things'),
      assistant('a1', 'u1', 'msg_P', { type: 'tool_use', id: 't1', name: 'Read', input: {} }, 1),
      assistant('a2', 'a1', 'msg_P', { type: 'tool_use', id: 't2', name: 'Read', input: {} }, 2),
      user('r1', 'a1', [{ type: 'tool_result', tool_use_id: 't1', content: 'one' }]),
      user('r2', 'a2', [{ type: 'tool_result', tool_use_id: 't2', content: 'two' }]),
      assistant('a3', 'r2', 'msg_Q', { type: 'text', text: 'done' }, 1),
    ]);
    expect(log.types).not.toContain('claude-code/other-branch');
    expect(codes(log).filter((c) => c !== 'import-note')).toEqual([]);
    const roles = messagesAtEnd(log).map((m) => `${m.role}:${m.content.map((b) => b.type).join('+')}`);
    expect(roles).toEqual([
      'user:text',
      'assistant:tool-call+tool-call',
      'user:tool-result',
      'user:tool-result',
      'assistant:text',
    ]);
  });

  it('a rewind makes a branch: the last-written one is derived, the other shown as such', () => {
    const log = loadLines([
      user('u1', null, 'write a poem'),
      assistant('a1', 'u1', 'msg_1', { type: 'text', text: 'roses' }, 1),
      user('u2', 'a1', 'make it longer'),
      assistant('a2', 'u2', 'msg_2', { type: 'text', text: 'roses are red' }, 1),
      // The user rewound to a1 and asked something else.
      user('u3', 'a1', 'make it a haiku'),
      assistant('a3', 'u3', 'msg_3', { type: 'text', text: 'old pond' }, 1),
    ]);
    const text = JSON.stringify(messagesAtEnd(log));
    expect(text).toContain('make it a haiku');
    expect(text).not.toContain('make it longer');
    expect(eventsOfType(log, 'claude-code/other-branch')).toHaveLength(2);
    const note = log.diagnostics.items.find((d) => d.message.includes('another branch'));
    expect(note?.message).toMatch(/leaves line 2: 2 record\(s\)/);
  });

  it('compact_boundary + isCompactSummary replace the history before them', () => {
    const log = loadLines([
      user('u1', null, 'first question'),
      assistant('a1', 'u1', 'msg_1', { type: 'text', text: 'first answer' }, 1),
      {
        ...base('b1', null),
        logicalParentUuid: 'a1',
        type: 'system',
        subtype: 'compact_boundary',
        compactMetadata: { trigger: 'auto', preTokens: 1000 },
      },
      user('s1', 'b1', 'This session is being continued from a previous conversation. Summary: ...', {
        isCompactSummary: true,
      }),
      user('u2', 's1', 'next question'),
    ]);
    expect(messagesAtEnd(log).map((m) => (m.content[0] as { text: string }).text)).toEqual([
      'This session is being continued from a previous conversation. Summary: ...',
      'next question',
    ]);
    expect(eventsOfType(log, 'claude-code/system')[0]?.data).toMatchObject({ subtype: 'compact_boundary' });
    expect(codes(log).filter((c) => c !== 'import-note')).toEqual([]);
  });

  it('keeps system, attachment, summary and snapshot records as log-only rows', () => {
    const log = loadLines([
      { type: 'summary', summary: 'Old title', leafUuid: 'x' },
      { type: 'file-history-snapshot', messageId: 'm', snapshot: {} },
      user('u1', null, 'hi'),
      { ...base('at1', 'u1'), type: 'attachment', attachment: { type: 'hook_success' } },
      { ...base('sy1', 'at1'), type: 'system', subtype: 'turn_duration', durationMs: 5 },
    ]);
    expect(log.types).toEqual(
      expect.arrayContaining([
        'claude-code/summary',
        'claude-code/file-history-snapshot',
        'claude-code/attachment',
        'claude-code/system',
      ]),
    );
    expect(messagesAtEnd(log)).toHaveLength(1);
    expect(log.diagnostics.counts.error + log.diagnostics.counts.warning).toBe(0);
  });

  it('links a subagent call to its transcript file, and an API error is a failed attempt', () => {
    const log = loadLines([
      user('u1', null, 'delegate'),
      assistant(
        'a1',
        'u1',
        'msg_1',
        { type: 'tool_use', id: 'toolu_A', name: 'Agent', input: { prompt: 'go' } },
        1,
      ),
      user('r1', 'a1', [{ type: 'tool_result', tool_use_id: 'toolu_A', content: 'done' }], {
        toolUseResult: { agentId: 'abc123', agentType: 'general-purpose', status: 'completed' },
      }),
      {
        ...base('e1', 'r1'),
        type: 'assistant',
        isApiErrorMessage: true,
        message: {
          id: 'err',
          role: 'assistant',
          model: '<synthetic>',
          content: [{ type: 'text', text: 'API Error: 529 overloaded' }],
        },
      },
    ]);
    expect(eventsOfType(log, 'subagent/descriptor')[0]?.data).toMatchObject({
      callId: 'toolu_A',
      agentId: 'abc123',
      file: 'sess-1/subagents/agent-abc123.jsonl',
    });
    expect(log.structure.totals.failedAttempts).toBe(1);
    expect(log.diagnostics.items.find((d) => d.code === 'failed-attempt')?.message).toContain(
      '529 overloaded',
    );
  });

  it('says that the log records no system prompt or tool list, on the request header', () => {
    const log = loadLines([
      user('u1', null, 'hi'),
      assistant('a1', 'u1', 'm', { type: 'text', text: 'yo' }, 1),
    ]);
    const header = eventsOfType(log, 'request/header')[0]?.data as {
      header: { config: unknown; note: string };
    };
    expect(header.header.config).toEqual({ provider: 'anthropic', model: 'claude-test' });
    expect(header.header.note).toMatch(/no system prompt and no tool list/);
    expect(log.diagnostics.items.filter((d) => d.code === 'import-note')).toHaveLength(1);
  });
});

describe('one assistant message written as very many records (R8-4)', () => {
  it('30,000 records of one message id are one message of 30,000 blocks (grouped in linear work)', () => {
    const n = 30_000;
    const lines: object[] = [user('root', null, 'hi')];
    for (let i = 0; i < n; i++)
      lines.push(
        assistant(`a${i}`, i === 0 ? 'root' : `a${i - 1}`, 'msg_1', { type: 'text', text: `t${i}` }, 1),
      );
    const log = loadLines(lines);
    const last = messagesAtEnd(log).at(-1) as { role: string; content: { text: string }[] };
    expect(last.role).toBe('assistant');
    expect(last.content).toHaveLength(n);
    expect(last.content[n - 1]?.text).toBe(`t${n - 1}`);
  });
});

describe('Claude Code image blocks (audit R8-10, LOW)', () => {
  it('an image in a user message and in a tool result is an image block: media type and size, no error', () => {
    const png = 'A'.repeat(3998) + '=='; // 4,000 characters of base64: 2,998 bytes
    const image = { type: 'image', source: { type: 'base64', media_type: 'image/png', data: png } };
    const log = loadLines([
      user('u1', null, [{ type: 'text', text: 'what is this?' }, image]),
      assistant('a1', 'u1', 'msg_1', { type: 'tool_use', id: 'toolu_1', name: 'Shot', input: {} }, 1),
      user('u2', 'a1', [{ type: 'tool_result', tool_use_id: 'toolu_1', content: [image] }]),
    ]);
    expect(log.diagnostics.counts.error + log.diagnostics.counts.warning).toBe(0);
    const attachment = { mediaType: 'image/png', bytes: 2998 };
    const [first, , result] = messagesAtEnd(log);
    expect(first?.content).toEqual([
      { type: 'text', text: 'what is this?' },
      { type: 'image', attachment },
    ]);
    expect(result?.content).toEqual([
      { type: 'tool-result', toolCallId: 'toolu_1', content: [{ type: 'image', attachment }] },
    ]);
  });
});

describe('Claude Code records without message content (audit R8-7 variation, LOW)', () => {
  it('2,000 malformed user records and 3 assistant ones: kept as rows, 20 named per kind + one count', () => {
    const junk = Array.from({ length: 2000 }, () => ({ type: 'user', uuid: 7 }));
    const log = loadLines([
      user('root', null, 'hi'),
      ...junk,
      { type: 'assistant', uuid: 8 },
      { type: 'assistant', message: { role: 'assistant' } },
      { type: 'assistant', message: 'text' },
      user('u2', 'root', 'still here'),
    ]);
    expect(messagesAtEnd(log).map((m) => m.content)).toEqual([
      [{ type: 'text', text: 'hi' }],
      [{ type: 'text', text: 'still here' }],
    ]);
    expect(eventsOfType(log, 'claude-code/user')).toHaveLength(2000);
    expect(eventsOfType(log, 'claude-code/assistant')).toHaveLength(3);
    const warnings = log.diagnostics.items.filter((d) => d.severity === 'warning').map((d) => d.message);
    expect(warnings.filter((m) => m.includes('a user record without message content'))).toHaveLength(20);
    expect(warnings[0]).toBe('line 2: a user record without message content: kept as a row');
    expect(warnings).toContain('1980 more lines are user records without message content: kept as rows');
    expect(
      warnings.filter((m) => m.includes('an assistant record') || m.includes('a assistant')),
    ).toHaveLength(3);
    expect(warnings).toHaveLength(20 + 1 + 3);
  });
});
