/** The first pass's memory of tool calls, for design-card results named only by sourceEventSeqs. */
import { describe, expect, it } from 'vitest';
import { FirstPassContext, REMEMBERED_TOOL_CALLS } from './normalizeContext';

describe('FirstPassContext tool calls', () => {
  it('answers the most recent REMEMBERED_TOOL_CALLS calls and forgets older ones, in one pass over 1,200,000', () => {
    // before the ring, each call past the limit walked the Map's deleted entries (~17 µs a call
    // here: 1,200,000 calls ~20 s, past this test's 8 s timeout); now each is O(1) (~0.4 s in all)
    const ctx = new FirstPassContext(undefined);
    const calls = 1_200_000;
    for (let seq = 0; seq < calls; seq++) ctx.toolCall(seq, `c${seq}`);
    const result = calls + 1;
    expect(ctx.toolResultCallId(result, [calls - 1])).toBe(`c${calls - 1}`);
    expect(ctx.toolResultCallId(result, [calls - REMEMBERED_TOOL_CALLS])).toBe(
      `c${calls - REMEMBERED_TOOL_CALLS}`,
    );
    expect(ctx.toolResultCallId(result, [calls - REMEMBERED_TOOL_CALLS - 1])).toBeUndefined();
    expect(ctx.toolResultCallId(result, [0, 'x', calls - 2])).toBe(`c${calls - 2}`);
  }, 8_000);
});
