/**
 * Follows the frame structure of a zstd stream as it arrives (frame headers,
 * block headers and sizes, checksums, skippable frames; RFC 8878 section 3),
 * without decoding anything. It tells a stream that stops inside a frame that
 * began well (the harness's last frame cut short by a crash, spec section 1)
 * from one that ends with bytes that are no frame at all (garbage), which
 * the decoder reports the same way.
 */

const MAGIC = [0x28, 0xb5, 0x2f, 0xfd];

/**
 * The largest zstd window decoded: zstd's own decoder refuses more by default (window log 27;
 * `--long=31` lifts it), and fzstd would allocate it whole (up to 2 GiB) for any frame.
 */
export const MAX_ZSTD_WINDOW = 128 * 1024 * 1024;
/** Window work per piece fed to fzstd: the most that runs before the next check. */
export const PIECE_WORK = 256 * 1024 * 1024;
/**
 * Frames ended per piece at most: fzstd calls itself once per frame (and per skippable frame) within
 * a push, so 375,000 empty skippable frames in one read overflowed the stack (audit 28 L4).
 */
export const PIECE_FRAMES = 1024;
/**
 * Window bytes fzstd may allocate or shift per byte decoded, past WORK_FLOOR. An ordinary
 * stream's blocks regenerate up to 128 KiB each, so even a 128 MiB window costs ~1,024 per byte,
 * and a writer that flushes each line in a 2 MiB window ~7,000; thousands of one-byte blocks in a
 * large window cost millions.
 */
const WORK_PER_BYTE = 16_384;
const WORK_FLOOR = 1024 ** 3;

const mib = (bytes: number): string => `${(bytes / 1024 ** 2).toFixed(bytes < 1024 ** 2 ? 3 : 0)} MiB`;

type State = 'magic' | 'descriptor' | 'header' | 'block' | 'checksum' | 'skippableSize' | 'skip' | 'invalid';

/** A block whose header was read, in stream order: fzstd emits one output per block. */
export interface ZstdBlock {
  /** A block of a frame that stores a content checksum (its output is hashed; others' is not). */
  readonly checked: boolean;
  /** The frame's last block. */
  readonly last: boolean;
}

export class ZstdFrameWalker {
  private state: State = 'magic';
  /** Bytes of the structure being read (a magic number, a block header...). */
  private readonly held: number[] = [];
  /** Bytes to skip before the next structure (header rest, block content, checksum). */
  private skipping = 0;
  /** What follows the skipped bytes. */
  private after: State = 'magic';
  private checksum = false;
  /** The frame header's descriptor byte and the length of the header fields after it. */
  private descriptor = 0;
  private headerBytes = 0;
  /** Blocks whose header was read and whose output the decoder has not taken yet (shiftBlock). */
  private readonly blocks: ZstdBlock[] = [];
  private blockAt = 0;
  /** The content checksums read (the 4 bytes after a frame's last block, little-endian), not yet taken. */
  readonly checksums: number[] = [];
  /** The window of the frame being read, in bytes, as fzstd sizes its buffer (0 outside a frame). */
  window = 0;
  /** The largest window of any frame so far. */
  largestWindow = 0;
  /** Window bytes fzstd allocates or shifts for what was pushed: one window per frame and per block. */
  windowWork = 0;

  /**
   * Reads `chunk` from `from`; stops early, right after a block header, once the window work of
   * this call reaches `workLimit`, or right after a frame once `frameLimit` frames ended in it.
   * Returns where it stopped (chunk.length when it read it all).
   */
  push(chunk: Uint8Array, from = 0, workLimit = Infinity, frameLimit = Infinity): number {
    let i = from;
    const start = this.windowWork;
    let ended = 0;
    while (i < chunk.length && this.state !== 'invalid') {
      const before = this.state;
      if (this.skipping > 0) {
        const n = Math.min(this.skipping, chunk.length - i);
        this.skipping -= n;
        i += n;
        if (this.skipping === 0) this.state = this.after;
      } else {
        this.held.push(chunk[i++] as number);
        this.structure();
        if (this.windowWork - start >= workLimit) break;
      }
      // a frame (or a skippable one) ended here: a piece may stop at this boundary
      if (before !== 'magic' && this.state === 'magic' && ++ended >= frameLimit) break;
    }
    return this.state === 'invalid' ? chunk.length : i;
  }

  /**
   * Why decoding further would cost far more than its output, if it would: a window past
   * MAX_ZSTD_WINDOW, or window work so far past the budget for the `produced` bytes decoded
   * (checked before each piece reaches fzstd, so at most one piece of work runs past it).
   */
  costProblem(produced: number, pieceWork: number): string | undefined {
    if (this.largestWindow > MAX_ZSTD_WINDOW)
      return `zstd data asks for a ${mib(this.largestWindow)} window; this reader decodes windows up to ${mib(MAX_ZSTD_WINDOW)}, as zstd does by default`;
    const done = this.windowWork - pieceWork;
    if (done > WORK_FLOOR + WORK_PER_BYTE * produced)
      return `zstd data of tiny blocks in a ${mib(this.window || this.largestWindow)} window: decoding it copied ${mib(done)} for ${produced} bytes of text, so it is refused`;
    return undefined;
  }

