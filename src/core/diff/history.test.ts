import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadLogFromBytes, loadLogFromText } from '../log/load';
import { callIndexAt, callInputDiff, modelCalls } from './calls';
import { diffHistories } from './history';
import { textDiff } from './textDiff';

const text = (t: string) => [{ type: 'text', text: t }];
const header = (seq: number, model: string, system: string, tools: string[]) => ({
  type: 'request/header',
  seq,
  data: { header: { config: { provider: 'p', model }, system, tools }, reason: 'initial' },
});
const result = (seq: number, step: number, content: string, op?: unknown, sources?: number[]) => ({
  type: 'tool/result',
  seq,
  data: {
    turn: 1,
    step,
    message: {
      role: 'user',
      content: [{ type: 'tool-result', toolCallId: 'c1', toolName: 'bash', content: text(content) }],
    },
  },
  ...(op ? { surfaceOp: op, sourceEventSeqs: sources } : {}),
});

/**
 * 2 user, 4 assistant (tool call), 6 tool result, 9 assistant; then 11 prunes 6,
 * 12 compacts everything into a summary, 13 a new header, 14 rewrites the summary.
 */
const LOG = [
  { type: 'turn/start', seq: 0, data: { turn: 1 } },
  { type: 'step/start', seq: 1, data: { turn: 1, step: 1 } },
  { type: 'user/message', seq: 2, data: { role: 'user', content: text('fix the bug') } },
  header(3, 'model-one', 'You are terse.', ['bash']),
  {
    type: 'assistant/message',
    seq: 4,
    data: {
      turn: 1,
      step: 1,
      message: {
        role: 'assistant',
        content: [{ type: 'tool-call', id: 'c1', name: 'bash', arguments: '{}' }],
      },
    },
  },
  { type: 'tool/call', seq: 5, data: { turn: 1, step: 1, callId: 'c1', name: 'bash', arguments: '{}' } },
  result(6, 1, 'line one\nline two\nthe long output'),
  { type: 'step/end', seq: 7, data: { turn: 1, step: 1 } },
  { type: 'step/start', seq: 8, data: { turn: 1, step: 2 } },
  {
    type: 'assistant/message',
    seq: 9,
    data: { turn: 1, step: 2, message: { role: 'assistant', content: text('done') } },
  },
  { type: 'step/end', seq: 10, data: { turn: 1, step: 2 } },
  result(11, 2, '[pruned]', { op: 'replace', start: 6, end: 6 }, [6]),
  {
    type: 'user/message',
    seq: 12,
    data: { role: 'user', content: text('Summary: fixed the bug.') },
    surfaceOp: { op: 'replace', start: 2, end: 9 },
    sourceEventSeqs: [2, 4, 9, 11],
  },
  header(13, 'model-two', 'You are very terse.', ['bash', 'read']),
  {
    type: 'user/message',
    seq: 14,
    data: { role: 'user', content: text('Summary: fixed the bug in parser.ts.') },
    surfaceOp: { op: 'replace', start: 12, end: 12 },
    sourceEventSeqs: [12],
  },
];
const log = loadLogFromText(LOG.map((e) => JSON.stringify(e)).join('\n') + '\n');

