// @vitest-environment jsdom
import { act } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { REPLACED_PAGE, type ReplacedPage } from '../../worker/protocol';
import { seqRuns } from '../../core/view/seqRuns';
import { FakeClient } from '../testing/fakeClient';
import { resetStores } from '../testing/fixtures';
import { renderWithClient, settle } from '../testing/paneHarness';
import { ReplacedNote } from './ReplacedNote';

/** A compaction at seq 80,001 that hid 40,000 messages at even seqs (R10-5's bigcompact shape). */
const hidden = Array.from({ length: 40_000 }, (_, i) => 2 * i);
const summary = 80_001;

/** Answers `replaced` as the worker does: the page of hidden nodes at `offset`. */
function worker(): FakeClient {
  return new FakeClient({
    replaced: (req): ReplacedPage => {
      const offset = req.offset ?? 0;
      return {
        seq: req.seq,
        total: hidden.length,
        offset,
        messages: hidden.slice(offset, offset + REPLACED_PAGE).map((seq) => ({
          seq,
          message: { role: 'user', content: [{ type: 'text', text: `question ${seq / 2}` }] },
        })),
      };
    },
  });
}

const button = (el: HTMLElement, name: RegExp) =>
  [...el.querySelectorAll('button')].find((b) => name.test(b.textContent ?? '')) as HTMLButtonElement;

beforeEach(() => resetStores());

describe('ReplacedNote of a compaction that hid 40,000 messages (R10-5)', () => {
  it('names a few hidden seqs and counts the rest', async () => {
    const el = renderWithClient(worker(), <ReplacedNote seq={summary} hidden={seqRuns(hidden)} />);
    await settle();
    expect(el.textContent).toContain('Replaces 40,000 earlier nodes');
    expect(el.querySelectorAll('[data-testid=seq-run]')).toHaveLength(12);
    expect(el.querySelector('[data-testid=seq-runs-more]')?.textContent).toBe('… +39,988 more');
  });

  it('shows the originals a page at a time, and the next page on a click', async () => {
    const client = worker();
    const el = renderWithClient(client, <ReplacedNote seq={summary} hidden={seqRuns(hidden)} />);
    act(() => button(el, /Show hidden originals/).click());
    await settle();
    const originals = () => [...el.querySelectorAll('[data-testid=hidden-original]')];
    expect(originals()).toHaveLength(REPLACED_PAGE);
    expect(el.querySelector('[data-testid=pager-range]')?.textContent).toBe('hidden nodes 1–100 of 40,000');
    act(() => button(el, /^next/).click());
    await settle();
    expect(client.sent('replaced').map((r) => r.offset)).toEqual([0, REPLACED_PAGE]);
    expect(originals()).toHaveLength(REPLACED_PAGE);
    expect(originals()[0]?.getAttribute('data-source-seq')).toBe(String(2 * REPLACED_PAGE));
    expect(el.querySelector('[data-testid=pager-range]')?.textContent).toBe('hidden nodes 101–200 of 40,000');
    act(() => button(el, /^‹ previous/).click());
    await settle();
    expect(originals()[0]?.getAttribute('data-source-seq')).toBe('0');
  });
});
