// @vitest-environment jsdom
import { act, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PRICES } from '../../core/cost/prices';
import type { Message } from '../../core/types';
import type { SearchHit, StepMetrics } from '../../worker/protocol';
import type { HistoryDiff } from '../../core/diff/history';
import { diffPage } from '../../core/diff/historyPage';
import { render } from '../components/testRender';
import { priceUsage, usageTotals } from '../../core/cost/usageTotals';
import { chartSeries, cumulative, stepIndexForSeq } from './chartData';
import { CostPanel } from './CostPanel';
import { InputDiffView, diffBodySeqs } from './InputDiffView';
import { loadPrices, savePrices } from './storedPrices';
import { MATCHES_EMPTY_MESSAGE } from '../../core/search/query';
import { HIT_ROW_PX, SearchResults, type SearchResultsProps } from './SearchResults';

const step = (i: number, over: Partial<StepMetrics> = {}): StepMetrics => ({
  index: i,
  turn: 1,
  step: i + 1,
  startSeq: i * 10,
  inputSeq: i * 10 + 1,
  toolCalls: 0,
  cost: null,
  model: 'deepseek-v4-flash',
  usage: { inputTokens: 100, outputTokens: 10, cacheReadTokens: 1000 },
  contextTokens: 1100,
  ...over,
});

describe('chart series', () => {
  it('one point per step, gaps for missing values, cumulative sums, compaction marks by step', () => {
    const steps = [
      step(0),
      step(1, { usage: undefined, contextTokens: undefined }),
      step(2, { streamMs: 1500 }),
    ];
    const s = chartSeries(steps, [{ seq: 15, kind: 'compaction', hidden: 3, stepIndex: 1 }]);
    expect(s.x).toEqual([1, 2, 3]);
    expect(s.input).toEqual([100, null, 100]);
    expect(s.cumInput).toEqual([100, 100, 200]);
    expect(s.streamS).toEqual([null, null, 1.5]);
    expect(s.compactionX).toEqual([2]);
    expect(cumulative([null, 1, null, 2])).toEqual([null, 1, 1, 3]);
    expect(stepIndexForSeq(steps, 5)).toBe(0);
    expect(stepIndexForSeq(steps, 25)).toBe(2);
    expect(stepIndexForSeq(steps, -1)).toBe(-1);
  });

  it('cost: priced models summed, unpriced ones counted, never priced', () => {
    const c = priceUsage(usageTotals([step(0), step(1, { model: 'mystery-model' })]), DEFAULT_PRICES);
    expect(c.unpricedSteps).toBe(1);
    expect(c.byModel.find((r) => r.model === 'mystery-model')).toEqual({
      model: 'mystery-model',
      steps: 1,
      tokens: 1110,
      cost: null,
    });
    expect(c.total).toBeCloseTo((100 * 0.14 + 10 * 0.28 + 1000 * 0.0028) / 1e6, 12);
  });
});

