import { describe, expect, it } from 'vitest';
import type { SessionEvent } from '../types';
import { HARNESS_EVENT_TYPES } from '../reader/knownTypes';
import { SUMMARY_MAX, describeTurnEnd, summarize } from './summary';
import { NAME_MAX_CHARS } from './bidiControls';

const ev = (type: string, data: Record<string, unknown>, extra: Partial<SessionEvent> = {}): SessionEvent =>
  ({ type, seq: 0, data, ...extra }) as SessionEvent;

describe('summarize', () => {
  it('durable events', () => {
    expect(summarize(ev('turn/start', { turn: 2 })).text).toBe('Turn 2');
    expect(summarize(ev('step/start', { turn: 2, step: 3 })).text).toBe('Step 2.3 start');
    expect(
      summarize(ev('user/message', { role: 'user', content: [{ type: 'text', text: 'Fix\n  the typo' }] }))
        .text,
    ).toBe('Fix the typo');
    expect(
      summarize(
        ev('user/message', {
          role: 'user',
          content: [{ type: 'text', text: 'hi' }],
          source: { kind: 'plugin', plugin: 'agents-md' },
        }),
      ).text,
    ).toBe('[agents-md] hi');
    const am = summarize(
      ev('assistant/message', {
        turn: 1,
        step: 1,
        message: {
          role: 'assistant',
          content: [
            { type: 'text', text: "I'll look" },
            { type: 'tool-call', id: 'c', name: 'bash', arguments: '{}' },
          ],
        },
        usage: { inputTokens: 12, outputTokens: 4 },
      }),
    );
    expect(am.text).toBe("I'll look → bash · in 12 · out 4");
    expect(
      summarize(ev('assistant/message', { turn: 1, step: 1, message: { role: 'assistant', content: [] } }))
        .text,
    ).toBe('(empty assistant message)');
    expect(
      summarize(ev('tool/call', { turn: 1, step: 1, callId: 'c', name: 'read', arguments: '{"path":"a"}' }))
        .text,
    ).toBe('read({"path":"a"})');
  });

  it('tool results show their status and tone', () => {
    const ok = summarize(
      ev('tool/result', {
        message: {
          role: 'user',
          content: [{ type: 'tool-result', toolCallId: 'c', content: [{ type: 'text', text: 'runoob' }] }],
        },
      }),
    );
    expect(ok).toEqual({ text: 'ok: runoob', tone: 'ok' });
    const bad = summarize(
      ev('tool/result', {
        message: {
          role: 'user',
          content: [
            {
              type: 'tool-result',
              toolCallId: 'c',
              content: [{ type: 'text', text: 'boom' }],
              isError: true,
            },
          ],
        },
        error: { name: 'X', code: 'TOOL_OUTCOME_UNKNOWN' },
      }),
    );
    expect(bad).toEqual({ text: 'error TOOL_OUTCOME_UNKNOWN: boom', tone: 'error' });
  });

  it('chunks', () => {
    const chunk = (c: Record<string, unknown>) =>
      summarize(ev('assistant/chunk', { turn: 1, step: 1, chunk: c }));
    expect(chunk({ type: 'text-delta', index: 0, text: 'I’ll ' }).text).toBe('"I’ll "');
    expect(chunk({ type: 'tool-call-delta', index: 1, name: 'bash', argumentsDelta: '{"c' }).text).toBe(
      'bash "{\\"c"',
    );
    expect(
      chunk({ type: 'finish', reason: { kind: 'error', failure: { message: 'rate limited', code: '429' } } }),
    ).toEqual({
      text: 'finish: error · rate limited (429)',
      tone: 'error',
    });
    expect(
      chunk({ type: 'usage', usage: { inputTokens: 151, outputTokens: 115, cacheReadTokens: 7680 } }).text,
    ).toBe('usage in 151 · out 115 · cache 7680');
  });

  it('log-only events get readable summaries', () => {
    expect(
      summarize(
        ev('request/header', { header: { config: { provider: 'ds', model: 'v4' } }, reason: 'initial' }),
      ).text,
    ).toBe('request initial · ds/v4');
    expect(summarize(ev('session/title', { title: 'Hello' })).text).toBe('title: Hello');
    expect(
      summarize(
        ev('compaction/summary', {
          summary: [{ type: 'text', text: 'short' }],
          shadowedRange: { start: 4, end: 4 },
        }),
      ).text,
    ).toBe('compaction summary of 4..4: short');
    expect(
      summarize(ev('llm/retry', { attempt: 2, delayMs: 1500, error: { message: 'overloaded' } })),
    ).toEqual({
      text: 'retry #2 after 1.5 s: overloaded',
      tone: 'warn',
    });
    expect(
      summarize(
        ev('todo/write', {
          todos: [
            { content: 'a', status: 'completed' },
            { content: 'b', status: 'in_progress' },
          ],
        }),
      ).text,
    ).toBe('2 todos, 1 done · now: b');
  });

  it('unknown types say so, with their scalar fields', () => {
    expect(summarize(ev('x/y', { a: 1, b: 'two', c: [1, 2] })).text).toBe(
      'unknown type · a: 1, b: "two", c: [2]',
    );
    expect(summarize(ev('x/y', {}, { ignorable: true })).text).toBe('ignorable unknown type');
  });

  it('marks replaces and clips long text', () => {
    const r = summarize(
      ev(
        'user/message',
        { role: 'user', content: [{ type: 'text', text: 'x'.repeat(5000) }] },
        { surfaceOp: { op: 'replace', start: 1, end: 4 } },
      ),
    );
    expect(r.text.startsWith('replaces 1..4: ')).toBe(true);
    expect(r.text.length).toBeLessThanOrEqual(SUMMARY_MAX);
  });

  it('survives malformed data', () => {
    expect(() => summarize(ev('assistant/message', { message: 'nope' }))).not.toThrow();
    expect(() => summarize(ev('tool/result', {}))).not.toThrow();
    expect(() => summarize(ev('assistant/chunk', {}))).not.toThrow();
  });
});