  /** The next block the decoder will emit (undefined when no block header was read for it). */
  shiftBlock(): ZstdBlock | undefined {
    const block = this.blocks[this.blockAt];
    if (block === undefined) return undefined;
    this.blockAt++;
    if (this.blockAt === this.blocks.length) {
      this.blocks.length = 0;
      this.blockAt = 0;
    }
    return block;
  }

  /** The stream stopped inside a frame that began with a valid magic number (or inside that number). */
  get insideFrame(): boolean {
    if (this.state === 'invalid') return false;
    if (this.state !== 'magic') return true;
    return (
      this.held.length > 0 && this.held.every((b, k) => b === MAGIC[k] || (k === 0 && (b & 0xf0) === 0x50))
    );
  }

  private structure(): void {
    const h = this.held;
    switch (this.state) {
      case 'magic': {
        if (h.length < 4) return;
        const skippable =
          ((h[0] as number) & 0xf0) === 0x50 && h[1] === 0x2a && h[2] === 0x4d && h[3] === 0x18;
        const frame = h.every((b, k) => b === MAGIC[k]);
        h.length = 0;
        this.state = skippable ? 'skippableSize' : frame ? 'descriptor' : 'invalid';
        return;
      }
      case 'skippableSize': {
        if (h.length < 4) return;
        const size =
          ((h[0] as number) | ((h[1] as number) << 8) | ((h[2] as number) << 16)) +
          (h[3] as number) * 2 ** 24;
        h.length = 0;
        this.skip(size, 'magic');
        return;
      }
      case 'descriptor': {
        const d = h[0] as number;
        h.length = 0;
        const fcsFlag = d >> 6;
        const single = (d & 0x20) !== 0;
        this.checksum = (d & 0x04) !== 0;
        const dictSize = [0, 1, 2, 4][d & 0x03] as number;
        const fcsSize = [single ? 1 : 0, 2, 4, 8][fcsFlag] as number;
        this.descriptor = d;
        this.headerBytes = (single ? 0 : 1) + dictSize + fcsSize;
        this.state = 'header'; // at least one byte: a window descriptor or a content size
        return;
      }
      case 'header': {
        if (h.length < this.headerBytes) return;
        this.startFrame(frameWindow(this.descriptor, h));
        h.length = 0;
        this.state = 'block';
        return;
      }
      case 'block': {
        if (h.length < 3) return;
        const header = (h[0] as number) | ((h[1] as number) << 8) | ((h[2] as number) << 16);
        h.length = 0;
        const last = (header & 1) !== 0;
        const type = (header >> 1) & 3;
        if (type === 3) {
          this.state = 'invalid';
          return;
        }
        this.windowWork += this.window; // fzstd shifts its whole window after every block
        const size = type === 1 ? 1 : header >>> 3; // an RLE block holds one byte
        this.blocks.push({ last, checked: this.checksum });
        if (last) this.window = 0;
        this.skip(size, last ? (this.checksum ? 'checksum' : 'magic') : 'block');
        return;
      }
      case 'checksum': {
        if (h.length < 4) return;
        this.checksums.push(
          ((h[0] as number) |
            ((h[1] as number) << 8) |
            ((h[2] as number) << 16) |
            ((h[3] as number) << 24)) >>>
            0,
        );
        h.length = 0;
        this.state = 'magic';
        return;
      }
      default:
        return;
    }
  }

  private startFrame(window: number): void {
    this.window = window;
    this.largestWindow = Math.max(this.largestWindow, window);
    this.windowWork += window; // allocated (and zeroed) when fzstd reads the frame header
  }

  private skip(n: number, next: State): void {
    if (n === 0) this.state = next;
    else {
      this.skipping = n;
      this.after = next;
      this.state = 'skip';
    }
  }
}

/**
 * The window fzstd allocates for a frame (RFC 8878 3.1.1.1.2): the frame content size for a
 * single-segment frame, else the window descriptor's size. `fields` are the header's bytes after
 * the descriptor: window descriptor (absent when single-segment), dictionary id, content size.
 */
function frameWindow(descriptor: number, fields: readonly number[]): number {
  const single = (descriptor & 0x20) !== 0;
  if (!single) {
    const w = fields[0] as number;
    const base = 2 ** (10 + (w >> 3));
    return base + (base / 8) * (w & 7);
  }
  const fcsFlag = descriptor >> 6;
  const dictSize = [0, 1, 2, 4][descriptor & 0x03] as number;
  const fcsSize = [1, 2, 4, 8][fcsFlag] as number;
  let size = 0;
  for (let k = fcsSize - 1; k >= 0; k--) size = size * 256 + (fields[dictSize + k] as number);
  return fcsFlag === 1 ? size + 256 : size;
}
