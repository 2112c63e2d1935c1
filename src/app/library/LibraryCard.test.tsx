// @vitest-environment jsdom
/**
 * The Library's table through a fake worker: its figures use the app's one formatters, so a
 * session's cost reads the same here as in the header and on the Charts tab.
 */
import { act } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { LibraryRow } from '../../worker/protocol';
import { render } from '../components/testRender';
import { composeApp } from '../compose';
import { ServicesProvider } from '../services/context';
import { FakeClient } from '../testing/fakeClient';
import { resetStores } from '../testing/fixtures';
import { LibraryCard } from './LibraryCard';

function row(path: string, cost_usd: number | null): LibraryRow {
  return {
    session_id: `id-${path}`,
    path,
    file: path,
    title: path,
    model: 'claude-sonnet-4',
    started_at: null,
    duration_ms: 90_000,
    turns: 3,
    steps: 8,
    model_calls: 8,
    tool_calls: 5,
    tool_errors: 1,
    failed_attempts: 0,
    compactions: 0,
    errors: 0,
    warnings: 0,
    input_tokens: 15_000,
    output_tokens: 374,
    cost_usd,
    resume_verdict: null,
    size_bytes: 40_000,
    first_user_message: null,
  };
}

const ROWS = [
  row('a.jsonl', 4.4416),
  row('b.jsonl', 0.0042),
  row('c.jsonl', 1234.5),
  row('d.jsonl', 0),
  row('f.jsonl', 0.5),
  { ...row('e.jsonl', null), model: null, duration_ms: null },
];

async function settle(): Promise<void> {
  await act(async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  });
}

beforeEach(resetStores);

/** The card over a library answering `rows` (an index of schema `version`), and its column headers. */
async function showLibrary(
  rows: LibraryRow[],
  version: string,
): Promise<{ el: HTMLElement; header: (string | null)[] }> {
  const client = new FakeClient({
    library: () => ({
      status: 'ready',
      answer: { schema: 'seqscope-library', version, total: rows.length, offset: 0, rows },
    }),
  });
  const el = render(
    <ServicesProvider services={composeApp(client)}>
      <LibraryCard />
    </ServicesProvider>,
  );
  await settle();
  return { el, header: [...el.querySelectorAll('thead th')].map((th) => th.textContent) };
}

describe('LibraryCard', () => {
  it("shows each session's cost in the app's one cost format, and a dash where it has none", async () => {
    const { el, header } = await showLibrary(ROWS, '1.0');
    const costColumn = header.findIndex((h) => h?.startsWith('Cost'));
    expect(costColumn).toBeGreaterThan(0);
    const costs = [...el.querySelectorAll('[data-testid=library-row]')].map(
      (tr) => tr.querySelectorAll('td')[costColumn]?.textContent,
    );
    // (It had its own: "$0.0042" but also "$0.0000" for zero, "$0.5000" for half a dollar and "$1234.50" without grouping.)
    expect(costs).toEqual(['$4.44', '$0.0042', '$1,234.50', '$0.00', '$0.50', '—']);
    // A missing value is the app's one em dash in every column (it was an en dash here only).
    const missing = [...el.querySelectorAll('[data-testid=library-row]')].at(-1)?.querySelectorAll('td');
    for (const label of ['Model', 'Started', 'Duration', 'Cost'])
      expect(missing?.[header.findIndex((h) => h?.startsWith(label))]?.textContent, label).toBe('—');
    expect(el.querySelector('[data-testid=library-count]')?.textContent).toBe('6 sessions');
  });

  it('says how many steps its cost leaves out, and counts the cache in "in" as the header does', async () => {
    const rows = [
      {
        ...row('priced.jsonl', 30.33),
        unpriced_steps: 1,
        cache_read_tokens: 2_000_000,
        cache_write_tokens: 5_000,
      },
      { ...row('none.jsonl', null), unpriced_steps: 12 },
      row('old-server.jsonl', 0.5), // an index of schema 1.0 sends neither column
    ];
    const { el, header } = await showLibrary(rows, '1.1');
    const cells = (label: string) =>
      [...el.querySelectorAll('[data-testid=library-row]')].map(
        (tr) => tr.querySelectorAll('td')[header.findIndex((h) => h?.startsWith(label))],
      );
    expect(cells('Cost').map((td) => td?.textContent)).toEqual([
      '$30.331 step unpriced',
      '—12 steps unpriced',
      '$0.50',
    ]);
    expect(cells('Cost')[0]?.querySelector('[title]')?.getAttribute('title')).toBe(
      '1 step without a price is not counted',
    );
    // 15,000 uncached + 2,000,000 read + 5,000 written = 2.02M in, as formatInOut reads it.
    const tokens = cells('Tokens').map((td) => td?.querySelector('[data-testid=library-tokens]'));
    expect(tokens.map((t) => t?.textContent)).toEqual(['2.0M / 374', '15.0k / 374', '15.0k / 374']);
    expect(tokens[0]?.getAttribute('title')).toBe(
      'in: 15,000 uncached + 2,000,000 cache read + 5,000 cache write; out: 374',
    );
  });
});