describe('describeTurnEnd', () => {
  it('normalizes legacy reasons', () => {
    expect(describeTurnEnd({ kind: 'disposed' })).toMatchObject({ kind: 'aborted', detail: 'disposed' });
    expect(describeTurnEnd({ kind: 'aborted' })).toMatchObject({
      kind: 'aborted',
      detail: 'legacy',
      tone: 'warn',
    });
    expect(describeTurnEnd({ kind: 'error', step: 1, message: 'boom', code: 'E' })).toMatchObject({
      kind: 'error',
      tone: 'error',
    });
    expect(describeTurnEnd({ kind: 'completed' })).toMatchObject({ tone: 'ok' });
  });
});

describe('every type the harness knows has a readable summary (spec section 3)', () => {
  it('none of the 48 is summarized as an unknown type', () => {
    for (const type of HARNESS_EVENT_TYPES) {
      expect(summarize(ev(type, {})).text, type).not.toMatch(/unknown type/);
    }
  });

  it('the harness shapes read as sentences', () => {
    const cases: [string, Record<string, unknown>, string][] = [
      [
        'tool/code-dispatch-start',
        { rootCallId: 'a', subCallId: 'a:1', name: 'snapshot_double', arguments: { value: 21 } },
        'code → snapshot_double({"value":21})',
      ],
      [
        'tool/code-dispatch',
        { name: 'snapshot_double', isError: false, content: [{ type: 'text', text: '42' }] },
        'code → snapshot_double ok: 42',
      ],
      ['tool-workflow/run-start', { runId: 'r1', name: 'advanced' }, 'workflow advanced started (run r1)'],
      [
        'tool-workflow/agent-start',
        { runId: 'r1', seq: 1, label: 'child', phase: 'Delegate' },
        'workflow agent child started (Delegate)',
      ],
      [
        'tool-workflow/agent-end',
        { runId: 'r1', seq: 1, outcome: 'completed' },
        'workflow agent 1 completed',
      ],
      ['tool-workflow/run-end', { runId: 'r1', stopReason: 'completed' }, 'workflow run ended: completed'],
      [
        'session/title-llm-request',
        { route: { provider: 'cli-mock', model: 'm' }, messages: [{}], system: 'Create a title' },
        'title request → cli-mock/m · 1 message',
      ],
      ['approval/policy', { policy: 'never', source: 'delegation' }, 'approval policy: never (delegation)'],
      ['approval/decided', { id: 'x', outcome: 'rejected' }, 'approval rejected'],
      ['command/run', { name: 'permission', args: ' read-only' }, '/permission read-only'],
      [
        'hook/result',
        { point: 'PreToolUse', decision: 'block', exitCode: 2, durationMs: 3.9 },
        'hook PreToolUse → block · exit 2 · 4 ms',
      ],
      ['plan/mode', { active: true }, 'plan mode on'],
    ];
    for (const [type, data, text] of cases) expect(summarize(ev(type, data)).text, type).toBe(text);
    expect(summarize(ev('tool/code-dispatch', { name: 'x', isError: true, content: [] })).tone).toBe('error');
  });

  it('request/header: placeholders shown as written, real values by size', () => {
    expect(
      summarize(
        ev('request/header', {
          header: { config: { model: 'fake' }, system: '{{system}}', tools: '{{tools}}' },
          reason: 'initial',
        }),
      ).text,
    ).toBe('request initial · fake · system {{system}} · tools {{tools}}');
    expect(
      summarize(
        ev('request/header', {
          header: { config: { provider: 'p', model: 'm' }, system: 'x'.repeat(12_000), tools: [{}, {}] },
          reason: 'change',
        }),
      ).text,
    ).toBe('request change · p/m · system 12.0k chars · 2 tools');
  });
});

