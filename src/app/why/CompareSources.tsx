/**
 * How the Compare runs tab picks run B: a file, a recently opened log (its stored bytes, URL or
 * sample) or a bundled sample, each one click. Before the first comparison the tab also says what
 * a comparison shows; after it, the same choices stay on one line above the table.
 */
import { useEffect, useState } from 'react';
import { BUNDLED_SAMPLES, type LoadSource } from '../../worker/protocol';
import { formatBytes } from '../components/format';
import { useApp } from '../appState';
import { recentSource, useStorage } from '../storage/logStore';
import { listRecent, type RecentEntry } from '../storage/recent';
import { NameText } from '../components/NameText';
import { visibleName } from '../../core/view/bidiControls';

/** Recently opened logs offered as run B at most. */
export const COMPARE_RECENT_MAX = 6;

function Chip(p: { testId: string; title: string; onClick: () => void; children: React.ReactNode }) {
  return (
    <button
      type="button"
      data-testid={p.testId}
      title={p.title}
      onClick={p.onClick}
      className="max-w-[16rem] truncate rounded border border-line px-2 py-0.5 font-mono text-[11px] text-fg-soft hover:border-sky-500/40 hover:bg-tint/5"
    >
      {p.children}
    </button>
  );
}

/** A recent log that opens without asking for the file again. */
function reopenable(e: RecentEntry): boolean {
  return (
    e.stored === true ||
    e.blob !== undefined ||
    (e.kind === 'url' && !!e.url) ||
    (e.kind === 'sample' && !!e.sample)
  );
}

/** The recently opened logs other than the open one, newest first. */
function useRecentOthers(): RecentEntry[] {
  const version = useStorage((s) => s.version);
  const current = useApp((s) => s.summary?.fingerprint ?? null);
  const [recent, setRecent] = useState<RecentEntry[]>([]);
  useEffect(() => {
    let live = true;
    void listRecent().then((all) => {
      if (live) setRecent(all);
    });
    return () => {
      live = false;
    };
  }, [version]);
  return recent.filter((e) => e.fingerprint !== current && reopenable(e)).slice(0, COMPARE_RECENT_MAX);
}

export interface CompareSourcesProps {
  onOpen: (source: LoadSource, name: string) => void;
  /** A comparison is on screen: the choices take one line. */
  compact: boolean;
  /** Run B's name and what became of it (loading, an error). */
  status: React.ReactNode;
}

export function CompareSources({ onOpen, compact, status }: CompareSourcesProps) {
  const recent = useRecentOthers();
  const pickRecent = async (e: RecentEntry) => {
    const source = await recentSource(e);
    if (source) onOpen(source, e.name);
  };
  const choices = (
    <div className={`flex flex-wrap items-center gap-x-2 gap-y-1 ${compact ? '' : 'content-start'}`}>
      <label className="cursor-pointer rounded bg-sky-600/30 px-2 py-0.5 hover:bg-sky-600/40">
        {compact ? 'Compare with another log…' : 'Open a second log to compare…'}
        <input
          type="file"
          aria-label="second log"
          className="sr-only"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) onOpen({ kind: 'file', file }, file.name);
          }}
        />
      </label>
      {status}
      {recent.length > 0 && (
        <span className="flex flex-wrap items-center gap-1" role="group" aria-label="Recently opened logs">
          <span className="text-fg-subtle">recent:</span>
          {recent.map((e) => (
            <Chip
              key={e.fingerprint}
              testId="compare-recent"
              title={`${visibleName(e.name)} · ${formatBytes(e.size)} · opened ${new Date(e.date).toLocaleString()}`}
              onClick={() => void pickRecent(e)}
            >
              <NameText name={e.name} />
            </Chip>
          ))}
        </span>
      )}
      <span className="flex flex-wrap items-center gap-1" role="group" aria-label="Samples">
        <span className="text-fg-subtle">samples:</span>
        {BUNDLED_SAMPLES.map((s) => (
          <Chip
            key={s.name}
            testId="compare-sample"
            title={s.description}
            onClick={() => onOpen({ kind: 'sample', name: s.name }, s.name)}
          >
            {s.title}
          </Chip>
        ))}
      </span>
    </div>
  );
  if (compact) return <div className="px-3 py-1">{choices}</div>;
  return (
    <div
      className="grid gap-x-6 gap-y-2 px-3 py-2 md:grid-cols-[minmax(16rem,30rem)_1fr]"
      data-testid="compare-intro"
    >
      <p className="text-fg-muted">
        Put this run (A) beside another run (B) of the same task, on another model or prompt: steps line up by
        number with their tokens and times, the first step where the model&apos;s input differs is marked, and
        a click on a step shows what each model was sent there.
      </p>
      {choices}
    </div>
  );
}
