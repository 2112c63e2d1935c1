/**
 * The decompressed bytes of a log, kept in large blocks: one ArrayBuffer over
 * ~1 GB is not safe in a browser, and one string of that size is impossible,
 * so events are re-parsed from these bytes on demand (design/engine.md).
 *
 * Blocks grow geometrically from `initialCapacity` up to `blockSize` (64 KiB,
 * 128 KiB, ... 64 MiB, 64 MiB, ...) and are never reallocated while loading:
 * a 10 KB log does not allocate 64 MiB, and a 1 GB log is not copied again
 * to grow. That makes ~25 blocks for 1 GB; the block holding an offset is
 * found by binary search over their start offsets. Offsets are plain numbers
 * and may pass 2^32 (no 32-bit arithmetic anywhere here).
 *
 * A store over input it can read again (a `ByteSource`: the CLI's plain file)
 * lets go of the blocks already read (`release`) and reads them again when asked.
 */
export const DEFAULT_BLOCK_SIZE = 64 * 1024 * 1024;
const DEFAULT_INITIAL_CAPACITY = 64 * 1024;
/** A chunk handed over smaller than this is copied: many tiny blocks would cost more than the copy. */
export const ADOPT_MIN_BYTES = 64 * 1024;

/**
 * The same bytes, readable again by offset (the CLI's plain file): a store over one need not hold
 * them. Decompressed or re-told input (another agent's log) is never read back from it.
 */
export interface ByteSource {
  /** `length` bytes from `offset`, as they were pushed; throws InputChanged when it cannot. */
  readAt(offset: number, length: number): Uint8Array;
}

/**
 * The input no longer holds bytes the log read from it (a file cut short since): what is asked
 * cannot be answered. Never taken for a line that does not parse: it is said as it is.
 */
export class InputChanged extends Error {
  override name = 'InputChanged';
}

export interface ByteStoreOptions {
  /** Where released blocks are read again (`release`). */
  source?: ByteSource;
  /** Capacity of the first block (default 64 KiB); each next block doubles, up to `blockSize`. */
  initialCapacity?: number;
  /** The expected total, when known (e.g. an uncompressed file's size): sizes the first block. */
  expectedLength?: number;
}

export class ByteStore {
  /** The largest block capacity. */
  readonly blockSize: number;
  private readonly blocks: Uint8Array[] = [];
  /** Store offset of each block's first byte. */
  private readonly starts: number[] = [];
  /** Bytes used in the last block (its capacity may be larger). */
  private tailUsed = 0;
  private total = 0;
  private readonly firstCapacity: number;
  private readonly source: ByteSource | undefined;
  /** Blocks [0, released) were let go (`release`): their bytes are read again from the source. */
  private released = 0;

  constructor(blockSize: number = DEFAULT_BLOCK_SIZE, options: ByteStoreOptions = {}) {
    if (!Number.isInteger(blockSize) || blockSize < 1)
      throw new RangeError(`block size ${blockSize} is not a positive integer`);
    this.blockSize = blockSize;
    const wanted = options.expectedLength ?? options.initialCapacity ?? DEFAULT_INITIAL_CAPACITY;
    this.firstCapacity = Math.max(1, Math.min(blockSize, Math.ceil(wanted)));
    this.source = options.source;
  }

  /**
   * A store holding `bytes` as they are, without copying them (a range
   * worker's own read): the caller must not change them afterwards.
   */
  static over(bytes: Uint8Array, blockSize: number = DEFAULT_BLOCK_SIZE): ByteStore {
    const store = new ByteStore(Math.max(blockSize, bytes.length, 1), { expectedLength: 1 });
    if (bytes.length === 0) return store;
    store.blocks.push(bytes);
    store.starts.push(0);
    store.tailUsed = bytes.length;
    store.total = bytes.length;
    return store;
  }

  /** Bytes stored. */
  get length(): number {
    return this.total;
  }

  get blockCount(): number {
    return this.blocks.length;
  }

  /** Bytes held in memory: all of them, less the blocks released to the source. */
  get heldBytes(): number {
    return this.total - (this.starts[this.released] ?? this.total);
  }

  /**
   * Lets go of the blocks wholly before `offset` (never the last one), when the store has a
   * source: the caller knows the stored bytes are the source's, at the same offsets (a plain file
   * read from its start). Their bytes are read again from the source when asked for, so a loaded
   * log does not hold the file: touching every page of it cost the CLI a third of its time.
   */
  release(offset: number): void {
    if (this.source === undefined) return;
    const last = this.blocks.length - 1;
    while (this.released < last && (this.starts[this.released + 1] as number) <= offset) {
      this.blocks[this.released] = EMPTY;
      this.released++;
    }
  }

