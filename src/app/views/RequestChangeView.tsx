/**
 * In the inspector of a request/header: what it changed from the previous
 * one (tools added, removed or redefined, config keys, the system prompt's
 * text diff), so a model or prompt switch mid-session is plain to see.
 */
import { useServices } from '../services/context';
import { useWorkerQuery } from '../services/useWorkerQuery';
import { formatSeq } from '../../core/view/seqText';

export function RequestChangeView({ seq }: { seq: number }) {
  const { url } = useServices();
  const jumpTo = (s: number | null) => {
    if (s !== null) url.jumpTo(s);
  };
  const { data } = useWorkerQuery({ kind: 'requestChange', seq }, { lane: 'requestChange', coalesce: true });
  const c = data ?? null;
  if (c === null) return null;
  const nothing =
    c.addedTools.length + c.removedTools.length + c.changedTools.length + c.configKeys.length === 0 &&
    !c.systemChanged &&
    !c.adapterDefaultsChanged;
  return (
    <div data-testid="request-change" className="border-b border-line px-3 py-2 text-xs">
      <div className="mb-1 font-medium text-fg-soft">
        {c.previousSeq === null ? (
          'The first request header: everything below is new'
        ) : (
          <>
            Changes from the request header at{' '}
            <button
              type="button"
              className="font-mono text-sky-300 hover:underline"
              onClick={() => jumpTo(c.previousSeq)}
            >
              {formatSeq(c.previousSeq)}
            </button>
            {nothing && <span className="text-fg-subtle">: none (the same header, restated)</span>}
          </>
        )}
      </div>
      <ToolList label="tools added" names={c.addedTools} tone="text-green-300" testId="request-tools-added" />
      <ToolList
        label="tools removed"
        names={c.removedTools}
        tone="text-red-300"
        testId="request-tools-removed"
      />
      <ToolList label="tools redefined" names={c.changedTools} tone="text-amber-300" />
      <ToolList label="config changed" names={c.configKeys} tone="text-sky-300" />
      {c.adapterDefaultsChanged && <div className="text-fg-muted">adapter defaults changed</div>}
      {c.systemChanged && (
        <div className="mt-1">
          <div className="text-fg-muted">
            system prompt
            {c.system.some((p) => p.cut) && (
              <span data-testid="request-system-diff-cut">
                : too many changes to diff, the whole old prompt then the whole new one
              </span>
            )}
          </div>
          <pre
            data-testid="request-system-diff"
            className="max-h-64 overflow-auto rounded bg-inset p-1 font-mono text-[11px] break-words whitespace-pre-wrap"
          >
            {c.system.map((p, i) =>
              p.op === '=' ? (
                <span key={i} className="text-fg-muted">
                  {p.text}
                </span>
              ) : p.op === '+' ? (
                <ins key={i} className="bg-green-500/20 text-green-200 no-underline">
                  {p.text}
                </ins>
              ) : (
                <del key={i} className="bg-red-500/20 text-red-200">
                  {p.text}
                </del>
              ),
            )}
          </pre>
        </div>
      )}
    </div>
  );
}

/** Names a change list shows; the rest are counted. */
export const NAMES_SHOWN = 100;

function ToolList({
  label,
  names,
  tone,
  testId,
}: {
  label: string;
  names: string[];
  tone: string;
  testId?: string;
}) {
  if (names.length === 0) return null;
  // A header can add or drop 100,000 tools at once (audit R7-10): the first ones and a count.
  const rest = names.length - NAMES_SHOWN;
  return (
    <div data-testid={testId} className="flex flex-wrap gap-1">
      <span className="text-fg-subtle">{label}:</span>
      {names.slice(0, NAMES_SHOWN).map((n) => (
        <span key={n} className={`font-mono ${tone}`}>
          {n}
        </span>
      ))}
      {rest > 0 && <span className="text-fg-subtle">and {rest.toLocaleString('en-US')} more</span>}
    </div>
  );
}
