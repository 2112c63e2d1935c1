/**
 * Streaming decompression of a log's bytes: gzip (one or more members) and
 * zstd (one or more frames, skippable frames allowed), detected by magic bytes
 * and never by file name (spec section 1). Anything else passes through as is.
 *
 * What the libraries do, checked against their sources (fflate 0.8.3, fzstd
 * 0.1.1, both pinned) and by tests:
 * - fflate's `Gunzip` follows concatenated members, but it neither verifies
 *   a member's trailer (CRC32 and size) nor says anything when the input stops
 *   inside a trailer or inside the header of a following member. Garbage in
 *   deflate data often decodes "fine", so `GzipEngine` checks every trailer
 *   (crc32.ts, ~1 GB/s) and those two truncations, reading fflate's state.
 * - fzstd's `Decompress` follows concatenated and skippable frames and throws
 *   on a truncated stream at the final push, and so it does on trailing
 *   garbage shorter than a frame header: zstdFrames.ts tells the two apart.
 *   It does not verify the optional XXH64 content checksum: `ZstdEngine` does
 *   (xxh64.ts), as the walker hands it each frame's stored 4 bytes.
 * - Both recurse once per member/frame inside one `push`, so a chunk holding
 *   thousands of tiny members (a writer that compresses every append on its
 *   own) overflows the stack. We feed them slices whose size adapts to how
 *   many outputs a slice produced (see `nextSliceSize`).
 * - fflate copies its 32 KiB window on every push, so tiny input chunks are
 *   coalesced first (`COALESCE_BYTES`).
 *
 * Output is bounded (readLimits.ts): past `maxOutputBytes`, or past `maxRatio`
 * decoded bytes per compressed byte once `ratioFloorBytes` were decoded (past
 * `maxLargeRatio` once `largeRatioFloorBytes` were), it stops, sets `limited`,
 * keeps what came before and ignores later input. The
 * check runs inside the libraries' output callbacks, and a slice's size also
 * adapts to its output, so a bomb never produces more than a slice's worth
 * (`OUTPUT_PER_SLICE`) past the limit before it stops.
 *
 * Errors never escape: a corrupt or truncated stream sets `error` (except a
 * zstd stream that stops inside its last frame: `truncated`, a torn tail) and makes
 * every later call a no-op; the output delivered before it stays valid. On
 * mid-stream corruption, the output of the slice in which it was found (at
 * most `MAX_SLICE` compressed bytes) is lost, because the libraries throw
 * before handing it over.
 */
import { Decompress as ZstdDecompress } from 'fzstd';
import { StreamProblem, type Engine } from './decompressEngine';
import { GzipEngine } from './gzipEngine';
import type { ReadLimitKind } from './readLimits';
import { Xxh64 } from './xxh64';
import { PIECE_FRAMES, PIECE_WORK, ZstdFrameWalker } from './zstdFrames';
import { errorMessage } from '../errorMessage';

import { sniffFormat, type CompressionFormat } from './compressionFormat';
export { sniffFormat, type CompressionFormat } from './compressionFormat';

export interface Decompressor {
  /** The detected format; undefined until enough bytes arrived to tell. */
  readonly format: CompressionFormat | undefined;
  /** Why the compressed stream is unusable, once it is; later input is ignored. */
  readonly error: string | undefined;
  /** The output limit that stopped it, once one did; later input is ignored. */
  readonly limited:
    { kind: Exclude<ReadLimitKind, 'line-length'>; limit: number; ratioFloor?: number } | undefined;
  /** Input bytes taken so far (those handed to the decompressing library, for compressed input). */
  readonly consumed: number;
  /**
   * A zstd stream that stops inside its last frame (a writer that crashed
   * mid-frame): a torn tail, not corruption. Everything decoded is delivered.
   */
  readonly truncated: string | undefined;
  /**
   * Decompresses what it can of `chunk`. The arrays returned are the caller's
   * to keep (for plain input, the returned array may be `chunk` itself).
   */
  push(chunk: Uint8Array): Uint8Array[];
  /** The input is complete: flushes and checks the stream ended cleanly. */
  end(): Uint8Array[];
  /**
   * The input pauses here and may go on (follow mode): decodes the input held back for
   * coalescing, without ending the stream (audit R11-3: a small log never reached 16 KiB).
   */
  flush(): Uint8Array[];
}

