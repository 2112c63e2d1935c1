/**
 * The top bar: the log's name and counts, diagnostics counts, the load
 * status (the test contract's `data-testid="status"`), the file button
 * (the app's one `<input type="file">`), the session info popover (header
 * and wrapper lines), and the progress bar while loading.
 */
import type { LogSummary } from '../../worker/protocol';
import { formatBytes, formatDiagnosticCounts, formatDuration, formatInOut } from '../components/format';
import { ShareControls } from '../share/ShareControls';
import { useApp } from '../appState';
import { useServices } from '../services/context';
import { SamplePicker } from './SamplePicker';
import { HeaderProblems } from './HeaderProblems';
import { SessionInfoButton } from './SessionInfo';
import { ThemeToggle } from './ThemeToggle';
import { useLogCost, type LogCost } from './useLogCost';
import { NameText } from '../components/NameText';
import { visibleName } from '../../core/view/bidiControls';
import { formatCountOf } from '../../core/view/seqText';

export const FILE_INPUT_ID = 'file-input';
const START_PAGE_HINT_ID = 'start-page-hint';

export function Header() {
  const { load, client } = useServices();
  const status = useApp((s) => s.status);
  const events = useApp((s) => s.events);
  const name = useApp((s) => s.name);
  const summary = useApp((s) => s.summary);
  const diagnostics = useApp((s) => s.diagnostics);
  const hasLog = status === 'loading' || status === 'ready';
  const cost = useLogCost();

  return (
    // One line from 1280 px up, whatever the log: the actions keep their column on the right and
    // never wrap; the figures that do not fit are hidden whole first (every one is in their
    // title), the last first, down to the first; only then is the file name cut (an ellipsis,
    // whole in its title). Narrower, the figures take a second line of their own (each whole),
    // the actions still on the first; on a phone (below 900 px) everything wraps.
    <header className="flex min-h-10 shrink-0 items-center gap-x-2.5 gap-y-1 border-b border-line bg-panel px-3 py-1.5 text-xs max-[900px]:flex-wrap">
      <h1 className="shrink-0">
        <button
          type="button"
          onClick={() => useApp.setState((s) => ({ startPageOpen: !s.startPageOpen }))}
          className="flex items-center gap-1.5 font-semibold tracking-tight text-fg-strong"
          title="Start page: open another log"
          aria-describedby={START_PAGE_HINT_ID}
        >
          <Logo />
          Seqscope
        </button>
        <span id={START_PAGE_HINT_ID} className="sr-only">
          Start page: open another log
        </span>
      </h1>
      <div
        className="flex min-w-0 flex-1 flex-wrap items-center gap-x-3 gap-y-1 max-[900px]:contents min-[1280px]:flex-nowrap"
        data-testid="header-log"
      >
        {hasLog && (
          // Its own line below 1280 px; from there up its parts sit on the one line beside the figures.
          <div className="flex min-w-0 basis-full items-center gap-x-3 max-[1000px]:flex-wrap max-[1000px]:gap-y-1 max-[900px]:basis-auto min-[1280px]:contents">
            {/* Below 1280 px: 9ch at least and 28ch at most, on a line without the figures. From 1280 px
                up it shares the line with them: whole (its own width), and cut only when the figures
                are down to their first (they take no room of their own: flex-basis 0), to 14ch at least. */}
            <span
              className="w-[9ch] max-w-[28ch] shrink-0 grow truncate font-mono text-fg min-[1280px]:w-auto min-[1280px]:max-w-none min-[1280px]:min-w-[14ch] min-[1280px]:shrink min-[1280px]:grow-0"
              title={visibleName(name)}
              data-testid="file-name"
            >
              <NameText name={name} />
            </span>
            <SessionInfoButton summary={summary} client={client} />
            <SamplePicker summary={summary} />
            {/* What failed first, then the diagnostics: they never give way; the figures after them do. */}
            {summary && (
              <span className="max-w-full shrink-0 min-[1000px]:[&>span]:flex-nowrap">
                <HeaderProblems
                  problems={summary.problems}
                  errorDiagnostics={diagnostics.error}
                  events={summary.events}
                />
              </span>
            )}
            <span className="shrink-0">
              <DiagnosticCounts counts={diagnostics} />
            </span>
          </div>
        )}
        {hasLog && summary && <Figures summary={summary} cost={cost} />}
      </div>
      <div className="ml-auto flex shrink-0 items-center gap-2 whitespace-nowrap">
        <ShareControls />
        <span
          data-testid="status"
          data-state={status}
          data-events={hasLog || events > 0 ? events : undefined}
          data-name={name || undefined}
          className="flex items-center gap-1.5 font-mono text-[11px] text-fg-muted"
        >
          <StatusDot status={status} />
          {status === 'idle'
            ? 'no log'
            : status === 'loading'
              ? `loading · ${formatCountOf(events, 'event')}`
              : status === 'ready'
                ? formatCountOf(events, 'event')
                : 'error'}
        </span>
        <label
          className="cursor-pointer rounded border border-line-strong bg-tint/5 px-2 py-1 text-fg outline-sky-400 hover:bg-tint/10 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-1"
          title="Open a .jsonl, .gz or .zst log (or drop it anywhere)"
        >
          Open file…
          <input
            id={FILE_INPUT_ID}
            type="file"
            className="sr-only"
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) load.open({ kind: 'file', file });
              e.target.value = '';
            }}
          />
        </label>
        <button
          type="button"
          onClick={() => useApp.setState((s) => ({ shortcutsOpen: !s.shortcutsOpen }))}
          className="h-6 w-6 rounded border border-line-strong text-fg-soft hover:bg-tint/10"
          title="Keyboard shortcuts (?)"
          aria-label="Keyboard shortcuts"
        >
          ?
        </button>
        <ThemeToggle />
      </div>
    </header>
  );
}

