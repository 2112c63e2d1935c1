/**
 * The start page's view of what this browser keeps: how much of the cap the
 * stored logs use, the cap itself (changeable), and "Clear stored logs".
 */
import { useEffect, useState } from 'react';
import { formatBytes } from '../components/format';
import { CAP_CHOICES, clearStored, setCap, storageUsage, useStorage } from './logStore';

export function StorageCard() {
  const version = useStorage((s) => s.version);
  const [usage, setUsage] = useState<{ used: number; count: number; cap: number } | null>(null);
  const [clearing, setClearing] = useState(false);

  useEffect(() => {
    let live = true;
    void storageUsage().then((u) => {
      if (live) setUsage(u);
    });
    return () => {
      live = false;
    };
  }, [version]);

  if (!usage) return null;
  const fraction = usage.cap > 0 ? Math.min(1, usage.used / usage.cap) : 0;
  const choices = CAP_CHOICES.includes(usage.cap)
    ? CAP_CHOICES
    : [...CAP_CHOICES, usage.cap].sort((a, b) => a - b);
  return (
    <div
      className="mt-3 flex flex-col gap-2 border-t border-line pt-3 text-[11px] text-fg-muted"
      data-testid="storage"
      data-used={usage.used}
      data-count={usage.count}
      data-cap={usage.cap}
    >
      <div className="flex items-center gap-2">
        <span>
          Stored in this browser:{' '}
          <span className="font-mono text-fg" data-testid="storage-used">
            {formatBytes(usage.used)}
          </span>{' '}
          of{' '}
          <select
            aria-label="Storage cap"
            value={usage.cap}
            onChange={(e) => void setCap(Number(e.target.value))}
            className="rounded border border-line bg-panel px-1 font-mono text-fg"
          >
            {choices.map((c) => (
              <option key={c} value={c}>
                {formatBytes(c)}
              </option>
            ))}
          </select>{' '}
          ({usage.count} log{usage.count === 1 ? '' : 's'})
        </span>
        <button
          type="button"
          disabled={clearing || usage.count === 0}
          onClick={() => {
            setClearing(true);
            void clearStored().finally(() => setClearing(false));
          }}
          className="ml-auto shrink-0 rounded border border-line-strong px-2 py-0.5 whitespace-nowrap text-fg hover:bg-tint/10 disabled:opacity-40"
        >
          {clearing ? 'Clearing…' : 'Clear stored logs'}
        </button>
      </div>
      <div className="h-1 overflow-hidden rounded bg-tint/10" aria-hidden>
        <div className="h-full bg-sky-500/70" style={{ width: `${fraction * 100}%` }} />
      </div>
      <p className="text-fg-subtle">
        Local files you open are kept here so their links reopen them after a reload or in a new tab; the
        least recently opened make room for new ones.
      </p>
    </div>
  );
}
