/**
 * The session's cost under the user's price table: the worker sums the tokens per model
 * (`costTotals`, asked once the log is ready and again when it grows) and this prices them, so
 * the header and the Charts tab show one figure and an edited price shows in both at once.
 */
import { useEffect, useMemo } from 'react';
import type { PriceTable } from '../../core/cost/prices';
import { priceUsage, type CostSummary } from '../../core/cost/usageTotals';
import { useApp } from '../appState';
import { useServices } from '../services/context';
import { useAnswers } from './answersService';
import { usePriceTable } from './storedPrices';

/** The cost summary (null until the worker answered) and the table it was priced with. */
export function useSessionCost(ask = true): { summary: CostSummary | null; prices: PriceTable } {
  const { why } = useServices();
  const ready = useApp((s) => s.status === 'ready');
  const events = useApp((s) => s.events);
  const totals = useAnswers((s) => s.costTotals);
  const prices = usePriceTable();
  useEffect(() => {
    if (ask && ready) void why.answers.loadCostTotals(events);
  }, [why, ask, ready, events]);
  const summary = useMemo(() => (totals ? priceUsage(totals, prices) : null), [totals, prices]);
  return { summary, prices };
}
