import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterQueuedEvents, yieldToEvents } from './loader';

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

  it("answers a request's turn before background yields asked earlier, after the microtasks", async () => {
    const order: string[] = [];
    const background = [1, 2].map((i) => yieldToEvents().then(() => order.push(`slice ${i}`)));
    const request = afterQueuedEvents().then(() => order.push('request'));
    void Promise.resolve().then(() => order.push('microtask'));
    await Promise.all([...background, request]);
    // The request does not wait for the load's next slice (asked before it); the slices keep their order.
    expect(order).toEqual(['microtask', 'request', 'slice 1', 'slice 2']);
  });
});