/** An array nested `depth` deep (String() of it overflows the stack past ~10,000). */
function deepArray(depth: number): unknown {
  let v: unknown = [];
  for (let i = 0; i < depth; i++) v = [v];
  return v;
}

describe('a number field holding something else (audit R17-4)', () => {
  // `{"toString":1}` as JSON.parse makes it: String() and Number() of it throw.
  const traps: [string, () => unknown][] = [
    ['toString trap', () => JSON.parse('{"toString":1}') as unknown],
    ['array 20,000 deep', () => deepArray(20_000)],
  ];
  const placements: [string, (v: unknown) => SessionEvent][] = [
    ['usage.inputTokens', (v) => am({ inputTokens: v, outputTokens: 1 })],
    ['usage.outputTokens', (v) => am({ inputTokens: 1, outputTokens: v })],
    ['usage.cacheReadTokens', (v) => am({ inputTokens: 1, outputTokens: 1, cacheReadTokens: v })],
    ['usage.reasoningTokens', (v) => am({ inputTokens: 1, outputTokens: 1, reasoningTokens: v })],
    ['chunk usage', (v) => ev('assistant/chunk', { chunk: { type: 'usage', usage: { inputTokens: v } } })],
    ['contextWindow', (v) => ev('request/context', { provider: 'p', model: 'm', contextWindow: v })],
    ['llm/retry delayMs', (v) => ev('llm/retry', { attempt: 1, delayMs: v })],
    ['llm/retry-started delay', (v) => ev('llm/retry-started', { retry: 1, delay: v })],
    ['surfaceOp.start', (v) => replace(v, 3)],
    ['surfaceOp.end', (v) => replace(1, v)],
  ];

  function am(usage: Record<string, unknown>): SessionEvent {
    return ev('assistant/message', {
      message: { role: 'assistant', content: [{ type: 'text', text: 'hi' }] },
      usage,
    });
  }
  function replace(start: unknown, end: unknown): SessionEvent {
    return ev(
      'user/message',
      { role: 'user', content: [{ type: 'text', text: 'hi' }] },
      { surfaceOp: { op: 'replace', start, end } as unknown as SessionEvent['surfaceOp'] },
    );
  }

  for (const [trapName, trap] of traps)
    it.each(placements)(`${trapName} in %s: the row says the value is invalid`, (_, make) => {
      const s = summarize(make(trap()));
      expect(s.text).toContain('(invalid)');
    });

  it('valid numbers still read as before', () => {
    expect(summarize(am({ inputTokens: 12_345, outputTokens: 4, cacheReadTokens: 7 })).text).toBe(
      'hi · in 12.3k · out 4 · cache 7',
    );
    expect(summarize(ev('request/context', { model: 'm', contextWindow: 200_000 })).text).toBe(
      'context m · window 200k',
    );
    expect(summarize(ev('llm/retry', { attempt: 2, delayMs: 1500 })).text).toMatch(
      /^retry #2 after 1\.5 ?s$/,
    );
    expect(summarize(replace(1, 3)).text).toBe('replaces 1..3: hi');
    // A count given as a string is not a count (check's bad-usage says "not counted").
    expect(summarize(am({ inputTokens: '12', outputTokens: 4 })).text).toBe('hi · in (invalid) · out 4');
  });
});

describe('a turn end reason too long to draw (audit R21-5)', () => {
  it('cuts the kind to NAME_MAX_CHARS and the detail to 2,000 code points', () => {
    const d = describeTurnEnd({ kind: 'error', error: { message: 'd'.repeat(1_000_000) } });
    expect(d.detail).toBe(`${'d'.repeat(2_000)}…`);
    const other = describeTurnEnd({ kind: 'k'.repeat(1_000_000) });
    expect(other.kind).toBe(`${'k'.repeat(NAME_MAX_CHARS)}…`);
    expect(other.label).toBe(other.kind);
  });
});
