/**
 * The session's cost for the header: the same figure as the Charts tab's total
 * (why/useSessionCost.ts: tokens per model summed by the worker, priced with the user's table).
 * Null for a log that records no usage; a log whose models have no price says "no price" where the
 * cost would be, and which models in its title, never a guessed cost and never a silent gap.
 */
import { useMemo } from 'react';
import { useApp } from '../appState';
import { formatUsd } from '../components/format';
import { unpricedNote } from '../../core/cost/usageTotals';
import { useSessionCost } from '../why/useSessionCost';

export interface LogCost {
  /** "$0.12", or "no price" (`priced` false; `detail` says which models have none). */
  text: string;
  priced: boolean;
  /** What it covers: the price table's date, the models, the steps left out. */
  detail: string;
}

export function useLogCost(): LogCost | null {
  const recordsUsage = useApp((s) => s.summary?.usage !== undefined);
  const { summary: s, prices } = useSessionCost(recordsUsage);
  return useMemo(() => {
    if (!s || !recordsUsage) return null;
    const priced = s.byModel.filter((m) => m.cost !== null);
    if (priced.length === 0) {
      const why = unpricedNote(s);
      if (why === null) return null; // usage recorded, but no step answered yet
      // Short where the cost would be, so the header keeps its figures on its one line at 1600 px
      // (the whole sentence, "no price known for model X", hid the tokens there); the title says it.
      return {
        text: 'no price',
        priced: false,
        detail: `No cost: ${why} (prices as of ${prices.asOf}; add one on the Charts tab). Tokens are counted, a cost is never guessed`,
      };
    }
    const models = priced.map((m) => `${m.model} ${formatUsd(m.cost ?? 0)}`).join(', ');
    const n = s.unpricedSteps;
    const unpriced =
      n > 0 ? `; ${n} step${n === 1 ? '' : 's'} without a price ${n === 1 ? 'is' : 'are'} not counted` : '';
    return {
      text: formatUsd(s.total),
      priced: true,
      detail: `Cost under the price table of ${prices.asOf} (edit it on the Charts tab): ${models}${unpriced}`,
    };
  }, [s, recordsUsage, prices]);
}
