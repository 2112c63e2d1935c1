/**
 * In the inspector of a request/header: what it changed from the previous
 * one (tools added, removed or redefined, config keys, the system prompt's
 * text diff), so a model or prompt switch mid-session is plain to see. The diff comes bounded from
 * the worker; a whole prompt is fetched only when asked for, and shown as plain text (virtualized).
 */
import { useState } from 'react';
import { useServices } from '../services/context';
import { useWorkerQuery } from '../services/useWorkerQuery';
import { formatSeq } from '../../core/view/seqText';
import { jsonText } from '../../core/deepJson';
import { smallButton } from '../components/blockChrome';
import { PlainTextView } from '../components/plainText';
import { TextDiff } from '../why/diffParts';
import type { RequestChange } from '../../worker/protocol';

const count = (n: number): string => n.toLocaleString('en-US');

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
      {c.systemChanged && <SystemChange change={c} />}
    </div>
  );
}

/** What is said of the system prompt's change: only the texts that exist are named. */
function systemLabel(c: RequestChange): string {
  const { before, after } = c.systemChars;
  if (before === 0) return `: all new, ${count(after)} characters`;
  if (after === 0) return `: removed, ${count(before)} characters`;
  return '';
}

function SystemChange({ change: c }: { change: RequestChange }) {
  const [whole, setWhole] = useState<'-' | '+' | null>(null);
  const cut = c.system.some((p) => p.cut);
  const partial = c.systemUnposted.parts > 0 || c.system.some((p) => p.hidden);
  const wholeSeq = whole === '+' ? c.seq : whole === '-' ? c.previousSeq : null;
  const { data } = useWorkerQuery(wholeSeq === null ? null : { kind: 'requestAt', seq: wholeSeq }, {
    lane: 'requestChangeWhole',
  });
  const system = data?.system;
  const wholeText = system === undefined ? '' : 'text' in system ? system.text : (jsonText(system.raw) ?? '');
  const wholeButton = (op: '-' | '+', name: string) => (
    <button type="button" className={`${smallButton} ml-1`} onClick={() => setWhole(op)}>
      show the whole {name} prompt
    </button>
  );
  return (
    <div className="mt-1">
      <div className="text-fg-muted">
        system prompt{systemLabel(c)}
        {cut && (
          <span data-testid="request-system-diff-cut">
            : too many changes to diff, the whole old prompt then the whole new one
          </span>
        )}
        {partial && c.systemChars.before > 0 && wholeButton('-', 'old')}
        {partial && c.systemChars.after > 0 && wholeButton('+', 'new')}
      </div>
      <div data-testid="request-system-diff">
        <TextDiff parts={c.system} unposted={c.systemUnposted} onWhole={setWhole} sayCut={false} />
      </div>
      {whole !== null && data && (
        <div className="mt-1" data-testid="request-system-whole">
          <PlainTextView
            text={wholeText}
            note={whole === '-' ? 'the old system prompt' : 'the new system prompt'}
            extra={
              <button type="button" className={smallButton} onClick={() => setWhole(null)}>
                close
              </button>
            }
          />
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
