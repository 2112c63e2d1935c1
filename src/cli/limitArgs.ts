/**
 * The read-limit options every command that reads a log accepts (core/reader/readLimits.ts):
 *
 *   --max-size SIZE    decoded bytes at most (default: a quarter of this machine's memory)
 *   --max-line SIZE    one line at most (default 128M)
 *   --max-ratio N      decoded bytes per compressed byte at most, past 64M (default 100)
 *   --no-limits        read everything, whatever it costs
 *
 * SIZE is bytes with an optional k, M, G or T (powers of 1024), e.g. 512M or 1.5G.
 */
import { totalmem } from 'node:os';
import { NO_READ_LIMITS, limitsForMemory, type ReadLimits } from '../core/reader/readLimits';

export const LIMIT_USAGE = `Read limits (check, derive, stats, export): reading stops, with a read-limit error, at
  --max-size SIZE (decoded bytes; default a quarter of memory), --max-line SIZE (default 128M)
  or --max-ratio N (compression ratio past 64M decoded; default 100); --no-limits reads all.`;

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

/**
 * Reads one limit option at argv[i] into limits: the number of arguments taken (0 when
 * argv[i] is not a limit option), or a usage error.
 */
export function takeLimitOption(argv: readonly string[], i: number, limits: ReadLimits): number | string {
  const a = argv[i] as string;
  if (a === '--no-limits') {
    Object.assign(limits, NO_READ_LIMITS);
    return 1;
  }
  const eq = a.indexOf('=');
  const flag = eq > 0 ? a.slice(0, eq) : a;
  if (flag !== '--max-size' && flag !== '--max-line' && flag !== '--max-ratio') return 0;
  const value = eq > 0 ? a.slice(eq + 1) : argv[i + 1];
  const taken = eq > 0 ? 1 : 2;
  if (flag === '--max-ratio') {
    const n = value !== undefined && /^\d+(\.\d+)?$/.test(value) ? Number(value) : NaN;
    if (!(n >= 1)) return `--max-ratio needs a ratio of at least 1, got ${value ?? 'nothing'}`;
    limits.maxCompressionRatio = n;
    return taken;
  }
  const size = value === undefined ? undefined : parseSize(value);
  if (size === undefined) return `${flag} needs a size like 512M or 2G, got ${value ?? 'nothing'}`;
  if (flag === '--max-size') limits.maxDecodedBytes = size;
  else limits.maxLineBytes = size;
  return taken;
}

/** What to tell a user whose log stopped at a limit: how to read on. */
export const LIMIT_HINT = 'rerun with --no-limits (or raise --max-size, --max-line or --max-ratio)';
