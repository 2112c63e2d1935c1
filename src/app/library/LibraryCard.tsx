/**
 * The Library on the start page (shown only when `seqscope serve` answers its API):
 * the sessions of a folder of logs, sorted, filtered and searched server-side by the
 * index. Each session is a link that opens its log exactly as `?src=` does, naming it
 * by path and fingerprint.
 */
import { useState } from 'react';
import {
  LIBRARY_FILTER_NAMES,
  libraryLink,
  type LibraryFilter,
  type LibraryRow,
} from '../../core/library/routes';
import { totalInputTokens } from '../../core/analysis/usage';
import { NO_VALUE, formatBytes, formatDuration, formatTokens, formatUsd } from '../components/format';
import { useLibrary, type LibraryParams } from './useLibrary';
import { NameText } from '../components/NameText';
import { visibleName } from '../../core/view/bidiControls';

const FILTER_LABELS: Record<LibraryFilter, string> = {
  'tool-errors': 'tool errors',
  errors: 'error diagnostics',
  compactions: 'compactions',
  'failed-attempts': 'failed attempts',
  'resume-refused': 'resume refused',
};

interface ColumnDef {
  key: keyof LibraryRow;
  label: string;
  numeric: boolean;
  cell: (r: LibraryRow) => React.ReactNode;
}

const num = (v: number | null) => (v === null ? NO_VALUE : String(v));

