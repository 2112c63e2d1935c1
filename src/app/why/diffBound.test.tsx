// @vitest-environment jsdom
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import type { Message } from '../../core/types';
import type { TextPart } from '../../core/diff/textDiff';
import type { DiffRow, HistoryDiff } from '../../core/diff/history';
import { DIFF_PAGE, diffPage } from '../../core/diff/historyPage';
import { FakeClient } from '../testing/fakeClient';
import { AnswersService, useAnswers } from './answersService';
import { render } from '../components/testRender';
import { SHOWN_CHARS } from '../components/textRows';
import { DIFF_SHOWN_CHARS, TextDiff } from './diffParts';
import { InputDiffView } from './InputDiffView';

const user = (text: string): Message => ({ role: 'user', content: [{ type: 'text', text }] });
/** About `bytes` of words on one line, ending in a marker to find the tail by. */
const oneLine = (bytes: number, end: string): string => 'lorem ipsum '.repeat(Math.ceil(bytes / 12)) + end;
const textLength = (el: Element | null | undefined): number => el?.textContent?.length ?? 0;

describe('InputDiffView bound on long one-line bodies', () => {
  const old = oneLine(4_000_000, 'OLD-END');
  const now = oneLine(4_000_000, 'NEW-END');
  const whole: HistoryDiff = {
    from: 1,
    to: 2,
    removed: [{ seq: 5, role: 'user' }],
    added: [{ seq: 8, role: 'user' }],
    changed: [{ from: 5, to: 8 }],
    request: {},
    rows: [
      {
        kind: 'changed',
        from: 5,
        to: 8,
        role: 'user',
        // What textDiff gives when the diff is over budget: the whole old text, then the new one.
        text: [
          { op: '-', text: old, cut: true },
          { op: '+', text: now, cut: true },
        ],
      },
    ],
  };
  const diff = diffPage(whole);
  const bodies = new Map<number, Message>([
    [5, user(old)],
    [8, user(now)],
  ]);

  /** Room for the toolbars, line numbers and controls around the text. */
  const CHROME = 1_000;

  it('draws a bounded head and tail of each 4 MB line, in the columns and in the diff, with controls', () => {
    const el = render(<InputDiffView diff={diff} left="a" right="b" bodies={bodies} />);
    const [oldCol, newCol, textDiff] = [...(el.querySelector('[data-kind="changed"]')?.children ?? [])];
    for (const [col, end] of [
      [oldCol, 'OLD-END'],
      [newCol, 'NEW-END'],
    ] as const) {
      expect(textLength(col)).toBeLessThanOrEqual(SHOWN_CHARS + CHROME);
      expect(col?.textContent).toContain(end);
      expect(col?.querySelector('[data-testid=elision]')?.textContent).toMatch(
        /^… [\d,]+ characters of line 1 hidden …$/,
      );
    }
    expect(textLength(textDiff)).toBeLessThanOrEqual(DIFF_SHOWN_CHARS + CHROME);
    const hidden = [...(textDiff?.querySelectorAll('[data-testid=diff-part-hidden]') ?? [])];
    expect(hidden.map((b) => b.closest('del, ins')?.tagName)).toEqual(['DEL', 'INS']);
    expect(textDiff?.querySelector('del')?.textContent).toContain('OLD-END');
    expect(textDiff?.querySelector('ins')?.textContent).toContain('NEW-END');
    expect(textLength(el)).toBeLessThanOrEqual(2 * SHOWN_CHARS + DIFF_SHOWN_CHARS + 4 * CHROME);
  });

  it('a posted diff part cut by the worker is a marker; the whole removed text opens in its column, virtualized', () => {
    const el = render(<InputDiffView diff={diff} left="a" right="b" bodies={bodies} />);
    const before = textLength(el);
    const [oldCol, , textDiff] = [...(el.querySelector('[data-kind="changed"]')?.children ?? [])];
    const marker = textDiff?.querySelector('[data-testid=diff-part-hidden]');
    expect(marker?.tagName).toBe('SPAN');
    expect(marker?.getAttribute('title')).toMatch(/whole text is in its message above/);
    act(() => (oldCol?.querySelector('[data-testid=elision]') as HTMLButtonElement).click());
    expect(oldCol?.querySelector('[data-testid=text-scroll]')).not.toBeNull();
    expect(textLength(el)).toBeLessThanOrEqual(before + SHOWN_CHARS + CHROME);
  });
});