describe('SearchResults', () => {
  // jsdom lays nothing out: the list is a 420 px box (ten rows in view).
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
      DOMRect.fromRect({ x: 0, y: 0, width: 800, height: 10 * HIT_ROW_PX }),
    );
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(10 * HIT_ROW_PX);
    vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(1e6 * HIT_ROW_PX);
    // jsdom has no Element.scrollTo: a scroll moves scrollTop and says so, as a browser does.
    HTMLElement.prototype.scrollTo = function (this: HTMLElement, o?: ScrollToOptions | number) {
      if (typeof o === 'object' && o.top !== undefined) this.scrollTop = o.top;
      this.dispatchEvent(new Event('scroll'));
    };
  });
  afterEach(() => {
    vi.restoreAllMocks();
    delete (HTMLElement.prototype as Partial<HTMLElement>).scrollTo;
  });
  /** The list for `query`: nothing searched, nothing found, no hit current, but for what `over` sets. */
  function searchResults(query: string, over: Partial<SearchResultsProps> = {}) {
    const none = { hits: [], count: 0, searched: 0, total: 0, running: false, current: -1, onPick: () => {} };
    return <SearchResults query={query} {...none} {...over} />;
  }
  const hits: SearchHit[] = [
    { seq: 4, type: 'tool/call', path: 'data.arguments', snippet: 'grep README', start: 5, end: 11 },
    { seq: 9, type: 'user/message', path: 'data.content[0].text', snippet: 'the readme', start: 4, end: 10 },
  ];
  it('lists hits with the match highlighted and a running count', () => {
    const onPick = vi.fn();
    const el = render(
      searchResults('readme', {
        hits,
        count: 2,
        searched: 50,
        total: 100,
        running: true,
        current: 1,
        onPick,
      }),
    );
    expect([...el.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['README', 'readme']);
    expect(el.querySelector('[data-testid="search-count"]')?.textContent).toBe(
      '2 events so far… 50% searched',
    );
    expect(el.querySelector('[aria-current="true"]')?.getAttribute('data-seq')).toBe('9');
    act(() => (el.querySelector('[data-seq="4"]') as HTMLButtonElement).click());
    expect(onPick).toHaveBeenCalledWith(0);
  });

  it('a search stopped before the end shows its hits and says why', () => {
    const el = render(
      searchResults('aab', {
        hits,
        count: 2,
        stopped: 'stopped searching at seq 12: this pattern costs about 6,003 times a plain search',
      }),
    );
    expect(el.querySelectorAll('[data-seq]')).toHaveLength(2);
    expect(el.querySelector('[data-testid="search-stopped"]')?.textContent).toMatch(
      /^stopped searching at seq 12/,
    );
    expect(el.querySelector('[data-testid="search-error"]')).toBeNull();
  });

  it('renders only the hits in view of 10,000, and scrolls the current hit into view', () => {
    const many: SearchHit[] = Array.from({ length: 10_000 }, (_, i) => ({
      seq: i * 3,
      type: 'x/t',
      path: 'data.needle',
      snippet: `hay ${i}`,
      start: 0,
      end: 3,
    }));
    let pick: (i: number) => void = () => {};
    function Pane() {
      const [current, setCurrent] = useState(-1);
      pick = setCurrent;
      return searchResults('hay', {
        hits: many,
        count: 50_000,
        searched: 50_000,
        total: 50_000,
        current,
        onPick: setCurrent,
      });
    }
    const el = render(<Pane />);
    const box = el.querySelector('[data-testid="search-results"]') as HTMLElement;
    const shown = () =>
      [...box.querySelectorAll('button[data-seq]')].map((b) => Number(b.getAttribute('data-seq')));
    // Ten rows in view and the virtualizer's margin: not 10,000 buttons.
    expect(shown().length).toBeGreaterThanOrEqual(10);
    expect(shown().length).toBeLessThanOrEqual(30);
    expect(shown()[0]).toBe(0);
    expect(box.querySelector('ol')?.style.height).toBe(`${10_000 * HIT_ROW_PX}px`);
    expect(el.querySelector('[data-testid="search-count"]')?.textContent).toBe(
      '50,000 events match (first 10,000 listed)',
    );
    // Enter stepped to hit 7,000: the list scrolls to it and renders it, marked current.
    act(() => pick(7_000));
    expect(box.scrollTop).toBeGreaterThan(6_000 * HIT_ROW_PX);
    expect(box.querySelector('[aria-current="true"]')?.getAttribute('data-seq')).toBe('21000');
    expect(shown().length).toBeLessThanOrEqual(30);
  });

  it('before anything is typed, gives a hint and no count ("0 events match" was shown)', () => {
    const el = render(searchResults(''));
    expect(el.querySelector('[data-testid="search-count"]')?.textContent).toBe('');
    expect(el.querySelector('[data-testid="search-hint"]')?.textContent).toBe(
      'Hits are listed here and marked on the scrubber.',
    );
    // Typed, with nothing found: the count says so and the hint is gone.
    const typed = render(searchResults('zzz'));
    expect(typed.querySelector('[data-testid="search-count"]')?.textContent).toBe('0 events match');
    expect(typed.querySelector('[data-testid="search-hint"]')).toBeNull();
  });

  it('says a bad regex inline', () => {
    const el = render(searchResults('(x', { error: 'bad regular expression: Unterminated group' }));
    expect(el.querySelector('[role="alert"]')?.textContent).toBe(
      'bad regular expression: Unterminated group',
    );
  });

  it('says inline why a pattern that matches the empty string was not searched (R17-2)', () => {
    const el = render(searchResults('ask|^', { error: MATCHES_EMPTY_MESSAGE }));
    expect(el.querySelector('[role="alert"]')?.textContent).toBe(
      'the pattern matches the empty string, so it would match every event: not searched',
    );
    expect(el.querySelector('[data-testid="search-count"]')).toBeNull();
  });
});

