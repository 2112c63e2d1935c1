/**
 * Where a replace (compaction) sits in the history: which nodes it hid, and
 * a toggle that fetches and shows the hidden originals, a page at a time (a
 * compaction that hid 40,000 messages drawn whole was a 10 s task: R10-5).
 * The originals are drawn with BlockView, not MessageView, so they never count
 * as derived messages (`data-testid="message"` is reserved for those).
 */
import { useRef, useState } from 'react';
import { REPLACED_PAGE, type ReplacedPage, type SeqRuns } from '../../worker/protocol';
import { BlockView, sourceLabel } from '../components/blocks';
import { roleClass } from '../components/format';
import { Pager } from '../components/Pager';
import { SeqRunList } from '../components/SeqRunList';
import { useServices } from '../services/context';
import { select } from '../appState';
import { formatCount, formatSeq } from '../../core/view/seqText';

/** Runs of hidden seqs named in the note's line (the Inspector lists more). */
const CHIP_RUNS = 12;

export function ReplacedNote({ seq, hidden }: { seq: number; hidden: SeqRuns }) {
  const { client } = useServices();
  const [open, setOpen] = useState(false);
  const [page, setPage] = useState<ReplacedPage | null>(null);
  /** The offset asked last: an answer for a page the user has moved past is dropped. */
  const asked = useRef(-1);
  const fetchPage = (offset: number) => {
    asked.current = offset;
    void client.request({ kind: 'replaced', seq, offset }).then((r) => {
      if (r.ok && asked.current === offset) setPage(r.value);
    });
  };
  const toggle = () => {
    setOpen((o) => !o);
    if (!page && asked.current < 0) fetchPage(0);
  };
  return (
    <div
      data-testid="replaced"
      data-replace-seq={seq}
      className="mx-3 mb-2 rounded border border-dashed border-fuchsia-500/40 bg-fuchsia-500/[0.04] text-xs"
    >
      <div className="flex flex-wrap items-center gap-1.5 px-2 py-1 text-fuchsia-200">
        <span>
          Replaces {formatCount(hidden.count)} earlier node{hidden.count === 1 ? '' : 's'}:
        </span>
        <SeqRunList
          list={hidden}
          max={CHIP_RUNS}
          link={(h) => (
            <button
              type="button"
              className="font-mono text-sky-400 hover:underline"
              onClick={() => select(h)}
            >
              {h}
            </button>
          )}
        />
        <button
          type="button"
          aria-expanded={open}
          onClick={toggle}
          className="ml-auto rounded border border-fuchsia-500/40 px-1.5 text-fuchsia-200 hover:bg-fuchsia-500/15"
        >
          {open ? 'Hide originals' : 'Show hidden originals'}
        </button>
      </div>
      {open && (
        <div className="border-t border-fuchsia-500/20">
          {!page && <div className="px-2 py-1 text-fg-subtle">loading…</div>}
          {page && (
            <Pager
              offset={page.offset}
              shown={Math.min(REPLACED_PAGE, page.total - page.offset)}
              total={page.total}
              page={REPLACED_PAGE}
              what="hidden nodes"
              onOffset={fetchPage}
            />
          )}
          {page?.messages.map((m) => (
            <div
              key={m.seq}
              data-testid="hidden-original"
              data-source-seq={m.seq}
              className="border-b border-line-soft px-2 py-1.5 opacity-75 last:border-0"
            >
              <div className="mb-1 flex items-center gap-2 text-[11px] text-fg-muted">
                <span className={`rounded border px-1 font-mono text-[10px] ${roleClass(m.message.role)}`}>
                  {m.message.role}
                </span>
                <span className="font-mono">{sourceLabel(m.message.source)}</span>
                <button
                  type="button"
                  className="font-mono text-sky-400 hover:underline"
                  onClick={() => select(m.seq)}
                >
                  {formatSeq(m.seq)}
                </button>
                <span className="text-fuchsia-300">hidden</span>
              </div>
              <div className="flex flex-col gap-1">
                {(Array.isArray(m.message.content) ? m.message.content : []).map((b, i) => (
                  <BlockView key={i} block={b} />
                ))}
              </div>
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
