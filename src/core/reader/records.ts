/**
 * Classifies each line of the log and hands it on (spec sections 1 and 2):
 *
 * - unparsable: `bad-json` (error); the rest loads.
 * - a last line without a newline is a torn tail (`torn-tail` warning, saying
 *   what the harness would do: it cuts such a line off on resume, parsed or
 *   not): dropped when it does not parse, read as any other line when it does.
 *   When the stream stopped inside its last zstd frame (`streamCutShort`),
 *   the incomplete line is dropped either way: one `torn-tail` says so.
 * - not an object: `not-an-object`; no string `type`: `missing-type`.
 * - `{"type":"session",...}` as the first record: the header (`version` other
 *   than 0: `header-version`). Later it is not a header: kept as metadata,
 *   with `bad-data` (two logs concatenated, most likely).
 * - `{"type":"session_event","event":{...}}`: unwrapped, then as an event.
 * - Meta lines, kept for display and never counted as events: `type` is
 *   "result", or the line carries a top-level `sessionId` but neither `seq`
 *   nor `data` (the headless runner's other non-event output; an event never
 *   has a `sessionId` of its own, and always has `data`).
 * - packed chunk rows: expanded to their member events (packedRows.ts);
 *   a malformed row is `packed-row-invalid` and expands to nothing.
 * - anything else is an event. Its envelope must have object `data`, or the
 *   line is not an event (`bad-data`, no seq). Then: `seq` = position (a
 *   present seq that differs: `seq-mismatch`, once per run of events off by
 *   the same amount; absent seqs: one `seq-assigned` at the end, with the
 *   count), a `time` that is not a number is dropped (`bad-data`), a time
 *   earlier than the previous event's: `time-backwards`; an unknown type:
 *   `unknown-required-type` / `unknown-ignorable-type`, once per type (the
 *   events are still kept); then normalize.ts (bad data: `bad-data`, the
 *   event kept with `invalid: true`); a surface event without surfaceOp gets
 *   "append", reported once at the end as `surface-op-missing` with the count.
 *
 * `readEventAt` (reread.ts) re-reads one event from its bytes the same way.
 */
import type { DiagnosticSink } from '../diagnostics';
import type { EventLocation, RecordSink } from '../pipeline';
import type { DiagnosticCode, SessionHeader } from '../types';
import { Invalid, isObject, type JsonObject } from '../validate';
import { DeltaLine, scanDelta, scanLine } from './fastLine';
import { isKnownEventType } from './knownTypes';
import { escapeControls, lineExcerpt } from './lineText';
import { openedArray, wholeArray } from './jsonArray';
import type { LineSink } from './lineSplitter';
import {
  FirstPassContext,
  asSessionEvent,
  defaultSurfaceOp,
  normalizeEvent,
  type RawEvent,
} from './normalize';
import { EnvelopeChecks } from './envelopeChecks';
import { checkPackedRow, isPackedRowType, packedMember } from './packedRows';
import type { ReadContextRecorder } from './readContext';
import { jsonText } from '../deepJson';
import { errorMessage } from '../errorMessage';
import { formatSeq } from '../view/seqText';

export { readEventAt } from './reread';
export { LINE_EXCERPT_CHARS, LINE_TEXT_MARK, splitLineText } from './lineText';

export class RecordReader implements LineSink {
  /** Events handed on so far: the next event's seq. */
  position = 0;
  private readonly ctx: FirstPassContext;
  private sawRecord = false;
  private defaultedSurfaceOps = 0;
  private firstDefaultedSurfaceOp = -1;
  private readonly checks: EnvelopeChecks;
  private lastType = '';
  private lastTypeKnown = false;
  /** Why the stream stopped inside its last zstd frame, when it did. */
  private cutShort: string | undefined;
  private cutShortLine = false;
  /** No line read yet: a JSON array is recognised by its first line (jsonArray.ts). */
  private firstLine = true;
  /** The fields of the last delta line (scanDelta), and its location: both reused per line. */
  private readonly deltaLine = new DeltaLine();
  private readonly deltaLoc: EventLocation = { line: 0, offset: 0, length: 0, member: -1 };
  /** A packed row's member, as fields (when the sink takes them). */
  private readonly memberLine = new DeltaLine();

