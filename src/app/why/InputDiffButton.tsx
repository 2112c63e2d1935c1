/**
 * "What changed in this call's input", one click on a step row: opens the why
 * panel's Input diff on the diff between the previous model call's input and
 * this step's (new tool results appended, a compaction, a changed request).
 */
import { useServices } from '../services/context';
import { openWhy } from './whyState';
import { formatSeq } from '../../core/view/seqText';

export function InputDiffButton({
  seq,
  className = '',
  tabIndex,
}: {
  seq: number;
  className?: string;
  /** -1 inside a row whose cells take focus in turn (the timeline's grid). */
  tabIndex?: number;
}) {
  const { why } = useServices();
  return (
    <button
      type="button"
      data-testid="step-input-diff"
      tabIndex={tabIndex}
      aria-label={`Δ input: what changed in the input of the step at ${formatSeq(seq)}`}
      title="What changed in this call's input since the previous call"
      onClick={(e) => {
        e.stopPropagation();
        openWhy('diff');
        void why.answers.diffCall(seq);
      }}
      className={`shrink-0 rounded border border-amber-400/30 px-1 font-mono text-[10px] leading-[14px] text-amber-200/90 hover:bg-amber-500/15 focus-visible:opacity-100 ${className}`}
    >
      Δ input
    </button>
  );
}
