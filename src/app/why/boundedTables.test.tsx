// @vitest-environment jsdom
/**
 * The Charts tab's tables on a log of 100,000 tool names and 100,000 models (audit R7-9: one row
 * each made a 102 s main-thread task): at most MAX_TABLE_ROWS rows, the most called tools and the
 * costliest models, and a filter that finds any name.
 */
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PRICES } from '../../core/cost/prices';
import type { CostSummary } from '../../core/cost/usageTotals';
import type { ToolStats } from '../../worker/protocol';
import { MAX_TABLE_ROWS } from '../components/boundedRows';
import { render } from '../components/testRender';
import { CostPanel } from './CostPanel';
import { ToolsTable } from './ToolsTable';

const N = 100_000;
const rows = (el: HTMLElement) => [...el.querySelectorAll('tbody tr')];
const firstCells = (el: HTMLElement) => rows(el).map((r) => r.querySelector('td')?.textContent);

function type(el: HTMLElement, label: string, text: string): void {
  const input = el.querySelector(`input[aria-label="${label}"]`) as HTMLInputElement;
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

describe('bounded tables in the Charts tab', () => {
  it('100,000 tools: the 200 most called drawn, a filter finds t99999', () => {
    // Sorted as the worker sends them: most calls first.
    const tools: ToolStats[] = Array.from({ length: N }, (_, i) => ({
      name: `t${i}`,
      calls: N - i,
      errors: 0,
      errorRate: 0,
    }));
    const el = render(<ToolsTable tools={tools} onPick={() => {}} />);
    expect(rows(el)).toHaveLength(MAX_TABLE_ROWS);
    expect(firstCells(el).slice(0, 2)).toEqual(['t0', 't1']);
    expect(el.querySelector('[data-testid=rows-bound-note]')?.textContent).toBe(
      '200 of 100,000 tools shown (the most called); filter to find the others',
    );
    type(el, 'filter tools', 'T99999');
    expect(firstCells(el)).toEqual(['t99999']);
    expect(el.querySelector('[data-testid=rows-bound-note]')?.textContent).toBe('1 of 100,000 tools match');
  });

  it('100,000 models: the 200 costliest drawn, then unpriced ones; a filter finds any', () => {
    const byModel: CostSummary['byModel'] = Array.from({ length: N }, (_, i) => ({
      model: `m${i}`,
      steps: 1 + (i % 7),
      tokens: 10,
      cost: i % 2 === 0 ? null : i / 1e6,
    }));
    const summary: CostSummary = { total: 1, byModel, unpricedSteps: N / 2 };
    const el = render(<CostPanel summary={summary} prices={DEFAULT_PRICES} onPrices={() => {}} />);
    expect(rows(el)).toHaveLength(MAX_TABLE_ROWS);
    expect(firstCells(el).slice(0, 3)).toEqual(['m99999', 'm99997', 'm99995']);
    type(el, 'filter models', 'm4242');
    // m4242, m42420..m42429: 11 models
    expect(firstCells(el)).toHaveLength(11);
    expect(firstCells(el)).toContain('m4242');
  });

  it('a few tools: every one, in order, no filter box', () => {
    const el = render(
      <ToolsTable
        tools={[
          { name: 'bash', calls: 3, errors: 0, errorRate: 0 },
          { name: 'read', calls: 1, errors: 0, errorRate: 0 },
        ]}
        onPick={() => {}}
      />,
    );
    expect(firstCells(el)).toEqual(['bash', 'read']);
    expect(el.querySelector('input[aria-label="filter tools"]')).toBeNull();
  });
});
