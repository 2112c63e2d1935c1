/**
 * A long list of seqs drawn in part (the boundedList rule): runs of consecutive seqs as
 * "first–last", at most `max` runs, then how many seqs are not drawn. A compaction's 120,000
 * hidden nodes drawn one link each was a 2.8 s task (R10-6). Store-free: the caller draws a seq.
 */
import { Fragment, type ReactNode } from 'react';
import type { SeqRuns } from '../../core/view/seqRuns';
import { formatCount } from '../../core/view/seqText';
import { LIST_BOUND } from './boundedList';

export function SeqRunList({
  list,
  link,
  max = LIST_BOUND,
}: {
  list: SeqRuns;
  /** One seq as drawn (a link to it). */
  link: (seq: number) => ReactNode;
  max?: number;
}) {
  const shown = list.runs.slice(0, max);
  let drawn = 0;
  for (const [first, last] of shown) drawn += last - first + 1;
  const more = list.count - drawn;
  return (
    <>
      {shown.map(([first, last]) =>
        // Two seqs read better as two links than as a range of two.
        last - first < 2 ? (
          <Fragment key={first}>
            <span data-testid="seq-run">{link(first)}</span>
            {last > first && <span data-testid="seq-run">{link(last)}</span>}
          </Fragment>
        ) : (
          <span key={first} data-testid="seq-run" className="whitespace-nowrap">
            {link(first)}–{link(last)}
          </span>
        ),
      )}
      {more > 0 && (
        <span className="text-fg-subtle" data-testid="seq-runs-more">
          … +{formatCount(more)} more
        </span>
      )}
    </>
  );
}
