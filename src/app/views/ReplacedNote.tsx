/**
 * Where a replace (compaction) sits in the history: which nodes it hid, and
 * a toggle that fetches and shows the hidden originals. The originals are
 * drawn with BlockView, not MessageView, so they never count as derived
 * messages (`data-testid="message"` is reserved for those).
 */
import { useState } from 'react';
import type { ViewMessage } from '../../worker/protocol';
import { BlockView, sourceLabel } from '../components/blocks';
import { roleClass } from '../components/format';
import { useServices } from '../services/context';
import { select } from '../appState';
import { formatSeq } from '../../core/view/seqText';

export function ReplacedNote({ seq, hidden }: { seq: number; hidden: number[] }) {
  const { client } = useServices();
  const [open, setOpen] = useState(false);
  const [originals, setOriginals] = useState<ViewMessage[] | null>(null);
  const toggle = () => {
    setOpen((o) => !o);
    if (!originals) {
      void client.request({ kind: 'replaced', seq }).then((r) => {
        if (r.ok) setOriginals(r.value.messages);
      });
    }
  };
  return (
    <div
      data-testid="replaced"
      data-replace-seq={seq}
      className="mx-3 mb-2 rounded border border-dashed border-fuchsia-500/40 bg-fuchsia-500/[0.04] text-xs"
    >
      <div className="flex flex-wrap items-center gap-1.5 px-2 py-1 text-fuchsia-200">
        <span>
          Replaces {hidden.length} earlier node{hidden.length === 1 ? '' : 's'}:
        </span>
        {hidden.slice(0, 12).map((h) => (
          <button
            key={h}
            type="button"
            className="font-mono text-sky-400 hover:underline"
            onClick={() => select(h)}
          >
            {h}
          </button>
        ))}
        {hidden.length > 12 && <span className="text-fg-subtle">… +{hidden.length - 12}</span>}
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
          {!originals && <div className="px-2 py-1 text-fg-subtle">loading…</div>}
          {originals?.map((m) => (
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
