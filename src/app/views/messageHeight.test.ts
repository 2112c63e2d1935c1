import { describe, expect, it } from 'vitest';
import type { Message } from '../../core/types';
import { guessMessageHeight } from './messageHeight';

const view = (message: unknown) => ({ index: 0, seq: 0, message: message as Message });

describe('guessMessageHeight', () => {
  it('guesses a one-line message small, a long tool output at its elided height, and grows with rows', () => {
    const short = guessMessageHeight(view({ role: 'user', content: [{ type: 'text', text: 'hi' }] }));
    const lines = (n: number) => Array.from({ length: n }, (_, i) => `line ${i}`).join('\n');
    const result = (text: string) =>
      guessMessageHeight(
        view({
          role: 'user',
          content: [{ type: 'tool-result', toolCallId: 'c', content: [{ type: 'text', text }] }],
        }),
      );
    expect(short).toBeLessThan(120);
    expect(result(lines(10))).toBeGreaterThan(short);
    // 4,853 lines are drawn as head and tail rows: the guess stops growing there.
    expect(result(lines(4853))).toBe(result(lines(100_000)));
    expect(result(lines(4853))).toBeGreaterThan(600);
    // One 10,000-character line wraps.
    expect(guessMessageHeight(view({ role: 'assistant', content: 'x'.repeat(10_000) }))).toBeGreaterThan(600);
    // A call's arguments: about a row per field.
    const call = (args: string) =>
      guessMessageHeight(
        view({ role: 'assistant', content: [{ type: 'tool-call', id: 'c', name: 't', arguments: args }] }),
      );
    expect(call('{"a":1,"b":2,"c":3,"d":4}')).toBeGreaterThan(call('{}'));
  });
});
