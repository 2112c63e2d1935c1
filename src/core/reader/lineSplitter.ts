/**
 * Finds the lines of the log in the ByteStore as bytes arrive, and decodes
 * them: `indexOf(10)` over each block (native, ~GB/s); lines may span pushes
 * and blocks.
 *
 * Decoding is batched: the complete lines found in one block are decoded by
 * one `TextDecoder.decode` call (up to `BATCH_BYTES`), and each line is a
 * slice of that string. That saves the per-call cost of decoding line by
 * line, which is a good part of the reader's budget. It is exact because byte
 * 10 never occurs inside a multi-byte UTF-8 sequence, and a decoder turns a
 * sequence cut short by a newline into one U+FFFD either way, so line k of the
 * decoded batch is exactly the decoding of line k's bytes. (Parsed values do
 * not keep the batch string alive: JSON.parse copies strings.)
 *
 * Tolerated per spec section 1: a UTF-8 BOM (at the start of the file, or of
 * any line, for logs concatenated from several files; the line's offset is
 * after it), CRLF (the \r is not part of the line), and blank or
 * whitespace-only lines (skipped, but counted, so line numbers are 1-based
 * and match what an editor shows).
 */
import type { JsonObject } from '../validate';
import { DeltaLine } from './fastLine';
import { looksLikeDelta, mayBePackedRow, scanDeltaLine } from './fastBytes';
import type { ByteStore } from './byteStore';
import { createLineDecoder, decodeLine } from './lineDecoder';
import { ElidedCopy, ResultEliding, elidedValue } from './elidedResults';
import type { LineHints, LineSink } from './lineSink';
import { LineRun } from './lineRun';

export type { LineHints, LineSink } from './lineSink';
export { createLineDecoder, type LineDecoder } from './lineDecoder';

const LF = 10;
const CR = 13;
const BATCH_BYTES = 64 * 1024;

export class LineSplitter {
  /** Lines seen so far, blank ones included (the number of the last line found). */
  lineNumber = 0;
  /** Where the line being read starts: the bytes before it are read (the store may let them go). */
  lineStart = 0;
  /** Everything before this offset has been searched for a newline. */
  private scanned = 0;
  private ended = false;
  private readonly decoder = createLineDecoder();
  /** While set, a line it knows goes to `sink.value` undecoded; runs of the others are decoded (lineRun.ts). */
  hints: LineHints | null = null;
  /** Lines that came from the hints (the bench reports the share). */
  hintedLines = 0;
  /** Tool/result lines handed on without their result texts (elidedResults.ts). */
  elidedLines = 0;
  /** The fields of the last delta line scanned as bytes (reused per line). */
  private readonly fields = new DeltaLine();

  /** Reads tool/result lines without their result texts, when the sink takes them so. */
  private readonly eliding: ResultEliding | null;
  private readonly decodeBytes = (bytes: Uint8Array): string => this.decoder.decode(bytes);

  constructor(
    private readonly store: ByteStore,
    private readonly sink: LineSink,
  ) {
    const takes = sink.value !== undefined || sink.elidedCopy !== undefined;
    this.eliding = sink.elidesResultText === true && takes ? new ResultEliding() : null;
    this.run = new LineRun(this.decoder, sink);
  }

  /** The lines to decode that follow each other, decoded together (lineRun.ts). */
  private readonly run: LineRun;

  /**
   * Hands on a line the hints know, bytes block[b..bEnd) (its number counted): a delta's fields,
   * a value, or a tool/result's copy without its result texts (parsed here; when it does not
   * hold, or the sink reads result texts, the line is read whole).
   */
  private handOnHint(
    value: JsonObject | DeltaLine | ElidedCopy,
    block: Uint8Array,
    base: number,
    b: number,
    bEnd: number,
  ): void {
    this.run.flush();
    const sink = this.sink as Required<LineSink>;
    const n = this.lineNumber;
    if (value instanceof ElidedCopy) {
      const elided = this.eliding !== null ? elidedValue(value) : undefined;
      if (elided === undefined) {
        sink.line(decodeLine(this.decoder, block.subarray(b, bEnd)), base + b, bEnd - b, n, true, true, true);
        return;
      }
      this.handOnElided(elided, base + b, bEnd - b);
      return;
    }
    this.hintedLines++;
    if (!(value instanceof DeltaLine)) sink.value(value, base + b, bEnd - b, n, true);
    else if (sink.delta !== undefined) sink.delta(value, base + b, bEnd - b, n);
    else sink.value(value.value(), base + b, bEnd - b, n, true);
  }

