import { afterEach, describe, expect, it, vi } from 'vitest';
import { yieldToEvents } from './loader';

afterEach(() => vi.restoreAllMocks());

describe('yieldToEvents', () => {
  it('resolves yields in the order asked, each a task later (after the microtasks), through one channel', async () => {
    const made = vi.spyOn(globalThis, 'MessageChannel');
    await yieldToEvents();
    const before = made.mock.calls.length;
    const order: string[] = [];
    const yields = [1, 2, 3].map((i) => yieldToEvents().then(() => order.push(`yield ${i}`)));
    void Promise.resolve().then(() => order.push('microtask'));
    await Promise.all(yields);
    expect(order).toEqual(['microtask', 'yield 1', 'yield 2', 'yield 3']);
    // Later yields make no channel of their own.
    expect(made.mock.calls.length).toBe(before);
  });
});
