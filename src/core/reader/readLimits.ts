/**
 * How much of a log the reader takes before it stops and says so: decompression bombs (a
 * 13.5 MB gzip expanding to 4 GB) and endless lines (a URL that serves one line forever)
 * must not exhaust memory. Three limits, each of which stops reading where it is reached;
 * everything before stays loaded, and the `read-limit` diagnostic says what was read and
 * what was refused. Reading past them is a deliberate choice (a CLI flag, a button in the
 * app), which loads the log again with the limits raised.
 *
 * - decoded size: the bytes the log takes in memory once decompressed. It fits the
 *   machine: a quarter of its memory (`limitsForMemory`).
 * - compression ratio: decoded bytes per compressed byte, checked once the output passes
 *   `ratioFloorBytes`. Real logs compress 3-30:1 (zstd -19 of the samples reaches 30);
 *   deflate bombs reach 1000:1 and zstd ones far more, so a bomb stops after a few tens of
 *   MB instead of at the memory limit. Past `largeRatioFloorBytes` a second, lower cap
 *   (`maxLargeRatio`) applies: a decoded byte costs far more than itself once read (a line of
 *   a few dozen bytes is an event in the columns, often a turn or step object too: 4-5 bytes
 *   of memory per byte, 10 times a normal log's time per byte), so a bomb just under 100:1
 *   cost minutes and GBs from a few MB (audit 27 N2: 13.5 MB -> 1.26 GB, 162 s, 5.3 GB RSS).
 * - line length: one line becomes one string and one JSON.parse (several times its size in
 *   memory at once); a line is capped far below the engines' string limit (~512 MiB).
 * - import growth: another agent's log re-told as harness events, in bytes per input byte,
 *   once past IMPORT_GROWTH_FLOOR_BYTES (import/emitBudget.ts). Real imports write about as
 *   much as they read (0.4-1.4:1); an importer copying a value read once into every later
 *   event writes GBs from a few MB (audit R22-2, R22-4, R22-5, R22-7).
 */
import { formatBytes } from '../view/byteSize';

export interface ReadLimits {
  /** Decoded bytes kept at most. */
  maxDecodedBytes: number;
  /** Decoded bytes per compressed byte at most, once past ratioFloorBytes (compressed input only). */
  maxCompressionRatio: number;
  /** Decoded bytes below which the ratio is not checked (small inputs vary a lot). */
  ratioFloorBytes: number;
  /** Decoded bytes per compressed byte at most, once past largeRatioFloorBytes (compressed input only). */
  maxLargeRatio: number;
  /** Decoded bytes past which maxLargeRatio applies. */
  largeRatioFloorBytes: number;
  /** Bytes of one line at most. */
  maxLineBytes: number;
  /** Bytes an import writes per byte of its input at most, once past IMPORT_GROWTH_FLOOR_BYTES. */
  maxImportGrowth: number;
}

/**
 * 'one-piece': another agent's log is held whole before it is imported (one string for the
 * line formats, one buffer for an Inspect AI .json), and engines cap both: no option lifts it.
 */
export type ReadLimitKind =
  'decoded-size' | 'compression-ratio' | 'line-length' | 'import-growth' | 'one-piece';

/** Whether reading past this limit is a choice the user can make ("Load anyway", --no-limits). */
export function canLift(kind: ReadLimitKind): boolean {
  return kind !== 'one-piece';
}

/** What stopped the reading, and where. */
export interface ReadLimitHit {
  kind: ReadLimitKind;
  /** The limit reached (bytes, or the ratio for compression-ratio and import-growth). */
  limit: number;
  /** Input bytes consumed when reading stopped (compressed bytes for compressed input). */
  inputBytes: number;
  /** Decoded bytes kept. */
  keptBytes: number;
  /** The line at which reading stopped (1-based; the refused part starts in it). */
  line: number;
  /** One sentence for the user: what was read, what was refused and why. */
  message: string;
  /** The log's own limit (kind 'one-piece'): it names the format held in one piece. */
  format?: string;
  /** Kind 'compression-ratio' under the large cap: the decoded bytes past which `limit` applies. */
  ratioFloor?: number;
  /** Kind 'line-length' refused for its objects and arrays (JSON's memory amplification): how many were counted. */
  containers?: number;
}

const MiB = 1024 * 1024;
const GiB = 1024 * MiB;

export const DEFAULT_READ_LIMITS: Readonly<ReadLimits> = {
  maxDecodedBytes: 2 * GiB,
  maxCompressionRatio: 100,
  ratioFloorBytes: 64 * MiB,
  // Real logs stay under 30:1 (npm run gen's: 13 with zstd -19 --long); a bomb of tiny lines
  // stops with the CLI under 1 GB of RSS.
  maxLargeRatio: 40,
  largeRatioFloorBytes: 128 * MiB,
  maxLineBytes: 128 * MiB,
  maxImportGrowth: 16,
};

/** Bytes an import writes before its growth is checked: a small log re-told at any ratio is harmless. */
export const IMPORT_GROWTH_FLOOR_BYTES = 64 * MiB;

/** No limit at all (the deliberate "read it anyway"). */
export const NO_READ_LIMITS: Readonly<ReadLimits> = {
  maxDecodedBytes: Infinity,
  maxCompressionRatio: Infinity,
  ratioFloorBytes: Infinity,
  maxLargeRatio: Infinity,
  largeRatioFloorBytes: Infinity,
  maxLineBytes: Infinity,
  maxImportGrowth: Infinity,
};

