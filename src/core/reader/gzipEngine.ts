import { Gunzip } from 'fflate';
import { crc32 } from './crc32';
import { StreamProblem, type Engine } from './decompressEngine';
import { gzipHeaderLength } from './gzipHeader';

/** A gzip member header's bytes at most: its extra field takes up to 64 KiB, a file name or comment a few hundred bytes. */
const MAX_GZIP_HEADER = 256 * 1024;

/**
 * fflate's Gunzip plus what it leaves out: each member's trailer is checked
 * against the CRC32 and size of what the member produced, and the stream must
 * not stop inside a trailer or a header. Both need fflate's private state
 * (`v`: 1 + offset of the next member's header in `p`, or 0 inside a member;
 * `p`: the input not consumed yet), read with guards, so a different fflate
 * skips the checks instead of breaking. Members are strictly sequential:
 * a member's data is all delivered before `onmember` announces the next one.
 */
export class GzipEngine implements Engine {
  private readonly gunzip: Gunzip;
  private crc = 0;
  private size = 0;
  private member = 1;

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
    };
  }

  push(chunk: Uint8Array, final?: boolean): void {
    // fflate copies and rescans a header it has not finished on every push: bound its length. Only the
    // header's own bytes count: the members and data after it in the pending input are not header.
    const state = this.state();
    if (
      state !== undefined &&
      state.v > 0 &&
      gzipHeaderLength(state.p.subarray(state.v - 1), chunk, MAX_GZIP_HEADER) > MAX_GZIP_HEADER
    )
      throw new StreamProblem(
        `gzip member ${this.member + (state.v > 1 ? 1 : 0)} has a header over ${MAX_GZIP_HEADER} bytes (file name or comment)`,
      );
    this.gunzip.push(chunk, final);
  }

  endProblem(): string | undefined {
    const state = this.state();
    if (state === undefined || state.v <= 0) return undefined; // inside a member: the final push reports it
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
