/**
 * The inspector (right pane): the selected event as a lazy JSON tree (the
 * normalized event, or the raw line as written), copy buttons, links for
 * sourceEventSeqs / the tool call-result pair / what a replace hid, and the
 * diagnostics about this event.
 */
import { RequestChangeView } from './RequestChangeView';
import { useState, type ReactNode } from 'react';
import { useApp } from '../appState';
import { eventTypeBadgeClass, formatEpochMs, formatRelativeTime } from '../components/format';
import { JsonTree } from '../components/jsonTree';
import { DEPTH_MARKER_KEY, MAX_POST_WIDTH } from '../../core/depthLimit';
import { useServices } from '../services/context';
import { useWorkerQuery } from '../services/useWorkerQuery';
import { EVENT_LANE, eventRequest } from './seekRequests';
import type { UrlSync } from '../url/sync';
import { formatCount, formatSeq } from '../../core/view/seqText';
import { NameText } from '../components/NameText';
import { seqRuns } from '../../core/view/seqRuns';
import { SeqRunList } from '../components/SeqRunList';

type Tab = 'event' | 'raw';

export function Inspector() {
  // The settled seq: a scrubber drag updates the inspector where it rests or stops, and the
  // last event stays on screen meanwhile (the messages pane follows every move).
  const selectedSeq = useApp((s) => s.settledSeq);
  // A loaded log of no events: there is nothing to select, so the pane does not ask for a selection.
  const noEvents = useApp((s) => s.status === 'ready' && s.events === 0);
  const events = useApp((s) => s.events);
  const { url } = useServices();
  const [tab, setTab] = useState<Tab>('event');
  const [copied, setCopied] = useState<string | null>(null);
  const loaded = selectedSeq !== null && selectedSeq < events;

  // While a new event loads, the last one stays on screen; the worker's error answer for the
  // selected seq replaces it (never a stale event in its place).
  const query = useWorkerQuery(loaded ? eventRequest({ settledSeq: selectedSeq, events }) : null, {
    lane: EVENT_LANE,
    coalesce: true,
    keepPrevious: true,
  });
  const detail = query.data ?? null;
  const failure =
    query.error && selectedSeq !== null ? { seq: selectedSeq, message: query.error.message } : null;

  const copy = (what: string, text: string) => {
    void navigator.clipboard?.writeText(text).then(
      () => setCopied(what),
      () => setCopied('copy failed'),
    );
    setTimeout(() => setCopied(null), 1200);
  };

  if (failure && failure.seq === selectedSeq) {
    return (
      <Shell>
        <div className="p-3 text-xs text-red-300" data-testid="inspector-error" role="alert">
          The event at {formatSeq(failure.seq)} could not be shown: {failure.message}
        </div>
      </Shell>
    );
  }
  if (!detail) {
    return (
      <Shell>
        <div className="p-3 text-xs text-fg-subtle">
          {noEvents
            ? 'No event to inspect: this log has none.'
            : selectedSeq === null
              ? 'Select an event to inspect it.'
              : 'Loading…'}
        </div>
      </Shell>
    );
  }
  const d = detail;
  const rawValue = tab === 'raw' ? parseOrText(d.raw) : d.event;
  return (
    <Shell>
      <div
        className="flex flex-wrap items-center gap-2 border-b border-line px-3 py-2 text-xs"
        data-testid="inspector"
        data-seq={d.seq}
      >
        <span className="font-mono text-sm text-fg-strong">{formatSeq(d.seq)}</span>
        <span className={`rounded border px-1 font-mono text-[10px] ${eventTypeBadgeClass(d.type)}`}>
          <NameText name={d.type} />
        </span>
        <span className="font-mono text-fg-subtle">line {d.line}</span>
        {d.relTime !== undefined && (
          <span className="font-mono text-fg-subtle">{formatRelativeTime(d.relTime)}</span>
        )}
        {d.turn !== undefined && (
          <span className="font-mono text-fg-subtle">
            turn {d.turn}
            {d.step !== undefined && ` · step ${d.step}`}
          </span>
        )}
        <span className="w-full font-mono text-[11px] text-fg-muted" data-testid="inspector-when">
          {d.time !== undefined
            ? formatEpochMs(d.time)
            : // No recorded time (missing, or 0): where the event is instead of a 1970 date.
              `event ${(d.seq + 1).toLocaleString('en-US')} of ${events.toLocaleString('en-US')} · no timestamp`}
        </span>
      </div>

      <div className="min-h-0 flex-1 overflow-auto">
        {d.type === 'request/header' && <RequestChangeView seq={d.seq} />}
        {d.diagnostics.length > 0 && (
          <Section title={`Diagnostics (${d.diagnostics.length})`}>
            {d.diagnostics.map((x, i) => (
              <div key={i} className="flex gap-2 py-0.5">
                <SeverityDot severity={x.severity} />
                <span className="font-mono text-fg-soft">{x.code}</span>
                <span className="text-fg-muted">{x.message}</span>
              </div>
            ))}
          </Section>
        )}
        {d.pair && (
          <Section title="Tool call / result">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-mono text-amber-200">{d.pair.name}</span>
              <span className="font-mono text-fg-subtle">{d.pair.callId}</span>
            </div>
            <div className="mt-1 flex items-center gap-2">
              <span className="text-fg-subtle">call</span>
              <SeqLink seq={d.pair.callSeq} current={d.seq} />
              <span className="text-fg-muted">→</span>
              <span className="text-fg-subtle">result</span>
              <SeqLink seq={d.pair.resultSeq} current={d.seq} />
              {d.pair.resultSeq !== null && (
                <span
                  className={`rounded border px-1 text-[10px] ${d.pair.isError ? 'border-red-500/40 text-red-300' : 'border-green-500/30 text-green-300'}`}
                >
                  {d.pair.isError ? `error${d.pair.errorCode ? ` ${d.pair.errorCode}` : ''}` : 'ok'}
                </span>
              )}
            </div>
          </Section>
        )}
        {d.event.sourceEventSeqs !== undefined && (
          <Section title="Source event seqs">
            <div className="flex flex-wrap gap-1.5" data-testid="source-seqs">
              {d.event.sourceEventSeqs.length === 0 && (
                <span className="text-fg-subtle">[] (a known empty stream)</span>
              )}
              <SeqRunList
                list={seqRuns(numbersOf(d.event.sourceEventSeqs))}
                link={(s) => <SeqLink seq={s} current={d.seq} />}
              />
              {cutNote(d.event.sourceEventSeqs)}
            </div>
          </Section>
        )}
        {d.replaces && (
          <Section
            title={`Replaces ${formatCount(d.replaces.count)} node${d.replaces.count === 1 ? '' : 's'}`}
          >
            <div className="flex flex-wrap gap-1.5" data-testid="replaces-seqs">
              <SeqRunList list={d.replaces} link={(s) => <SeqLink seq={s} current={d.seq} />} />
            </div>
          </Section>
        )}
        {d.attempt && (
          <Section title="Failed attempt">
            <div className="text-fg-muted">
              chunks <SeqLink seq={d.attempt.firstChunkSeq} current={d.seq} /> –{' '}
              <SeqLink seq={d.attempt.lastChunkSeq} current={d.seq} /> ({d.attempt.chunkCount}), finish{' '}
              <span className="text-red-300">{JSON.stringify(d.attempt.finish ?? null)}</span>
            </div>
          </Section>
        )}
        <div
          className="flex flex-wrap items-center gap-1 border-b border-line px-3 py-1.5 text-xs"
          data-testid="inspector-actions"
        >
          <TabButton active={tab === 'event'} onClick={() => setTab('event')}>
            Event
          </TabButton>
          <TabButton active={tab === 'raw'} onClick={() => setTab('raw')}>
            Raw line
          </TabButton>
          <span className="ml-auto flex flex-wrap items-center gap-1">
            {copied && (
              <span className="text-[11px] whitespace-nowrap text-green-300">
                {copied === 'copy failed' ? copied : `copied ${copied}`}
              </span>
            )}
            <span className="text-[11px] text-fg-muted">copy</span>
            <CopyButton
              title="Copy the normalized event as JSON"
              onClick={() => copy('JSON', JSON.stringify(d.event, null, 2))}
            >
              JSON
            </CopyButton>
            <CopyButton title="Copy the line as written in the file" onClick={() => copy('line', d.raw)}>
              line
            </CopyButton>
            <CopyButton
              title="Copy a link to this event (the full URL)"
              onClick={() => copy('link', linkOr(url, d.seq))}
            >
              link
            </CopyButton>
          </span>
        </div>
        {tab === 'raw' && (
          <div className="px-3 pt-1 text-[11px] text-fg-subtle">
            {d.rawBytes.toLocaleString('en-US')} characters{d.rawTruncated ? ' (truncated to 1 MiB)' : ''}
            {d.event.type !== 'assistant/chunk' ? '' : ' · a packed chunk row is shared by its members'}
          </div>
        )}
        {tab === 'event' && d.leftOut !== undefined && (
          <div className="px-3 pt-1 text-[11px] text-amber-300" data-testid="inspector-cut">
            {d.leftOut.toLocaleString('en-US')} keys and items not shown (each object and array keeps its
            first {MAX_POST_WIDTH.toLocaleString('en-US')}, marked “… +N more” where cut): see Raw line
          </div>
        )}
        <div className="px-2 py-2">
          <JsonTree
            key={`${d.seq}:${tab}`}
            value={rawValue}
            onCopy={(t) => copy('value', t)}
            expandDepth={tab === 'event' ? 3 : 2}
          />
        </div>
      </div>
    </Shell>
  );
}

