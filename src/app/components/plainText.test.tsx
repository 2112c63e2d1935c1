// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BlockView } from './blocks';
import { MARKDOWN_LIMIT } from './markdown';
import { PlainTextView } from './plainText';
import { render } from './testRender';
import { HEAD_ROWS, SHOWN_CHARS, TAIL_ROWS } from './textRows';
import { PART_ROWS } from './virtualRows';

const rowTexts = (el: Element): string[] =>
  [...el.querySelectorAll('[data-testid=text-row]')].map(
    (r) => r.querySelector('[data-testid=row-text]')!.textContent,
  );
const lineNumbers = (el: Element): string[] =>
  [...el.querySelectorAll('[data-testid=text-row]')].map((r) => r.firstElementChild!.textContent);
const button = (el: Element, name: string | RegExp): HTMLButtonElement => {
  const b = [...el.querySelectorAll('button')].find((x) =>
    typeof name === 'string' ? x.textContent === name : name.test(x.textContent),
  );
  if (!b) throw new Error(`no button ${String(name)}`);
  return b;
};

/** A pytest run: collected tests, a long middle, the failures and the summary at the end. */
function pytestOutput(middle: number): { text: string; lines: string[] } {
  const lines = [
    '============================= test session starts ==============================',
    'collected 1203 items',
  ];
  for (let i = 0; i < middle; i++)
    lines.push(`tests/test_mod_${i}.py ........................................ [ ${i % 100}%]`);
  lines.push(
    '=================================== FAILURES ===================================',
    '___________________________ test_totals_are_rounded ____________________________',
    '    def test_totals_are_rounded():',
    '>       assert summary(cart)["total"] == 10.5',
    'E       AssertionError: assert 10.499999 == 10.5',
    'tests/test_cart.py:42: AssertionError',
    '=========================== short test summary info ============================',
    'FAILED tests/test_cart.py::test_totals_are_rounded - AssertionError: assert 10.499999 == 10.5',
    '======================== 1 failed, 1202 passed in 12.34s =========================',
  );
  return { text: lines.join('\n') + '\n', lines };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('PlainTextView', () => {
  it('shows a short one-line text bare, without line numbers or toolbar', () => {
    const el = render(<PlainTextView text="Applied 1 edit to src/routes/orders.ts" />);
    expect(el.querySelector('pre')?.textContent).toBe('Applied 1 edit to src/routes/orders.ts');
    expect(el.querySelector('[data-testid=text-row]')).toBeNull();
    expect(el.querySelector('button')).toBeNull();
  });

  it('numbers every line of a short multi-line text and hides none', () => {
    const el = render(<PlainTextView text={'a\nb\r\n\nd\n'} />);
    expect(rowTexts(el)).toEqual(['a', 'b', '\u200b', 'd']);
    expect(lineNumbers(el)).toEqual(['1', '2', '3', '4']);
    expect(el.querySelector('[data-testid=elision]')).toBeNull();
    expect(el.querySelector('[data-testid=text-size]')?.textContent).toBe('4 lines, 8 B');
  });

  it('shows the head and the tail of a long output, so the failures at the end are visible', () => {
    const { text, lines } = pytestOutput(1000);
    const el = render(<PlainTextView text={text} />);
    const shown = rowTexts(el);
    expect(shown).toEqual([...lines.slice(0, HEAD_ROWS), ...lines.slice(-TAIL_ROWS)]);
    expect(shown).toContain(
      'FAILED tests/test_cart.py::test_totals_are_rounded - AssertionError: assert 10.499999 == 10.5',
    );
    expect(lineNumbers(el).slice(HEAD_ROWS)).toEqual(
      Array.from({ length: TAIL_ROWS }, (_, i) => String(lines.length - TAIL_ROWS + i + 1)),
    );
    const hidden = lines.length - HEAD_ROWS - TAIL_ROWS;
    const elision = el.querySelector('[data-testid=elision]')!;
    expect(elision.textContent).toMatch(
      new RegExp(`^… ${hidden.toLocaleString('en-US')} lines hidden \\(\\d+\\.\\d KiB\\) …$`),
    );
    expect(el.querySelector('[data-testid=plain-text]')?.getAttribute('data-lines')).toBe(
      String(lines.length),
    );
  });

  it('expands the hidden lines into a scroll box of every row, and collapses back', () => {
    const { text } = pytestOutput(1000);
    const el = render(<PlainTextView text={text} />);
    act(() => (el.querySelector('[data-testid=elision]') as HTMLButtonElement).click());
    const root = el.querySelector('[data-testid=plain-text]')!;
    expect(root.getAttribute('data-expanded')).toBe('true');
    const box = el.querySelector('[data-testid=text-scroll]')!;
    expect(box.getAttribute('aria-label')).toBe('All 1,011 lines');
    expect(box.getAttribute('tabindex')).toBe('0');
    act(() => button(el, 'collapse').click());
    expect(root.getAttribute('data-expanded')).toBe('false');
    expect(el.querySelector('[data-testid=elision]')).not.toBeNull();
  });

  it('copies the whole text, hidden lines included', async () => {
    const writeText = vi.fn(async (_: string) => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const { text } = pytestOutput(1000);
    const el = render(<PlainTextView text={text} />);
    await act(async () => button(el, 'copy').click());
    expect(writeText).toHaveBeenCalledWith(text);
    expect(el.querySelector('[data-testid=copy-state]')?.textContent).toBe('copied');
  });

  it('says so when the copy is refused', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      clipboard: { writeText: () => Promise.reject(new Error('denied')) },
    });
    const el = render(<PlainTextView text={'a\nb'} />);
    await act(async () => button(el, 'copy').click());
    expect(el.querySelector('[data-testid=copy-state]')?.textContent).toBe('copy failed');
  });

  it('toggles wrapping of long lines', () => {
    const el = render(<PlainTextView text={'a\nb'} />);
    const wrap = button(el, 'wrap');
    const root = el.querySelector('[data-testid=plain-text]')!;
    expect(wrap.getAttribute('aria-pressed')).toBe('true');
    expect(root.getAttribute('data-wrap')).toBe('true');
    act(() => wrap.click());
    expect(wrap.getAttribute('aria-pressed')).toBe('false');
    expect(root.getAttribute('data-wrap')).toBe('false');
  });

  it('cuts one huge line into rows, showing at most SHOWN_CHARS of it around the hidden middle', () => {
    const text = 'q'.repeat(300_000);
    const el = render(<PlainTextView text={text} />);
    expect(lineNumbers(el).slice(0, 2)).toEqual(['1', '↪']);
    expect(rowTexts(el).join('').length).toBe(SHOWN_CHARS);
    expect(el.querySelector('[data-testid=elision]')?.textContent).toBe(
      '… 280,000 characters of line 1 hidden …',
    );
  });

  it('indexes a text of megabytes in slices: the head first, then the elision and the tail', async () => {
    const { text, lines } = pytestOutput(40_000);
    expect(text.length).toBeGreaterThan(2_000_000);
    const el = render(<PlainTextView text={text} />);
    expect(rowTexts(el)).toEqual(lines.slice(0, HEAD_ROWS));
    expect(el.querySelector('[role=status]')?.textContent).toMatch(/^reading \d+\.\d MiB of text…$/);
    await vi.waitFor(() => expect(el.querySelector('[data-testid=elision]')).not.toBeNull(), {
      timeout: 10_000,
    });
    expect(rowTexts(el).slice(-1)).toEqual([lines[lines.length - 1]]);
    expect(lineNumbers(el).slice(-1)).toEqual([String(lines.length)]);
  });
});

