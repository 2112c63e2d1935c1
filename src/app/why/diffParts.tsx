/**
 * Pieces of the input diff: a word diff inside a message or a system prompt,
 * and the request in force's changes (model, provider, system prompt, tools).
 * Store-free.
 */
import type { TextPart } from '../../core/diff/textDiff';
import type { HistoryDiff } from '../../worker/protocol';

export function RequestDiff({ request: r }: { request: HistoryDiff['request'] }) {
  return (
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
  );
}

/** Kept text dimmed (long runs elided), removed struck through, added highlighted. */
export function TextDiff({ parts }: { parts: TextPart[] }) {
  return (
    <pre className="mt-1 max-h-64 overflow-auto whitespace-pre-wrap break-words rounded bg-inset p-1 font-mono text-[11px]">
      {/* Not textDiff's diffWasCut: that would bring jsdiff into the page's bundle. */}
      {parts.some((p) => p.cut) && (
        <span className="block text-fg-muted" data-testid="diff-cut">
          Too many changes to diff: the whole old text, then the whole new one.
        </span>
      )}
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