  /** Hands on the tool/result line bytes[b..bEnd) without its result texts, when it can be read so. */
  private elided(block: Uint8Array, base: number, b: number, bEnd: number): boolean {
    if (this.sink.value === undefined) return false;
    const value = (this.eliding as ResultEliding).read(block, b, bEnd, this.decodeBytes);
    if (value === undefined) return false;
    this.handOnElided(value, base + b, bEnd - b);
    return true;
  }

  /** A tool/result's value read without its result texts (the sink takes them: `elidesResultText`). */
  private handOnElided(value: JsonObject, offset: number, length: number): void {
    this.run.flush();
    this.elidedLines++;
    (this.sink as Required<LineSink>).value(value, offset, length, this.lineNumber, true, true);
  }

  /** Emits every line completed by the bytes appended since the last call. */
  scan(): void {
    const store = this.store;
    while (this.scanned < store.length) {
      const index = store.blockIndexOf(this.scanned);
      const block = store.block(index);
      const base = store.blockStart(index);
      let first = block.indexOf(LF, this.scanned - base);
      if (first >= 0 && this.lineStart < base) {
        // The line began in an earlier block.
        this.single(this.lineStart, base + first, true);
        this.lineStart = base + first + 1;
        first = block.indexOf(LF, first + 1);
      }
      if (first >= 0) {
        const last = block.lastIndexOf(LF);
        if (this.hints !== null && this.sink.value !== undefined)
          this.hinted(block, base, this.lineStart - base, last);
        else this.batches(block, base, this.lineStart - base, last);
        this.lineStart = base + last + 1;
      }
      this.scanned = base + block.length;
    }
  }

  /** The input is complete: emits a last line that had no newline. */
  end(): void {
    if (this.ended) return;
    this.scan();
    this.ended = true;
    if (this.lineStart < this.store.length) {
      this.single(this.lineStart, this.store.length, false);
      this.lineStart = this.store.length;
    }
  }

  /** The lines in block[start..last] (`last` a newline): known ones from the hints, the rest decoded alone. */
  private hinted(block: Uint8Array, base: number, b: number, last: number): void {
    const hints = this.hints as LineHints;
    while (b <= last) {
      b = this.skipBlank(block, b, last);
      if (b > last) break;
      // A prescanned line's length is known: its line end is checked, not searched for.
      const known = hints.lengthAt(base + b);
      const at = b + known;
      if (known > 0 && at <= last && block[at - 1] !== CR) {
        const nl = block[at] === LF ? at : block[at] === CR && block[at + 1] === LF ? at + 1 : -1;
        const value = nl >= 0 ? hints.take(base + b, known) : undefined;
        if (value !== undefined) {
          this.lineNumber++;
          this.handOnHint(value, block, base, b, at);
          b = nl + 1;
          continue;
        }
      }
      const nl = block.indexOf(LF, b);
      this.lineNumber++;
      let bEnd = nl;
      if (bEnd > b && block[bEnd - 1] === CR) bEnd--;
      const bom = bEnd - b >= 3 && block[b] === 0xef && block[b + 1] === 0xbb && block[b + 2] === 0xbf;
      if (bom) b += 3;
      const head = block[b];
      if (bEnd > b && !((head === 32 || head === 9 || head === CR) && isBlank(block, b, bEnd))) {
        const value = hints.take(base + b, bEnd - b);
        if (value !== undefined) this.handOnHint(value, block, base, b, bEnd);
        else {
          // The range worker scanned this line and refused it (or never decoded it: no delta
          // line, no packed row): the owner does not scan it again. (A delta line after a BOM is
          // one the worker never scanned as a delta: rare, and left to the usual path.)
          if (this.eliding !== null && !bom && this.elided(block, base, b, bEnd)) {
            b = nl + 1;
            continue;
          }
          this.run.add(block, base, b, bEnd, nl, this.lineNumber, !bom, !bom);
        }
      }
      b = nl + 1;
    }
    this.run.flush();
  }

