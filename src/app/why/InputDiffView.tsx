/**
 * The model's input at two points side by side: two message columns, one row
 * per message aligned by the event that produced it. Kept messages fold into
 * "N kept" runs (a click unfolds them); a removed message (hidden by a
 * compaction or a prune) stands in the left column only, an added one in the
 * right column only, and a changed one in both, with the word diff between
 * them under it. The request in force's changes follow the same way.
 * Store-free: the diff tab fetches the bodies (`messagesOf`) and feeds them.
 */
import { useState, type ReactNode } from 'react';
import type { Message } from '../../core/types';
import type { DiffRow, HistoryDiff } from '../../worker/protocol';
import { MessageView } from '../components/blocks';
import { RequestDiff, TextDiff } from './diffParts';
import { formatSeq } from '../../core/view/seqText';

export interface InputDiffViewProps {
  diff: HistoryDiff;
  /** Column titles, e.g. "seq 10" / "seq 20" or "previous call" / "this call". */
  left: string;
  right: string;
  /** Message bodies by source seq (those not kept; a missing one shows as its role and seq). */
  bodies: ReadonlyMap<number, Message>;
  onPickSeq?: (seq: number) => void;
}

/** The source seqs whose bodies the view shows: every message that is not kept. */
export function diffBodySeqs(diff: HistoryDiff): number[] {
  const seqs: number[] = [];
  for (const r of diff.rows) {
    if (r.kind === 'removed') seqs.push(r.from);
    else if (r.kind === 'added') seqs.push(r.to);
    else if (r.kind === 'changed') seqs.push(r.from, r.to);
  }
  return seqs;
}

type Item =
  | { kind: 'kept'; rows: Extract<DiffRow, { kind: 'same' }>[]; left: number; right: number }
  | { kind: 'row'; row: Exclude<DiffRow, { kind: 'same' }>; left: number; right: number };

/** Rows with runs of kept messages grouped, and each message's index in its column's history. */
function items(rows: readonly DiffRow[]): Item[] {
  const out: Item[] = [];
  let left = 0;
  let right = 0;
  for (const row of rows) {
    if (row.kind === 'same') {
      const last = out.at(-1);
      if (last?.kind === 'kept') last.rows.push(row);
      else out.push({ kind: 'kept', rows: [row], left, right });
      left++;
      right++;
      continue;
    }
    out.push({ kind: 'row', row, left, right });
    if (row.kind !== 'added') left++;
    if (row.kind !== 'removed') right++;
  }
  return out;
}

const TONE = {
  removed: 'border-l-2 border-rose-400/70 bg-rose-500/[0.07]',
  added: 'border-l-2 border-emerald-400/70 bg-emerald-500/[0.07]',
  changed: 'border-l-2 border-amber-400/70 bg-amber-500/[0.07]',
} as const;

export function InputDiffView({ diff, left, right, bodies, onPickSeq }: InputDiffViewProps) {
  const list = items(diff.rows);
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
    <div className="text-xs" data-testid="input-diff">
      <p className="px-3 py-1 text-fg-muted" data-testid="input-diff-summary">
        {diff.removed.length} removed, {diff.added.length} added, {diff.changed.length} changed
      </p>
      <div className="grid grid-cols-2 gap-x-2 px-2">
        <p className="px-1 pb-1 font-semibold text-fg-soft" data-testid="input-diff-left">
          {left}
        </p>
        <p className="px-1 pb-1 font-semibold text-fg-soft" data-testid="input-diff-right">
          {right}
        </p>
        {list.map((item) =>
          item.kind === 'kept' ? (
            <KeptRun
              key={`k${item.left}`}
              rows={item.rows}
              left={item.left}
              right={item.right}
              onPickSeq={onPickSeq}
            />
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
                  <TextDiff parts={item.row.text} />
                </div>
              )}
            </div>
          ),
        )}
      </div>
      <RequestDiff request={diff.request} />
    </div>
  );
}

/** A run of messages in both inputs: one line, unfolded on a click into role and seq per message. */
function KeptRun({
  rows,
  left,
  right,
  onPickSeq,
}: {
  rows: Extract<DiffRow, { kind: 'same' }>[];
  left: number;
  right: number;
  onPickSeq: ((seq: number) => void) | undefined;
}) {
  const [open, setOpen] = useState(false);
  const first = rows[0]?.seq;
  const last = rows.at(-1)?.seq;
  return (
    <div data-kind="same" className="col-span-2 my-0.5 text-fg-muted">
      <button
        type="button"
        aria-expanded={open}
        className="w-full rounded px-2 py-0.5 text-left hover:bg-tint/5"
        onClick={() => setOpen(!open)}
      >
        {open ? '▾' : '▸'} {rows.length} message{rows.length === 1 ? '' : 's'} in both inputs (#{left}
        {rows.length > 1 ? `–#${left + rows.length - 1}` : ''}, {first !== undefined && formatSeq(first)}
        {rows.length > 1 ? `…${last}` : ''})
      </button>
      {open &&
        rows.map((r, i) => (
          <div key={r.seq} className="grid grid-cols-2 gap-x-2 px-2">
            <span>
              #{left + i} {r.role} <SeqLink seq={r.seq} onPickSeq={onPickSeq} />
            </span>
            <span>
              #{right + i} {r.role} <SeqLink seq={r.seq} onPickSeq={onPickSeq} />
            </span>
          </div>
        ))}
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