/** Input smaller than this is buffered before it reaches the decompressor. */
const COALESCE_BYTES = 16 * 1024;
const FIRST_SLICE = 16 * 1024;
const MIN_SLICE = 4 * 1024;
const MAX_SLICE = 256 * 1024;
/** Keeps a slice to about this many library callbacks, i.e. far below the recursion limit. */
const CALLBACKS_PER_SLICE = 256;
/** Keeps a slice's output to about this many bytes (a deflate slice is inflated in one go). */
const OUTPUT_PER_SLICE = 16 * 1024 * 1024;

function nextSliceSize(sliceBytes: number, callbacks: number, outputBytes: number): number {
  const perCallback = sliceBytes / Math.max(1, callbacks);
  const perOutput = (sliceBytes / Math.max(1, outputBytes)) * OUTPUT_PER_SLICE;
  return Math.max(
    MIN_SLICE,
    Math.min(MAX_SLICE, Math.floor(perCallback * CALLBACKS_PER_SLICE), Math.floor(perOutput)),
  );
}

export interface DecompressorOptions {
  /** Output bytes at most; default unlimited. */
  maxOutputBytes?: number;
  /** Output bytes per input byte at most, checked past ratioFloorBytes (compressed input only). */
  maxRatio?: number;
  ratioFloorBytes?: number;
  /** A lower ratio cap, checked past largeRatioFloorBytes (readLimits.ts says why). */
  maxLargeRatio?: number;
  largeRatioFloorBytes?: number;
}

export function createDecompressor(options: DecompressorOptions = {}): Decompressor {
  return new SniffingDecompressor(options);
}

/** Thrown from an output callback to stop the library at a limit (caught by drain). */
class OutputLimit extends Error {}

const EMPTY = new Uint8Array(0);

class SniffingDecompressor implements Decompressor {
  format: CompressionFormat | undefined = undefined;
  error: string | undefined = undefined;
  limited: Decompressor['limited'] = undefined;
  private readonly maxOutput: number;
  private readonly maxRatio: number;
  private readonly ratioFloor: number;
  private readonly maxLargeRatio: number;
  private readonly largeRatioFloor: number;
  private produced = 0; // output bytes delivered
  private inFlight = 0; // input bytes of the slice being decompressed
  truncated: string | undefined = undefined;
  private head: Uint8Array = EMPTY; // bytes held back while sniffing
  private engine: Engine | undefined;
  private out: Uint8Array[] = [];
  private callbacks = 0;
  private pending: Uint8Array[] = [];
  private pendingBytes = 0;
  private slice = FIRST_SLICE;
  consumed = 0; // input bytes taken (for compressed input: handed to the engine)
  private ended = false;

  constructor(options: DecompressorOptions) {
    this.maxOutput = options.maxOutputBytes ?? Infinity;
    this.maxRatio = options.maxRatio ?? Infinity;
    this.ratioFloor = options.ratioFloorBytes ?? 0;
    this.maxLargeRatio = options.maxLargeRatio ?? Infinity;
    this.largeRatioFloor = options.largeRatioFloorBytes ?? Infinity;
  }

  push(chunk: Uint8Array): Uint8Array[] {
    if (this.ended || this.error !== undefined || this.limited !== undefined || chunk.length === 0) return [];
    if (this.format === undefined) {
      chunk = this.head.length === 0 ? chunk : concat([this.head, chunk], this.head.length + chunk.length);
      const format = sniffFormat(chunk);
      if (format === undefined) {
        this.head = chunk.slice(); // at most 3 bytes; copied, the caller may reuse its buffer
        return [];
      }
      this.head = EMPTY;
      this.start(format);
    }
    if (this.format === 'plain') return this.plain(chunk);
    // Copied: both libraries keep views of unconsumed input between pushes, and the caller may
    // reuse its buffer once push returns. (Compressed input is small next to its output.)
    this.pending.push(chunk.slice());
    this.pendingBytes += chunk.length;
    if (this.pendingBytes >= COALESCE_BYTES) this.drain(false);
    return this.take();
  }