export function ProgressBar() {
  const { load } = useServices();
  const progress = useApp((s) => s.progress);
  const status = useApp((s) => s.status);
  if (status !== 'loading') return null;
  const fraction = progress?.totalBytes ? Math.min(1, progress.bytes / progress.totalBytes) : null;
  return (
    <div
      className="flex h-7 shrink-0 items-center gap-3 border-b border-line bg-panel/60 px-3 text-[11px]"
      data-testid="progress"
    >
      <div
        className="relative h-1.5 w-64 overflow-hidden rounded bg-tint/10"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={fraction === null ? undefined : Math.round(fraction * 100)}
      >
        <div
          className={`absolute inset-y-0 left-0 bg-sky-500 ${fraction === null ? 'w-1/3 animate-pulse' : ''}`}
          style={fraction === null ? undefined : { width: `${fraction * 100}%` }}
        />
      </div>
      <span className="font-mono text-fg-soft">
        {progress
          ? `${formatBytes(progress.bytes)}${progress.totalBytes ? ` / ${formatBytes(progress.totalBytes)}` : ''}`
          : 'starting…'}
      </span>
      {progress && (
        <>
          <span className="font-mono text-fg-muted">{formatCountOf(progress.events, 'event')}</span>
          <span className="font-mono text-fg-subtle">{formatBytes(progress.rate)}/s</span>
          {progress.decodedBytes !== progress.bytes && (
            <span className="font-mono text-fg-muted">{formatBytes(progress.decodedBytes)} decompressed</span>
          )}
        </>
      )}
      <button
        type="button"
        onClick={() => load.cancel()}
        className="ml-auto rounded border border-line-strong px-2 py-0.5 text-fg hover:bg-tint/10"
      >
        Cancel
      </button>
    </div>
  );
}

function DiagnosticCounts({ counts }: { counts: { error: number; warning: number; info: number } }) {
  const open = () => useApp.setState({ diagnosticsOpen: true });
  return (
    <button
      type="button"
      onClick={open}
      className="flex shrink-0 items-center gap-1 font-mono text-[11px] whitespace-nowrap"
      title={`Diagnostics (where the log breaks the format's rules): ${formatDiagnosticCounts(counts)}. Failed tool calls and model calls are counted on their left.`}
      data-testid="diagnostic-counts"
      data-error={counts.error}
      data-warning={counts.warning}
      data-info={counts.info}
    >
      <span className="text-fg-muted max-[1279px]:hidden">diag</span>
      <span className={`rounded px-1 ${counts.error ? 'bg-red-500/20 text-red-300' : 'text-fg-muted'}`}>
        ✕ {counts.error}
      </span>
      <span className={`rounded px-1 ${counts.warning ? 'bg-amber-500/20 text-amber-300' : 'text-fg-muted'}`}>
        ! {counts.warning}
      </span>
      <span className={`rounded px-1 ${counts.info ? 'bg-sky-500/15 text-sky-300' : 'text-fg-muted'}`}>
        i {counts.info}
      </span>
    </button>
  );
}

