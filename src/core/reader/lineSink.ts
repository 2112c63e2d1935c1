/**
 * What the line splitter (lineSplitter.ts) hands each line to, and the values a range worker
 * built ahead for some lines (prescan.ts): the contract between splitting and reading lines.
 */
import type { JsonObject } from '../validate';
import type { ElidedCopy } from './elidedResults';
import type { DeltaLine } from './fastLine';

export interface LineSink {
  /**
   * One non-blank line: its decoded `text` (undefined when the line is too
   * large to become one string), the store `offset` and byte `length` of its
   * bytes (without BOM or line end), its 1-based number; `terminated` is
   * false only for a last line that had no newline; `notDelta` is true when the
   * splitter's byte scan (fastBytes.ts) already found the line is no delta line, and `notFast`
   * when it found that no fast scan (fastLine.ts `scanLine`) takes it: neither a delta line nor
   * a packed row, or a line a range worker's prescan refused. The sink then parses it with
   * JSON.parse straight away (the value is the same either way: only the wasted scan is saved).
   */
  line(
    text: string | undefined,
    offset: number,
    length: number,
    lineNumber: number,
    terminated: boolean,
    notDelta?: boolean,
    notFast?: boolean,
  ): void;
  /**
   * A line whose value a range worker already built (prescan.ts): the same as `line` after
   * JSON.parse. `elided`: a tool/result line read without its result texts (elidedResults.ts).
   */
  value?(
    value: JsonObject,
    offset: number,
    length: number,
    lineNumber: number,
    terminated: boolean,
    elided?: boolean,
  ): void;
  /**
   * A terminated delta line read as fields (by a range worker, or scanned as bytes here, never
   * decoded): the same as `value` of `d.value()`. `d` is reused: read it before the next line.
   */
  delta?(d: DeltaLine, offset: number, length: number, lineNumber: number): void;
  /**
   * True when the sink wants only the lines the fast scanner may take (a range worker's prescan:
   * the owner decodes and parses every other line itself): with `delta`, the splitter then hands
   * `line` only lines that start like a packed row, and decodes nothing else but the tool/result
   * copies it hands `elidedCopy`.
   */
  readonly fastLinesOnly?: boolean;
  /**
   * True when the sink takes a tool/result line's value with placeholders for its result texts
   * (elidedResults.ts), handed to `value` with `elided`: the loading pass, which never reads them.
   */
  readonly elidesResultText?: boolean;
  /**
   * With `fastLinesOnly` and `elidesResultText`: a tool/result line's copy with placeholders for
   * its long strings, decoded but not parsed (a range worker's share: the owner parses it).
   */
  elidedCopy?(copy: ElidedCopy, offset: number, length: number): void;
}

/** Values built ahead for some lines, by store offset and length (prescan.ts's PrescanCursor). */
export interface LineHints {
  /** The line's value, or for a delta line its fields (reused: read them before the next take). */
  take(offset: number, length: number): JsonObject | DeltaLine | ElidedCopy | undefined;
  /**
   * The byte length (without its line end) of the line the hints have at store `offset`, or -1:
   * the splitter then need not search that line for its newline (most lines of a range).
   */
  lengthAt(offset: number): number;
}
