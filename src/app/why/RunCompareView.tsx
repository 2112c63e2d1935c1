/**
 * Two runs side by side: steps aligned by number with tokens and durations,
 * the first step where the model's input differs highlighted, with a jump to
 * it in both runs: this run selects it (its messages pane follows), run B
 * shows its derived messages there in a pane of its own beside the table.
 * Each step row jumps both runs to that step's input. Store-free.
 *
 * Two runs can have any number of steps (two of 20,000 froze the page 37 s
 * when every row was drawn): the table draws COMPARE_ROWS steps around the
 * first difference, and buttons add as many earlier or later.
 */
import { useState } from 'react';
import { totalInputTokens } from '../../core/analysis/usage';
import type { AlignedStep, RunComparison } from '../../core/diff/runs';
import { MessageView } from '../components/blocks';
import { NO_VALUE, formatDuration } from '../components/format';
import type { RunBView } from './compareService';
import { formatSeq } from '../../core/view/seqText';
import { NameText } from '../components/NameText';

export interface RunCompareViewProps {
  comparison: RunComparison;
  nameA: string;
  nameB: string;
  /** A jump into one run: its seq, and where that is ("turn 1 step 2 input"). */
  onJump: (side: 'a' | 'b', seq: number, label: string) => void;
  runB: RunBView | null;
}

/** What "in" counts: every input token, as the header's "in" (format.ts formatInOut) counts them. */
const IN_TITLE = 'All input tokens: uncached + cache read + cache write (as the header counts them)';

/** A step's input cell: the total, and its parts in the tooltip. */
function InputCell({ m }: { m: AlignedStep['a'] }) {
  const u = m?.usage;
  if (!u) return <td className="px-2 text-right tabular-nums">{NO_VALUE}</td>;
  const parts =
    `${u.inputTokens.toLocaleString('en-US')} uncached + ${(u.cacheReadTokens ?? 0).toLocaleString('en-US')} cache read + ` +
    `${(u.cacheWriteTokens ?? 0).toLocaleString('en-US')} cache write`;
  return (
    <td className="px-2 text-right tabular-nums" title={parts}>
      {totalInputTokens(u).toLocaleString('en-US')}
    </td>
  );
}

/** Steps the table draws at first; each "show" button adds as many. */
export const COMPARE_ROWS = 200;

/** The steps [from, to) drawn first: COMPARE_ROWS of them, the first difference among them. */
export function compareWindow(comparison: RunComparison): { from: number; to: number } {
  const n = comparison.steps.length;
  if (n <= COMPARE_ROWS) return { from: 0, to: n };
  const d = comparison.firstDivergence;
  const at = d ? comparison.steps.findIndex((r) => r.turn === d.turn && r.step === d.step) : 0;
  const from = Math.max(0, Math.min(at - COMPARE_ROWS / 4, n - COMPARE_ROWS));
  return { from, to: from + COMPARE_ROWS };
}

/** The seq a jump to a step goes to in one run: its input, or its start when it made no call. */
function stepSeq(m: AlignedStep['a']): number | null {
  return m ? (m.inputSeq ?? m.startSeq) : null;
}

