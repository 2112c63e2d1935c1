/**
 * A log's events parsed again from their bytes on demand (the columns keep where each line
 * is), with the parsed ones kept for reuse in a cache bounded by count and by memory.
 */
import type { SessionEvent } from '../types';
import type { EventColumns } from './columns';
import { Lru } from './lru';
import type { ByteStore } from '../reader/byteStore';
import type { ReadContext } from '../reader/logReader';
import { PackedRowMemo, packedRowAt, readEventAt, readForMessageAt } from '../reader/reread';
import { scanDeltaBytes } from '../reader/fastBytes';
import { DeltaLine } from '../reader/fastLine';
import { packedMemberTime } from '../reader/packedRows';
import type { ChunkDelta, EventLocation } from '../pipeline';
import { formatSeq } from '../view/seqText';

/**
 * The parsed events kept for reuse are bounded by what they may take in memory, estimated from
 * their line's length at JSON's worst realistic amplification (`{},` is 3 bytes of text and
 * some 60 bytes parsed): ordinary events fill the 2048 entries long before the budget, while a
 * log of 2 MB lines of `{}` keeps five of them, not 2048 (audit R6-1: `derive` died of a heap
 * out of memory; a packed row's member counts its whole row).
 */
const PARSED_BYTES_PER_BYTE = 24;
const EVENT_CACHE_BUDGET = 256 * 1024 * 1024;

export class ParsedEvents {
  private readonly cache = new Lru<number, SessionEvent>(2048, EVENT_CACHE_BUDGET);
  private readonly packedRows = new PackedRowMemo();

  constructor(
    private readonly store: ByteStore,
    private readonly cols: EventColumns,
    private readonly ctx: ReadContext,
  ) {}

  /** The event at seq, from the cache or parsed and then cached. */
  get(seq: number): SessionEvent {
    let ev = this.cache.get(seq);
    if (!ev) {
      ev = this.read(seq);
      this.cache.set(seq, ev, (this.cols.lineLength[seq] as number) * PARSED_BYTES_PER_BYTE);
    }
    return ev;
  }

  /** Events held in the cache. */
  get held(): number {
    return this.cache.size;
  }

  /**
   * For passes over many events (stream assembly): from the cache when it is
   * there, else read without caching, so one pass does not evict what the
   * views asked for (and skips the cache's bookkeeping per event).
   */
  pass(seq: number): SessionEvent {
    return this.cache.peek(seq) ?? this.read(seq);
  }

  /**
   * A delta chunk's fields without its event (stream assembly reads thousands per query), as
   * the loading pass reads them (records.ts): a delta line by fastBytes.ts's scan of its bytes,
   * a packed row's member from its row (read once for all its members: the last row read is
   * remembered). Undefined when the event is neither: read it with `pass` then. The object is
   * reused: use it before the next call. Its chunk is the event's (`StreamAssembler.pushDelta` = `push`).
   */
  delta(seq: number): ChunkDelta | undefined {
    const cols = this.cols;
    const offset = cols.offset[seq] as number;
    const length = cols.lineLength[seq] as number;
    const member = cols.member[seq] as number;
    const out = this.fields;
    if (member >= 0) {
      const row =
        offset >= 0 && length > 0 && offset + length <= this.store.length
          ? packedRowAt(this.store, offset, length, this.packedRows)
          : undefined;
      if (row === undefined || member >= row.items.length) return undefined;
      out.fromMember(row, member);
      // As the loading pass gives a member (records.ts): its seq, and its time when finite.
      const time = packedMemberTime(row, member);
      out.seq = seq;
      out.time = time !== undefined && Number.isFinite(time) ? time : undefined;
      return out;
    }
    const store = this.store;
    if (!(offset >= 0 && length > 0 && offset + length <= store.length)) return undefined;
    const block = store.blockIndexOf(offset);
    const start = offset - store.blockStart(block);
    // A block let go is read again per line (not whole: a range's block is 16 MiB).
    const bytes = store.isReleased(block) ? EMPTY_BYTES : store.block(block);
    if (start + length <= bytes.length)
      return scanDeltaBytes(bytes, start, start + length, out) ? out : undefined;
    return scanDeltaBytes(store.slice(offset, length), 0, length, out) ? out : undefined;
  }

  private readonly fields = new DeltaLine();

  /**
   * The event at seq for its message only (`messageOf`): from the cache when it is there, else
   * read without caching and, when its line ends with them, without its `sourceEventSeqs`
   * (reread.ts `readForMessageAt`): messagesAt reads 50 messages on every seek.
   */
  forMessage(seq: number): SessionEvent {
    return this.cache.peek(seq) ?? readForMessageAt(this.store, this.locationOf(seq), seq, this.ctx);
  }

  private locationOf(seq: number): EventLocation {
    const cols = this.cols;
    if (!Number.isInteger(seq) || seq < 0 || seq >= cols.length)
      throw new RangeError(`${formatSeq(seq)} is outside 0..${cols.length - 1}`);
    return {
      line: cols.line[seq] as number,
      offset: cols.offset[seq] as number,
      length: cols.lineLength[seq] as number,
      member: cols.member[seq] as number,
    };
  }

  private read(seq: number): SessionEvent {
    return readEventAt(this.store, this.locationOf(seq), seq, this.ctx, this.packedRows);
  }
}

const EMPTY_BYTES = new Uint8Array(0);
