/**
 * The session's cost for the header, under the user's price table: the same per-step metrics
 * and the same sum as the Charts tab's cost (why/chartData.ts `costSummary`), asked of the
 * worker once the log is ready and again when it grows. Null where nothing can be priced: a
 * log that records no usage, or whose models have no price (never a guessed cost).
 */
import { useEffect, useMemo } from 'react';
import { useApp } from '../appState';
import { formatUsd } from '../components/format';
import { useServices } from '../services/context';
import { useAnswers } from '../why/answersService';
import { costSummary } from '../why/chartData';
import { usePriceTable } from '../why/storedPrices';

export interface LogCost {
  /** "$0.12" */
  text: string;
  /** What it covers: the price table's date, the models, the steps left out. */
  detail: string;
}

export function useLogCost(): LogCost | null {
  const { why } = useServices();
  const ready = useApp((s) => s.status === 'ready');
  const recordsUsage = useApp((s) => s.summary?.usage !== undefined);
  const events = useApp((s) => s.events);
  const metrics = useAnswers((s) => s.metrics);
  const prices = usePriceTable();
  useEffect(() => {
    if (ready && recordsUsage) void why.answers.loadMetrics();
  }, [why, ready, recordsUsage, events]);
  return useMemo(() => {
    if (!metrics || !recordsUsage) return null;
    const s = costSummary(metrics.steps, prices);
    const priced = s.byModel.filter((m) => m.cost !== null);
    if (priced.length === 0) return null;
    const models = priced.map((m) => `${m.model} ${formatUsd(m.cost ?? 0)}`).join(', ');
    const unpriced = s.unpricedSteps > 0 ? `; ${s.unpricedSteps} steps without a price are not counted` : '';
    return {
      text: formatUsd(s.total),
      detail: `Cost under the price table of ${prices.asOf} (edit it on the Charts tab): ${models}${unpriced}`,
    };
  }, [metrics, recordsUsage, prices]);
}
