import { describe, expect, it } from 'vitest';
import type { DiffRow, HistoryDiff } from './history';
import { DIFF_PAGE, KEPT_LISTED, diffItems, diffPage, type DiffItem } from './historyPage';
import { POSTED_DIFF_CHARS } from './postedParts';
import type { TextPart } from './textDiff';

/** A diff of `kept` messages in both inputs, then `added` appended ones (R10-4's shape: 89,999 added). */
function bigDiff(kept: number, added: number): HistoryDiff {
  const rows: DiffRow[] = [];
  for (let s = 0; s < kept; s++) rows.push({ kind: 'same', seq: s, role: 'user' });
  for (let s = kept; s < kept + added; s++) rows.push({ kind: 'added', to: s, role: 'user' });
  return {
    from: 2,
    to: 270_000,
    removed: [],
    added: rows.flatMap((r) => (r.kind === 'added' ? [{ seq: r.to, role: r.role }] : [])),
    changed: [],
    request: {},
    rows,
  };
}

describe('an input diff posted a page at a time (R10-4)', () => {
  const diff = bigDiff(30_000, 89_999);

  it('a kept run of 30,000 messages is one item listing KEPT_LISTED of them, and its count', () => {
    const [run] = diffItems(diff.rows);
    expect(run).toMatchObject({ kind: 'kept', count: 30_000, first: 0, last: 29_999, left: 0, right: 0 });
    expect(run?.kind === 'kept' && run.rows.length).toBe(KEPT_LISTED);
  });

  it('a page holds DIFF_PAGE items and the whole diff counts', () => {
    const page = diffPage(diff);
    expect(page.items).toHaveLength(DIFF_PAGE);
    expect(page.total).toBe(1 + 89_999);
    expect(page.counts).toEqual({ removed: 0, added: 89_999, changed: 0 });
    expect(page).toMatchObject({ from: 2, to: 270_000, offset: 0 });
  });

  it('the pages together are every item in order; each message keeps its place in its column', () => {
    const items = diffItems(diff.rows);
    const seen: DiffItem[] = [];
    for (let offset = 0; offset < items.length; offset += DIFF_PAGE) {
      const page = diffPage(diff, offset, items);
      expect(page.items.length).toBeLessThanOrEqual(DIFF_PAGE);
      seen.push(...page.items);
    }
    expect(seen).toEqual(items);
    const last = diffPage(diff, items.length - 1, items).items[0];
    expect(last).toMatchObject({
      kind: 'row',
      row: { kind: 'added', to: 30_000 + 89_998 },
      right: 30_000 + 89_998,
    });
  });

  it('an offset past the end or not whole is clamped', () => {
    expect(diffPage(diff, 1e9)).toMatchObject({ offset: 90_000, items: [] });
    expect(diffPage(diff, -3).offset).toBe(0);
    expect(diffPage(diff, 0.5).offset).toBe(0);
  });
});

describe('a changed message posted bounded (as a request change is: postedParts)', () => {
  const old = 'a'.repeat(1_000_000);
  const text: TextPart[] = [
    { op: '-', text: old, cut: true },
    { op: '+', text: 'b'.repeat(1_000_000), cut: true },
    ...Array.from({ length: 3 }, (_, i): TextPart => ({ op: '+', text: `tail ${i}` })),
  ];
  const diff: HistoryDiff = {
    from: 1,
    to: 2,
    removed: [],
    added: [],
    changed: [{ from: 1, to: 2 }],
    request: {},
    rows: [{ kind: 'changed', from: 1, to: 2, role: 'assistant', text }],
  };

  it('a page carries at most POSTED_DIFF_CHARS of its text diff, and counts what it left out', () => {
    const [item] = diffPage(diff).items;
    if (item?.kind !== 'row' || item.row.kind !== 'changed') throw new Error('not a changed row');
    const posted = item.row.text.reduce((n, p) => n + p.text.length, 0);
    expect(posted).toBeLessThanOrEqual(POSTED_DIFF_CHARS);
    expect(item.row.text[0]).toMatchObject({ op: '-', cut: true, hidden: { at: 8_000 } });
    expect(item.row.text[0]?.text.startsWith('a'.repeat(8_000))).toBe(true);
    expect(item.unposted?.parts).toBeGreaterThan(0);
    // The diff kept for the next pages is whole.
    expect(diff.rows[0]).toMatchObject({ text });
  });

  it('a small change is posted as it is', () => {
    const small: HistoryDiff = {
      ...diff,
      rows: [{ kind: 'changed', from: 1, to: 2, role: 'user', text: text.slice(2) }],
    };
    expect(diffPage(small).items[0]).toEqual({ kind: 'row', row: small.rows[0], left: 0, right: 0 });
  });
});
