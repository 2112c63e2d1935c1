/**
 * The "why" panel under the main panes: Search (every event's strings, `/`),
 * Input diff ("compare with..." between two seqs, and what changed in this
 * call's input), Charts (tokens, context, time, tools, cost) and Compare runs
 * (a second log in a worker of its own). Its services come from the
 * composition root; the selection is the app's.
 */
import { useEffect, useState } from 'react';
import type { LoadSource, SearchScope } from '../../worker/protocol';
import { useAnswers, type AnswersService } from './answersService';
import { ChartsPane } from './ChartsPane';
import { useCompare, type CompareService } from './compareService';
import { useWorkerQuery } from '../services/useWorkerQuery';
import { InputDiffView, diffBodySeqs } from './InputDiffView';
import { setPriceTable } from './storedPrices';
import { useSessionCost } from './useSessionCost';
import { CompareSources } from './CompareSources';
import { RunCompareView } from './RunCompareView';
import { SearchResults } from './SearchResults';
import { focusTimeline } from '../views/focusTargets';
import { useSearch, type SearchService } from './searchService';

export type WhyTab = 'search' | 'diff' | 'charts' | 'compare';

export interface WhyServices {
  search: SearchService;
  answers: AnswersService;
  compare: CompareService;
}

export const SEARCH_INPUT_ID = 'why-search-input';

/** Message bodies one diff shows at most (the worker's `messagesOf` limit). */
const MESSAGES_OF_MAX = 200;

export interface WhyPanelProps {
  services: WhyServices;
  tab: WhyTab;
  onTab: (tab: WhyTab) => void;
  onClose: () => void;
  selectedSeq: number | null;
  onSelect: (seq: number) => void;
  /** The timeline's filter, which a search combines with. */
  timelineScope: SearchScope;
  /** Changes when the log's rows change (a load, growth): charts refetch. */
  rowsVersion: number;
}

export function WhyPanel(p: WhyPanelProps) {
  const tabs: [WhyTab, string][] = [
    ['search', 'Search'],
    ['diff', 'Input diff'],
    ['charts', 'Charts'],
    ['compare', 'Compare runs'],
  ];
  return (
    <section
      aria-label="Why"
      data-testid="why-panel"
      // Search lists its hits in a list that fills the panel; the other tabs take the height their
      // content needs, up to the same cap, and every tab gives way before the panes above do.
      className={`flex min-h-24 flex-col border-t border-line bg-canvas ${p.tab === 'search' ? 'h-[42vh]' : 'max-h-[42vh]'}`}
    >
      <div className="flex items-center gap-1 border-b border-line px-2 text-xs">
        <div role="tablist" aria-label="Why" className="flex items-center gap-1">
          {tabs.map(([id, label]) => (
            <button
              key={id}
              role="tab"
              type="button"
              aria-selected={p.tab === id}
              onClick={() => p.onTab(id)}
              className={`px-2 py-1 ${p.tab === id ? 'border-b-2 border-sky-400 text-fg-strong' : 'text-fg-muted'}`}
            >
              {label}
            </button>
          ))}
        </div>
        <button
          type="button"
          aria-label="close the why panel"
          className="ml-auto px-2 text-fg-muted"
          onClick={p.onClose}
        >
          ×
        </button>
      </div>
      <div className="min-h-0 flex-1 overflow-auto">
        {p.tab === 'search' && <SearchTab {...p} />}
        {p.tab === 'diff' && <DiffTab {...p} />}
        {p.tab === 'charts' && <ChartsTab {...p} />}
        {p.tab === 'compare' && <CompareTab {...p} />}
      </div>
    </section>
  );
}

function SearchTab({ services, timelineScope }: WhyPanelProps) {
  const s = useSearch();
  const svc = services.search;
  const [turns, setTurns] = useState('');
  const [tool, setTool] = useState('');
  useEffect(() => {
    const range = /^\s*(\d+)\s*(?:-\s*(\d+))?\s*$/.exec(turns);
    const scope: SearchScope = {
      ...timelineScope,
      turns: range ? { from: Number(range[1]), to: Number(range[2] ?? range[1]) } : null,
      tool: tool.trim() || null,
    };
    if (JSON.stringify(scope) !== JSON.stringify(useSearch.getState().scope)) svc.update({ scope });
  }, [svc, timelineScope, turns, tool]);
  return (
    <div className="flex h-full min-h-0 flex-col">
      <div className="flex flex-wrap items-center gap-2 px-3 py-1 text-xs">
        <input
          id={SEARCH_INPUT_ID}
          aria-label="search every event"
          placeholder="Search every event (Enter: next, Shift+Enter: previous)"
          className="min-w-64 flex-1 rounded border border-edge bg-inset px-2 py-1 text-sm"
          value={s.query}
          onChange={(e) => svc.update({ query: e.target.value })}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              svc.step(e.shiftKey ? -1 : 1);
            } else if (e.key === 'Escape') {
              // Leave the box (hits and ticks kept) for the timeline, where ] / [ step through them.
              e.preventDefault();
              focusTimeline();
            }
          }}
        />
        <label className="flex items-center gap-1">
          <input
            type="checkbox"
            checked={s.caseSensitive}
            onChange={(e) => svc.update({ caseSensitive: e.target.checked })}
          />
          match case
        </label>
        <label className="flex items-center gap-1">
          <input
            type="checkbox"
            checked={s.regex}
            onChange={(e) => svc.update({ regex: e.target.checked })}
          />
          regex
        </label>
        <input
          aria-label="turns"
          placeholder="turns, e.g. 2-5"
          className="w-24 rounded border border-edge bg-inset px-1"
          value={turns}
          onChange={(e) => setTurns(e.target.value)}
        />
        <input
          aria-label="tool name"
          placeholder="tool"
          className="w-24 rounded border border-edge bg-inset px-1"
          value={tool}
          onChange={(e) => setTool(e.target.value)}
        />
      </div>
      <SearchResults
        query={s.query}
        hits={s.hits}
        count={s.count}
        searched={s.searched}
        total={s.total}
        running={s.running}
        error={s.error}
        stopped={s.stopped}
        current={s.current}
        onPick={(i) => svc.pick(i)}
      />
    </div>
  );
}