  /**
   * The lines in block[start..last], `last` being a newline. When the sink takes delta lines as
   * fields, each line that starts like one is scanned as bytes (fastBytes.ts) and handed on
   * undecoded; the runs of other lines between them are decoded in batches.
   */
  private batches(block: Uint8Array, base: number, start: number, last: number): void {
    const sink = this.sink;
    if (sink.delta === undefined) return this.decodeRuns(block, base, start, last);
    const fields = this.fields;
    for (let b = start; b <= last;) {
      const end = scanDeltaLine(block, b, last, fields);
      if (end >= 0) {
        this.lineNumber++;
        this.run.flush();
        sink.delta(fields, base + b, end - b, this.lineNumber);
        b = block[end] === CR ? end + 2 : end + 1;
        continue;
      }
      const head = block[b];
      if (head === LF || head === CR || head === 32 || head === 9) {
        const after = this.skipBlank(block, b, last);
        if (after !== b) {
          b = after;
          continue;
        }
      }
      b = this.notDelta(block, base, b);
    }
    this.run.flush();
  }

  /**
   * The line at block[b] (it ends at a newline in the block), which the byte scan refused: decoded
   * with the run of such lines it is in (lineRun.ts: between delta lines the runs are short). A
   * line that cannot be a packed row either is handed on as `notFast` (most of the lines between
   * deltas). A sink that takes only fast lines (`LineSink.fastLinesOnly`) is not handed lines that
   * cannot be one: they are never decoded. Returns where the next line starts.
   */
  private notDelta(block: Uint8Array, base: number, b: number): number {
    const nl = block.indexOf(LF, b);
    this.lineNumber++;
    let bEnd = nl;
    if (bEnd > b && block[bEnd - 1] === CR) bEnd--;
    // The byte scan ran from the BOM: what follows one may still be a delta line.
    const bom = bEnd - b >= 3 && block[b] === 0xef && block[b + 1] === 0xbb && block[b + 2] === 0xbf;
    if (bom) b += 3;
    const head = block[b];
    if (bEnd > b && !((head === 32 || head === 9 || head === CR) && isBlank(block, b, bEnd))) {
      const mayBeRow = mayBePackedRow(block, b, bEnd);
      if (this.sink.fastLinesOnly !== true || mayBeRow) {
        if (this.eliding !== null && !bom && !mayBeRow && this.elided(block, base, b, bEnd)) return nl + 1;
        this.run.add(block, base, b, bEnd, nl, this.lineNumber, true, !mayBeRow && !bom);
      } else if (this.eliding !== null && !bom && this.sink.elidedCopy !== undefined) {
        // A range worker: the copy of a tool/result without its result texts, for the owner.
        const copy = this.eliding.copyOf(block, b, bEnd, this.decodeBytes);
        this.run.flush();
        if (copy !== undefined) this.sink.elidedCopy(copy, base + b, bEnd - b);
      }
    }
    return nl + 1;
  }

  /** The lines in block[start..last], `last` being a newline, decoded in batches of whole lines. */
  private decodeRuns(block: Uint8Array, base: number, start: number, last: number): void {
    while (start <= last) {
      let end = start + BATCH_BYTES <= last ? block.lastIndexOf(LF, start + BATCH_BYTES) : last;
      if (end < start) end = block.indexOf(LF, start); // a line longer than a batch: on its own
      this.batch(block, base, start, end);
      start = end + 1;
    }
  }

