/**
 * fflate's Gunzip plus what it leaves out: each member's trailer is checked
 * against the CRC32 and size of what the member produced, and the stream must
 * not stop inside a trailer or a header. Both need fflate's private state
 * (`v`: 1 + offset of the next member's header in `p`, or 0 inside a member;
 * `p`: the input not consumed yet), read with guards, so a different fflate
 * skips the checks instead of breaking. Members are strictly sequential:
 * a member's data is all delivered before `onmember` announces the next one.
 *
 * Many tiny members (a writer that gzips every append) cost fflate far more
 * than their size, checked in fflate 0.8.3's source: its streaming inflate
 * grows its output buffer to 128 KiB past the output so far at every deflate
 * block it starts (a fresh buffer for each member, and one per push inside a
 * member, since it keeps only the 32 KiB window between pushes), and it copies
 * the input it has not consumed yet at the end of each member. So we lend it
 * one reused output buffer (`OutputLender`) and feed it pieces that hold a
 * few members each (`nextPieceSize`): the work per member follows the
 * member's size instead of 128 KiB plus the slice's.
 */
import { Gunzip } from 'fflate';
import { crc32 } from './crc32';
import { StreamProblem, type Engine } from './decompressEngine';
import { gzipHeaderLength } from './gzipHeader';
import { errorMessage } from '../errorMessage';

/** A gzip member header's bytes at most: its extra field takes up to 64 KiB, a file name or comment a few hundred bytes. */
const MAX_GZIP_HEADER = 256 * 1024;

const EMPTY = new Uint8Array(0);

/** The room fflate's streaming inflate makes past its output at each block start (its `cbuf(bt + 131072)`). */
const INFLATE_HEADROOM = 128 * 1024;
/** The reused output buffer: the headroom past a full 32 KiB window, plus room for a member's first output. */
const LENT_BUFFER = 2 * INFLATE_HEADROOM;
/** Pieces hold about this many members, so a member's copy of the input after it stays a few members long. */
const MEMBERS_PER_PIECE = 16;
const MIN_PIECE = 256;
/** A piece without a member boundary doubles up to this (the whole slice decompress.ts hands over, at most). */
const MAX_PIECE = 256 * 1024;

export function nextPieceSize(pieceBytes: number, current: number, boundaries: number): number {
  if (boundaries === 0) return Math.min(MAX_PIECE, current * 2);
  return Math.max(MIN_PIECE, Math.min(MAX_PIECE, Math.floor((pieceBytes / boundaries) * MEMBERS_PER_PIECE)));
}

interface InflateState {
  /** Output so far, of which the first `s.b` bytes are the window back-references read. */
  o: Uint8Array;
  /** `b`: output bytes so far; `f`: the member's last block began; `l`: inside a block (its code table). */
  s: { b?: number; f?: unknown; l?: unknown };
}

/**
 * Gives fflate's inflate a reused buffer, with its window copied in, whenever
 * the one it holds lacks the headroom it would otherwise allocate (and zero)
 * at the next block. fflate hands out only copies of that buffer (`slc`) and
 * replaces it after every inflate call, so the lent buffer never escapes.
 * Only lent for a call that has input to inflate: with none (or a member whose
 * last block is done), fflate returns the whole buffer as its output.
 */
class OutputLender {
  private buffer: Uint8Array | undefined;
  lend(target: unknown): void {
    const state = target as Partial<InflateState>;
    const { o, s } = state;
    if (!(o instanceof Uint8Array) || typeof s !== 'object' || s === null) return;
    if (s.f && !s.l) return; // the last block is done: nothing more to inflate
    const b = s.b ?? 0;
    if (typeof b !== 'number' || b > o.length || o.length >= b + INFLATE_HEADROOM) return;
    if (b + INFLATE_HEADROOM > LENT_BUFFER) return; // fflate keeps at most 32 KiB between calls: not expected
    this.buffer ??= new Uint8Array(LENT_BUFFER);
    if (o !== this.buffer) this.buffer.set(o.subarray(0, b));
    state.o = this.buffer;
  }
}

export class GzipEngine implements Engine {
  private readonly gunzip: Gunzip;
  private readonly lender = new OutputLender();
  private crc = 0;
  private size = 0;
  private member = 1;
  private piece = MIN_PIECE;
  /** Compressed bytes pushed so far. */
  private seen = 0;
  /** Where zero bytes after the last member began (padding, skipped as gzip(1) does), once seen. */
  private paddingFrom: number | undefined;

  constructor(emit: (data: Uint8Array) => void) {
    this.gunzip = new Gunzip((data) => {
      this.crc = crc32(this.crc, data);
      this.size += data.length;
      emit(data);
    });
    // Called with the next member's header parsed, before its data: `v`/`p` still show the ended member.
    this.gunzip.onmember = () => {
      const problem = this.checkTrailer();
      if (problem !== undefined) throw new StreamProblem(problem); // caught by drain(); the stream stops here
      this.crc = 0;
      this.size = 0;
      this.member++;
      // fflate has just given the new member an empty output buffer; it inflates the data after the header next.
      const state = this.state();
      if (state !== undefined && state.v > 0) {
        const header = state.p.subarray(state.v - 1);
        if (header.length > gzipHeaderLength(header, EMPTY, MAX_GZIP_HEADER)) this.lender.lend(this.gunzip);
      }
    };
  }

