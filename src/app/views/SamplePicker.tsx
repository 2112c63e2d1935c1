/**
 * A log of several samples (an Inspect AI `.eval` or `.json`): each sample is
 * a log of its own; this picker opens another one of the same file. The URL
 * names the sample (`&part=N`), so a link to an event of sample 3 reopens
 * sample 3.
 */
import type { LogSummary } from '../../worker/protocol';
import { useServices } from '../services/context';

export function SamplePicker({ summary }: { summary: LogSummary | null }) {
  const { load } = useServices();
  const parts = summary?.parts;
  if (!parts) return null;
  return (
    <label className="flex shrink-0 items-center gap-1 text-fg-muted" title="This log holds several samples">
      sample
      <select
        data-testid="sample-picker"
        aria-label="Sample of this log"
        className="max-w-[22ch] rounded border border-line bg-canvas px-1 py-0.5 font-mono text-[11px] text-fg"
        value={parts.open}
        onChange={(e) => load.openPart(Number(e.target.value))}
      >
        {parts.labels.map((label, i) => (
          <option key={i} value={i + 1}>
            {i + 1} of {parts.labels.length}: {label}
          </option>
        ))}
      </select>
    </label>
  );
}
