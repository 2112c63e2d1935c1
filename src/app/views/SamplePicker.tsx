/**
 * A log of several samples (an Inspect AI `.eval` or `.json`): each sample is
 * a log of its own; this picker opens another one of the same file. The URL
 * names the sample (`&part=N`), so a link to an event of sample 3 reopens
 * sample 3.
 *
 * A file can name any number of samples (65,000 made one <select> a 10 s
 * task), so the menu lists at most MAX_SAMPLE_OPTIONS of them, around the open
 * one, plus the first and the last; past that a "go to" box opens any sample
 * by its number or its id.
 */
import { useState, type FormEvent } from 'react';
import type { LogSummary } from '../../worker/protocol';
import { LIST_BOUND, windowAround } from '../components/boundedList';
import { useServices } from '../services/context';
import { nameHead, visibleName } from '../../core/view/bidiControls';

/** The most samples the menu lists at once. */
export const MAX_SAMPLE_OPTIONS = LIST_BOUND;

/** The sample numbers (from 1) the menu lists when sample `open` of `count` is open. */
export function sampleOptions(open: number, count: number): number[] {
  // Indexes from 0 in the window, sample numbers from 1 in the menu.
  const { from, to } = windowAround(open - 1, count, MAX_SAMPLE_OPTIONS);
  const out: number[] = [];
  if (from > 0) out.push(1);
  for (let i = from; i < to; i++) out.push(i + 1);
  if (to < count) out.push(count);
  return out;
}

/**
 * The sample (from 1) that `query` names: its number, its label ("id#epoch") or its id (the
 * first epoch of that id); null when none does.
 */
export function findSample(labels: readonly string[], query: string): number | null {
  const q = query.trim();
  if (q === '') return null;
  if (/^\d+$/.test(q)) {
    const n = Number(q);
    if (n >= 1 && n <= labels.length) return n;
  }
  const exact = labels.indexOf(q);
  if (exact >= 0) return exact + 1;
  const byId = labels.findIndex((l) => l.slice(0, l.lastIndexOf('#')) === q);
  return byId >= 0 ? byId + 1 : null;
}

export function SamplePicker({ summary }: { summary: LogSummary | null }) {
  const { load } = useServices();
  const parts = summary?.parts;
  if (!parts) return null;
  const count = parts.labels.length;
  return (
    <span className="flex shrink-0 items-center gap-1 text-fg-muted">
      <label className="flex items-center gap-1" title="This log holds several samples">
        sample
        <select
          data-testid="sample-picker"
          aria-label="Sample of this log"
          className="max-w-[22ch] rounded border border-line bg-canvas px-1 py-0.5 font-mono text-[11px] text-fg"
          value={parts.open}
          onChange={(e) => load.openPart(Number(e.target.value))}
        >
          {sampleOptions(parts.open, count).map((n) => (
            <option key={n} value={n}>
              {/* a label from the log: bounded and its bidi controls spelled out, as every name (audit R21-5) */}
              {n} of {count}: {visibleName(nameHead(parts.labels[n - 1] ?? ''))}
            </option>
          ))}
        </select>
      </label>
      {count > MAX_SAMPLE_OPTIONS && <SampleJump labels={parts.labels} onOpen={(n) => load.openPart(n)} />}
    </span>
  );
}

/** "Go to" a sample the menu does not list: Enter opens the sample named by number or id. */
function SampleJump({ labels, onOpen }: { labels: readonly string[]; onOpen: (n: number) => void }) {
  const [query, setQuery] = useState('');
  const [missing, setMissing] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const n = findSample(labels, query);
    if (n === null) {
      setMissing(query.trim());
      return;
    }
    setMissing(null);
    setQuery('');
    onOpen(n);
  };
  return (
    <form onSubmit={submit} className="flex items-center gap-1" data-testid="sample-jump">
      <input
        aria-label={`Go to sample: a number from 1 to ${labels.length}, or an id`}
        aria-invalid={missing !== null}
        placeholder="go to…"
        className="w-[9ch] rounded border border-line bg-canvas px-1 py-0.5 font-mono text-[11px] text-fg"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      {missing !== null && (
        <span role="status" className="text-[11px] text-amber-300">
          no sample {missing}
        </span>
      )}
    </form>
  );
}
