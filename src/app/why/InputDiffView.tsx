/**
 * The model's input at two points side by side: two message columns, one row
 * per message aligned by the event that produced it. Kept messages fold into
 * "N kept" runs (a click unfolds them); a removed message (hidden by a
 * compaction or a prune) stands in the left column only, an added one in the
 * right column only, and a changed one in both, with the word diff between
 * them under it. The request in force's changes follow the same way.
 * The worker posts one page of DIFF_PAGE rows and the diff's counts; a pager
 * asks for the others (90,000 rows drawn at once were a 12.7 s task: R10-4).
 * Store-free: the diff tab fetches the bodies (`messagesOf`) and feeds them.
 */
import { useRef, useState, type ReactNode } from 'react';
import type { Message } from '../../core/types';
import { DIFF_PAGE, type DiffItem, type HistoryDiffPage } from '../../worker/protocol';
import { MessageView } from '../components/blocks';
import { RequestDiff, TextDiff } from './diffParts';
import { formatCount, formatSeq } from '../../core/view/seqText';
import { Pager } from '../components/Pager';

export interface InputDiffViewProps {
  /** One page of the diff (the worker keeps the rest): its items and the whole diff's counts. */
  diff: HistoryDiffPage;
  /** Column titles, e.g. "seq 10" / "seq 20" or "previous call" / "this call". */
  left: string;
  right: string;
  /** Message bodies by source seq (those not kept; a missing one shows as its role and seq). */
  bodies: ReadonlyMap<number, Message>;
  onPickSeq?: (seq: number) => void;
  /** Asks for the page of items from `offset` (no pager without it). */
  onPage?: (offset: number) => void;
}

/** The source seqs whose bodies the page shows: every message on it that is not kept. */
export function diffBodySeqs(diff: HistoryDiffPage): number[] {
  const seqs: number[] = [];
  for (const item of diff.items) {
    if (item.kind !== 'row') continue;
    const r = item.row;
    if (r.kind === 'removed') seqs.push(r.from);
    else if (r.kind === 'added') seqs.push(r.to);
    else seqs.push(r.from, r.to);
  }
  return seqs;
}

const TONE = {
  removed: 'border-l-2 border-rose-400/70 bg-rose-500/[0.07]',
  added: 'border-l-2 border-emerald-400/70 bg-emerald-500/[0.07]',
  changed: 'border-l-2 border-amber-400/70 bg-amber-500/[0.07]',
} as const;

export function InputDiffView({ diff, left, right, bodies, onPickSeq, onPage }: InputDiffViewProps) {
  const list = diff.items;
  const top = useRef<HTMLDivElement>(null);
  const pager = onPage && (
    <Pager
      offset={diff.offset}
      shown={list.length}
      total={diff.total}
      page={DIFF_PAGE}
      what="rows"
      onOffset={(offset) => {
        // The next page reads from its top, whichever pager was clicked.
        top.current?.scrollIntoView?.({ block: 'start' });
        onPage(offset);
      }}
    />
  );
  const message = (seq: number, index: number, role: string, tone: keyof typeof TONE): ReactNode => {
    const body = bodies.get(seq);
    return (
      <div className={`min-w-0 ${TONE[tone]}`}>
        {body ? (
          <MessageView message={body} index={index} sourceSeq={seq} onJumpToSeq={onPickSeq} />
        ) : (
          <p className="px-3 py-2 text-fg-muted">
            {role} <SeqLink seq={seq} onPickSeq={onPickSeq} />
          </p>
        )}
      </div>
    );
  };
  const empty = (what: string) => (
    <div className="flex items-center justify-center bg-inset px-3 py-2 text-fg-faint italic">{what}</div>
  );
  return (
    <div className="text-xs" data-testid="input-diff" ref={top}>
      <p className="px-3 py-1 text-fg-muted" data-testid="input-diff-summary">
        {diff.counts.removed} removed, {diff.counts.added} added, {diff.counts.changed} changed
      </p>
      {pager}
      <div className="grid grid-cols-2 gap-x-2 px-2">
        <p className="px-1 pb-1 font-semibold text-fg-soft" data-testid="input-diff-left">
          {left}
        </p>
        <p className="px-1 pb-1 font-semibold text-fg-soft" data-testid="input-diff-right">
          {right}
        </p>
        {list.map((item) =>
          item.kind === 'kept' ? (
            <KeptRun key={`k${item.left}`} run={item} onPickSeq={onPickSeq} />
          ) : (
            <div
              key={`r${item.left}.${item.right}`}
              data-kind={item.row.kind}
              className="col-span-2 my-1 grid grid-cols-2 gap-x-2"
            >
              {item.row.kind === 'added'
                ? empty('not in this input')
                : message(item.row.from, item.left, item.row.role, item.row.kind)}
              {item.row.kind === 'removed'
                ? empty('hidden by a replace')
                : message(item.row.to, item.right, item.row.role, item.row.kind)}
              {item.row.kind === 'changed' && (
                <div className="col-span-2 px-1" data-testid="message-text-diff">
                  <TextDiff
                    parts={item.row.text}
                    unposted={item.unposted}
                    wholeElsewhere="The whole text is in its message above"
                  />
                </div>
              )}
            </div>
          ),
        )}
      </div>
      {/* A long page has its pager at the bottom too, where its reader ends up. */}
      {list.length > 20 && pager}
      <RequestDiff request={diff.request} />
    </div>
  );
}

/**
 * A run of messages in both inputs: one line, unfolded on a click into role and seq per message
 * (the first KEPT_LISTED; the rest are counted: they are in both inputs, the messages pane has them).
 */
function KeptRun({
  run,
  onPickSeq,
}: {
  run: Extract<DiffItem, { kind: 'kept' }>;
  onPickSeq: ((seq: number) => void) | undefined;
}) {
  const [open, setOpen] = useState(false);
  const { count, first, last, left, right } = run;
  const unlisted = count - run.rows.length;
  return (
    <div data-kind="same" className="col-span-2 my-0.5 text-fg-muted">
      <button
        type="button"
        aria-expanded={open}
        className="w-full rounded px-2 py-0.5 text-left hover:bg-tint/5"
        onClick={() => setOpen(!open)}
      >
        {open ? '▾' : '▸'} {count} message{count === 1 ? '' : 's'} in both inputs (#{left}
        {count > 1 ? `–#${left + count - 1}` : ''}, {formatSeq(first)}
        {count > 1 ? `…${last}` : ''})
      </button>
      {open &&
        run.rows.map((r, i) => (
          <div key={r.seq} className="grid grid-cols-2 gap-x-2 px-2">
            <span>
              #{left + i} {r.role} <SeqLink seq={r.seq} onPickSeq={onPickSeq} />
            </span>
            <span>
              #{right + i} {r.role} <SeqLink seq={r.seq} onPickSeq={onPickSeq} />
            </span>
          </div>
        ))}
      {open && unlisted > 0 && (
        <p className="px-2" data-testid="kept-unlisted">
          … {formatCount(unlisted)} more in both inputs, to {formatSeq(last)}
        </p>
      )}
    </div>
  );
}

function SeqLink({ seq, onPickSeq }: { seq: number; onPickSeq: ((seq: number) => void) | undefined }) {
  return (
    <button type="button" className="font-mono underline decoration-dotted" onClick={() => onPickSeq?.(seq)}>
      {formatSeq(seq)}
    </button>
  );
}
