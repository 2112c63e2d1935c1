/**
 * What a cost says about the steps it leaves out: the models without a price by name (the
 * ones with most steps first), and steps whose model was not recorded.
 */
import { describe, expect, it } from 'vitest';
import { UNKNOWN_MODEL, unpricedNote, type CostSummary } from './usageTotals';

const model = (name: string, steps: number, cost: number | null) => ({ model: name, steps, tokens: 1, cost });
const summaryOf = (...byModel: CostSummary['byModel']): CostSummary => ({
  total: byModel.reduce((t, m) => t + (m.cost ?? 0), 0),
  byModel,
  unpricedSteps: byModel.reduce((n, m) => n + (m.cost === null ? m.steps : 0), 0),
});

describe('unpricedNote', () => {
  it('every step priced: nothing to say', () => {
    expect(unpricedNote(summaryOf(model('claude-sonnet-4', 3, 0.5)))).toBeNull();
  });

  it('names the model without a price', () => {
    expect(unpricedNote(summaryOf(model('acme-lm-7', 3, null), model('claude-sonnet-4', 3, 0.5)))).toBe(
      'no price known for model acme-lm-7',
    );
  });

  it('names two, then the count of the rest, the models with most steps first', () => {
    expect(unpricedNote(summaryOf(model('a', 1, null), model('b', 5, null)))).toBe(
      'no price known for models b and a',
    );
    expect(
      unpricedNote(
        summaryOf(model('a', 1, null), model('b', 5, null), model('c', 3, null), model('d', 2, null)),
      ),
    ).toBe('no price known for models b, c and 2 more');
  });

  it('steps without a recorded model: says so instead of naming "(unknown model)"', () => {
    expect(unpricedNote(summaryOf(model(UNKNOWN_MODEL, 2, null)))).toBe(
      'no model recorded for 2 steps, so no price',
    );
    expect(unpricedNote(summaryOf(model('acme-lm-7', 4, null), model(UNKNOWN_MODEL, 1, null)))).toBe(
      'no price known for model acme-lm-7; no model recorded for 1 step, so no price',
    );
  });
});