/**
 * Limits for a machine (or a browser tab) with this much memory: the decoded log may take a
 * quarter of it, between 512 MiB and 16 GiB; a line at most an eighth of that.
 */
export function limitsForMemory(memoryBytes: number | undefined): ReadLimits {
  if (memoryBytes === undefined || !Number.isFinite(memoryBytes) || memoryBytes <= 0)
    return { ...DEFAULT_READ_LIMITS };
  const decoded = Math.min(16 * GiB, Math.max(512 * MiB, Math.floor(memoryBytes / 4)));
  return {
    ...DEFAULT_READ_LIMITS,
    maxDecodedBytes: decoded,
    maxLineBytes: Math.min(DEFAULT_READ_LIMITS.maxLineBytes, Math.floor(decoded / 8)),
  };
}

/** The limits with `kinds` lifted: the deliberate "load anyway" past exactly the limits that stopped a read. */
export function liftLimits(limits: ReadLimits, kinds: readonly ReadLimitKind[]): ReadLimits {
  const out = { ...limits };
  for (const kind of kinds) {
    if (kind === 'decoded-size') out.maxDecodedBytes = Infinity;
    else if (kind === 'line-length') out.maxLineBytes = Infinity;
    else if (kind === 'import-growth') out.maxImportGrowth = Infinity;
    else if (kind === 'compression-ratio') {
      out.maxCompressionRatio = Infinity;
      out.ratioFloorBytes = Infinity;
      out.maxLargeRatio = Infinity;
      out.largeRatioFloorBytes = Infinity;
    }
  }
  return out;
}

/** The ratio limits as a decompressor takes them (decompress.ts). */
export function ratioLimits(limits: ReadLimits): {
  maxRatio: number;
  ratioFloorBytes: number;
  maxLargeRatio: number;
  largeRatioFloorBytes: number;
} {
  const { maxCompressionRatio, ratioFloorBytes, maxLargeRatio, largeRatioFloorBytes } = limits;
  return { maxRatio: maxCompressionRatio, ratioFloorBytes, maxLargeRatio, largeRatioFloorBytes };
}

/** What a browser reports of its memory; either may be missing (Firefox and Safari report neither). */
export interface BrowserMemory {
  /** `navigator.deviceMemory`: GB of device memory, rounded down and capped at 8 (Chromium). */
  deviceMemoryGb?: number | undefined;
  /** `performance.memory.jsHeapSizeLimit`: the tab's JS heap limit in bytes (Chromium). */
  jsHeapSizeLimit?: number | undefined;
}

/** The memory assumed for a browser that reports none: 4 GB, the same assumption as the tab's memory budget. */
export const BROWSER_DEFAULT_MEMORY = 4 * GiB;

/**
 * Read limits for a browser tab: sized for the device memory when the browser reports it,
 * else for the JS heap limit (a tab's bytes live beside the heap, but the heap limit tracks
 * what the browser grants a tab), else for BROWSER_DEFAULT_MEMORY. On this scale a 4 GB
 * device reads logs up to 1 GiB decoded and lines up to 128 MiB.
 */
export function browserReadLimits(memory: BrowserMemory): ReadLimits {
  const { deviceMemoryGb, jsHeapSizeLimit } = memory;
  if (deviceMemoryGb !== undefined && Number.isFinite(deviceMemoryGb) && deviceMemoryGb > 0)
    return limitsForMemory(deviceMemoryGb * GiB);
  if (jsHeapSizeLimit !== undefined && Number.isFinite(jsHeapSizeLimit) && jsHeapSizeLimit > 0)
    return limitsForMemory(jsHeapSizeLimit);
  return limitsForMemory(BROWSER_DEFAULT_MEMORY);
}

/**
 * The sentence for a hit; `inputWasCompressed` says whether inputBytes are compressed bytes;
 * `loaded` says what is loaded when it is not "everything before line N" (a JSON document).
 */
export function describeLimitHit(
  hit: Omit<ReadLimitHit, 'message'>,
  inputWasCompressed: boolean,
  loaded = `Everything before line ${hit.line} is loaded`,
): string {
  const read = inputWasCompressed
    ? `read ${formatBytes(hit.inputBytes)} of the compressed input, ${formatBytes(hit.keptBytes)} decoded`
    : `read ${formatBytes(hit.keptBytes)}`;
  const why =
    hit.kind === 'line-length' && hit.containers !== undefined
      ? `line ${hit.line} holds more than ${hit.containers.toLocaleString('en-US')} objects and arrays, too many to parse safely: parsed, each takes some 80 bytes of memory against a few bytes of text (a line may hold one per 64 bytes of the ${formatBytes(hit.limit)} line limit)`
      : hit.kind === 'line-length'
        ? `line ${hit.line} is longer than ${formatBytes(hit.limit)}, the line limit`
        : hit.kind === 'compression-ratio'
          ? `the input expands more than ${hit.limit}:1${hit.ratioFloor !== undefined ? ` past ${formatBytes(hit.ratioFloor)} decoded` : ''}, which real logs never do (a decompression bomb?)`
          : hit.kind === 'one-piece'
            ? `${hit.format ?? "another agent's log"} is held in one piece before it is imported, and one piece holds at most ${formatBytes(hit.limit)}`
            : `the decoded log passed ${formatBytes(hit.limit)}, the size limit for this machine's memory`;
  return `Stopped reading: ${why}. ${loaded} (${read}); the rest was refused.`;
}
