/**
 * Re-reading one event from its bytes, exactly as the first pass read it
 * (records.ts), using what that pass recorded in a ReadContext; no
 * diagnostics. The SessionLog parses events again on demand this way.
 *
 * Chunk lines take the same validated fast path as the first pass
 * (fastLine.ts: JSON.parse's value, cheaper). The members of a packed row
 * share one line, and a stream is read member after member: a
 * `PackedRowMemo` keeps the last row checked, so a row of n deltas is parsed
 * once instead of n times.
 */
import type { EventLocation } from '../pipeline';
import type { SessionEvent } from '../types';
import { Invalid, isObject } from '../validate';
import { InputChanged, type ByteStore } from './byteStore';
import { createLineDecoder } from './lineDecoder';
import { RereadContext, asSessionEvent, defaultSurfaceOp, normalizeEvent, type RawEvent } from './normalize';
import { scanLine } from './fastLine';
import {
  checkPackedRow,
  isPackedRowType,
  packedMember,
  packedMemberTime,
  type PackedRow,
} from './packedRows';
import type { ReadContext } from './readContext';
import { sourcesTail } from './sourcesTail';

const rereadDecoder = createLineDecoder();

/** The last packed row re-read, by its line's place in the store (bytes never change once stored). */
export class PackedRowMemo {
  private offset = -1;
  private length = -1;
  private row: PackedRow | undefined;

  get(offset: number, length: number): PackedRow | undefined {
    return offset === this.offset && length === this.length ? this.row : undefined;
  }

  set(offset: number, length: number, row: PackedRow): void {
    this.offset = offset;
    this.length = length;
    this.row = row;
  }
}

/**
 * The packed row whose line is at `offset` (`length` bytes): the one `memo` remembers, else read
 * from the store and remembered. Undefined when that line is no packed row (read the event then).
 */
export function packedRowAt(
  store: ByteStore,
  offset: number,
  length: number,
  memo: PackedRowMemo,
): PackedRow | undefined {
  const known = memo.get(offset, length);
  if (known !== undefined) return known;
  let value: unknown;
  try {
    const text = rereadDecoder.decode(store.slice(offset, length));
    value = scanLine(text) ?? JSON.parse(text);
  } catch (err) {
    if (err instanceof InputChanged) throw err;
    return undefined;
  }
  if (isObject(value) && value.type === 'session_event') value = value.event;
  if (!isObject(value) || typeof value.type !== 'string' || !isPackedRowType(value.type)) return undefined;
  const packed = checkPackedRow(value, value.type);
  if (packed instanceof Invalid) return undefined;
  memo.set(offset, length, packed);
  return packed;
}

/**
 * The event at `loc` (with seq `seq`), parsed again from the store and
 * normalized exactly as the first pass did, using what it recorded in
 * `context`. A location the first pass did not produce gives a placeholder
 * event of type "seqscope/unreadable" marked invalid (never a throw).
 */
export function readEventAt(
  store: ByteStore,
  loc: EventLocation,
  seq: number,
  context: ReadContext,
  memo?: PackedRowMemo,
): SessionEvent {
  if (!(loc.offset >= 0 && loc.length >= 0 && loc.offset + loc.length <= store.length))
    return unreadable(seq, 'its bytes are outside the log');
  const remembered = loc.member >= 0 ? memo?.get(loc.offset, loc.length) : undefined;
  if (remembered !== undefined) return member(remembered, loc.member, seq, context);
  let value: unknown;
  try {
    const text = rereadDecoder.decode(store.slice(loc.offset, loc.length));
    value = scanLine(text) ?? JSON.parse(text);
  } catch (err) {
    if (err instanceof InputChanged) throw err; // not this line's fault: the input changed
    return unreadable(seq, 'its line does not parse');
  }
  return fromValue(value, loc, seq, context, memo);
}

/**
 * The event at `loc` read for its message only (log/message.ts `messageOf`): `readEventAt`'s
 * event, except that a line ending with its top-level `sourceEventSeqs` (sourcesTail.ts) is
 * parsed without them, so the event has none (or an earlier duplicate's). Its message is the
 * same: normalizing a message never reads them again (a design-card tool result's call id
 * comes from `context`). Never cache what it returns.
 */
export function readForMessageAt(
  store: ByteStore,
  loc: EventLocation,
  seq: number,
  context: ReadContext,
): SessionEvent {
  if (loc.member >= 0 || !(loc.offset >= 0 && loc.length >= 0 && loc.offset + loc.length <= store.length))
    return readEventAt(store, loc, seq, context);
  const bytes = store.slice(loc.offset, loc.length);
  const sources = sourcesTail(bytes, 0, bytes.length);
  if (sources === null) return readEventAt(store, loc, seq, context);
  let value: unknown;
  try {
    // Not scanLine's shape (it ends with no chunk), so JSON.parse straight away.
    value = JSON.parse(rereadDecoder.decode(bytes.subarray(0, sources.cut)) + sources.tail);
  } catch {
    return unreadable(seq, 'its line does not parse');
  }
  return fromValue(value, loc, seq, context);
}

function fromValue(
  value: unknown,
  loc: EventLocation,
  seq: number,
  context: ReadContext,
  memo?: PackedRowMemo,
): SessionEvent {
  if (isObject(value) && value.type === 'session_event') value = value.event;
  if (!isObject(value) || typeof value.type !== 'string') return unreadable(seq, 'its line is not an event');
  if (isPackedRowType(value.type)) {
    const packed = checkPackedRow(value, value.type);
    if (packed instanceof Invalid) return unreadable(seq, 'no such packed-row member');
    memo?.set(loc.offset, loc.length, packed);
    return member(packed, loc.member, seq, context);
  }
  if (loc.member >= 0 || !isObject(value.data)) return unreadable(seq, 'its line is not an event');
  return normalized(value as RawEvent, seq, context);
}

function member(packed: PackedRow, k: number, seq: number, context: ReadContext): SessionEvent {
  if (!(k >= 0 && k < packed.items.length)) return unreadable(seq, 'no such packed-row member');
  return normalized(packedMember(packed, k, seq, packedMemberTime(packed, k)), seq, context);
}

function normalized(ev: RawEvent, seq: number, context: ReadContext): SessionEvent {
  normalizeEvent(ev, seq, new RereadContext(context));
  defaultSurfaceOp(ev);
  return asSessionEvent(ev);
}

function unreadable(seq: number, reason: string): SessionEvent {
  return { type: 'seqscope/unreadable', seq, data: { reason }, invalid: true };
}