describe('history diff', () => {
  it('folds the fixture without errors (the replaces apply)', () => {
    expect(log.diagnostics.items.filter((d) => d.severity === 'error')).toEqual([]);
    expect(log.messagesAt(14).messages.map((m) => m.seq)).toEqual([14]);
  });

  it('appends: only added messages, in surface order', () => {
    const d = diffHistories(log, 3, 10);
    expect(d.removed).toEqual([]);
    expect(d.added).toEqual([
      { seq: 4, role: 'assistant' },
      { seq: 6, role: 'user' },
      { seq: 9, role: 'assistant' },
    ]);
    expect(d.changed).toEqual([]);
    expect(d.rows.map((r) => r.kind)).toEqual(['same', 'added', 'added', 'added']);
  });

  it('a prune: removed under its own seq, added under the replacement, paired in changed with a text diff', () => {
    const d = diffHistories(log, 10, 11);
    expect(d.removed).toEqual([{ seq: 6, role: 'user' }]);
    expect(d.added).toEqual([{ seq: 11, role: 'user' }]);
    expect(d.changed).toEqual([{ from: 6, to: 11 }]);
    const row = d.rows.find((r) => r.kind === 'changed');
    expect(row).toMatchObject({ kind: 'changed', from: 6, to: 11 });
    const parts = row?.kind === 'changed' ? row.text : [];
    expect(
      parts
        .filter((p) => p.op === '+')
        .map((p) => p.text)
        .join(''),
    ).toContain('[pruned]');
    expect(
      parts
        .filter((p) => p.op === '-')
        .map((p) => p.text)
        .join(''),
    ).toContain('long output');
    expect(d.rows.map((r) => r.kind)).toEqual(['same', 'same', 'changed', 'same']);
  });

  it('a compaction hides several messages: removed, the summary added, nothing paired', () => {
    const d = diffHistories(log, 10, 12);
    expect(d.removed.map((m) => m.seq)).toEqual([2, 4, 6, 9]);
    expect(d.added).toEqual([{ seq: 12, role: 'user' }]);
    expect(d.changed).toEqual([]);
  });

  it('nested replaces are followed: the pruned result counts as hidden by the compaction', () => {
    const d = diffHistories(log, 11, 14);
    expect(d.removed.map((m) => m.seq)).toEqual([2, 4, 11, 9]);
    expect(d.added.map((m) => m.seq)).toEqual([14]);
    expect(d.changed).toEqual([]);
  });

  it('a rewritten summary is changed, and the request in force changes are listed', () => {
    const d = diffHistories(log, 12, 14);
    expect(d.changed).toEqual([{ from: 12, to: 14 }]);
    expect(d.request.model).toEqual({ from: 'model-one', to: 'model-two' });
    expect(d.request.header).toEqual({ from: 3, to: 13 });
    expect(d.request.system?.from).toBe('You are terse.');
    expect(d.request.system?.diff.filter((p) => p.op === '+').map((p) => p.text.trim())).toContain('very');
    expect(d.request.tools).toEqual({ added: ['read'], removed: [], changed: [] });
    expect(d.request.provider).toBeUndefined();
  });

  it('the same seq on both sides is an empty diff', () => {
    const d = diffHistories(log, 9, 9);
    expect([d.removed, d.added, d.changed, d.request]).toEqual([[], [], [], {}]);
  });

  it('from -1 is the empty history: everything is added, the request appears', () => {
    const d = diffHistories(log, -1, 4);
    expect(d.added.map((m) => m.seq)).toEqual([2, 4]);
    expect(d.request.model).toEqual({ from: null, to: 'model-one' });
  });
});

describe("what changed in this call's input", () => {
  const calls = modelCalls(log.structure);

  it('a call per step attempt, its input just before the model answered', () => {
    expect(calls.map((c) => [c.stepIndex, c.inputSeq])).toEqual([
      [0, 3],
      [1, 8],
    ]);
    expect(callIndexAt(calls, 3)).toBe(-1);
    expect(callIndexAt(calls, 4)).toBe(0);
    expect(callIndexAt(calls, 100)).toBe(1);
  });

  it('the second call saw the tool round appended since the first', () => {
    const d = callInputDiff(log, calls, 1);
    expect([d.from, d.to]).toEqual([3, 8]);
    expect(d.added.map((m) => [m.seq, m.role])).toEqual([
      [4, 'assistant'],
      [6, 'user'],
    ]);
    expect(d.removed).toEqual([]);
  });

  it('the first call is diffed against nothing', () => {
    expect(callInputDiff(log, calls, 0).added.map((m) => m.seq)).toEqual([2]);
  });
});

