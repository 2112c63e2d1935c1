/**
 * Mounts the "why" panel with the app's services and selection, and its
 * toggle button; it stays out of the way until opened (`/` or the button).
 */
import { select, useApp } from '../appState';
import { useServices } from '../services/context';
import type { SearchScope } from '../../worker/protocol';
import { useMemo } from 'react';
import { WhyPanel } from './WhyPanel';
import { openWhyFocused, useWhy } from './whyState';

export function WhyHost() {
  const { why } = useServices();
  const { open, tab } = useWhy();
  // Charts and diffs follow the settled seq: a scrubber drag updates them where it rests or stops.
  const selectedSeq = useApp((s) => s.settledSeq);
  const rowsVersion = useApp((s) => s.rowsVersion);
  const filter = useApp((s) => s.filter);
  const scope = useMemo<SearchScope>(
    () => ({
      types: filter.types,
      ...(filter.excludeTypes ? { excludeTypes: true } : {}),
      errorsOnly: filter.errorsOnly,
    }),
    [filter.types, filter.excludeTypes, filter.errorsOnly],
  );
  if (!open)
    return (
      <div className="flex gap-3 border-t border-line px-3 py-0.5 text-xs text-fg-muted">
        <button type="button" onClick={() => openWhyFocused('search')} className="hover:text-fg-strong">
          Search (/)
        </button>
        <button type="button" onClick={() => openWhyFocused('diff')} className="hover:text-fg-strong">
          Input diff
        </button>
        <button type="button" onClick={() => openWhyFocused('charts')} className="hover:text-fg-strong">
          Charts
        </button>
        <button type="button" onClick={() => openWhyFocused('compare')} className="hover:text-fg-strong">
          Compare runs
        </button>
      </div>
    );
  return (
    <WhyPanel
      services={why}
      tab={tab}
      onTab={(t) => useWhy.setState({ tab: t })}
      onClose={() => useWhy.setState({ open: false })}
      selectedSeq={selectedSeq}
      onSelect={(seq) => select(seq)}
      timelineScope={scope}
      rowsVersion={rowsVersion}
    />
  );
}