  /** Copies `chunk` in (the caller may reuse its buffer afterwards). */
  append(chunk: Uint8Array): void {
    const n = chunk.length;
    let from = 0;
    while (from < n) {
      let tail = this.blocks[this.blocks.length - 1];
      if (tail === undefined || this.tailUsed === tail.length) {
        const capacity =
          tail === undefined
            ? this.firstCapacity
            : Math.min(this.blockSize, Math.max(this.firstCapacity, tail.length * 2));
        tail = new Uint8Array(capacity);
        this.blocks.push(tail);
        this.starts.push(this.total);
        this.tailUsed = 0;
      }
      const take = Math.min(n - from, tail.length - this.tailUsed);
      tail.set(take === n ? chunk : chunk.subarray(from, from + take), this.tailUsed);
      this.tailUsed += take;
      this.total += take;
      from += take;
    }
  }

  /**
   * Keeps `chunk` itself as a block, without copying it, when it is at least
   * ADOPT_MIN_BYTES and at most a block: the caller hands it over and never
   * changes it (a file read's fresh buffer). Smaller or larger ones are copied
   * as by `append`. A partly used last block is cut to its used bytes first.
   */
  adopt(chunk: Uint8Array): void {
    const n = chunk.length;
    if (n < ADOPT_MIN_BYTES || n > this.blockSize) return this.append(chunk);
    const last = this.blocks.length - 1;
    const tail = this.blocks[last];
    if (tail !== undefined && this.tailUsed < tail.length) this.blocks[last] = tail.slice(0, this.tailUsed);
    this.blocks.push(chunk);
    this.starts.push(this.total);
    this.tailUsed = n;
    this.total += n;
  }

  /** The index of the block holding `offset` (0 <= offset < length). */
  blockIndexOf(offset: number): number {
    const starts = this.starts;
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1; // an index, never an offset: 32 bits are plenty
      if ((starts[mid] as number) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** The store offset of block `index`'s first byte. */
  blockStart(index: number): number {
    return this.starts[index] ?? this.total;
  }

  /** Block `index`'s used bytes, as a view (the line splitter scans these). */
  block(index: number): Uint8Array {
    if (index < this.released) return this.readBlock(index);
    const block = this.blocks[index];
    if (block === undefined) return EMPTY;
    return index === this.blocks.length - 1 && this.tailUsed < block.length
      ? block.subarray(0, this.tailUsed)
      : block;
  }

  /**
   * `length` bytes from `offset`: a view into the store when they lie in one
   * block, a fresh copy when they span blocks. Views stay valid (the bytes
   * never change once written, even if `trim` reallocates the last block).
   */
  slice(offset: number, length: number): Uint8Array {
    if (!(offset >= 0 && length >= 0 && offset + length <= this.total)) {
      throw new RangeError(`bytes ${offset}..${offset + length} are outside the store (0..${this.total})`);
    }
    if (length === 0) return EMPTY;
    // Released bytes are read again exactly (not their whole blocks).
    const held = this.blockStart(this.released);
    if (offset < held) {
      if (offset + length <= held) return this.readSource(offset, length);
      const out = new Uint8Array(length);
      out.set(this.readSource(offset, held - offset));
      out.set(this.slice(held, offset + length - held), held - offset);
      return out;
    }
    let index = this.blockIndexOf(offset);
    let start = offset - (this.starts[index] as number);
    const first = this.blocks[index] as Uint8Array;
    if (start + length <= first.length) return first.subarray(start, start + length);
    const out = new Uint8Array(length);
    let at = 0;
    while (at < length) {
      const block = this.blocks[index] as Uint8Array;
      const take = Math.min(length - at, block.length - start);
      out.set(block.subarray(start, start + take), at);
      at += take;
      index++;
      start = 0;
    }
    return out;
  }

  /** The byte at `offset` (undefined outside the store). */
  byteAt(offset: number): number | undefined {
    if (!(offset >= 0 && offset < this.total)) return undefined;
    const index = this.blockIndexOf(offset);
    if (index < this.released) return this.readSource(offset, 1)[0];
    return (this.blocks[index] as Uint8Array)[offset - (this.starts[index] as number)];
  }

  /** Whether block `index` was let go (its bytes are read again, per line, from the source). */
  isReleased(index: number): boolean {
    return index < this.released;
  }

  /** A released block, read again whole (a caller reading one line asks `slice` for it). */
  private readBlock(index: number): Uint8Array {
    const start = this.starts[index] as number;
    return this.readSource(start, this.blockStart(index + 1) - start);
  }

  private readSource(offset: number, length: number): Uint8Array {
    const bytes = (this.source as ByteSource).readAt(offset, length);
    if (bytes.length !== length)
      throw new InputChanged(
        `bytes ${offset}..${offset + length} could not be read again (${bytes.length} read)`,
      );
    return bytes;
  }

  /**
   * At the end of loading: gives back the last block's unused capacity when
   * it is more than what is used (one copy of the used part). Appending
   * afterwards still works (a new block starts).
   */
  trim(): void {
    const last = this.blocks.length - 1;
    const tail = this.blocks[last];
    if (tail !== undefined && tail.length - this.tailUsed > this.tailUsed)
      this.blocks[last] = tail.slice(0, this.tailUsed);
  }
}

const EMPTY = new Uint8Array(0);