  end(): Uint8Array[] {
    if (this.ended) return [];
    this.ended = true;
    if (this.format === undefined) {
      // Fewer bytes than a magic number: too short to be compressed.
      this.format = 'plain';
      return this.head.length > 0 ? this.plain(this.head) : [];
    }
    if (this.format === 'plain' || this.error !== undefined || this.limited !== undefined) return [];
    this.drain(true);
    return this.take();
  }

  flush(): Uint8Array[] {
    if (this.ended || this.error !== undefined || this.limited !== undefined) return [];
    if (this.pendingBytes > 0) this.drain(false);
    return this.take();
  }

  private start(format: CompressionFormat): void {
    this.format = format;
    const collect = (data: Uint8Array): void => this.collect(data);
    if (format === 'gzip') this.engine = new GzipEngine(collect);
    else if (format === 'zstd') this.engine = new ZstdEngine(collect, () => this.produced);
  }

  /** Plain input passes through, up to the output limit. */
  private plain(chunk: Uint8Array): Uint8Array[] {
    this.consumed += chunk.length;
    const room = this.maxOutput - this.produced;
    if (chunk.length <= room) {
      this.produced += chunk.length;
      return [chunk];
    }
    this.produced += room;
    this.limited = { kind: 'decoded-size', limit: this.maxOutput };
    return room > 0 ? [chunk.subarray(0, room)] : [];
  }

  private collect(data: Uint8Array): void {
    this.callbacks++;
    if (data.length === 0) return;
    const room = this.maxOutput - this.produced;
    if (data.length > room) {
      if (room > 0) this.out.push(data.subarray(0, room));
      this.produced += Math.max(0, room);
      this.limited = { kind: 'decoded-size', limit: this.maxOutput };
      throw new OutputLimit();
    }
    this.out.push(data);
    this.produced += data.length;
    const input = this.consumed + this.inFlight;
    if (this.produced > this.ratioFloor && this.produced > this.maxRatio * input) {
      this.limited = { kind: 'compression-ratio', limit: this.maxRatio };
      throw new OutputLimit();
    }
    if (this.produced > this.largeRatioFloor && this.produced > this.maxLargeRatio * input) {
      const ratioFloor = this.largeRatioFloor;
      this.limited = { kind: 'compression-ratio', limit: this.maxLargeRatio, ratioFloor };
      throw new OutputLimit();
    }
  }

  private take(): Uint8Array[] {
    const out = this.out;
    if (out.length > 0) this.out = [];
    return out;
  }

  /** Feeds pending input to the engine in adaptive slices; `final` also closes the stream. */
  private drain(final: boolean): void {
    const engine = this.engine;
    if (engine === undefined) return;
    const input =
      this.pending.length === 1 ? (this.pending[0] as Uint8Array) : concat(this.pending, this.pendingBytes);
    this.pending = [];
    this.pendingBytes = 0;
    try {
      for (let at = 0; at < input.length;) {
        const piece = input.subarray(at, at + this.slice);
        this.callbacks = 0;
        this.inFlight = piece.length;
        const before = this.produced;
        engine.push(piece, false);
        this.inFlight = 0;
        at += piece.length;
        this.consumed += piece.length;
        this.slice = nextSliceSize(piece.length, this.callbacks, this.produced - before);
      }
      if (final) {
        const problem = engine.endProblem();
        if (problem !== undefined) this.error = problem;
        else if (engine instanceof ZstdEngine) this.finishZstd(engine);
        else engine.push(EMPTY, true);
      }
    } catch (e) {
      if (e instanceof OutputLimit) {
        this.consumed += this.inFlight;
        this.inFlight = 0;
        return;
      }
      // The piece being decoded (up to 256 KiB, the whole input when it came at once): the library says no more.
      const where =
        this.inFlight > 1
          ? `in compressed bytes ${this.consumed}-${this.consumed + this.inFlight - 1}`
          : `near compressed byte ${this.consumed}`;
      if (e instanceof StreamProblem) this.error = e.placed ? e.message : `${e.message} (${where})`;
      else this.error = `${this.format} data is corrupt or truncated (${errorMessage(e)}) ${where}`;
    }
  }