describe('TextDiff bound on many changes', () => {
  it('draws changes up to its budget, then one control that shows the next budget', () => {
    // A line diff of 400 rewritten 1,000-character lines: 400 removed and 400 added parts.
    const parts: TextPart[] = [];
    for (let i = 0; i < 400; i++)
      parts.push(
        { op: '-', text: `${'o'.repeat(995)}${i}\n` },
        { op: '+', text: `${'n'.repeat(995)}${i}\n` },
      );
    const el = render(<TextDiff parts={parts} />);
    const changed = () => el.querySelectorAll('del, ins').length;
    expect(textLength(el)).toBeLessThanOrEqual(DIFF_SHOWN_CHARS + 1_000);
    const first = changed();
    expect(first).toBeLessThan(parts.length);
    const more = el.querySelector('[data-testid=diff-more]') as HTMLButtonElement;
    expect(more.textContent).toContain(`${parts.length - first} more changes`);
    act(() => more.click());
    expect(changed()).toBeGreaterThan(first);
    expect(textLength(el)).toBeLessThanOrEqual(2 * DIFF_SHOWN_CHARS + 1_000);
  });
});

describe('InputDiffView of 90,000 added messages, a page at a time (R10-4)', () => {
  const rows: DiffRow[] = [{ kind: 'same', seq: 2, role: 'user' }];
  for (let i = 0; i < 89_999; i++)
    rows.push({ kind: 'added', to: 3 + 3 * i, role: i % 2 ? 'assistant' : 'user' });
  const whole: HistoryDiff = {
    from: 2,
    to: 270_000,
    removed: [],
    added: rows.flatMap((r) => (r.kind === 'added' ? [{ seq: r.to, role: r.role }] : [])),
    changed: [],
    request: {},
    rows,
  };

  it('draws one page of rows, states the whole counts, and asks for the next page', () => {
    const asked: number[] = [];
    const el = render(
      <InputDiffView
        diff={diffPage(whole)}
        left="seq 2"
        right="seq 270000"
        bodies={new Map()}
        onPage={(o) => asked.push(o)}
      />,
    );
    // The kept first message and 9 added ones: a page is 10 rows, what the diff's panel shows
    // (100 drawn at once, and the panes around them laid out again, were a 90-130 ms task: R12-L2).
    expect(el.querySelectorAll('[data-kind]').length).toBe(10);
    expect(el.querySelector('[data-testid=input-diff-summary]')?.textContent).toBe(
      '0 removed, 89999 added, 0 changed',
    );
    expect(el.querySelector('[data-testid=pager-range]')?.textContent).toBe('rows 1–10 of 90,000');
    const next = [...el.querySelectorAll('button')].find((b) => b.textContent?.startsWith('next'));
    act(() => next?.click());
    expect(asked).toEqual([DIFF_PAGE]);
  });

  it('the diff tab asks the next page of the diff shown, with its columns', async () => {
    const client = new FakeClient({ diff: (req) => diffPage(whole, req.offset ?? 0) });
    const answers = new AnswersService(client);
    await answers.diffSeqs(2, 270_000);
    await answers.diffPage(DIFF_PAGE);
    expect(client.sent('diff')).toEqual([
      { kind: 'diff', from: 2, to: 270_000 },
      { kind: 'diff', from: 2, to: 270_000, offset: DIFF_PAGE },
    ]);
    const shown = useAnswers.getState().diff;
    expect(shown).toMatchObject({
      left: 'seq 2',
      right: 'seq 270000',
      diff: { offset: DIFF_PAGE, total: 90_000 },
    });
    expect(shown?.diff.items[0]).toMatchObject({ kind: 'row', row: { to: 3 + 3 * (DIFF_PAGE - 1) } });
  });
});
