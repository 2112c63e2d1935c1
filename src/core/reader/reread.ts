/**
 * Re-reading one event from its bytes, exactly as the first pass read it
 * (records.ts), using what that pass recorded in a ReadContext; no
 * diagnostics. The SessionLog parses events again on demand this way.
 */
import type { EventLocation } from '../pipeline';
import type { SessionEvent } from '../types';
import { Invalid, isObject } from '../validate';
import type { ByteStore } from './byteStore';
import { createLineDecoder } from './lineSplitter';
import { RereadContext, asSessionEvent, defaultSurfaceOp, normalizeEvent, type RawEvent } from './normalize';
import { checkPackedRow, isPackedRowType, packedMember, packedMemberTime } from './packedRows';
import type { ReadContext } from './readContext';

const rereadDecoder = createLineDecoder();

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
): SessionEvent {
  if (!(loc.offset >= 0 && loc.length >= 0 && loc.offset + loc.length <= store.length))
    return unreadable(seq, 'its bytes are outside the log');
  let value: unknown;
  try {
    value = JSON.parse(rereadDecoder.decode(store.slice(loc.offset, loc.length)));
  } catch {
    return unreadable(seq, 'its line does not parse');
  }
  if (isObject(value) && value.type === 'session_event') value = value.event;
  if (!isObject(value) || typeof value.type !== 'string') return unreadable(seq, 'its line is not an event');
  let ev: RawEvent;
  if (isPackedRowType(value.type)) {
    const packed = checkPackedRow(value, value.type);
    if (packed instanceof Invalid || !(loc.member >= 0 && loc.member < packed.items.length))
      return unreadable(seq, 'no such packed-row member');
    ev = packedMember(packed, loc.member, seq, packedMemberTime(packed, loc.member));
  } else {
    if (loc.member >= 0 || !isObject(value.data)) return unreadable(seq, 'its line is not an event');
    ev = value as RawEvent;
  }
  normalizeEvent(ev, seq, new RereadContext(context));
  defaultSurfaceOp(ev);
  return asSessionEvent(ev);
}

function unreadable(seq: number, reason: string): SessionEvent {
  return { type: 'seqscope/unreadable', seq, data: { reason }, invalid: true };
}
