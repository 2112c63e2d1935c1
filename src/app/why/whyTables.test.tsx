// @vitest-environment jsdom
/**
 * The why panel's tables read durations as the timeline's rows do (core/view/duration.ts):
 * "423 ms" and "2 m 05 s", not "0.4 s" and "125.0 s".
 */
import { describe, expect, it } from 'vitest';
import type { RunComparison } from '../../core/diff/runs';
import type { StepMetrics } from '../../worker/protocol';
import { render } from '../components/testRender';
import { RunCompareView } from './RunCompareView';
import { ToolsTable } from './ToolsTable';

const cells = (el: HTMLElement, row: number) =>
  [...el.querySelectorAll('tbody tr')[row]!.querySelectorAll('td')].map((td) => td.textContent);

const metrics = (durationMs: number | undefined): StepMetrics => ({
  index: 0,
  turn: 1,
  step: 1,
  startSeq: 0,
  inputSeq: 1,
  toolCalls: 0,
  cost: null,
  model: 'm',
  usage: { inputTokens: 1200, outputTokens: 30 },
  ...(durationMs === undefined ? {} : { durationMs }),
});

describe('durations in the why tables', () => {
  it("the tools table's median and max", () => {
    const el = render(
      <ToolsTable
        tools={[
          { name: 'bash', calls: 3, errors: 1, errorRate: 1 / 3, medianMs: 423, maxMs: 125_000 },
          { name: 'read', calls: 1, errors: 0, errorRate: 0 },
        ]}
        onPick={() => {}}
      />,
    );
    expect(cells(el, 0)).toEqual(['bash', '3', '1 (33%)', '423 ms', '2 m 05 s']);
    expect(cells(el, 1)).toEqual(['read', '1', '0 (0%)', '—', '—']);
  });

  it("the run comparison's step times", () => {
    const comparison: RunComparison = {
      steps: [
        { turn: 1, step: 1, a: metrics(423), b: metrics(65_000) },
        { turn: 1, step: 2, a: metrics(undefined) },
      ],
      firstDivergence: null,
    };
    const el = render(
      <RunCompareView comparison={comparison} nameA="A" nameB="B" onJump={() => {}} runB={null} />,
    );
    expect(cells(el, 0)).toEqual(['1.1', '1,200', '1,200', '30', '30', '423 ms', '1 m 05 s']);
    expect(cells(el, 1)).toEqual(['1.2', '1,200', '—', '30', '—', '—', '—']);
  });

  it('"in" counts every input token, as the header does, and says so', () => {
    const cached: StepMetrics = {
      ...metrics(100),
      usage: { inputTokens: 1200, cacheReadTokens: 50_000, cacheWriteTokens: 300, outputTokens: 30 },
    };
    const comparison: RunComparison = {
      steps: [{ turn: 1, step: 1, a: cached, b: metrics(100) }],
      firstDivergence: null,
    };
    const el = render(
      <RunCompareView comparison={comparison} nameA="A" nameB="B" onJump={() => {}} runB={null} />,
    );
    // It showed "1,200": the uncached part only, beside a header whose "in" counts the cache.
    expect(cells(el, 0).slice(1, 3)).toEqual(['51,500', '1,200']);
    expect(el.querySelectorAll('tbody td')[1]?.getAttribute('title')).toBe(
      '1,200 uncached + 50,000 cache read + 300 cache write',
    );
    const th = [...el.querySelectorAll('thead th')].find((h) => h.textContent === 'in A');
    expect(th?.getAttribute('title')).toMatch(/^All input tokens: uncached \+ cache read \+ cache write/);
    expect(el.querySelector('[data-testid=run-compare-legend]')?.textContent).toMatch(
      /^in: all input tokens: uncached \+ cache read \+ cache write/,
    );
  });
});
