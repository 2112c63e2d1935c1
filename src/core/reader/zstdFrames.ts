/**
 * Follows the frame structure of a zstd stream as it arrives (frame headers,
 * block headers and sizes, checksums, skippable frames; RFC 8878 section 3),
 * without decoding anything. It tells a stream that stops inside a frame that
 * began well (the harness's last frame cut short by a crash, spec section 1)
 * from one that ends with bytes that are no frame at all (garbage), which
 * the decoder reports the same way.
 */

const MAGIC = [0x28, 0xb5, 0x2f, 0xfd];

type State = 'magic' | 'descriptor' | 'block' | 'skippableSize' | 'skip' | 'invalid';

export class ZstdFrameWalker {
  private state: State = 'magic';
  /** Bytes of the structure being read (a magic number, a block header...). */
  private readonly held: number[] = [];
  /** Bytes to skip before the next structure (header rest, block content, checksum). */
  private skipping = 0;
  /** What follows the skipped bytes. */
  private after: State = 'magic';
  private checksum = false;

  push(chunk: Uint8Array): void {
    let i = 0;
    while (i < chunk.length && this.state !== 'invalid') {
      if (this.skipping > 0) {
        const n = Math.min(this.skipping, chunk.length - i);
        this.skipping -= n;
        i += n;
        if (this.skipping === 0) this.state = this.after;
        continue;
      }
      this.held.push(chunk[i++] as number);
      this.structure();
    }
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
        this.skip((single ? 0 : 1) + dictSize + fcsSize, 'block');
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
        const size = type === 1 ? 1 : header >>> 3; // an RLE block holds one byte
        const next: State = last ? 'magic' : 'block';
        this.skip(size + (last && this.checksum ? 4 : 0), next);
        return;
      }
      default:
        return;
    }
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