export function RunCompareView({ comparison, nameA, nameB, onJump, runB }: RunCompareViewProps) {
  // A new comparison starts again around its own first difference.
  const [drawn, setDrawn] = useState({ comparison, ...compareWindow(comparison) });
  const { from, to } = drawn.comparison === comparison ? drawn : compareWindow(comparison);
  const show = (window: { from: number; to: number }) => setDrawn({ comparison, ...window });
  const total = comparison.steps.length;
  const d = comparison.firstDivergence;
  const n = (v: number | undefined) => (v === undefined ? NO_VALUE : v.toLocaleString('en-US'));
  // The app's one duration format: a step's time reads as its row on the timeline does.
  const s = (v: number | undefined) => (v === undefined ? NO_VALUE : formatDuration(v));
  const both = (turn: number, step: number, a: number | null | undefined, b: number | null | undefined) => {
    const label = `turn ${turn} step ${step} input`;
    if (a != null) onJump('a', a, label);
    if (b != null) onJump('b', b, label);
  };
  return (
    <div className="grid grid-cols-2 gap-2 text-xs" data-testid="run-compare">
      <div className="min-w-0">
        <p className="px-3 py-1" data-testid="run-divergence">
          {d ? (
            <>
              First difference in the model&apos;s input: turn {d.turn} step {d.step}: {d.reason}.{' '}
              {(d.a?.inputSeq != null || d.b?.inputSeq != null) && 'Go to it: '}
              {d.a?.inputSeq != null && (
                <button
                  type="button"
                  className="text-sky-300 hover:underline"
                  onClick={() => onJump('a', d.a?.inputSeq ?? 0, `turn ${d.turn} step ${d.step} input`)}
                >
                  in <NameText name={nameA} />
                </button>
              )}
              {d.a?.inputSeq != null && d.b?.inputSeq != null && <span aria-hidden> · </span>}
              {d.b?.inputSeq != null && (
                <button
                  type="button"
                  className="text-sky-300 hover:underline"
                  onClick={() => onJump('b', d.b?.inputSeq ?? 0, `turn ${d.turn} step ${d.step} input`)}
                >
                  in <NameText name={nameB} />
                </button>
              )}
              {(d.a?.inputSeq != null || d.b?.inputSeq != null) && <span aria-hidden> · </span>}
              {(d.a?.inputSeq != null || d.b?.inputSeq != null) && (
                <button
                  type="button"
                  data-testid="jump-both"
                  className="text-sky-300 hover:underline"
                  onClick={() => both(d.turn, d.step, d.a?.inputSeq, d.b?.inputSeq)}
                >
                  in both
                </button>
              )}
            </>
          ) : (
            'The model saw the same input at every step of both runs.'
          )}
        </p>
        <table className="w-full">
          {/* The column names stay in view while a long run's steps scroll. */}
          <thead className="sticky top-0 bg-canvas">
            <tr className="text-left text-fg-muted">
              <th className="px-2">turn.step</th>
              <th className="px-2 text-right" title={IN_TITLE}>
                in A
              </th>
              <th className="px-2 text-right" title={IN_TITLE}>
                in B
              </th>
              <th className="px-2 text-right">out A</th>
              <th className="px-2 text-right">out B</th>
              <th className="px-2 text-right">time A</th>
              <th className="px-2 text-right">time B</th>
            </tr>
          </thead>
          <tbody>
            {from > 0 && (
              <MoreSteps
                label={`Show ${Math.min(COMPARE_ROWS, from)} earlier steps (${from.toLocaleString('en-US')} before)`}
                onClick={() => show({ from: Math.max(0, from - COMPARE_ROWS), to })}
              />
            )}
            {comparison.steps.slice(from, to).map((row) => {
              const first = d && d.turn === row.turn && d.step === row.step;
              return (
                <tr
                  key={`${row.turn}.${row.step}`}
                  data-diverges={first ? 'true' : undefined}
                  className={first ? 'bg-amber-500/15' : ''}
                >
                  <td className="px-2 font-mono">
                    <button
                      type="button"
                      className="underline decoration-dotted"
                      title="Show this step's input in both runs"
                      onClick={() => both(row.turn, row.step, stepSeq(row.a), stepSeq(row.b))}
                    >
                      {row.turn}.{row.step}
                    </button>
                  </td>
                  <InputCell m={row.a} />
                  <InputCell m={row.b} />
                  <td className="px-2 text-right tabular-nums">{n(row.a?.usage?.outputTokens)}</td>
                  <td className="px-2 text-right tabular-nums">{n(row.b?.usage?.outputTokens)}</td>
                  <td className="px-2 text-right tabular-nums">{s(row.a?.durationMs)}</td>
                  <td className="px-2 text-right tabular-nums">{s(row.b?.durationMs)}</td>
                </tr>
              );
            })}
            {to < total && (
              <MoreSteps
                label={`Show ${Math.min(COMPARE_ROWS, total - to)} later steps (${(total - to).toLocaleString('en-US')} after)`}
                onClick={() => show({ from, to: Math.min(total, to + COMPARE_ROWS) })}
              />
            )}
          </tbody>
        </table>
        <p className="px-2 py-1 text-fg-faint" data-testid="run-compare-legend">
          in: {IN_TITLE.charAt(0).toLowerCase() + IN_TITLE.slice(1)}
        </p>
      </div>
      <RunBPane nameB={nameB} view={runB} />
    </div>
  );
}

function MoreSteps({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <tr>
      <td colSpan={7} className="px-2 py-0.5">
        <button type="button" className="text-sky-300 hover:underline" onClick={onClick}>
          {label}
        </button>
      </td>
    </tr>
  );
}

/** Run B's derived messages at the seq jumped to (this run's are in the messages pane). */
function RunBPane({ nameB, view }: { nameB: string; view: RunBView | null }) {
  return (
    <section
      aria-label={`${nameB} messages`}
      data-testid="run-b-messages"
      data-seq={view?.seq}
      data-count={view?.count}
      className="min-w-0 border-l border-line"
    >
      <p className="px-3 py-1 font-semibold text-fg-soft">
        <NameText name={nameB} />
        {view
          ? ` at ${formatSeq(view.seq)} (${view.label}): ${view.count} message${view.count === 1 ? '' : 's'}`
          : ': pick a step (or "in both") to see what its model was sent'}
      </p>
      {view && view.from > 0 && <p className="px-3 text-fg-faint">{view.from} earlier messages not shown</p>}
      {view?.messages.map((m) => (
        <MessageView key={m.seq} message={m.message} index={m.index ?? 0} sourceSeq={m.seq} />
      ))}
    </section>
  );
}
