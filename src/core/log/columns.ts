/**
 * The per-event columns: one entry per event, indexed by seq, in typed arrays
 * that grow together (34 bytes an event). One class with a field per column
 * keeps every store monomorphic: this runs once per event in the loading pass.
 */

export class EventColumns {
  length = 0;
  private cap: number;
  /** Byte offset of the event's line in the ByteStore (can pass 2^32: Float64). */
  offset: Float64Array;
  /** Byte length of the line. */
  lineLength: Uint32Array;
  /** Member index inside a packed row, -1 for an ordinary line. */
  member: Int32Array;
  /** 1-based line number. */
  line: Uint32Array;
  /**
   * Interned type id (eventTypes.ts). 32 bits: a log may hold more than 65,536 distinct type
   * strings (a writer that puts an id in `type`), and 16-bit ids wrapped, so later events
   * showed as another type (audit R10-3); 2 bytes an event more.
   */
  typeId: Uint32Array;
  /** Epoch ms, NaN when absent. */
  time: Float64Array;
  /** EventFlag bits. */
  flags: Uint8Array;
  /** 1 when the event is a surface node that derives a message. */
  derives: Uint8Array;

  constructor(capacity = 1 << 14) {
    this.cap = capacity;
    this.offset = new Float64Array(capacity);
    this.lineLength = new Uint32Array(capacity);
    this.member = new Int32Array(capacity);
    this.line = new Uint32Array(capacity);
    this.typeId = new Uint32Array(capacity);
    this.time = new Float64Array(capacity);
    this.flags = new Uint8Array(capacity);
    this.derives = new Uint8Array(capacity);
  }

  add(
    offset: number,
    lineLength: number,
    member: number,
    line: number,
    typeId: number,
    time: number,
    flags: number,
    derives: number,
  ): void {
    const i = this.length;
    if (i === this.cap) this.grow();
    this.offset[i] = offset;
    this.lineLength[i] = lineLength;
    this.member[i] = member;
    this.line[i] = line;
    this.typeId[i] = typeId;
    this.time[i] = time;
    this.flags[i] = flags;
    this.derives[i] = derives;
    this.length = i + 1;
  }

  /**
   * The log's size in bytes when known ahead (a plain file's): the columns then grow at once to
   * the events that size should hold, at the bytes an event so far (10% over; at most 8 times
   * what they hold), instead of doubling all the way. Each doubling copied them into memory never
   * written before: 260 ms of the log worker's CPU in a 99 MB load in Chromium went to adding
   * events and growing the columns.
   */
  expectedBytes = 0;

  private grow(): void {
    let cap = this.cap * 2;
    const last = this.length - 1;
    if (this.expectedBytes > 0 && last >= 0) {
      const perEvent = ((this.offset[last] as number) + (this.lineLength[last] as number)) / this.length;
      const expected = Math.ceil((this.expectedBytes / Math.max(1, perEvent)) * 1.1);
      // At most 8 times the events so far: a log whose first events are small and the rest large
      // (packed rows, then long results) would otherwise reserve far more than it ever holds.
      if (expected > cap) cap = Math.min(expected, this.cap * 8);
    }
    const grown = <T extends Float64Array | Uint32Array | Int32Array | Uint8Array>(
      a: T,
      make: (n: number) => T,
    ): T => {
      const b = make(cap);
      b.set(a);
      return b;
    };
    this.offset = grown(this.offset, (n) => new Float64Array(n));
    this.lineLength = grown(this.lineLength, (n) => new Uint32Array(n));
    this.member = grown(this.member, (n) => new Int32Array(n));
    this.line = grown(this.line, (n) => new Uint32Array(n));
    this.typeId = grown(this.typeId, (n) => new Uint32Array(n));
    this.time = grown(this.time, (n) => new Float64Array(n));
    this.flags = grown(this.flags, (n) => new Uint8Array(n));
    this.derives = grown(this.derives, (n) => new Uint8Array(n));
    this.cap = cap;
  }
}