  /** The sink takes tool/result events with placeholders for their result texts (elidedResults.ts). */
  readonly elidesResultText: boolean;

  constructor(
    private readonly sink: RecordSink,
    private readonly diags: DiagnosticSink,
    recorder: ReadContextRecorder | undefined,
  ) {
    this.elidesResultText = sink.takesElidedResults === true;
    this.ctx = new FirstPassContext(recorder);
    this.checks = new EnvelopeChecks(diags);
  }

  line(
    text: string | undefined,
    offset: number,
    length: number,
    lineNumber: number,
    terminated: boolean,
    notDelta = false,
    notFast = false,
  ): void {
    if (!terminated && this.cutShort !== undefined) {
      this.cutShortLine = true;
      this.diags.report(
        'torn-tail',
        `${this.cutShort}: the last line (${lineNumber}) is incomplete and dropped; everything up to the last complete line is kept`,
        { line: lineNumber, droppedBytes: length },
      );
      return;
    }
    const first = this.firstLine;
    this.firstLine = false;
    // The harness's delta lines (most of a log) go to a sink that takes them as fields.
    if (
      !notDelta &&
      !notFast &&
      terminated &&
      text !== undefined &&
      this.sink.delta !== undefined &&
      scanDelta(text, this.deltaLine)
    )
      return this.delta(this.deltaLine, offset, length, lineNumber);
    let value: unknown;
    try {
      if (text === undefined) throw new Error(`${length} bytes is too large to read as one line`);
      // The harness's chunk lines take the validated fast path (same value as JSON.parse); a line
      // the splitter's byte scan already refused goes to JSON.parse straight away.
      value = (notFast ? undefined : scanLine(text)) ?? JSON.parse(text);
    } catch (e) {
      // The parser quotes the line: never echo its control bytes (a binary file's) into messages.
      const why = escapeControls(errorMessage(e));
      // The line itself is kept nowhere else: its start goes into the message, to be looked at.
      const seen = lineExcerpt(text);
      const array = first && terminated ? openedArray(lineNumber, text) : undefined;
      if (array !== undefined) this.report('bad-json', array, lineNumber);
      else if (terminated)
        this.report('bad-json', `line ${lineNumber} is not valid JSON (${why}); skipped${seen}`, lineNumber);
      else
        this.diags.report(
          'torn-tail',
          `the last line (${lineNumber}) has no newline and does not parse: the writer stopped mid-line; dropped, as the harness drops it on resume (${why})${seen}`,
          { line: lineNumber, droppedBytes: length },
        );
      return;
    }
    if (first && Array.isArray(value))
      return this.report('not-an-object', wholeArray(lineNumber), lineNumber);
    this.value(value, offset, length, lineNumber, terminated);
  }

  /**
   * A parsed line (parsed here, or rebuilt from a range worker's prescan: the same value; with
   * `elided`, a tool/result's value with placeholders for its result texts).
   */
  value(
    value: unknown,
    offset: number,
    length: number,
    lineNumber: number,
    terminated = true,
    elided = false,
  ): void {
    this.firstLine = false;
    if (!terminated) {
      // Shown as read, but the harness writes a line and its newline together and cuts an
      // unterminated last line off on resume: the seq (when it is an event) marks what it cuts.
      const first = this.position;
      this.classify(value, offset, length, lineNumber);
      const where: { line: number; seq?: number } = { line: lineNumber };
      if (this.position > first) where.seq = first;
      this.diags.report(
        'torn-tail',
        `the last line (${lineNumber}) has no newline: shown as read, but the harness cuts an unterminated last line off the file on resume, so a resumed session will not have ${this.position > first ? (this.position - first === 1 ? formatSeq(first) : `seqs ${first}..${this.position - 1}`) : 'it'}`,
        where,
      );
      return;
    }
    this.classify(value, offset, length, lineNumber, elided);
  }

