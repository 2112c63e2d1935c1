import { describe, expect, it } from 'vitest';
import type { SessionEvent } from '../types';
import { PROMPT_MAX, promptText, toolList } from './spanSummary';

const user = (content: unknown, extra: Partial<SessionEvent> = {}): SessionEvent =>
  ({
    type: 'user/message',
    seq: 1,
    data: { role: 'user', content, source: { kind: 'user' } },
    ...extra,
  }) as SessionEvent;

describe('toolList', () => {
  it('names tools in order of first call and counts repeats', () => {
    expect(toolList(['bash', 'read', 'read'])).toBe('bash, read x2');
    expect(toolList(['read', 'bash', 'read', 'read'])).toBe('read x3, bash');
    expect(toolList([])).toBe('');
  });
});

describe('promptText', () => {
  it('is the first text of a user message on one line, clipped', () => {
    expect(promptText(user([{ type: 'text', text: 'Fix  the\n\ntests' }]))).toBe('Fix the tests');
    const long = promptText(user([{ type: 'text', text: 'x'.repeat(1000) }]));
    expect(long).toHaveLength(PROMPT_MAX);
    expect(long?.endsWith('…')).toBe(true);
    expect(promptText(user('plain string content'))).toBe('plain string content');
  });

  it('is null for a replace of earlier history, a message without text, or another event', () => {
    expect(
      promptText(
        user([{ type: 'text', text: 'summary' }], { surfaceOp: { op: 'replace', start: 0, end: 3 } }),
      ),
    ).toBeNull();
    expect(promptText(user([{ type: 'image', data: '' }]))).toBeNull();
    expect(promptText({ type: 'turn/start', seq: 0, data: { turn: 1 } })).toBeNull();
  });
});
