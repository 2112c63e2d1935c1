/**
 * How much an import may write. An importer re-tells its input as harness events, and one that
 * copies a value it read once into every later event (a 1 MB model name into 3,000 assistant
 * messages, a 4 MB system prompt into every request/header, an agent id into every tool result)
 * writes GBs from a few MB: the CLI ran out of memory (audit R22-2, R22-4, R22-5, R22-7). So
 * NativeLog charges each event's JSON text here as it is written (string lengths counted, not the
 * event stringified again), and the import stops, keeping every event before, once it would pass
 * `maxImportGrowth` bytes per input byte (past IMPORT_GROWTH_FLOOR_BYTES) or maxDecodedBytes: the
 * read limits (reader/readLimits.ts), lifted as deliberately as the others.
 */
import { formatBytes } from '../view/byteSize';
import { IMPORT_GROWTH_FLOOR_BYTES, type ReadLimitHit, type ReadLimits } from '../reader/readLimits';

/** Where an import stopped (its read-limit hit, less what the reader adds: bytes read and kept). */
export type ImportStop = Pick<ReadLimitHit, 'kind' | 'limit' | 'line' | 'message'>;

export class EmitBudget {
  /** The JSON text written so far (an estimate: see jsonTextChars). */
  emitted = 0;

  constructor(
    /** Bytes of input read so far (grows as a log is read piece by piece). */
    public inputBytes: number,
    private readonly limits: Pick<ReadLimits, 'maxDecodedBytes' | 'maxImportGrowth'>,
  ) {}

  /** The bytes this import may write now, and which limit sets them. */
  get limit(): { bytes: number; kind: 'decoded-size' | 'import-growth' } {
    const growth = Math.max(IMPORT_GROWTH_FLOOR_BYTES, this.limits.maxImportGrowth * this.inputBytes);
    return growth < this.limits.maxDecodedBytes
      ? { bytes: growth, kind: 'import-growth' }
      : { bytes: this.limits.maxDecodedBytes, kind: 'decoded-size' };
  }

  /** Charges one event's data; false (nothing charged) when it would pass the limit. */
  charge(data: unknown): boolean {
    const room = this.limit.bytes - this.emitted;
    const chars = jsonTextChars(data, room);
    if (chars > room) return false;
    this.emitted += chars;
    return true;
  }

  /** The stop, said as the other read limits say theirs; `line`: the input line being imported. */
  stop(line: number | undefined, seq: number): ImportStop {
    const { bytes, kind } = this.limit;
    const why =
      kind === 'import-growth'
        ? `more than ${this.limits.maxImportGrowth} bytes per byte read, which real logs never need: a value copied into every event?`
        : `the size limit for this machine's memory`;
    const where = line === undefined ? '' : ` at line ${line}`;
    const message = `Stopped importing${where}: the import would write more than ${formatBytes(bytes)} from ${formatBytes(this.inputBytes)} of input (${why}). The ${seq.toLocaleString('en-US')} events before are loaded; the rest was refused.`;
    return {
      kind,
      limit: kind === 'import-growth' ? this.limits.maxImportGrowth : bytes,
      line: line ?? 1,
      message,
    };
  }
}

/**
 * About the JSON text of `v` (strings by their length, numbers as 8 characters), counted up to
 * `cap` and no further: an event past the budget is not walked whole.
 */
export function jsonTextChars(v: unknown, cap = Infinity): number {
  let chars = 0;
  const stack: unknown[] = [v];
  while (stack.length > 0 && chars <= cap) {
    const x = stack.pop();
    if (typeof x === 'string') chars += x.length + 2;
    else if (typeof x === 'number' || typeof x === 'boolean') chars += 8;
    else if (x === null) chars += 4;
    else if (Array.isArray(x)) {
      chars += 2 + x.length;
      for (const item of x) stack.push(item);
    } else if (typeof x === 'object') {
      chars += 2;
      for (const key in x) {
        chars += key.length + 4;
        stack.push((x as Record<string, unknown>)[key]);
      }
    }
  }
  return chars;
}