  /** The decompressed stream stopped inside its last zstd frame (`why`): a torn tail, not corruption. */
  streamCutShort(why: string): void {
    this.cutShort ??= why;
  }

  private classify(value: unknown, offset: number, length: number, lineNumber: number, elided = false): void {
    if (!isObject(value)) {
      this.report(
        'not-an-object',
        `line ${lineNumber} is ${describe(value)}, not a JSON object; skipped`,
        lineNumber,
      );
      return;
    }
    const type = value.type;
    if (typeof type !== 'string') {
      this.report(
        'missing-type',
        `line ${lineNumber} has ${type === undefined ? 'no "type"' : `a "type" that is ${describe(type)}, not a string`}; skipped`,
        lineNumber,
      );
      return;
    }
    if (type === 'session_event') this.wrapped(value, offset, length, lineNumber);
    else if (type === 'session') this.header(value, lineNumber);
    else if (
      type === 'result' ||
      (value.sessionId !== undefined && value.seq === undefined && value.data === undefined)
    ) {
      this.sawRecord = true;
      this.sink.meta(value, lineNumber);
    } else this.record(value, type, offset, length, lineNumber, elided);
  }

  /** The input is complete: the once-per-log summaries. */
  end(lastLine = 0): void {
    if (this.cutShort !== undefined && !this.cutShortLine) {
      // The frame was cut on a line boundary: nothing partial to drop, the torn tail is still one.
      this.cutShortLine = true;
      this.report(
        'torn-tail',
        `${this.cutShort}: what decoded ends on a line boundary, so every line decoded is kept`,
        lastLine,
      );
    }
    this.checks.end(this.position);
    if (this.defaultedSurfaceOps > 0) {
      const n = this.defaultedSurfaceOps;
      this.diags.report(
        'surface-op-missing',
        `${n} surface event${n === 1 ? ' has' : 's have'} no surfaceOp (a log older than the surface marker); treated as "append". The current harness would refuse this log`,
        { seq: this.firstDefaultedSurfaceOp },
      );
      this.defaultedSurfaceOps = 0;
    }
  }

  private header(value: JsonObject, line: number): void {
    if (this.sawRecord) {
      this.report(
        'bad-data',
        `line ${line} is a session header after the first record (two logs concatenated?); kept as metadata, not a header`,
        line,
      );
      this.sink.meta(value, line);
      return;
    }
    this.sawRecord = true;
    if (value.version !== 0) {
      const v = value.version === undefined ? 'no version' : `version ${jsonText(value.version)}`;
      this.report(
        'header-version',
        `the header has ${v}: written by a different format version than 0; read as version 0`,
        line,
      );
    }
    this.sink.header(value as SessionHeader, line);
  }

  private wrapped(wrapper: JsonObject, offset: number, length: number, line: number): void {
    const ev = wrapper.event;
    if (!isObject(ev)) {
      this.report(
        'not-an-object',
        `line ${line} is a session_event wrapper whose "event" is ${describe(ev)}, not an object; skipped`,
        line,
      );
      return;
    }
    const type = ev.type;
    if (typeof type !== 'string') {
      this.report('missing-type', `line ${line}: the wrapped event has no string "type"; skipped`, line);
      return;
    }
    this.record(ev, type, offset, length, line);
  }

