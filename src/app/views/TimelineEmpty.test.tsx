// @vitest-environment jsdom
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { LogSummary } from '../../worker/protocol';
import { useApp } from '../appState';
import { FakeClient } from '../testing/fakeClient';
import { resetStores, summary } from '../testing/fixtures';
import { renderWithClient, settle } from '../testing/paneHarness';
import { EmptyTimeline } from './TimelineEmpty';

await vi.hoisted(async () => (await import('../testing/paneHarness')).stubMatchMedia());

beforeEach(resetStores);

/** The timeline's note for a ready log of no events named `name`, whose summary has `extra`. */
async function noteFor(name: string, extra: Partial<LogSummary>, client = new FakeClient({})) {
  const s = summary(1, 0, { name, ...extra });
  act(() =>
    useApp.setState({
      status: 'ready',
      loadId: 1,
      name,
      events: 0,
      summary: s,
      diagnostics: s.diagnostics,
      codes: s.codes,
    }),
  );
  const el = renderWithClient(client, <EmptyTimeline />);
  await settle();
  return el;
}

function openAnother(el: HTMLElement): HTMLButtonElement | undefined {
  return [...el.querySelectorAll('button')].find((b) => b.textContent === 'Open another log');
}

describe('the timeline of a log with no row (issue 14: a user opens hostile input)', () => {
  it('an empty file says it is empty, in bytes, and offers another log', async () => {
    const el = await noteFor('empty.jsonl', { bytes: 0, fileBytes: 0 });
    expect(el.querySelector('[data-testid=timeline-no-events]')?.textContent).toBe(
      'empty.jsonl is empty (0 bytes): there is no event to replay.Open another log',
    );
    act(() => openAnother(el)?.click());
    expect(useApp.getState().startPageOpen).toBe(true);
  });

  it('a file of no event lines says how much was read', async () => {
    const el = await noteFor('header-only.jsonl', { bytes: 2048, fileBytes: 2048 });
    expect(el.querySelector('[data-testid=timeline-no-events] p')?.textContent).toBe(
      'header-only.jsonl has no events: 2.0 KiB held no event line.',
    );
  });

  it('a file nothing could be read from gives the first error, the diagnostics and a way on', async () => {
    const client = new FakeClient({
      diagnostics: () => ({
        counts: { error: 68, warning: 0, info: 0 },
        groups: [],
        total: 68,
        from: 0,
        items: [{ code: 'bad-json', severity: 'error', message: 'line 1 opens a JSON array', line: 1 }],
      }),
    });
    const el = await noteFor(
      'json-array.json',
      {
        diagnostics: { error: 68, warning: 0, info: 0 },
        codes: [{ code: 'bad-json', severity: 'error', count: 68 }],
      },
      client,
    );
    const note = el.querySelector('[data-testid=timeline-unreadable]');
    expect(note?.querySelector('p')?.textContent).toBe(
      'Nothing could be read from json-array.json: line 1 opens a JSON array',
    );
    expect([...(note?.querySelectorAll('button') ?? [])].map((b) => b.textContent)).toEqual([
      'Show diagnostics (68 errors)',
      'Open another log',
    ]);
    act(() => openAnother(el)?.click());
    expect(useApp.getState().startPageOpen).toBe(true);
  });
});

describe('a filter that matches nothing', () => {
  it("a text naming one of the log's event types says the text is not matched on types, and offers that type alone", async () => {
    const filters: unknown[] = [];
    const client = new FakeClient({
      filter: (req) => {
        filters.push(req.filter);
        return { rowCount: 0, rowsVersion: 2, matches: 0, through: true };
      },
    });
    const s = summary(1, 40, {
      types: [
        { type: 'user/message', count: 4 },
        { type: 'assistant/chunk', count: 30 },
      ],
    });
    act(() =>
      useApp.setState({
        status: 'ready',
        loadId: 1,
        events: 40,
        summary: s,
        filter: { types: null, errorsOnly: false, text: ' Assistant/Chunk ' },
      }),
    );
    const el = renderWithClient(client, <EmptyTimeline />);
    await settle();
    expect(el.querySelector('[data-testid=filter-type-hint]')?.textContent).toContain('assistant/chunk');
    const only = [...el.querySelectorAll('button')].find(
      (b) => b.textContent === 'Only assistant/chunk events',
    );
    act(() => only?.click());
    expect(useApp.getState().filter).toEqual({ types: ['assistant/chunk'], errorsOnly: false, text: '' });
    // Any other text: no hint, only the way out.
    act(() => useApp.setState({ filter: { types: null, errorsOnly: false, text: 'chunk' } }));
    expect(el.querySelector('[data-testid=filter-type-hint]')).toBeNull();
    expect([...el.querySelectorAll('button')].map((b) => b.textContent)).toEqual(['Clear filters']);
  });
});