describe('a text of more rows than a browser can lay out at once', () => {
  it('is shown in parts of PART_ROWS rows, with the previous and next part a click away', () => {
    const lines = PART_ROWS + 1000;
    const el = render(<PlainTextView text={'x\n'.repeat(lines)} />);
    return vi
      .waitFor(() => expect(el.querySelector('[data-testid=elision]')).not.toBeNull(), { timeout: 20_000 })
      .then(() => {
        act(() => (el.querySelector('[data-testid=elision]') as HTMLButtonElement).click());
        const part = (): string => el.querySelector('[data-testid=text-part] span')!.textContent;
        expect(part()).toBe(
          `lines 1–${PART_ROWS.toLocaleString('en-US')} of ${lines.toLocaleString('en-US')}`,
        );
        expect(button(el, 'previous part').disabled).toBe(true);
        act(() => button(el, 'next part').click());
        expect(part()).toBe(
          `lines ${(PART_ROWS + 1).toLocaleString('en-US')}–${lines.toLocaleString('en-US')} of ${lines.toLocaleString('en-US')}`,
        );
        expect(button(el, 'next part').disabled).toBe(true);
      });
  }, 30_000);
});

describe('text over the markdown limit', () => {
  it('is shown as plain text, never parsed as markdown, and says why', () => {
    const text = '**bold** line\n'.repeat(10) + 'y'.repeat(MARKDOWN_LIMIT);
    const el = render(<BlockView block={{ type: 'text', text }} />);
    expect(el.querySelector('strong')).toBeNull();
    expect(el.querySelector('[data-testid=plain-note]')?.textContent).toBe(
      'shown as plain text: 97.8 KiB is over the markdown limit (97.7 KiB)',
    );
    expect(rowTexts(el).slice(0, 2)).toEqual(['**bold** line', '**bold** line']);
    expect(el.querySelector('[data-testid=raw-toggle]')).toBeNull();
  });

  it('needs no note in tool output, which is plain text anyway', () => {
    const text = 'out\n'.repeat(MARKDOWN_LIMIT / 2);
    const el = render(
      <BlockView block={{ type: 'tool-result', toolCallId: 'c1', content: [{ type: 'text', text }] }} />,
    );
    expect(el.querySelector('[data-testid=plain-note]')).toBeNull();
    expect(el.querySelector('[data-testid=plain-text]')?.getAttribute('data-lines')).toBe(
      String(MARKDOWN_LIMIT / 2),
    );
  });
});