  private record(
    ev: JsonObject,
    type: string,
    offset: number,
    length: number,
    line: number,
    elided = false,
  ): void {
    if (isPackedRowType(type)) {
      this.packedRow(ev, type, offset, length, line);
      return;
    }
    if (!isObject(ev.data)) {
      this.report(
        'bad-data',
        `line ${line}: ${type} event whose "data" is ${describe(ev.data)}, not an object; not an event`,
        line,
      );
      return;
    }
    const seq = this.position;
    this.checks.seq(ev.seq, seq, line, 1);
    this.checks.time(ev.time, seq, line);
    // Runs of one type are the norm (chunks): remember the last answer.
    if (type !== this.lastType) {
      this.lastType = type;
      this.lastTypeKnown = isKnownEventType(type);
    }
    if (!this.lastTypeKnown) this.checks.unknownType(type, ev.ignorable === true, seq, line);
    this.emit(ev as RawEvent, { line, offset, length, member: -1, elided });
  }

  private packedRow(row: JsonObject, type: string, offset: number, length: number, line: number): void {
    const packed = checkPackedRow(row, type);
    if (packed instanceof Invalid) {
      this.report(
        'packed-row-invalid',
        `line ${line}: ${type} row: ${packed.toString()}; expands to nothing`,
        line,
      );
      return;
    }
    const n = packed.items.length;
    this.checks.seq(row.seq0, this.position, line, n);
    let time = packed.time0;
    const fields = this.sink.delta !== undefined ? this.memberLine : undefined;
    for (let k = 0; k < n; k++) {
      const seq = this.position;
      this.checks.time(time, seq, line);
      if (fields === undefined)
        this.emit(packedMember(packed, k, seq, time), { line, offset, length, member: k });
      else {
        // The member's fields, as a delta line's: normalizing drops a time that is not finite.
        fields.fromMember(packed, k);
        fields.seq = seq;
        fields.time = time !== undefined && Number.isFinite(time) ? time : undefined;
        this.handOn(fields, line, offset, length, k);
      }
      if (time !== undefined && k < n - 1) time += packed.dt[k] as number;
    }
  }

  /**
   * A delta line read as fields (fastLine.ts): what `record` and `emit` do for its event, without
   * the event. Its shape is the one normalizeChunk accepts as it is (integer turn, step and index,
   * string text), so normalizing it only notes the index.
   */
  delta(d: DeltaLine, offset: number, length: number, line: number): void {
    this.firstLine = false;
    if (this.sink.delta === undefined) return this.value(d.value(), offset, length, line);
    const seq = this.position;
    this.checks.seq(d.seq, seq, line, 1);
    this.checks.time(d.time, seq, line);
    if (this.lastType !== 'assistant/chunk') {
      this.lastType = 'assistant/chunk';
      this.lastTypeKnown = true;
    }
    this.handOn(d, line, offset, length, -1);
  }

  /** A delta event as fields, at the current position: normalizing it only notes its index. */
  private handOn(d: DeltaLine, line: number, offset: number, length: number, member: number): void {
    const seq = this.position;
    this.ctx.explicitIndex(d.index);
    this.position++;
    this.sawRecord = true;
    const loc = this.deltaLoc;
    loc.line = line;
    loc.offset = offset;
    loc.length = length;
    loc.member = member;
    (this.sink as Required<RecordSink>).delta(d, seq, loc);
  }

  /** Normalizes and hands on one event at the current position. */
  private emit(ev: RawEvent, loc: EventLocation): void {
    const seq = this.position;
    const problem = normalizeEvent(ev, seq, this.ctx);
    if (problem !== undefined) {
      this.diags.report('bad-data', `${ev.type}: ${problem.toString()}; kept as written, marked invalid`, {
        seq,
        line: loc.line,
      });
    }
    if (defaultSurfaceOp(ev) && this.defaultedSurfaceOps++ === 0) this.firstDefaultedSurfaceOp = seq;
    this.position++;
    this.sawRecord = true;
    this.sink.event(asSessionEvent(ev), loc);
  }

  private report(code: DiagnosticCode, message: string, line: number): void {
    this.diags.report(code, message, { line });
  }
}

function describe(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (v === undefined) return 'missing';
  return `a ${typeof v}`;
}
