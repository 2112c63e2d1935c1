/**
 * What the timeline says when it has no row: still reading; a log with nothing in it (what was
 * read, and a way on); a file nothing could be read from (the first error's message, the
 * diagnostics, a way on); or a filter that matches nothing (clear it). A log with no row is no
 * place to stay, so each ready state offers the start page.
 */
import { isFiltered, NO_FILTER } from '../../worker/protocol';
import { useApp } from '../appState';
import { formatBytes, formatDiagnosticCounts } from '../components/format';
import { useServices } from '../services/context';
import { useWorkerQuery } from '../services/useWorkerQuery';
import { focusTimelineSoon, TYPES_BUTTON_ID } from './focusTargets';

export function EmptyTimeline() {
  const { load } = useServices();
  const status = useApp((s) => s.status);
  const filtered = useApp((s) => isFiltered(s.filter));
  const events = useApp((s) => s.events);
  const name = useApp((s) => s.name);
  const bytes = useApp((s) => s.summary?.fileBytes ?? s.summary?.bytes);
  const counts = useApp((s) => s.diagnostics);
  const errors = counts.error;
  const firstErrorCode = useApp((s) => s.codes.find((g) => g.severity === 'error')?.code);
  const loadId = useApp((s) => s.loadId);
  const unreadable = status === 'ready' && events === 0 && errors > 0;
  // A filter text that names one of the log's event types found nothing: a chunk event is matched
  // on its text alone (others on their whole line, type included). Say so, and offer that type.
  // The buttons leave with the rows' coming: focus goes on (to the Types menu, the timeline's
  // row), not to the page.
  const typeInText = useApp((s) => {
    const text = s.filter.text.trim().toLowerCase();
    if (text === '') return null;
    return s.summary?.types.find((t) => t.type.toLowerCase() === text)?.type ?? null;
  });
  // Nothing could be read: say why, with the first error diagnostic's message.
  const firstError = useWorkerQuery(
    unreadable && firstErrorCode ? { kind: 'diagnostics', code: firstErrorCode, from: 0, to: 1 } : null,
    { deps: [loadId] },
  ).data?.items[0];

  if (unreadable && !filtered) {
    const message = firstError?.message;
    return (
      <div className="space-y-2 p-4 text-xs text-fg-soft" data-testid="timeline-unreadable">
        <p>
          Nothing could be read from <span className="font-mono text-fg-strong">{name}</span>
          {message ? (
            <>
              : <span className="text-red-300">{message}</span>
            </>
          ) : (
            '.'
          )}
        </p>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className="rounded border border-red-500/40 bg-red-500/10 px-2 py-0.5 text-red-200 hover:bg-red-500/20"
            onClick={() =>
              useApp.setState({ diagnosticsOpen: true, diagnosticsCode: firstErrorCode ?? null })
            }
          >
            Show diagnostics ({formatDiagnosticCounts(counts)})
          </button>
          <OpenAnotherLog />
        </div>
      </div>
    );
  }
  if (filtered && status !== 'loading')
    return (
      <div className="space-y-2 p-4 text-xs text-fg-subtle" data-testid="timeline-no-match">
        <p>No event matches the filter.</p>
        {typeInText && (
          <p data-testid="filter-type-hint">
            A chunk event is matched on its text alone, not on its type. To show only{' '}
            <span className="font-mono text-fg-strong">{typeInText}</span> events, use the Types menu:
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          {typeInText && (
            <button
              type="button"
              className="rounded border border-line-strong px-2 py-0.5 text-fg hover:bg-tint/10"
              onClick={() => {
                load.setFilter({ ...NO_FILTER, types: [typeInText] });
                // To the menu that now holds the filter: the selection may not be among its rows.
                document.getElementById(TYPES_BUTTON_ID)?.focus();
              }}
            >
              Only {typeInText} events
            </button>
          )}
          <button
            type="button"
            className="rounded border border-line-strong px-2 py-0.5 text-fg hover:bg-tint/10"
            onClick={() => {
              load.setFilter(NO_FILTER);
              focusTimelineSoon();
            }}
          >
            Clear filters
          </button>
        </div>
      </div>
    );
  if (status === 'ready')
    return (
      <div className="space-y-2 p-4 text-xs text-fg-soft" data-testid="timeline-no-events">
        <p>
          <span className="font-mono text-fg-strong">{name}</span>
          {bytes === 0
            ? ' is empty (0 bytes): there is no event to replay.'
            : ` has no events: ${bytes === undefined ? 'what was read' : formatBytes(bytes)} held no event line.`}
        </p>
        <OpenAnotherLog />
      </div>
    );
  return <div className="p-4 text-xs text-fg-subtle">{status === 'loading' ? 'Reading…' : ''}</div>;
}

function OpenAnotherLog() {
  return (
    <button
      type="button"
      className="rounded border border-line-strong px-2 py-0.5 text-fg hover:bg-tint/10"
      onClick={() => useApp.setState({ startPageOpen: true })}
    >
      Open another log
    </button>
  );
}
