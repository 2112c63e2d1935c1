/**
 * The contracts between the loading stages:
 *
 *   bytes -> reader (decompress, split lines, validate, unpack, normalize)
 *         -> RecordSink (the LogBuilder) -> analyzers (structure, stream, surface)
 *
 * Each stage reports problems to a DiagnosticSink and keeps going.
 */
import type { JsonObject } from './validate';
import type { SessionEvent, SessionHeader } from './types';

/** Where an event's bytes live, so it can be parsed again on demand. */
export interface EventLocation {
  /** 1-based line number in the decompressed text. */
  line: number;
  /** Byte offset of the line's first byte in the ByteStore (after any BOM). */
  offset: number;
  /** Byte length of the line, without its line end. */
  length: number;
  /** Member index inside a packed chunk row, or -1 for an ordinary line. */
  member: number;
  /**
   * True for a tool/result read without its result texts (reader/elidedResults.ts; only for a
   * sink that `takesElidedResults`): each is a placeholder, to be read again from the bytes.
   */
  elided?: boolean;
}

/** What the reader hands on, in file order. */
export interface RecordSink {
  header(header: SessionHeader, line: number): void;
  /** A non-event line kept for display (wrapper `result` lines and the like). */
  meta(value: JsonObject, line: number): void;
  /** One event, normalized, with `seq` = its position in the log. */
  event(ev: SessionEvent, loc: EventLocation): void;
  /**
   * Optional: one text, reasoning or tool-call delta event of the harness's
   * own shape, as its fields (no event object is built). It is the event
   * `ev` that `event` would get, with `ev.seq` = `seq`: a sink with `delta`
   * must treat both alike. `d` and `loc` are reused for the next line.
   * Without it, such events come to `event` like any other.
   */
  delta?(d: ChunkDelta, seq: number, loc: EventLocation): void;
  /**
   * True when the sink never reads a tool/result's result texts from the event: the reader may
   * then hand it one with placeholders for them (`loc.elided`), read without decoding them.
   */
  readonly takesElidedResults?: boolean;
}

/** A delta chunk event's fields (reader/fastLine.ts reads them; `ChunkDelta.value()` is the line's value). */
export interface ChunkDelta {
  /** 'text-delta', 'reasoning-delta' or 'tool-call-delta'. */
  readonly chunkType: string;
  /** Epoch ms, when the line has a time. */
  readonly time: number | undefined;
  readonly turn: number;
  readonly step: number;
  readonly index: number;
  /** The delta: `text`, or a tool-call delta's `argumentsDelta`. */
  readonly text: string;
  /** A tool-call delta's `id` and optional `name`. */
  readonly id: string;
  readonly name: string | undefined;
  /** The line's value, exactly as JSON.parse gives it (not normalized: the seq is the line's). */
  value(): JsonObject;
}

/** A consumer of the normalized event stream during the loading pass. */
export interface Analyzer {
  event(ev: SessionEvent, loc: EventLocation): void;
  /** The log has ended (or been fully read so far, for a live log). */
  end(): void;
}
