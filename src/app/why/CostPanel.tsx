/**
 * Cost by model under the user's price table (editable, kept in local
 * storage): a model without a price shows its tokens and "no price", never a
 * made-up cost, and the total says which models have none. The figures are the header's (why/useSessionCost.ts).
 */
import { useState } from 'react';
import type { ModelPrice, PriceTable } from '../../core/cost/prices';
import { DEFAULT_PRICES } from '../../core/cost/prices';
import { unpricedNote, type CostSummary } from '../../core/cost/usageTotals';
import { RowsBound, boundedRows } from '../components/boundedRows';
import { formatUsd } from '../components/format';
import { NameText } from '../components/NameText';

export interface CostPanelProps {
  /** The session's cost under `prices` (null: not summed yet). */
  summary: CostSummary | null;
  prices: PriceTable;
  onPrices: (table: PriceTable | null) => void;
}

const usd = formatUsd;

const NONE: CostSummary = { total: 0, byModel: [], unpricedSteps: 0 };

type ModelCost = CostSummary['byModel'][number];
/** Past MAX_TABLE_ROWS models, the costliest are drawn (unpriced ones by steps, after them). */
const byCost = (a: ModelCost, b: ModelCost): number => (b.cost ?? -1) - (a.cost ?? -1) || b.steps - a.steps;

export function CostPanel({ summary, prices, onPrices }: CostPanelProps) {
  const [editing, setEditing] = useState(false);
  const [query, setQuery] = useState('');
  const s = summary ?? NONE;
  const { rows, matching } = boundedRows(s.byModel, (m) => m.model, query, byCost);
  const note = unpricedNote(s);
  const nothingPriced = s.byModel.every((m) => m.cost === null);
  return (
    <div className="px-3 text-xs" data-testid="cost-panel">
      <p className="text-fg-soft">
        Cost:{' '}
        {!summary ? (
          <span className="text-fg-muted">summing…</span>
        ) : nothingPriced && note ? (
          // No figure at all rather than "$0.00": a zero would read as a free session.
          <span className="text-amber-200" data-testid="cost-unpriced">
            {note}
          </span>
        ) : (
          <span data-testid="cost-total">{usd(s.total)}</span>
        )}
        {!nothingPriced && note && (
          <span className="text-fg-muted" data-testid="cost-unpriced">
            {' '}
            (+ {s.unpricedSteps} step{s.unpricedSteps === 1 ? '' : 's'} left out: {note})
          </span>
        )}
        <span className="text-fg-muted"> · prices as of {prices.asOf}</span>
        <button
          type="button"
          className="ml-2 text-sky-300 hover:underline"
          onClick={() => setEditing(!editing)}
        >
          {editing ? 'done' : 'edit prices'}
        </button>
      </p>
      <RowsBound
        what="models"
        order="the costliest"
        total={s.byModel.length}
        matching={matching}
        shown={rows.length}
        query={query}
        onQuery={setQuery}
      />
      <table className="mt-1 w-full">
        <tbody>
          {rows.map((r) => (
            <tr key={r.model}>
              <td className="font-mono">
                <NameText name={r.model} />
              </td>
              <td className="text-right tabular-nums">{r.steps} steps</td>
              <td className="text-right tabular-nums">{r.tokens.toLocaleString('en-US')} tokens</td>
              <td className="text-right tabular-nums">{r.cost === null ? 'no price' : usd(r.cost)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {editing && <PriceEditor prices={prices} onPrices={onPrices} />}
    </div>
  );
}

const FIELDS = ['input', 'output', 'cacheRead', 'cacheWrite'] as const;

function PriceEditor({ prices, onPrices }: { prices: PriceTable; onPrices: (t: PriceTable | null) => void }) {
  const set = (i: number, p: ModelPrice | null) => {
    const next = prices.prices.slice();
    if (p === null) next.splice(i, 1);
    else next[i] = p;
    onPrices({ asOf: 'edited', prices: next });
  };
  return (
    <div className="mt-2" data-testid="price-editor">
      <p className="text-fg-muted">USD per million tokens</p>
      <table className="w-full">
        <thead>
          <tr className="text-left text-fg-muted">
            <th>model (prefix)</th>
            {FIELDS.map((f) => (
              <th key={f}>{f}</th>
            ))}
            <th />
          </tr>
        </thead>
        <tbody>
          {prices.prices.map((p, i) => (
            <tr key={i}>
              <td>
                <input
                  aria-label={`model ${i + 1}`}
                  className="w-full border border-edge bg-inset px-1"
                  value={p.model}
                  onChange={(e) => set(i, { ...p, model: e.target.value })}
                />
              </td>
              {FIELDS.map((f) => (
                <td key={f}>
                  <input
                    aria-label={`${p.model} ${f}`}
                    className="w-16 border border-edge bg-inset px-1"
                    inputMode="decimal"
                    value={p[f] ?? ''}
                    onChange={(e) => {
                      const v = e.target.value.trim() === '' ? undefined : Number(e.target.value);
                      if (v !== undefined && !(v >= 0)) return;
                      const next = { ...p };
                      if (v === undefined) {
                        if (f === 'input' || f === 'output') return;
                        delete next[f];
                      } else next[f] = v;
                      set(i, next);
                    }}
                  />
                </td>
              ))}
              <td>
                <button type="button" aria-label={`remove ${p.model}`} onClick={() => set(i, null)}>
                  ×
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <button
        type="button"
        className="mr-3 text-sky-300 hover:underline"
        onClick={() =>
          onPrices({ asOf: 'edited', prices: [...prices.prices, { model: 'model-id', input: 0, output: 0 }] })
        }
      >
        add a model
      </button>
      <button type="button" className="text-sky-300 hover:underline" onClick={() => onPrices(null)}>
        reset to the defaults of {DEFAULT_PRICES.asOf}
      </button>
    </div>
  );
}