function parseOrText(raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

function Shell({ children }: { children: ReactNode }) {
  return (
    <section className="flex h-full min-w-0 flex-col bg-canvas" aria-label="Inspector">
      <div className="flex h-9 shrink-0 items-center border-b border-line bg-panel/80 px-3 text-xs font-medium text-fg">
        Inspector
      </div>
      {children}
    </section>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="border-b border-line px-3 py-2 text-xs">
      {/* Readable words ("Source event seqs"), not a field name in capitals ("SOURCEEVENTSEQS"). */}
      <h3 className="mb-1 text-[11px] font-semibold text-fg-subtle">{title}</h3>
      {children}
    </div>
  );
}

function SeqLink({ seq, current }: { seq: number | null; current: number }) {
  const { url } = useServices();
  if (seq === null) return <span className="text-fg-muted">—</span>;
  if (seq === current) return <span className="font-mono text-fg-soft">{seq}</span>;
  return (
    <button type="button" className="font-mono text-sky-400 hover:underline" onClick={() => url.jumpTo(seq)}>
      {seq}
    </button>
  );
}

function SeverityDot({ severity }: { severity: string }) {
  const c = severity === 'error' ? 'bg-red-400' : severity === 'warning' ? 'bg-amber-400' : 'bg-sky-400';
  return <span className={`mt-1.5 h-1.5 w-1.5 shrink-0 rounded-full ${c}`} title={severity} />;
}

function TabButton({
  active,
  onClick,
  children,
}: {
  active: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      className={`rounded px-2 py-0.5 whitespace-nowrap ${active ? 'bg-tint/10 text-fg-strong' : 'text-fg-muted hover:text-fg'}`}
    >
      {children}
    </button>
  );
}

function CopyButton({
  onClick,
  title,
  children,
}: {
  onClick: () => void;
  title: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      title={title}
      className="rounded border border-line px-1.5 py-0.5 text-[11px] whitespace-nowrap text-fg-muted hover:bg-tint/5 hover:text-fg"
    >
      {children}
    </button>
  );
}

/** The full link to an event (share/links.ts), or the address as it is while the log has no identity yet. */
function linkOr(url: UrlSync, seq: number): string {
  const link = url.linkTo(seq);
  return typeof link === 'string' ? link : location.href;
}

/**
 * The seqs of a list the worker may have cut to its first items (depthLimit.ts
 * limitDepthAndWidth): its last item is then a marker object, not a seq.
 */
function numbersOf(list: readonly unknown[]): number[] {
  return list.filter((x): x is number => typeof x === 'number');
}

/** The width marker's text ("+4,000 more items: see Raw line") when the list was cut. */
function cutNote(list: readonly unknown[]): ReactNode {
  const last = list.at(-1);
  if (typeof last !== 'object' || last === null) return null;
  const text = (last as Record<string, unknown>)[DEPTH_MARKER_KEY];
  return typeof text === 'string' ? <span className="text-fg-subtle">{text}</span> : null;
}
