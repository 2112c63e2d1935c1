/**
 * The model's input at two points side by side: one row per message, aligned
 * by the event that produced it, marked kept / removed / added / changed, a
 * word diff inside a changed message, and the request in force's changes
 * (model, system prompt, tools) the same way. Store-free.
 */
import type { DiffRow, HistoryDiff } from '../../worker/protocol';
import type { TextPart } from '../../core/diff/textDiff';

export interface InputDiffViewProps {
  diff: HistoryDiff;
  /** Column titles, e.g. "seq 10" / "seq 20" or "previous call" / "this call". */
  left: string;
  right: string;
  onPickSeq?: (seq: number) => void;
}

const MARK: Record<DiffRow['kind'], { sign: string; cls: string; label: string }> = {
  same: { sign: ' ', cls: 'text-fg-muted', label: 'kept' },
  removed: { sign: '−', cls: 'bg-rose-500/10 text-rose-200', label: 'removed' },
  added: { sign: '+', cls: 'bg-emerald-500/10 text-emerald-200', label: 'added' },
  changed: { sign: '~', cls: 'bg-amber-500/10 text-amber-100', label: 'changed' },
};

export function InputDiffView({ diff, left, right, onPickSeq }: InputDiffViewProps) {
  const r = diff.request;
  const seqButton = (seq: number | undefined) =>
    seq === undefined ? null : (
      <button
        type="button"
        className="font-mono underline decoration-dotted"
        onClick={() => onPickSeq?.(seq)}
      >
        seq {seq}
      </button>
    );
  return (
    <div className="text-xs" data-testid="input-diff">
      <p className="px-3 py-1 text-fg-muted" data-testid="input-diff-summary">
        {diff.removed.length} removed, {diff.added.length} added, {diff.changed.length} changed
      </p>
      <table className="w-full table-fixed border-collapse">
        <thead>
          <tr className="text-left text-fg-muted">
            <th className="w-6" />
            <th className="px-2">{left}</th>
            <th className="px-2">{right}</th>
          </tr>
        </thead>
        <tbody>
          {diff.rows.map((row, i) => {
            const m = MARK[row.kind];
            const l = row.kind === 'same' ? row.seq : row.kind === 'added' ? undefined : row.from;
            const rr = row.kind === 'same' ? row.seq : row.kind === 'removed' ? undefined : row.to;
            return (
              <tr key={i} className={m.cls} data-kind={row.kind}>
                <td className="px-1 text-center font-mono" aria-label={m.label}>
                  {m.sign}
                </td>
                <td className="px-2 py-0.5">
                  {l !== undefined && (
                    <>
                      {row.role} {seqButton(l)}
                    </>
                  )}
                </td>
                <td className="px-2 py-0.5">
                  {rr !== undefined && (
                    <>
                      {row.role} {seqButton(rr)}
                    </>
                  )}
                  {row.kind === 'changed' && <TextDiff parts={row.text} />}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <div className="mt-2 px-3" data-testid="request-diff">
        <p className="font-semibold text-fg-soft">Request in force</p>
        {Object.keys(r).length === 0 && <p className="text-fg-muted">unchanged</p>}
        {r.model && (
          <p>
            model: {r.model.from ?? 'none'} → {r.model.to ?? 'none'}
          </p>
        )}
        {r.provider && (
          <p>
            provider: {r.provider.from ?? 'none'} → {r.provider.to ?? 'none'}
          </p>
        )}
        {r.system && (
          <div>
            system prompt: <TextDiff parts={r.system.diff} />
          </div>
        )}
        {r.tools && (
          <p>
            tools:{' '}
            {r.tools.added.length > 0 && (
              <span className="text-emerald-300">+{r.tools.added.join(', +')} </span>
            )}
            {r.tools.removed.length > 0 && (
              <span className="text-rose-300">−{r.tools.removed.join(', −')} </span>
            )}
            {r.tools.changed.length > 0 && (
              <span className="text-amber-200">~{r.tools.changed.join(', ~')}</span>
            )}
          </p>
        )}
      </div>
    </div>
  );
}

/** Kept text dimmed (long runs elided), removed struck through, added highlighted. */
export function TextDiff({ parts }: { parts: TextPart[] }) {
  return (
    <pre className="mt-1 max-h-64 overflow-auto whitespace-pre-wrap break-words rounded bg-inset p-1 font-mono text-[11px]">
      {parts.map((p, i) =>
        p.op === '=' ? (
          <span key={i} className="text-fg-muted">
            {p.text.length > 240 ? `${p.text.slice(0, 100)} … ${p.text.slice(-100)}` : p.text}
          </span>
        ) : p.op === '-' ? (
          <del key={i} className="bg-rose-500/25 text-rose-100">
            {p.text}
          </del>
        ) : (
          <ins key={i} className="bg-emerald-500/25 text-emerald-100 no-underline">
            {p.text}
          </ins>
        ),
      )}
    </pre>
  );
}
