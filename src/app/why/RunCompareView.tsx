/**
 * Two runs side by side: steps aligned by number with tokens and durations,
 * the first step where the model's input differs highlighted, with a jump to
 * it in this run (the other run opens in its own tab/worker). Store-free.
 */
import type { RunComparison } from '../../core/diff/runs';

export interface RunCompareViewProps {
  comparison: RunComparison;
  nameA: string;
  nameB: string;
  onJump: (side: 'a' | 'b', seq: number) => void;
}

export function RunCompareView({ comparison, nameA, nameB, onJump }: RunCompareViewProps) {
  const d = comparison.firstDivergence;
  const n = (v: number | undefined) => (v === undefined ? '–' : v.toLocaleString('en-US'));
  const s = (v: number | undefined) => (v === undefined ? '–' : `${(v / 1000).toFixed(1)} s`);
  return (
    <div className="text-xs" data-testid="run-compare">
      <p className="px-3 py-1" data-testid="run-divergence">
        {d ? (
          <>
            First difference in the model&apos;s input: turn {d.turn} step {d.step}: {d.reason}.{' '}
            {d.a?.inputSeq != null && (
              <button
                type="button"
                className="text-sky-300 hover:underline"
                onClick={() => onJump('a', d.a?.inputSeq ?? 0)}
              >
                go to it in {nameA}
              </button>
            )}{' '}
            {d.b?.inputSeq != null && (
              <button
                type="button"
                className="text-sky-300 hover:underline"
                onClick={() => onJump('b', d.b?.inputSeq ?? 0)}
              >
                go to it in {nameB}
              </button>
            )}
          </>
        ) : (
          'The model saw the same input at every step of both runs.'
        )}
      </p>
      <table className="w-full">
        <thead>
          <tr className="text-left text-fg-muted">
            <th className="px-2">turn.step</th>
            <th className="px-2 text-right">in A</th>
            <th className="px-2 text-right">in B</th>
            <th className="px-2 text-right">out A</th>
            <th className="px-2 text-right">out B</th>
            <th className="px-2 text-right">time A</th>
            <th className="px-2 text-right">time B</th>
          </tr>
        </thead>
        <tbody>
          {comparison.steps.map((row) => {
            const first = d && d.turn === row.turn && d.step === row.step;
            return (
              <tr
                key={`${row.turn}.${row.step}`}
                data-diverges={first ? 'true' : undefined}
                className={first ? 'bg-amber-500/15' : ''}
              >
                <td className="px-2 font-mono">
                  {row.turn}.{row.step}
                </td>
                <td className="px-2 text-right tabular-nums">{n(row.a?.usage?.inputTokens)}</td>
                <td className="px-2 text-right tabular-nums">{n(row.b?.usage?.inputTokens)}</td>
                <td className="px-2 text-right tabular-nums">{n(row.a?.usage?.outputTokens)}</td>
                <td className="px-2 text-right tabular-nums">{n(row.b?.usage?.outputTokens)}</td>
                <td className="px-2 text-right tabular-nums">{s(row.a?.durationMs)}</td>
                <td className="px-2 text-right tabular-nums">{s(row.b?.durationMs)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
