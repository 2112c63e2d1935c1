/**
 * The read-limit options every command that reads a log accepts (core/reader/readLimits.ts):
 *
 *   --max-size SIZE    decoded bytes at most (default: a quarter of this machine's memory)
 *   --max-line SIZE    one line at most (default 128M)
 *   --max-ratio N      decoded bytes per compressed byte at most, past 64M (default 100, and 40
 *                      past 128M: readLimits.ts says why); an N given applies at every size
 *   --no-limits        read everything, whatever it costs
 *
 * SIZE is bytes with an optional k, M, G or T (powers of 1024), e.g. 512M or 1.5G.
 */
import { totalmem } from 'node:os';
import {
  NO_READ_LIMITS,
  canLift,
  limitsForMemory,
  type ReadLimitHit,
  type ReadLimits,
} from '../core/reader/readLimits';
import type { Arg, OptionTable, ValueOption } from './args';

export const LIMIT_USAGE = `Read limits (check, derive, stats, export): reading stops, with a read-limit error, at
  --max-size SIZE (decoded bytes; default a quarter of memory), --max-line SIZE (default 128M)
  or --max-ratio N (compression ratio past 64M decoded; default 100, 40 past 128M); --no-limits
  reads all.`;

/** The machine's default limits. */
export function defaultLimits(): ReadLimits {
  return limitsForMemory(totalmem());
}

export function parseSize(text: string): number | undefined {
  const m = /^(\d+(?:\.\d+)?)\s*([kmgt]?)i?b?$/i.exec(text.trim());
  if (!m) return undefined;
  const power = ' kmgt'.indexOf((m[2] ?? '').toLowerCase() || ' ');
  const n = Math.floor(Number(m[1]) * 1024 ** power);
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

const SIZE: ValueOption = { needs: 'a size like 512M or 2G', valid: (v) => parseSize(v) !== undefined };

/** The limit options, for a command's option table (args.ts). */
export const LIMIT_OPTIONS: OptionTable = {
  '--max-size': SIZE,
  '--max-line': SIZE,
  '--max-ratio': {
    needs: 'a ratio of at least 1',
    pattern: /^\d+(\.\d+)?$/,
    valid: (v) => Number(v) >= 1,
  },
  '--no-limits': 'switch',
};

/** The machine's default limits with the limit options among `args` applied, in the order given. */
export function limitsFromArgs(args: readonly Arg[]): ReadLimits {
  const limits = defaultLimits();
  for (const { option, value } of args)
    if (option === '--no-limits') Object.assign(limits, NO_READ_LIMITS);
    else if (value === undefined) continue;
    else if (option === '--max-ratio')
      // the ratio asked for, at every size: the lower default past 128M is a default too
      limits.maxCompressionRatio = limits.maxLargeRatio = Number(value);
    else if (option === '--max-size') limits.maxDecodedBytes = parseSize(value) as number;
    else if (option === '--max-line') limits.maxLineBytes = parseSize(value) as number;
  return limits;
}

/** What to tell a user whose log stopped at a limit: how to read on. */
export const LIMIT_HINT = 'rerun with --no-limits (or raise --max-size, --max-line or --max-ratio)';

/** " To read it anyway, rerun with ..." where an option lifts the limit `hit`, else "". */
export function limitHint(hit: ReadLimitHit): string {
  // an import's growth (core/import/emitBudget.ts) has no option of its own: --no-limits lifts it
  if (hit.kind === 'import-growth') return ' To read it anyway, rerun with --no-limits.';
  return canLift(hit.kind) ? ` To read it anyway, ${LIMIT_HINT}.` : '';
}

/** The warning line for a log a limit stopped; the hint only where an option lifts that limit. */
export function limitWarning(hit: ReadLimitHit): string {
  return `seqscope: warning: ${hit.message}${limitHint(hit)}\n`;
}
