/**
 * `seqscope search FILE QUERY [--regex] [--case] [--limit N] [--json]`: every
 * event whose string values match, once per event.
 *   --json: {"count": N, "hits": [{"seq", "type", "path", "snippet"}]} (every hit unless --limit)
 */
import type { SessionLog } from '../core/log/sessionLog';
import { compileSearchQuery, type CompiledQuery } from '../core/search/query';
import { EventSearch, stoppedSearchMessage } from '../core/search/search';
import { hasSwitch, lastNumber, positionals, readArgs, type OptionTable } from './args';
import { loadFile } from './readInput';
import { printJson, printable, type Write } from './terminalText';

export const SEARCH_USAGE =
  '  seqscope search FILE QUERY [--regex] [--case] [--limit N] [--json] [--no-limits]\n' +
  '                                       events whose text matches QUERY (case-insensitive unless --case;\n' +
  '                                       a JavaScript regular expression with --regex; a costly one stops\n' +
  '                                       early and says where, unless --no-limits)';

/** How long a search may run before it stops and says where (--no-limits: to the end). */
export const SEARCH_SECONDS = 10;

interface SearchArgs {
  file: string;
  query: string;
  regex: boolean;
  caseSensitive: boolean;
  limit: number;
  json: boolean;
  noLimits: boolean;
}

const SEARCH_OPTIONS: OptionTable = {
  '--regex': 'switch',
  '--case': 'switch',
  '--json': 'switch',
  '--no-limits': 'switch',
  '--limit': { needs: 'a count (a non-negative integer)', pattern: /^\d{1,15}$/ },
};

function parse(argv: string[]): SearchArgs | string {
  // A query may start with -- after a lone `--`.
  const args = readArgs(argv, SEARCH_OPTIONS);
  if (typeof args === 'string') return args;
  const positional = positionals(args);
  if (positional.length < 2) return 'search needs a FILE and a QUERY';
  if (positional.length > 2) return `unexpected argument ${positional[2]}`;
  return {
    file: positional[0] as string,
    query: positional[1] as string,
    regex: hasSwitch(args, '--regex'),
    caseSensitive: hasSwitch(args, '--case'),
    limit: lastNumber(args, '--limit') ?? Infinity,
    json: hasSwitch(args, '--json'),
    noLimits: hasSwitch(args, '--no-limits'),
  };
}

export async function runSearchCommand(argv: string[], out: Write, err: Write): Promise<number> {
  const args = parse(argv);
  if (typeof args === 'string') {
    err(`seqscope: ${args}\n`);
    return 2;
  }
  const query = compileSearchQuery({
    query: args.query,
    regex: args.regex,
    caseSensitive: args.caseSensitive,
  });
  if (!query.ok) {
    err(`seqscope: ${query.error}\n`);
    return 2;
  }
  const loaded = await loadFile(args.file);
  if (!loaded.ok) {
    err(`seqscope: ${loaded.message}\n`);
    return 2;
  }
  return printSearch(loaded.log, args, query, out, err);
}

function printSearch(
  log: SessionLog,
  args: SearchArgs,
  query: CompiledQuery,
  out: Write,
  err: Write,
): number {
  const search = new EventSearch(
    log,
    query,
    args.noLimits ? { workLimit: Infinity } : { timeLimitMs: SEARCH_SECONDS * 1000 },
  );
  const hits = search.all(args.limit);
  const stopped = search.stoppedAt;
  if (stopped !== null)
    err(
      `seqscope: ${stoppedSearchMessage(stopped, query, search.stoppedBy ?? 'work')}; rerun with --no-limits to search on\n`,
    );
  if (args.json) {
    const rows = hits.map(({ seq, type, path, snippet }) => ({ seq, type, path, snippet }));
    printJson(
      { count: search.count, hits: rows, ...(stopped !== null ? { stoppedAtSeq: stopped } : {}) },
      out,
    );
    return 0;
  }
  for (const h of hits)
    out(`${h.seq}\t${printable(h.type)}\t${printable(h.path)}\t${printable(h.snippet)}\n`);
  const shown = hits.length < search.count ? ` (${hits.length} shown)` : '';
  out(`${search.count} event${search.count === 1 ? '' : 's'} match${shown}\n`);
  return 0;
}