const COLUMNS: ColumnDef[] = [
  { key: 'path', label: 'Session', numeric: false, cell: (r) => <SessionCell row={r} /> },
  {
    key: 'model',
    label: 'Model',
    numeric: false,
    // A dated model id ("claude-sonnet-4-5-20250929") gives way before the figures do; its tooltip has it whole.
    cell: (r) =>
      r.model === null ? (
        NO_VALUE
      ) : (
        <span className="block max-w-[8rem] truncate" title={visibleName(r.model)}>
          <NameText name={r.model} />
        </span>
      ),
  },
  {
    key: 'started_at',
    label: 'Started',
    numeric: false,
    // To the minute in the table (seconds are in the tooltip): the figures keep their room at 1024 px.
    cell: (r) =>
      r.started_at ? (
        <span title={new Date(r.started_at).toLocaleString()}>
          {new Date(r.started_at).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' })}
        </span>
      ) : (
        NO_VALUE
      ),
  },
  {
    key: 'duration_ms',
    label: 'Duration',
    numeric: true,
    cell: (r) => (r.duration_ms !== null ? formatDuration(r.duration_ms) : NO_VALUE),
  },
  { key: 'steps', label: 'Steps', numeric: true, cell: (r) => num(r.steps) },
  { key: 'tool_calls', label: 'Tools', numeric: true, cell: (r) => num(r.tool_calls) },
  {
    key: 'tool_errors',
    label: 'Tool err.',
    numeric: true,
    cell: (r) => <Count n={r.tool_errors} tone="text-rose-300" />,
  },
  { key: 'errors', label: 'Errors', numeric: true, cell: (r) => <Count n={r.errors} tone="text-rose-300" /> },
  {
    key: 'compactions',
    label: 'Compact.',
    numeric: true,
    cell: (r) => <Count n={r.compactions} tone="text-amber-200" />,
  },
  { key: 'input_tokens', label: 'Tokens in/out', numeric: true, cell: (r) => <TokensCell row={r} /> },
  { key: 'cost_usd', label: 'Cost', numeric: true, cell: (r) => <CostCell row={r} /> },
];

/** "in" as everywhere else in the app (format.ts formatInOut): uncached input plus the cache's reads and writes. */
function TokensCell({ row }: { row: LibraryRow }) {
  const usage = {
    inputTokens: row.input_tokens,
    outputTokens: row.output_tokens,
    cacheReadTokens: row.cache_read_tokens ?? 0,
    cacheWriteTokens: row.cache_write_tokens ?? 0,
  };
  const detail =
    `in: ${usage.inputTokens.toLocaleString('en-US')} uncached + ${usage.cacheReadTokens.toLocaleString('en-US')} ` +
    `cache read + ${usage.cacheWriteTokens.toLocaleString('en-US')} cache write; out: ${usage.outputTokens.toLocaleString('en-US')}`;
  return (
    <span title={detail} data-testid="library-tokens">
      {formatTokens(totalInputTokens(usage))} / {formatTokens(usage.outputTokens)}
    </span>
  );
}

/** The header's figure (priced steps summed) and, below it, the steps it leaves out, as the header says. */
function CostCell({ row }: { row: LibraryRow }) {
  const unpriced = row.unpriced_steps ?? 0;
  const usd = row.cost_usd !== null ? formatUsd(row.cost_usd) : NO_VALUE;
  if (unpriced === 0) return usd;
  const steps = `${unpriced} step${unpriced === 1 ? '' : 's'}`;
  return (
    <span title={`${steps} without a price ${unpriced === 1 ? 'is' : 'are'} not counted`}>
      {usd}
      <span className="block text-[10px] text-amber-200" data-testid="library-unpriced">
        {steps} unpriced
      </span>
    </span>
  );
}

function Count({ n, tone }: { n: number; tone: string }) {
  return <span className={n > 0 ? tone : 'text-fg-subtle'}>{n}</span>;
}

/**
 * The session column gives way to the figures a user sorts by: what the window has past the other
 * columns (about 56rem with the margins), between 10rem and 22rem; its title and file end in an ellipsis
 * with the whole in a tooltip.
 */
const SESSION_WIDTH = 'block w-[clamp(10rem,calc(100vw-56rem),22rem)]';

function SessionCell({ row }: { row: LibraryRow }) {
  const name = row.path.split(/[\\/]/).pop() ?? row.path;
  const label = row.title ?? row.first_user_message ?? name;
  const body = (
    <>
      <NameText name={label} className="block truncate text-fg-strong" />
      <span className="block truncate font-mono text-[10px] text-fg-subtle">
        <NameText name={row.file ?? row.path} /> · {formatBytes(row.size_bytes)} · {row.session_id}
      </span>
    </>
  );
  if (row.file === null)
    return (
      <span className={SESSION_WIDTH} title="Outside the served folder: open it with seqscope open">
        {body}
      </span>
    );
  return (
    <a
      href={libraryLink(row.file, row.session_id)}
      data-testid="library-link"
      className={`${SESSION_WIDTH} hover:[&>:first-child]:text-sky-300`}
      title={row.first_user_message ?? undefined}
    >
      {body}
    </a>
  );
}

const PAGE = 200;

export function LibraryCard() {
  const [params, setParams] = useState<LibraryParams>({
    q: '',
    sort: 'started_at',
    order: 'desc',
    only: [],
    limit: PAGE,
  });
  const state = useLibrary(params);
  if (state.status === 'probing' || state.status === 'absent') return null;
  const answer = state.status === 'error' ? null : state.answer;

  const sortBy = (key: keyof LibraryRow) =>
    setParams((p) => ({
      ...p,
      sort: key,
      order:
        p.sort === key
          ? p.order === 'asc'
            ? 'desc'
            : 'asc'
          : key === 'path' || key === 'model'
            ? 'asc'
            : 'desc',
    }));
  const toggle = (f: LibraryFilter) =>
    setParams((p) => ({ ...p, only: p.only.includes(f) ? p.only.filter((x) => x !== f) : [...p.only, f] }));

  return (
    <section
      className="mx-3 mt-8 max-w-7xl rounded-lg border border-line bg-panel/60 p-4 min-[1200px]:mx-8 min-[1344px]:mx-auto"
      data-testid="library"
      aria-label="Library"
    >
      <div className="mb-3 flex flex-wrap items-center gap-3">
        <h2 className="text-[11px] font-semibold tracking-wider text-fg-muted uppercase">Library</h2>
        <input
          type="search"
          value={params.q}
          onChange={(e) => setParams((p) => ({ ...p, q: e.target.value }))}
          placeholder="Search path, title, model, first message, tool name…"
          aria-label="Search the library"
          data-testid="library-search"
          className="h-7 min-w-0 flex-1 rounded border border-line bg-panel px-2 text-xs text-fg placeholder:text-fg-subtle focus:border-sky-500/60 focus:outline-none"
        />
        <span className="text-xs text-fg-muted" data-testid="library-count" aria-live="polite">
          {answer ? `${answer.total} session${answer.total === 1 ? '' : 's'}` : ''}
          {state.status === 'loading' ? ' …' : ''}
        </span>
      </div>
      <div className="mb-3 flex flex-wrap gap-1.5" role="group" aria-label="Only sessions with">
        <span className="text-[11px] text-fg-muted">Only with:</span>
        {LIBRARY_FILTER_NAMES.map((f) => (
          <button
            key={f}
            type="button"
            aria-pressed={params.only.includes(f)}
            data-testid={`library-filter-${f}`}
            onClick={() => toggle(f)}
            className={`rounded-full border px-2 py-0.5 text-[11px] ${
              params.only.includes(f)
                ? 'border-sky-400/60 bg-sky-500/20 text-sky-100'
                : 'border-line text-fg-soft hover:bg-tint/5'
            }`}
          >
            {FILTER_LABELS[f]}
          </button>
        ))}
      </div>
      {state.status === 'error' && (
        <p className="text-xs text-rose-300">The library did not answer: {state.message}</p>
      )}
      {answer && (
        <div className="max-h-[60vh] overflow-auto">
          <table className="w-full border-collapse text-xs" data-testid="library-table">
            <thead className="sticky top-0 bg-panel text-[11px] text-fg-muted">
              <tr>
                {COLUMNS.map((c) => (
                  <th
                    key={c.key}
                    scope="col"
                    aria-sort={
                      params.sort === c.key ? (params.order === 'asc' ? 'ascending' : 'descending') : 'none'
                    }
                    className={`border-b border-line px-2 py-1 font-medium whitespace-nowrap ${c.numeric ? 'text-right' : 'text-left'}`}
                  >
                    <button
                      type="button"
                      data-testid={`library-sort-${c.key}`}
                      onClick={() => sortBy(c.key)}
                      className="hover:text-fg-strong"
                    >
                      {c.label}
                      {params.sort === c.key ? (params.order === 'asc' ? ' ▲' : ' ▼') : ''}
                    </button>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {answer.rows.map((r) => (
                <tr
                  key={r.path}
                  data-testid="library-row"
                  data-path={r.file ?? r.path}
                  className="border-b border-line-soft align-top hover:bg-tint/[0.03]"
                >
                  {COLUMNS.map((c) => (
                    <td
                      key={c.key}
                      className={`px-2 py-1 text-fg-soft ${c.key === 'path' ? '' : 'whitespace-nowrap'} ${c.numeric ? 'text-right tabular-nums' : ''}`}
                    >
                      {c.cell(r)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          {answer.rows.length === 0 && (
            <p className="py-4 text-center text-xs text-fg-muted">No session matches.</p>
          )}
          <SkippedFiles skipped={answer.skipped} total={answer.skippedTotal} />
          {answer.total > answer.rows.length && (
            <button
              type="button"
              onClick={() => setParams((p) => ({ ...p, limit: p.limit + PAGE }))}
              className="mt-2 text-xs text-sky-400 hover:underline"
            >
              Show more ({answer.total - answer.rows.length} not shown)
            </button>
          )}
        </div>
      )}
    </section>
  );
}

/**
 * Files the server's index left out (a .json that is no Inspect log), so none goes missing unsaid.
 * The server names the first 100 and counts the rest; the list is drawn only while open (a
 * node_modules folder leaves out tens of thousands).
 */
function SkippedFiles({ skipped, total }: { skipped: unknown; total: unknown }) {
  const [open, setOpen] = useState(false);
  const files = Array.isArray(skipped)
    ? skipped.filter(
        (f): f is { file: string; reason: string } =>
          typeof (f as { file?: unknown }).file === 'string' &&
          typeof (f as { reason?: unknown }).reason === 'string',
      )
    : [];
  if (files.length === 0) return null;
  const count = typeof total === 'number' && total > files.length ? total : files.length;
  return (
    <details
      className="mt-2 text-xs text-fg-muted"
      data-testid="library-skipped"
      onToggle={(e) => setOpen(e.currentTarget.open)}
    >
      <summary className="cursor-pointer">
        {count.toLocaleString('en-US')} file{count === 1 ? '' : 's'} in the folder left out of the library
      </summary>
      {open && (
        <ul className="mt-1 list-disc pl-5">
          {files.map((f) => (
            <li key={f.file}>
              <span className="font-mono text-fg">{f.file}</span>: {f.reason}
            </li>
          ))}
          {count > files.length && (
            <li>
              … and {(count - files.length).toLocaleString('en-US')} more (`seqscope index --json` lists every
              one)
            </li>
          )}
        </ul>
      )}
    </details>
  );
}