  private batch(block: Uint8Array, base: number, start: number, last: number): void {
    let text: string;
    try {
      text = this.decoder.decode(block.subarray(start, last + 1));
    } catch {
      // Only a batch that is one giant line can fail (string length limit): `single` reports it.
      for (let b = start; b <= last;) {
        const nl = block.indexOf(LF, b);
        this.single(base + b, base + nl, true);
        b = nl + 1;
      }
      return;
    }
    // One char per byte (every char ASCII or a lone invalid byte's U+FFFD: no sequence decodes to
    // more chars than it has bytes, so equal lengths mean every byte gave exactly one char): a
    // newline's byte is then its char's index, and one search finds both.
    const oneCharPerByte = text.length === last + 1 - start;
    let b = start; // the line's first byte in the block
    let c = 0; // its first char in text
    for (;;) {
      const after = this.skipBlank(block, b, last);
      if (after > last) return;
      c += after - b; // blank lines are ASCII: one char per byte
      b = after;
      const nlChar = text.indexOf('\n', c);
      const nl = oneCharPerByte ? start + nlChar : block.indexOf(LF, b);
      this.lineNumber++;
      let bEnd = nl;
      let cEnd = nlChar;
      if (bEnd > b && block[bEnd - 1] === CR) {
        bEnd--;
        cEnd--;
      }
      if (bEnd - b >= 3 && block[b] === 0xef && block[b + 1] === 0xbb && block[b + 2] === 0xbf) {
        b += 3;
        c += 1;
      }
      const head = block[b];
      if (bEnd > b && !((head === 32 || head === 9 || head === CR) && isBlank(block, b, bEnd))) {
        this.sink.line(text.slice(c, cEnd), base + b, bEnd - b, this.lineNumber, true);
      }
      if (nl >= last) return;
      b = nl + 1;
      c = nlChar + 1;
    }
  }

  /**
   * Counts the blank (empty or whitespace-only) lines starting at block[b] in one pass over their
   * bytes, and returns where the first other line starts (past `last` when they run to it). The
   * per-line path costs a few hundred ns a line: 64 MiB of newlines (a decompression bomb's
   * favourite) would take 20 s to reach the ratio limit; this takes tens of ms.
   */
  private skipBlank(block: Uint8Array, b: number, last: number): number {
    let next = b;
    let lines = 0;
    for (let i = b; i <= last; i++) {
      const x = block[i];
      if (x === LF) {
        lines++;
        next = i + 1;
      } else if (x !== 32 && x !== 9 && x !== CR) break;
    }
    this.lineNumber += lines;
    return next;
  }

  /** One line on its own: it spans blocks, or it is the unterminated last one. */
  private single(start: number, end: number, terminated: boolean): void {
    this.lineNumber++;
    const store = this.store;
    if (end > start && store.byteAt(end - 1) === CR) end--;
    if (
      end - start >= 3 &&
      store.byteAt(start) === 0xef &&
      store.byteAt(start + 1) === 0xbb &&
      store.byteAt(start + 2) === 0xbf
    )
      start += 3;
    if (end === start) return;
    let text: string | undefined;
    let value: JsonObject | DeltaLine | undefined;
    let elided: JsonObject | undefined;
    try {
      const bytes = store.slice(start, end - start);
      const head = bytes[0];
      if ((head === 32 || head === 9 || head === CR) && isBlank(bytes, 0, bytes.length)) return;
      if (this.sink.fastLinesOnly === true && !mayBeFast(bytes, 0, bytes.length)) return;
      const hint = this.sink.value !== undefined ? this.hints?.take(start, end - start) : undefined;
      if (hint instanceof ElidedCopy) elided = this.eliding !== null ? elidedValue(hint) : undefined;
      else if (hint !== undefined) value = hint;
      else if (terminated && this.eliding !== null && this.sink.value !== undefined)
        elided = this.eliding.read(bytes, 0, bytes.length, this.decodeBytes);
      if (value === undefined && elided === undefined) text = this.decoder.decode(bytes);
    } catch {
      text = undefined; // too large to copy or to become one string
    }
    if (elided !== undefined) this.handOnElided(elided, start, end - start);
    else if (value !== undefined && this.sink.value !== undefined) {
      this.hintedLines++;
      if (value instanceof DeltaLine) value = value.value();
      this.sink.value(value, start, end - start, this.lineNumber, terminated);
    } else this.sink.line(text, start, end - start, this.lineNumber, terminated);
  }
}

/** False when the line cannot be one fastLine.ts's `scanLine` takes (a delta or a packed row). */
function mayBeFast(bytes: Uint8Array, start: number, end: number): boolean {
  return looksLikeDelta(bytes, start, end) || mayBePackedRow(bytes, start, end);
}

function isBlank(bytes: Uint8Array, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const b = bytes[i];
    if (b !== 32 && b !== 9 && b !== CR) return false;
  }
  return true;
}
