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
}

/** What the reader hands on, in file order. */
export interface RecordSink {
  header(header: SessionHeader, line: number): void;
  /** A non-event line kept for display (wrapper `result` lines and the like). */
  meta(value: JsonObject, line: number): void;
  /** One event, normalized, with `seq` = its position in the log. */
  event(ev: SessionEvent, loc: EventLocation): void;
}

/** A consumer of the normalized event stream during the loading pass. */
export interface Analyzer {
  event(ev: SessionEvent, loc: EventLocation): void;
  /** The log has ended (or been fully read so far, for a live log). */
  end(): void;
}
