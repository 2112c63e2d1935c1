// @vitest-environment jsdom
/**
 * The header's cost and the Charts tab's total are one figure: tokens per model asked of the
 * worker (`costTotals`, never every step's metrics) and priced with the user's table, so an
 * edited price shows in both, and a growing log is summed again.
 */
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UsageTotals } from '../../worker/protocol';
import { useApp } from '../appState';
import { render } from '../components/testRender';
import { composeApp } from '../compose';
import { ServicesProvider } from '../services/context';
import { FakeClient } from '../testing/fakeClient';
import { resetStores, summary } from '../testing/fixtures';
import { useLogCost } from '../views/useLogCost';
import { CostPanel } from './CostPanel';
import { setPriceTable } from './storedPrices';
import { useSessionCost } from './useSessionCost';

async function settle(): Promise<void> {
  await act(async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  });
}

function HeaderAndCharts() {
  const cost = useLogCost();
  const { summary: s, prices } = useSessionCost();
  return (
    <>
      <span data-testid="log-cost" title={cost?.detail}>
        {cost?.text}
      </span>
      <CostPanel summary={s} prices={prices} onPrices={setPriceTable} />
    </>
  );
}

/** A ready log of 100 events that records usage, its header cost and Charts cost panel, answered. */
async function showCosts(client: FakeClient): Promise<HTMLElement> {
  useApp.setState({
    status: 'ready',
    events: 100,
    summary: summary(1, 100, { usage: { inputTokens: 1, outputTokens: 1 } }),
  });
  const el = render(
    <ServicesProvider services={composeApp(client)}>
      <HeaderAndCharts />
    </ServicesProvider>,
  );
  await settle();
  return el;
}

const totals = (steps: number): UsageTotals => ({
  byModel: [
    {
      model: 'claude-sonnet-4-5',
      steps,
      inputTokens: 1000 * steps,
      outputTokens: 100 * steps,
      cacheReadTokens: 5_000 * steps,
      cacheWriteTokens: 0,
    },
    { model: null, steps: 1, inputTokens: 5, outputTokens: 5, cacheReadTokens: 0, cacheWriteTokens: 0 },
  ],
  stepsWithoutUsage: 2,
});

beforeEach(() => {
  resetStores();
  setPriceTable(null);
});
afterEach(() => setPriceTable(null));

describe('the session cost', () => {
  it('header = Charts total, from costTotals only; an edited price shows in both; growth sums again', async () => {
    let steps = 10;
    const client = new FakeClient({ costTotals: () => totals(steps) });
    const el = await showCosts(client);
    const header = () => el.querySelector('[data-testid=log-cost]')?.textContent;
    const charts = () => el.querySelector('[data-testid=cost-total]')?.textContent;
    // claude-sonnet-4: $3 in, $15 out, $0.30 cache read per million; 10 steps.
    expect(header()).toBe('$0.06');
    expect(charts()).toBe(header());
    expect(el.querySelector('[data-testid=log-cost]')?.getAttribute('title')).toMatch(
      /claude-sonnet-4-5 \$0\.06; 1 step without a price is not counted/,
    );
    expect(client.sent('metrics')).toHaveLength(0);

    act(() =>
      setPriceTable({
        asOf: 'edited',
        prices: [{ model: 'claude-sonnet-4', input: 30, output: 150, cacheRead: 3 }],
      }),
    );
    expect(header()).toBe('$0.60');
    expect(charts()).toBe('$0.60');

    const asked = client.sent('costTotals').length;
    steps = 20;
    act(() => useApp.setState({ events: 200 }));
    await settle();
    expect(client.sent('costTotals').length).toBe(asked + 1);
    expect(header()).toBe('$1.20');
    expect(charts()).toBe('$1.20');
  });

  it('no model priced: the header and the Charts tab say which model has no price, not "$0.00"', async () => {
    const usage = { steps: 3, inputTokens: 10, outputTokens: 10, cacheReadTokens: 0, cacheWriteTokens: 0 };
    const client = new FakeClient({
      costTotals: () => ({ byModel: [{ model: 'acme-lm-7', ...usage }], stepsWithoutUsage: 0 }),
    });
    const el = await showCosts(client);
    const header = el.querySelector('[data-testid=log-cost]');
    expect(header?.textContent).toBe('no price');
    expect(header?.getAttribute('title')).toMatch(
      /^No cost: no price known for model acme-lm-7 \(prices as of /,
    );
    expect(el.querySelector('[data-testid=cost-unpriced]')?.textContent).toBe(
      'no price known for model acme-lm-7',
    );
    expect(el.querySelector('[data-testid=cost-total]')).toBeNull();

    // Priced once the user adds a price: the figure comes back and nothing is left out.
    act(() => setPriceTable({ asOf: 'edited', prices: [{ model: 'acme-lm', input: 1_000_000, output: 0 }] }));
    expect(header?.textContent).toBe('$10.00');
    expect(el.querySelector('[data-testid=cost-total]')?.textContent).toBe('$10.00');
    expect(el.querySelector('[data-testid=cost-unpriced]')).toBeNull();
  });

  it('some steps unpriced: the Charts total says which models it leaves out', async () => {
    const client = new FakeClient({ costTotals: () => totals(10) });
    const el = await showCosts(client);
    expect(el.querySelector('[data-testid=cost-total]')?.textContent).toBe('$0.06');
    expect(el.querySelector('[data-testid=cost-unpriced]')?.textContent).toBe(
      ' (+ 1 step left out: no model recorded for 1 step, so no price)',
    );
  });

  it('no usage recorded: the header asks nothing and shows no cost', async () => {
    const client = new FakeClient({ costTotals: () => totals(1) });
    useApp.setState({ status: 'ready', events: 100, summary: summary(1, 100) });
    function HeaderOnly() {
      return <span data-testid="log-cost">{useLogCost()?.text ?? 'none'}</span>;
    }
    const el = render(
      <ServicesProvider services={composeApp(client)}>
        <HeaderOnly />
      </ServicesProvider>,
    );
    await settle();
    expect(el.querySelector('[data-testid=log-cost]')?.textContent).toBe('none');
    expect(client.sent('costTotals')).toHaveLength(0);
  });
});