function DiffTab({ services, selectedSeq, onSelect }: WhyPanelProps) {
  const a = useAnswers();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const seqTo = to === '' ? selectedSeq : Number(to);
  const seqs = a.diff ? diffBodySeqs(a.diff.diff).slice(0, MESSAGES_OF_MAX) : [];
  const fetched = useWorkerQuery(seqs.length > 0 ? { kind: 'messagesOf', seqs } : null, {
    lane: 'why-diff-bodies',
  });
  const bodies = new Map((fetched.data ?? []).map((m) => [m.seq, m.message]));
  return (
    <div className="text-xs">
      <div className="flex flex-wrap items-center gap-2 px-3 py-1">
        <button
          type="button"
          className="rounded bg-sky-600/30 px-2 py-0.5"
          disabled={selectedSeq === null}
          onClick={() => selectedSeq !== null && void services.answers.diffCall(selectedSeq)}
        >
          What changed in this call&apos;s input
        </button>
        <span className="text-fg-muted">or compare seq</span>
        <input
          aria-label="compare from seq"
          className="w-20 rounded border border-edge bg-inset px-1"
          value={from}
          onChange={(e) => setFrom(e.target.value.replace(/\D/g, ''))}
        />
        <span>with</span>
        <input
          aria-label="compare to seq"
          placeholder={selectedSeq === null ? '' : String(selectedSeq)}
          className="w-20 rounded border border-edge bg-inset px-1"
          value={to}
          onChange={(e) => setTo(e.target.value.replace(/\D/g, ''))}
        />
        <button
          type="button"
          className="rounded bg-sky-600/30 px-2 py-0.5"
          disabled={from === '' || seqTo === null}
          onClick={() => seqTo !== null && void services.answers.diffSeqs(Number(from), seqTo)}
        >
          Compare
        </button>
      </div>
      {a.diffNote && <p className="px-3 text-fg-muted">{a.diffNote}</p>}
      {a.diff && (
        <InputDiffView
          diff={a.diff.diff}
          left={a.diff.left}
          right={a.diff.right}
          bodies={bodies}
          onPickSeq={onSelect}
          onPage={(offset) => void services.answers.diffPage(offset)}
        />
      )}
    </div>
  );
}

function ChartsTab({ services, selectedSeq, onSelect, rowsVersion }: WhyPanelProps) {
  const metrics = useAnswers((s) => s.metrics);
  const { summary: cost, prices } = useSessionCost();
  useEffect(() => {
    void services.answers.loadMetrics();
  }, [services, rowsVersion]);
  if (!metrics) return <p className="p-3 text-xs text-fg-muted">Measuring…</p>;
  return (
    <ChartsPane
      metrics={metrics}
      selectedSeq={selectedSeq}
      onSelectSeq={onSelect}
      onPickTool={(name) => {
        services.search.update({ scope: { ...useSearch.getState().scope, tool: name } });
      }}
      cost={cost}
      prices={prices}
      onPrices={setPriceTable}
    />
  );
}

function CompareTab({ services, onSelect }: WhyPanelProps) {
  const c = useCompare();
  const open = (source: LoadSource, name: string) => void services.compare.open(source, name);
  return (
    <div className="text-xs">
      <CompareSources
        onOpen={open}
        compact={c.comparison !== null}
        status={
          <>
            {c.otherName && <span className="text-fg-muted">B: {c.otherName}</span>}
            {c.status === 'loading' && <span>loading…</span>}
            {c.error && <span className="text-rose-300">{c.error}</span>}
          </>
        }
      />
      {c.comparison && (
        <RunCompareView
          comparison={c.comparison}
          nameA="this log"
          nameB={c.otherName ?? 'B'}
          runB={c.runB}
          onJump={(side, seq, label) => {
            if (side === 'a') onSelect(seq);
            else void services.compare.showB(seq, label);
          }}
        />
      )}
    </div>
  );
}
