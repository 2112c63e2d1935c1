/**
 * Where the tokens, the money and the time went: tokens per step and
 * cumulative, the context size with compaction points, wall time split into
 * streaming and tool execution, the tools table and the cost. Charts follow
 * the selection and a click selects that step. Store-free: fed by its host.
 */
import { useMemo } from 'react';
import type { PriceTable } from '../../core/cost/prices';
import type { CostSummary } from '../../core/cost/usageTotals';
import type { MetricsAnswer } from '../../worker/protocol';
import { chartSeries, stepIndexForSeq } from './chartData';
import { CostPanel } from './CostPanel';
import { StepChart } from './StepChart';
import { ToolsTable } from './ToolsTable';

export interface ChartsPaneProps {
  metrics: MetricsAnswer;
  selectedSeq: number | null;
  onSelectSeq: (seq: number) => void;
  onPickTool: (name: string) => void;
  /** The session's cost (why/useSessionCost.ts; null: not summed yet), under `prices`. */
  cost: CostSummary | null;
  prices: PriceTable;
  onPrices: (table: PriceTable | null) => void;
}

const COLORS = {
  input: '#38bdf8',
  output: '#a78bfa',
  cache: '#34d399',
  reasoning: '#f472b6',
  tool: '#fbbf24',
};

export function ChartsPane({
  metrics,
  selectedSeq,
  onSelectSeq,
  onPickTool,
  cost,
  prices,
  onPrices,
}: ChartsPaneProps) {
  const s = useMemo(() => chartSeries(metrics.steps, metrics.compactions), [metrics]);
  const selected = selectedSeq === null ? -1 : stepIndexForSeq(metrics.steps, selectedSeq);
  const pick = (i: number) => {
    const step = metrics.steps[i];
    if (step) onSelectSeq(step.startSeq);
  };
  const tokens = useMemo(
    () => [
      { label: 'input', values: s.input, color: COLORS.input },
      { label: 'output', values: s.output, color: COLORS.output },
      { label: 'cache read', values: s.cacheRead, color: COLORS.cache },
      { label: 'reasoning', values: s.reasoning, color: COLORS.reasoning },
    ],
    [s],
  );
  const cumulative = useMemo(
    () => [
      { label: 'input', values: s.cumInput, color: COLORS.input },
      { label: 'output', values: s.cumOutput, color: COLORS.output },
      { label: 'cache read', values: s.cumCacheRead, color: COLORS.cache },
      { label: 'reasoning', values: s.cumReasoning, color: COLORS.reasoning },
    ],
    [s],
  );
  const context = useMemo(() => [{ label: 'context tokens', values: s.context, color: COLORS.input }], [s]);
  const time = useMemo(
    () => [
      { label: 'streaming (s)', values: s.streamS, color: COLORS.output },
      { label: 'tools (s)', values: s.toolS, color: COLORS.tool },
    ],
    [s],
  );
  if (metrics.steps.length === 0)
    return <p className="p-3 text-sm text-fg-muted">This log has no steps to chart.</p>;
  const common = { x: s.x, selected, onPick: pick };
  return (
    <div className="grid grid-cols-1 gap-3 overflow-auto p-2 xl:grid-cols-2" data-testid="charts-pane">
      <StepChart {...common} title="Tokens per step" testId="chart-tokens" series={tokens} />
      <StepChart {...common} title="Cumulative tokens" testId="chart-cumulative" series={cumulative} />
      <StepChart
        {...common}
        title="Context size (dashed: compaction)"
        testId="chart-context"
        series={context}
        marks={s.compactionX}
      />
      <StepChart {...common} title="Wall time per step" testId="chart-time" series={time} unit="seconds" />
      <section>
        <h3 className="px-3 text-xs font-semibold text-fg-soft">Tools</h3>
        <ToolsTable tools={metrics.tools} onPick={onPickTool} />
      </section>
      <CostPanel summary={cost} prices={prices} onPrices={onPrices} />
    </div>
  );
}