  push(chunk: Uint8Array, final?: boolean): void {
    if (this.paddingFrom !== undefined && chunk.length === 0) return; // the end: nothing for fflate
    for (let at = 0; ;) {
      const end = Math.min(chunk.length, at + this.piece);
      const before = this.member;
      this.pushPiece(chunk.subarray(at, end), final === true && end === chunk.length);
      this.piece = nextPieceSize(end - at, this.piece, this.member - before);
      if (end === chunk.length) return;
      at = end;
    }
  }

  private pushPiece(piece: Uint8Array, final: boolean): void {
    // fflate copies and rescans a header it has not finished on every push: bound its length. Only the
    // header's own bytes count: the members and data after it in the pending input are not header.
    const state = this.state();
    if (
      state !== undefined &&
      state.v > 0 &&
      gzipHeaderLength(state.p.subarray(state.v - 1), piece, MAX_GZIP_HEADER) > MAX_GZIP_HEADER
    )
      throw new StreamProblem(
        `gzip member ${this.member + (state.v > 1 ? 1 : 0)} has a header over ${MAX_GZIP_HEADER} bytes (file name or comment)`,
      );
    if (this.paddingFrom !== undefined) {
      this.seen += piece.length;
      if (!piece.every((b) => b === 0)) throw new StreamProblem(trailingBytes(this.paddingFrom), true);
      return;
    }
    // Inside a member (`v` 0), fflate inflates this piece after what it holds; a new member is lent in `onmember`.
    if (state !== undefined && state.v === 0 && state.p.length + piece.length > 0)
      this.lender.lend(this.gunzip);
    const before = this.seen;
    this.seen += piece.length;
    try {
      this.gunzip.push(piece, final);
    } catch (e) {
      const after = this.afterLastMember();
      if (after === undefined) throw e;
      this.tail(before + piece.length - after.length, after);
    }
  }

  /**
   * The bytes where the next member's header should start, when they cannot start one (no gzip
   * magic): what fflate refused as "invalid gzip data". Undefined inside a member.
   */
  private afterLastMember(): Uint8Array | undefined {
    const state = this.state();
    if (state === undefined || state.v <= 1) return undefined;
    const rest = state.p.subarray(state.v - 1);
    return rest.length > 0 && !(rest[0] === 0x1f && (rest.length < 2 || rest[1] === 0x8b)) ? rest : undefined;
  }

  /**
   * Bytes after the last member, from compressed byte `from`: that member's trailer is checked,
   * zero bytes are padding (gzip(1): "trailing zero bytes ignored"), anything else is said with
   * where it starts (audit R17-8: fflate's error came with the offset of the piece it was in).
   */
  private tail(from: number, bytes: Uint8Array): void {
    const problem = this.checkTrailer();
    if (problem !== undefined) throw new StreamProblem(problem);
    if (!bytes.every((b) => b === 0)) throw new StreamProblem(trailingBytes(from), true);
    this.paddingFrom = from;
  }

  endProblem(): string | undefined {
    if (this.paddingFrom !== undefined) return undefined;
    const state = this.state();
    if (state === undefined || state.v <= 0) return undefined; // inside a member: the final push reports it
    // 1 to 3 bytes after the last member (fflate reads a header from 4 on)
    const after = this.afterLastMember();
    if (after !== undefined) {
      try {
        this.tail(this.seen - after.length, after);
      } catch (e) {
        return errorMessage(e);
      }
      return undefined;
    }
    const rest = state.p.length - (state.v - 1);
    if (rest < 0) return 'gzip data is truncated: the stream ends inside a member trailer (CRC and size)';
    if (rest > 0) return 'gzip data is truncated: the stream ends inside a member header';
    return this.checkTrailer();
  }

  /** Compares the ended member's trailer with what it produced. */
  private checkTrailer(): string | undefined {
    const state = this.state();
    if (state === undefined || state.v < 9 || state.p.length < state.v - 1) return undefined;
    const t = state.p.subarray(state.v - 9, state.v - 1);
    const crc =
      ((t[0] as number) | ((t[1] as number) << 8) | ((t[2] as number) << 16) | ((t[3] as number) << 24)) >>>
      0;
    const size =
      ((t[4] as number) | ((t[5] as number) << 8) | ((t[6] as number) << 16) | ((t[7] as number) << 24)) >>>
      0;
    if (crc !== this.crc) return `gzip data is corrupt: member ${this.member} fails its CRC32 check`;
    if (size !== this.size % 0x100000000)
      return `gzip data is corrupt: member ${this.member} decodes to ${this.size} bytes, its trailer says ${size} (mod 2^32)`;
    return undefined;
  }

  private state(): { v: number; p: Uint8Array } | undefined {
    const { v, p } = this.gunzip as unknown as { v?: unknown; p?: unknown };
    return typeof v === 'number' && p instanceof Uint8Array ? { v, p } : undefined;
  }
}

function trailingBytes(from: number): string {
  return `gzip data holds bytes after its last member that are no gzip member, from compressed byte ${from}: not read`;
}
