/**
 * Consecutive lines that the splitter (lineSplitter.ts) must decode, held back and decoded by
 * one `TextDecoder.decode` call, each line then a slice of that string. Between the lines a byte
 * scan or a range worker's prescan hands on undecoded (deltas), the other lines come in short
 * runs (a step's end: block ends, usage, finish, the message, its tool calls, step/end: about 4
 * lines a run in a generated log). Decoding a line costs a call's overhead on top of its bytes,
 * and in a Chromium worker that overhead is most of it: 61k such lines of a 99 MB log decoded and
 * parsed in 410 ms line by line, in 310 ms run by run (Node: 140 and 122 ms).
 *
 * Exact for the reason batch decoding is (lineSplitter.ts): byte 10 is never inside a UTF-8
 * sequence, so line k of the decoded run is the decoding of line k's bytes. The run holds only
 * lines that follow each other directly (no blank line, no BOM between) in one block.
 */
import { decodeLine, type LineDecoder } from './lineDecoder';
import type { LineSink } from './lineSink';

/** Lines a run holds at most, and its bytes at most (the run's string stays small). */
const RUN_LINES = 256;
const RUN_BYTES = 64 * 1024;

export class LineRun {
  private block: Uint8Array | null = null;
  private base = 0;
  private count = 0;
  /** Where the next line must start to join the run (one past the last line's newline). */
  private next = -1;
  private readonly starts = new Int32Array(RUN_LINES);
  private readonly ends = new Int32Array(RUN_LINES);
  private readonly numbers = new Float64Array(RUN_LINES);
  /** Bit 0: the line ends in CR LF; bit 1: notDelta; bit 2: notFast (LineSink.line's flags). */
  private readonly flags = new Uint8Array(RUN_LINES);

  constructor(
    private readonly decoder: LineDecoder,
    private readonly sink: LineSink,
  ) {}

  /**
   * Holds back the line block[b..bEnd) (without its line end; `nl` its line feed), number
   * `lineNumber`: decoded with the run, handed to `sink.line` at the next `flush`.
   */
  add(
    block: Uint8Array,
    base: number,
    b: number,
    bEnd: number,
    nl: number,
    lineNumber: number,
    notDelta: boolean,
    notFast: boolean,
  ): void {
    if (
      this.count > 0 &&
      (block !== this.block ||
        b !== this.next ||
        this.count === RUN_LINES ||
        nl - this.starts[0]! > RUN_BYTES)
    )
      this.flush();
    if (this.count === 0) {
      this.block = block;
      this.base = base;
    }
    const i = this.count++;
    this.starts[i] = b;
    this.ends[i] = bEnd;
    this.numbers[i] = lineNumber;
    this.flags[i] = (bEnd < nl ? 1 : 0) | (notDelta ? 2 : 0) | (notFast ? 4 : 0);
    this.next = nl + 1;
  }

  /** Decodes the lines held back and hands them on, in order. Call before handing on any other line. */
  flush(): void {
    const n = this.count;
    if (n === 0) return;
    this.count = 0;
    const block = this.block as Uint8Array;
    this.block = null;
    const first = this.starts[0]!;
    const lastEnd = this.ends[n - 1]!;
    // Undefined when too large to become one string: each line alone below.
    const text = decodeLine(this.decoder, block.subarray(first, lastEnd));
    // One char per byte: a line's chars are at its bytes' offsets; else each newline is found.
    const oneCharPerByte = text !== undefined && text.length === lastEnd - first;
    let c = 0;
    for (let i = 0; i < n; i++) {
      const b = this.starts[i]!;
      const bEnd = this.ends[i]!;
      const f = this.flags[i]!;
      let line: string | undefined;
      if (text === undefined) line = decodeLine(this.decoder, block.subarray(b, bEnd));
      else if (oneCharPerByte) line = text.slice(b - first, bEnd - first);
      else {
        const nlChar = i === n - 1 ? text.length : text.indexOf('\n', c);
        line = text.slice(c, nlChar - (i < n - 1 && (f & 1) !== 0 ? 1 : 0));
        c = nlChar + 1;
      }
      this.sink.line(line, this.base + b, bEnd - b, this.numbers[i]!, true, (f & 2) !== 0, (f & 4) !== 0);
    }
  }
}