  /**
   * All input was decoded without complaint: a zstd stream that now fails to
   * close, and stops inside a frame that began well, had its last frame cut
   * short (the harness writes each frame to end on a line, a crash cuts the
   * last one short: spec section 1). Anything else is thrown on to `drain`.
   */
  private finishZstd(engine: ZstdEngine): void {
    try {
      engine.push(EMPTY, true);
    } catch (e) {
      if (!engine.frames.insideFrame) throw e;
      this.truncated = `the last zstd frame is cut short (${errorMessage(e)}, after compressed byte ${this.consumed})`;
    }
  }
}

class ZstdEngine implements Engine {
  private readonly zstd: ZstdDecompress;
  /** Where the stream is in its frames: a stop inside one is a torn tail, not garbage. */
  readonly frames = new ZstdFrameWalker();
  /** XXH64 of the output of the frame being decoded. */
  private readonly hash = new Xxh64();
  /** Low 32 bits of the XXH64 of each frame decoded whose stored checksum the walker has not read yet. */
  private readonly digests: { frame: number; digest: number }[] = [];
  /** Frames decoded so far (1-based in messages). */
  private frame = 0;
  constructor(
    emit: (data: Uint8Array) => void,
    /** Bytes decoded so far. */
    private readonly produced: () => number,
  ) {
    // fzstd emits once per block, only after the walker read that block's header (same bytes, read first).
    this.zstd = new ZstdDecompress((data) => {
      const block = this.frames.shiftBlock();
      if (block?.checked === true) this.hash.update(data);
      if (block?.last === true) this.endFrame(block.checked);
      emit(data);
    });
  }
  private endFrame(checked: boolean): void {
    this.frame++;
    if (checked) this.digests.push({ frame: this.frame, digest: this.hash.digestLow32() });
    this.hash.reset();
  }
  /** Compares each decoded frame's digest with its stored checksum, once both are known. */
  private verify(): void {
    const stored = this.frames.checksums;
    for (let decoded = this.digests.shift(); decoded !== undefined; decoded = this.digests.shift()) {
      const checksum = stored.shift();
      if (checksum === undefined) {
        this.digests.unshift(decoded); // its 4 bytes are in a later push
        return;
      }
      if (checksum !== decoded.digest)
        throw new StreamProblem(
          `zstd data is corrupt: frame ${decoded.frame} fails its content checksum (XXH64)`,
        );
    }
  }
  push(chunk: Uint8Array, final?: boolean): void {
    // The walker reads the chunk's frame and block headers before fzstd decodes any of it.
    // Pieces of bounded window work and frames, each checked against the text decoded before it.
    for (let at = 0; at < chunk.length || (at === 0 && final);) {
      const work = this.frames.windowWork;
      const end = this.frames.push(chunk, at, PIECE_WORK, PIECE_FRAMES);
      const problem = this.frames.costProblem(this.produced(), this.frames.windowWork - work);
      if (problem !== undefined) throw new StreamProblem(problem);
      this.zstd.push(chunk.subarray(at, end), final === true && end === chunk.length);
      this.verify();
      if (end === chunk.length) break;
      at = end;
    }
  }
  endProblem(): undefined {
    return undefined; // fzstd itself throws on a truncated stream at the final push
  }
}

function concat(parts: Uint8Array[], total: number): Uint8Array {
  const out = new Uint8Array(total);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
