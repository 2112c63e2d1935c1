// @vitest-environment jsdom
/**
 * Two runs of 20,000 steps (audit R7-7: one row per aligned step froze the page 37 s): the table
 * draws COMPARE_ROWS steps around the first difference, and the buttons add earlier or later ones.
 */
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import type { RunComparison } from '../../core/diff/runs';
import type { StepMetrics } from '../../worker/protocol';
import { render } from '../components/testRender';
import { COMPARE_ROWS, RunCompareView } from './RunCompareView';

const STEPS = 20_000;
const metrics = (turn: number): StepMetrics => ({
  index: turn - 1,
  turn,
  step: 1,
  startSeq: turn * 8,
  inputSeq: turn * 8 + 1,
  toolCalls: 0,
  cost: null,
  model: 'm',
  usage: { inputTokens: 100, outputTokens: 10 },
});

function comparison(divergesAt: number | null): RunComparison {
  const steps = Array.from({ length: STEPS }, (_, i) => ({
    turn: i + 1,
    step: 1,
    a: metrics(i + 1),
    b: metrics(i + 1),
  }));
  const firstDivergence =
    divergesAt === null
      ? null
      : {
          turn: divergesAt,
          step: 1,
          a: { stepIndex: divergesAt - 1, inputSeq: divergesAt * 8 + 1 },
          b: { stepIndex: divergesAt - 1, inputSeq: divergesAt * 8 + 1 },
          messageIndex: 3,
          reason: 'the input messages differ',
        };
  return { steps, firstDivergence };
}

const stepRows = (el: HTMLElement) =>
  [...el.querySelectorAll('tbody tr')]
    .map((r) => r.querySelector('td button')?.textContent ?? '')
    .filter((t) => /^\d+\.\d+$/.test(t));
const button = (el: HTMLElement, re: RegExp) =>
  [...el.querySelectorAll('button')].find((b) => re.test(b.textContent ?? '')) as HTMLButtonElement;

describe('the run comparison of 20,000 steps', () => {
  it('draws 200 steps around the first difference, and adds earlier and later ones on demand', () => {
    const el = render(
      <RunCompareView comparison={comparison(15_000)} nameA="A" nameB="B" onJump={() => {}} runB={null} />,
    );
    let rows = stepRows(el);
    expect(rows).toHaveLength(COMPARE_ROWS);
    expect(rows[0]).toBe('14950.1');
    expect(el.querySelector('[data-diverges=true] button')?.textContent).toBe('15000.1');
    expect(button(el, /earlier steps/).textContent).toBe('Show 200 earlier steps (14,949 before)');
    expect(button(el, /later steps/).textContent).toBe('Show 200 later steps (4,851 after)');

    act(() => button(el, /earlier steps/).click());
    rows = stepRows(el);
    expect(rows).toHaveLength(2 * COMPARE_ROWS);
    expect(rows[0]).toBe('14750.1');
    act(() => button(el, /later steps/).click());
    expect(stepRows(el)).toHaveLength(3 * COMPARE_ROWS);
    expect(stepRows(el).at(-1)).toBe('15349.1');
  });

  it('with no difference it starts at the first step, no earlier button', () => {
    const el = render(
      <RunCompareView comparison={comparison(null)} nameA="A" nameB="B" onJump={() => {}} runB={null} />,
    );
    expect(stepRows(el)).toHaveLength(COMPARE_ROWS);
    expect(stepRows(el)[0]).toBe('1.1');
    expect(button(el, /earlier steps/)).toBeUndefined();
  });
});