/**
 * The log's size: the file's, or after a read limit what was read of it ("12.0 MiB of 4.0 GiB read",
 * compressed bytes for compressed input, as the limit's message counts them).
 */
function sizeText(s: LogSummary): string {
  const file = s.fileBytes ?? null;
  const hit = s.limitHit;
  if (!hit) return formatBytes(file ?? s.bytes);
  const read = Math.min(hit.inputBytes, file ?? Infinity);
  if (file === null) return `${formatBytes(read)} read`;
  return read < file ? `${formatBytes(read)} of ${formatBytes(file)} read` : formatBytes(file);
}

/**
 * The log's figures, each one whole (one figure per piece, never an ellipsis). From 1280 px up
 * they share the header's one line and those that do not fit are hidden whole, the last first;
 * narrower they wrap onto a line of their own, so at 1024 px every figure stays readable. Every
 * figure, the cost and the fingerprint are in the tooltip.
 */
function Figures({ summary, cost }: { summary: LogSummary; cost: LogCost | null }) {
  // A log of no events has a size and nothing else: "0 turns · 0 steps · 0 tool calls" is noise.
  const counted = summary.events > 0;
  const parts = [
    sizeText(summary),
    counted ? `${summary.turns} turn${summary.turns === 1 ? '' : 's'}` : '',
    counted ? `${summary.steps} step${summary.steps === 1 ? '' : 's'}` : '',
    counted ? `${summary.toolCalls} tool call${summary.toolCalls === 1 ? '' : 's'}` : '',
    summary.startTime !== undefined && summary.endTime !== undefined
      ? formatDuration(summary.endTime - summary.startTime)
      : '',
  ].filter((p) => p !== '');
  // The tokens go last: the first figure hidden when the line is short (the Charts tab has them).
  const tokens = summary.usage ? formatInOut(summary.usage) : null;
  const text = [...parts, ...(cost ? [cost.text] : []), ...(tokens ? [tokens] : [])].join(' · ');
  return (
    <span
      data-testid="log-figures"
      className="flex min-w-0 flex-wrap items-center gap-x-4.5 overflow-x-clip font-mono text-[11px] leading-4 text-fg-muted min-[1280px]:max-h-4 min-[1280px]:max-w-max min-[1280px]:min-w-[7rem] min-[1280px]:shrink min-[1280px]:grow-[1000] min-[1280px]:basis-0 min-[1280px]:overflow-hidden"
      title={`${text} · fingerprint ${summary.fingerprint} (first 16 hex of SHA-256 of the file)`}
    >
      {parts.map((part, i) => (
        <span key={i} className={FIGURE}>
          {part}
        </span>
      ))}
      {cost && (
        <span className={`${FIGURE} flex max-w-full min-w-0`}>
          <span
            className={`truncate ${cost.priced ? '' : 'text-amber-200'}`}
            data-testid="log-cost"
            data-priced={cost.priced}
            title={cost.detail}
          >
            {cost.text}
          </span>
        </span>
      )}
      {tokens && <span className={FIGURE}>{tokens}</span>}
    </span>
  );
}

/**
 * One header figure. Its `·` is drawn in the gap before it, outside its box, and the figures clip
 * what lies past their left edge: a figure that starts a line (the first, or one that wrapped at
 * 900 to 1280 px) shows no separator, so no line starts with a stray `·`.
 */
const FIGURE =
  "relative whitespace-nowrap before:absolute before:right-full before:w-4.5 before:text-center before:text-fg-faint before:content-['·']";

function StatusDot({ status }: { status: string }) {
  const c =
    status === 'ready'
      ? 'bg-green-400'
      : status === 'loading'
        ? 'bg-sky-400 animate-pulse'
        : status === 'error'
          ? 'bg-red-400'
          : 'bg-neutral-500';
  return <span className={`h-1.5 w-1.5 rounded-full ${c}`} />;
}

function Logo() {
  return (
    <svg viewBox="0 0 16 16" className="h-4 w-4" aria-hidden>
      <rect x="1" y="2" width="3" height="12" rx="1" fill="#6366f1" />
      <rect x="6" y="5" width="3" height="9" rx="1" fill="#22d3ee" />
      <rect x="11" y="8" width="3" height="6" rx="1" fill="#34d399" />
    </svg>
  );
}
