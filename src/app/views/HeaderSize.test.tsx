// @vitest-environment jsdom
/**
 * The header's size after a read limit says what was read of how much ("1.0 MiB of 4.0 GiB
 * read"), and a link to the log names the whole file's size, which the landing page checks a
 * picked file against (it named the bytes taken in, so the right file was refused).
 */
import { act } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ReadLimitHit } from '../../core/reader/readLimits';
import { useApp } from '../appState';
import { render } from '../components/testRender';
import { composeApp } from '../compose';
import { ServicesProvider } from '../services/context';
import { FakeClient } from '../testing/fakeClient';
import { resetStores, summary } from '../testing/fixtures';
import { identityOfSummary } from '../url/identity';
import { Header } from './Header';

const MiB = 1024 * 1024;
const hit: ReadLimitHit = {
  kind: 'line-length',
  limit: 128 * MiB,
  inputBytes: MiB,
  keptBytes: MiB,
  line: 40,
  message: 'Stopped reading: line 40 is longer than 128 MiB',
};

function sizeShown(extra: Parameters<typeof summary>[2]): string | null | undefined {
  const s = summary(1, 10, extra);
  act(() => useApp.setState({ status: 'ready', events: 10, loadId: 1, name: s.name, summary: s }));
  const el = render(
    <ServicesProvider services={composeApp(new FakeClient({}))}>
      <Header />
    </ServicesProvider>,
  );
  return el.querySelector('[data-testid=log-figures] > span')?.textContent;
}

beforeEach(resetStores);

describe("the header's size", () => {
  it('after a read limit: what was read, of the whole file', () => {
    expect(sizeShown({ bytes: 2 * MiB, fileBytes: 4096 * MiB, limitHit: hit })).toBe(
      '1.0 MiB of 4.0 GiB read',
    );
  });

  it('after a read limit on a source of unknown size: what was read', () => {
    expect(sizeShown({ bytes: 2 * MiB, limitHit: hit })).toBe('1.0 MiB read');
  });

  it('read whole: the file size', () => {
    expect(sizeShown({ bytes: 3 * MiB, fileBytes: 3 * MiB })).toBe('3.0 MiB');
  });
});

describe("a local log's link", () => {
  it("names the whole file's size, read whole or not", () => {
    const s = summary(1, 10, {
      source: { kind: 'file' },
      bytes: 2 * MiB,
      fileBytes: 4096 * MiB,
      limitHit: hit,
    });
    expect(identityOfSummary(s)).toMatchObject({ kind: 'log', size: 4096 * MiB });
  });
});

describe('the header of a log with no events (issue 14: "0 B · 0 turns · 0 steps · 0 tool calls")', () => {
  /** The figures shown for a ready log of `events` events. */
  function figuresOf(events: number, extra: Parameters<typeof summary>[2]): string[] {
    const s = summary(1, events, extra);
    act(() => useApp.setState({ status: 'ready', events, loadId: 1, name: s.name, summary: s }));
    const el = render(
      <ServicesProvider services={composeApp(new FakeClient({}))}>
        <Header />
      </ServicesProvider>,
    );
    return [...el.querySelectorAll('[data-testid=log-figures] > span')].map((f) => f.textContent ?? '');
  }

  it('shows its size only', () => {
    expect(figuresOf(0, { bytes: 0, fileBytes: 0, turns: 0, steps: 0, toolCalls: 0 })).toEqual(['0 B']);
    expect(figuresOf(0, { bytes: 420, fileBytes: 420, turns: 0, steps: 0, toolCalls: 0 })).toEqual(['420 B']);
  });

  it('a log with events keeps its counts, zeros included', () => {
    expect(figuresOf(3, { bytes: 420, fileBytes: 420, turns: 0, steps: 0, toolCalls: 0 })).toEqual([
      '420 B',
      '0 turns',
      '0 steps',
      '0 tool calls',
    ]);
  });
});
