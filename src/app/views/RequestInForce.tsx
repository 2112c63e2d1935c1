/**
 * The request in force at the shown seq (spec section 4), above the messages:
 * what the model was sent is this header plus the messages below. Model and
 * provider, where it last changed (a link to that request/header), the
 * system prompt (collapsed, with its length and a token estimate), the tools
 * with expandable schemas, and a legacy messagePrefix marked as such.
 */
import { useState } from 'react';
import type { ToolView } from '../../worker/protocol';
import { useApp } from '../appState';
import { JsonTree } from '../components/jsonTree';
import { useServices } from '../services/context';
import { useWorkerQuery } from '../services/useWorkerQuery';
import { formatSeq } from '../../core/view/seqText';
import { NameText } from '../components/NameText';

const fmt = (n: number): string => n.toLocaleString('en-US');

export function RequestInForce({ seq }: { seq: number }) {
  const loadId = useApp((s) => s.loadId);
  const { url } = useServices();
  const jumpTo = (s: number) => url.jumpTo(s);
  const { data, dataFor } = useWorkerQuery(
    { kind: 'requestAt', seq },
    { lane: 'requestAt', coalesce: true, deps: [loadId] },
  );
  if (dataFor === undefined) return null;
  const r = data ?? null;
  if (r === null)
    return (
      <div
        data-testid="request-in-force"
        data-header-seq=""
        className="border-b border-line px-3 py-1 text-[11px] text-fg-subtle"
      >
        No request header at or before {formatSeq(seq)}: only the messages are known.
      </div>
    );
  const model = [r.provider, r.model].filter(Boolean).join(' / ') || 'model not named';
  const tools = r.tools && 'list' in r.tools ? r.tools.list : null;
  return (
    // The link to the header sits beside the summary, not in it: a button inside a <summary> is
    // a control nested in a control, which keyboards and screen readers cannot reach.
    <div
      data-testid="request-in-force"
      data-header-seq={r.seq}
      className="relative border-b border-line bg-panel/40 text-xs"
    >
      <details className="group/req">
        <summary className="flex cursor-pointer list-none flex-wrap items-center gap-x-2 gap-y-0.5 py-1 pr-56 pl-3 text-fg-soft select-none @max-[26rem]:pr-16">
          <span className="text-fg-subtle group-open/req:rotate-90" aria-hidden>
            ▸
          </span>
          <span className="font-medium text-fg">Request</span>
          {/* The model's name wraps (at " / ") rather than ending in an ellipsis. */}
          <span
            data-testid="request-model"
            className="min-w-0 font-mono [overflow-wrap:anywhere] text-sky-200"
          >
            <NameText name={model} />
          </span>
          {r.system && 'text' in r.system && (
            <span className="shrink-0 text-fg-muted">
              system {fmt(r.system.chars)} chars · ~{fmt(r.system.tokens)} tokens
            </span>
          )}
          {tools && (
            <span className="shrink-0 text-fg-muted">
              {tools.length} tool{tools.length === 1 ? '' : 's'}
            </span>
          )}
          {r.legacyMessagePrefix && (
            <span className="shrink-0 rounded border border-amber-500/40 px-1 text-[10px] text-amber-300">
              legacy prefix
            </span>
          )}
        </summary>
        <div className="max-h-[45vh] space-y-1 overflow-auto px-3 pb-2">
          {r.problem && (
            <div className="text-amber-300">The header is odd: {r.problem}; shown as written.</div>
          )}
          <Collapsible title="Config">
            <JsonTree value={r.config ?? null} expandDepth={1} />
          </Collapsible>
          {r.system &&
            ('text' in r.system ? (
              <Collapsible
                testId="request-system"
                title={`System prompt · ${fmt(r.system.chars)} chars · ~${fmt(r.system.tokens)} tokens${r.system.placeholder ? ' · a placeholder' : ''}`}
              >
                <pre className="font-mono text-[11px] break-words whitespace-pre-wrap text-fg">
                  {r.system.text}
                </pre>
              </Collapsible>
            ) : (
              <Collapsible title="System prompt (not a string, as written)">
                <JsonTree value={r.system.raw} expandDepth={1} />
              </Collapsible>
            ))}
          {r.tools &&
            ('list' in r.tools ? (
              <Collapsible testId="request-tools" title={`Tools (${r.tools.list.length})`}>
                <ToolDefinitions tools={r.tools.list} />
              </Collapsible>
            ) : (
              <Collapsible testId="request-tools" title="Tools (not a list, as written)">
                <JsonTree value={r.tools.raw} expandDepth={1} />
              </Collapsible>
            ))}
          {r.adapterDefaults !== undefined && (
            <Collapsible title="Adapter defaults">
              <JsonTree value={r.adapterDefaults} expandDepth={2} />
            </Collapsible>
          )}
          {r.legacyMessagePrefix && (
            <Collapsible
              testId="request-legacy-prefix"
              title={`Legacy messagePrefix (${r.legacyMessagePrefix.length}): sent before the derived messages on every request (logs before 2026-07-24)`}
            >
              <JsonTree value={r.legacyMessagePrefix} expandDepth={2} />
            </Collapsible>
          )}
        </div>
      </details>
      <button
        type="button"
        data-testid="request-header-link"
        className="absolute top-1 right-3 max-w-52 truncate font-mono text-[11px] text-sky-300 hover:underline"
        title={`The request/header event that set this request${r.reason ? `: ${r.reason}` : ''}`}
        onClick={() => jumpTo(r.seq)}
      >
        {/* A narrow pane (1024 px) draws "seq 52"; the rest is in the tooltip and for screen readers. */}
        <span className="@max-[26rem]:sr-only">set at </span>
        {formatSeq(r.seq)}
        {r.reason && <span className="@max-[26rem]:sr-only">{` (${r.reason})`}</span>}
      </button>
    </div>
  );
}

function Collapsible({
  title,
  detail,
  testId,
  children,
}: {
  title: string;
  detail?: string | undefined;
  testId?: string;
  children: React.ReactNode;
}) {
  // Its content is rendered once opened: a closed <details> still costs its whole subtree, and a
  // header can define 100,000 tools (audit R7-10).
  const [open, setOpen] = useState(false);
  return (
    <details
      data-testid={testId}
      className="rounded border border-line-soft bg-inset"
      onToggle={(e) => setOpen(e.currentTarget.open)}
    >
      <summary className="cursor-pointer px-2 py-0.5 text-fg-soft select-none">
        <span className="font-mono">{title}</span>
        {detail && <span className="ml-2 text-fg-subtle">{detail}</span>}
      </summary>
      {open && <div className="px-2 py-1">{children}</div>}
    </details>
  );
}

/** Tools a header's list shows at first; "Show more" adds as many. */
export const TOOLS_SHOWN = 200;

function ToolDefinitions({ tools }: { tools: readonly ToolView[] }) {
  const [shown, setShown] = useState(TOOLS_SHOWN);
  return (
    <>
      {tools.slice(0, shown).map((t, i) => (
        <Collapsible key={`${t.name}:${i}`} title={t.name} detail={t.description}>
          <JsonTree value={t.schema} expandDepth={3} />
        </Collapsible>
      ))}
      {shown < tools.length && (
        <button
          type="button"
          className="mt-1 text-sky-300 hover:underline"
          onClick={() => setShown(shown + TOOLS_SHOWN)}
        >
          Show {Math.min(TOOLS_SHOWN, tools.length - shown)} more of{' '}
          {(tools.length - shown).toLocaleString('en-US')} tools
        </button>
      )}
    </>
  );
}
