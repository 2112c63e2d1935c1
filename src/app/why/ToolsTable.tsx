/**
 * The tools table: calls, error rate, median and max duration per tool; a click filters by that
 * tool. At most MAX_TABLE_ROWS rows (the most called first, as the worker sorts them), with a
 * filter over every tool's name.
 */
import { useState } from 'react';
import type { ToolStats } from '../../worker/protocol';
import { RowsBound, boundedRows } from '../components/boundedRows';
import { NO_VALUE, formatDuration } from '../components/format';
import { NameText } from '../components/NameText';

export function ToolsTable({ tools, onPick }: { tools: ToolStats[]; onPick: (name: string) => void }) {
  const [query, setQuery] = useState('');
  if (tools.length === 0) return <p className="px-3 text-xs text-fg-muted">No tool calls.</p>;
  // The app's one duration format: a tool's time reads as its rows on the timeline do.
  const ms = (v: number | undefined) => (v === undefined ? NO_VALUE : formatDuration(v));
  const { rows, matching } = boundedRows(tools, (t) => t.name, query);
  return (
    <>
      <RowsBound
        what="tools"
        order="the most called"
        total={tools.length}
        matching={matching}
        shown={rows.length}
        query={query}
        onQuery={setQuery}
      />
      <table className="w-full text-xs" data-testid="tools-table">
        <thead>
          <tr className="text-left text-fg-muted">
            <th className="px-2">tool</th>
            <th className="px-2 text-right">calls</th>
            <th className="px-2 text-right">errors</th>
            <th className="px-2 text-right">median</th>
            <th className="px-2 text-right">max</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((t) => (
            <tr key={t.name} className="hover:bg-tint/5">
              <td className="px-2">
                <button
                  type="button"
                  className="font-mono text-sky-300 hover:underline"
                  onClick={() => onPick(t.name)}
                >
                  <NameText name={t.name} />
                </button>
              </td>
              <td className="px-2 text-right tabular-nums">{t.calls}</td>
              <td className={`px-2 text-right tabular-nums ${t.errors > 0 ? 'text-rose-300' : ''}`}>
                {t.errors} ({Math.round(t.errorRate * 100)}%)
              </td>
              <td className="px-2 text-right tabular-nums">{ms(t.medianMs)}</td>
              <td className="px-2 text-right tabular-nums">{ms(t.maxMs)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