describe('InputDiffView', () => {
  const user = (text: string): Message => ({ role: 'user', content: [{ type: 'text', text }] });
  const whole: HistoryDiff = {
    from: 1,
    to: 2,
    removed: [
      { seq: 5, role: 'user' },
      { seq: 6, role: 'user' },
    ],
    added: [
      { seq: 8, role: 'user' },
      { seq: 9, role: 'user' },
    ],
    changed: [{ from: 5, to: 8 }],
    request: { model: { from: 'a', to: 'b' } },
    rows: [
      { kind: 'same', seq: 2, role: 'user' },
      { kind: 'same', seq: 3, role: 'user' },
      {
        kind: 'changed',
        from: 5,
        to: 8,
        role: 'user',
        text: [
          { op: '-', text: 'old' },
          { op: '+', text: 'new' },
        ],
      },
      { kind: 'removed', from: 6, role: 'user' },
      { kind: 'added', to: 9, role: 'user' },
    ],
  };
  const diff = diffPage(whole);
  const bodies = new Map<number, Message>([
    [5, user('the old result')],
    [8, user('the new result')],
    [6, user('pruned away')],
    [9, user('appended')],
  ]);

  it('two message columns: kept runs folded, a changed message in both with its word diff, removed left, added right', () => {
    expect(diffBodySeqs(diff)).toEqual([5, 8, 6, 9]);
    const el = render(<InputDiffView diff={diff} left="seq 1" right="seq 2" bodies={bodies} />);
    const rows = [...el.querySelectorAll('[data-kind]')];
    expect(rows.map((r) => r.getAttribute('data-kind'))).toEqual(['same', 'changed', 'removed', 'added']);
    expect(rows[0]?.textContent).toContain('2 messages in both inputs (#0–#1, seq 2…3)');
    const cells = (i: number) => [...(rows[i]?.children ?? [])].map((c) => c.textContent ?? '');
    expect(cells(1)[0]).toContain('the old result');
    expect(cells(1)[1]).toContain('the new result');
    expect(rows[1]?.querySelector('del')?.textContent).toBe('old');
    expect(rows[1]?.querySelector('ins')?.textContent).toBe('new');
    expect(cells(2)).toEqual([expect.stringContaining('pruned away'), 'hidden by a replace']);
    expect(cells(3)).toEqual(['not in this input', expect.stringContaining('appended')]);
    // Each message keeps its place in its own column's history.
    const indexOf = (i: number, col: number) =>
      rows[i]?.children[col]?.querySelector('[data-testid=message]')?.getAttribute('data-index');
    expect([indexOf(1, 0), indexOf(1, 1), indexOf(2, 0), indexOf(3, 1)]).toEqual(['2', '2', '3', '3']);
    expect(el.querySelector('[data-testid="request-diff"]')?.textContent).toContain('model: a → b');
  });

  it('a kept run unfolds on a click; a body not fetched yet shows as its role and seq', () => {
    const el = render(<InputDiffView diff={diff} left="a" right="b" bodies={new Map()} />);
    const run = el.querySelector('[data-kind="same"] button') as HTMLButtonElement;
    act(() => run.click());
    expect(el.querySelector('[data-kind="same"]')?.textContent).toContain('#1 user seq 3');
    expect(el.querySelector('[data-kind="removed"]')?.textContent).toContain('user seq 6');
  });
});

describe('prices in local storage', () => {
  it('round-trips an edited table and falls back to the defaults on garbage', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    };
    expect(loadPrices(storage)).toBe(DEFAULT_PRICES);
    savePrices({ asOf: 'edited', prices: [{ model: 'm', input: 1, output: 2 }] }, storage);
    expect(loadPrices(storage).prices).toEqual([{ model: 'm', input: 1, output: 2 }]);
    store.set('seqscope.prices.v1', '{not json');
    expect(loadPrices(storage)).toBe(DEFAULT_PRICES);
    savePrices(null, storage);
    expect(store.size).toBe(0);
  });

  it('the cost panel edits a price and reports the new table', () => {
    const onPrices = vi.fn();
    const el = render(
      <CostPanel
        summary={priceUsage(usageTotals([step(0)]), DEFAULT_PRICES)}
        prices={DEFAULT_PRICES}
        onPrices={onPrices}
      />,
    );
    act(() =>
      (
        [...el.querySelectorAll('button')].find((b) => b.textContent === 'edit prices') as HTMLButtonElement
      ).click(),
    );
    const input = el.querySelector('input[aria-label="deepseek-v4-flash output"]') as HTMLInputElement;
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    act(() => {
      setter?.call(input, '0.5');
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    const table = onPrices.mock.calls.at(-1)?.[0] as { prices: { model: string; output: number }[] };
    expect(table.prices.find((p) => p.model === 'deepseek-v4-flash')?.output).toBe(0.5);
  });
});