describe('the sample with a replace (dsh/agent-instructions)', () => {
  const sample = loadLogFromBytes(
    readFileSync(resolve(__dirname, '../../../../shared/samples/dsh/agent-instructions.jsonl')),
  );
  it('pairs the compacted instructions with their replacement', () => {
    const r = sample.replacesUpTo(sample.eventCount - 1);
    expect(r).toHaveLength(1);
    const { seq, hidden } = r[0] as { seq: number; hidden: number[] };
    const d = diffHistories(sample, seq - 1, seq);
    expect(d.changed).toEqual([{ from: hidden[0], to: seq }]);
    expect(d.removed).toEqual([{ seq: hidden[0], role: 'user' }]);
    expect(d.added).toEqual([{ seq, role: 'user' }]);
  });
});

describe('textDiff', () => {
  it('keeps, removes and adds words', () => {
    expect(textDiff('a b c', 'a x c')).toEqual([
      { op: '=', text: 'a ' },
      { op: '-', text: 'b' },
      { op: '+', text: 'x' },
      { op: '=', text: ' c' },
    ]);
    expect(textDiff('same', 'same')).toEqual([{ op: '=', text: 'same' }]);
  });

  it('gives a line diff when a word diff would be too long, and loses no text', { timeout: 60_000 }, () => {
    const a = Array.from({ length: 3000 }, (_, i) => `w${i}`).join(' ');
    const b = Array.from({ length: 3000 }, (_, i) => `v${i}`).join(' ');
    const parts = textDiff(a, b);
    expect(
      parts
        .filter((p) => p.op !== '+')
        .map((p) => p.text)
        .join(''),
    ).toBe(a);
    expect(
      parts
        .filter((p) => p.op !== '-')
        .map((p) => p.text)
        .join(''),
    ).toBe(b);
  });
});

describe('a summary rewritten together with newer messages', () => {
  const more = [
    ...LOG.slice(0, 13),
    { type: 'user/message', seq: 13, data: { role: 'user', content: text('and the tests?') } },
    {
      type: 'user/message',
      seq: 14,
      data: { role: 'user', content: text('Summary: fixed the bug; tests asked for.') },
      surfaceOp: { op: 'replace', start: 12, end: 13 },
      sourceEventSeqs: [12, 13],
    },
  ];
  const l = loadLogFromText(more.map((e) => JSON.stringify(e)).join('\n') + '\n');
  it('pairs the new summary with the old one; the newer message is only removed', () => {
    const d = diffHistories(l, 13, 14);
    expect(d.removed.map((m) => m.seq)).toEqual([12, 13]);
    expect(d.changed).toEqual([{ from: 12, to: 14 }]);
    expect(d.rows.map((r) => r.kind)).toEqual(['changed', 'removed']);
  });
});

describe('a compaction of 200,000 messages, itself replaced (R8-15)', () => {
  it('diffs without a stack overflow, and the new summary stands for the 200,000 messages', () => {
    const n = 200_000;
    const lines: string[] = [];
    const user = (seq: number, text: string, op: unknown, sources?: number[]) =>
      JSON.stringify({
        type: 'user/message',
        seq,
        data: { role: 'user', content: [{ type: 'text', text }] },
        surfaceOp: op,
        ...(sources ? { sourceEventSeqs: sources } : {}),
      });
    for (let i = 0; i < n; i++) lines.push(user(i, `m${i}`, 'append'));
    const all = Array.from({ length: n }, (_, i) => i);
    lines.push(user(n, 'summary A', { op: 'replace', start: 0, end: n - 1 }, all));
    lines.push(user(n + 1, 'summary B', { op: 'replace', start: n, end: n }, [n]));
    const log = loadLogFromText(lines.join('\n') + '\n');
    expect(log.diagnostics.counts.error).toBe(0);
    const d = diffHistories(log, n - 1, n + 1);
    expect(d.rows.filter((r) => r.kind === 'removed')).toHaveLength(n);
    expect(d.rows.some((r) => r.kind === 'added' && r.to === n + 1)).toBe(true);
  });
});
