/**
 * The log read once for redaction (redactLog.ts): each line's value as written, and the streams
 * of its deltas exactly as the viewer assembles them, for redaction to mask each as one text.
 * Each line is parsed once, by the reader's own scanners: a delta line (most of a log) is read
 * as fields (fastLine.ts `scanDelta`, its value built from them, the same as JSON.parse's), any
 * other line by `scanLine` or JSON.parse; the reader is then handed that value (a copy where
 * it would normalize it in place: the masked copy must keep the line as written).
 *
 * The streams are what the assembler joins. A key split across deltas that the assembler joins must be
 * found in their concatenation, so the grouping cannot be a guess of its own (audit R9-1: deltas
 * grouped by chunk type and written index leaked a key split between a reasoning-delta and a
 * text-delta of one block, or an index-less design-card delta and its `index: 0` sequel).
 *
 * So the log is read by the core reader (the real normalizer gives index-less deltas their index
 * and renames design-card `arguments`) and its structure built by StructureBuilder (which step
 * attempt a chunk joins, and which chunks join none); within an attempt, pieces follow the
 * assembler's slots (analysis/assemble.ts): one slot per index, where text continues a
 * reasoning block and the reverse, a tool-call delta after text (or text after a tool call)
 * starts the slot afresh, and a delta after a `block-end` continues that block's text.
 *
 * Chunks no attempt takes (outside their step) are never assembled; they are still grouped the
 * same way per step name, up to a finish naming that step, so a key split across them is masked
 * as well.
 */
import { StructureBuilder } from '../analysis/structure';
import { copyJson, valueText } from '../deepJson';
import type { DiagnosticSink } from '../diagnostics';
import type { RecordSink } from '../pipeline';
import { DeltaLine, scanDelta, scanLine } from '../reader/fastLine';
import { isPackedRowType } from '../reader/packedRows';
import { RecordReader } from '../reader/records';
import type { AttemptInfo } from '../analysis/structureIndex';
import { looseData } from '../types';
import { isInt, isObject } from '../validate';

/** Where one piece of a stream sits in the log. */
export interface PieceRef {
  /** 0-based index into the text's lines (split on `\n`). */
  line: number;
  /** The member of a packed row, or -1 for a chunk line. */
  member: number;
  /**
   * `text`: a text or reasoning delta's text (or a packed row's text); `args`: a tool-call delta's
   * argument text (`argumentsDelta`, or the design card's `arguments`; a packed row's args);
   * `block`: the text of a `block-end` chunk's block.
   */
  field: 'text' | 'args' | 'block';
}

/** What the assembler reads of one chunk, and where the chunk is. */
interface ChunkRecord {
  line: number;
  member: number;
  type: string;
  index: number;
  /** block-start: the announced type; block-end: its block's type ('' when no valid block). */
  blockType: string;
  /** A delta with its text to append; a block-end whose block carries text. */
  hasText: boolean;
}

interface Slot {
  type: string;
  /** After a block-end (until the next delta): the block's text, when it has text. */
  final: { text: PieceRef | undefined } | null;
  pieces: PieceRef[];
}

const IGNORE: DiagnosticSink = { report: () => undefined };

/** A line that is not JSON (or is blank): redaction masks it as text. */
export const NOT_JSON = Symbol('not JSON');

export interface ReadLog {
  /** Each line's value as written (JSON.parse's), or NOT_JSON. */
  values: unknown[];
  /** The log's streams, each its pieces in order; a stream of one piece is listed too. */
  streams: PieceRef[][];
}

/** The lines' values and streams, each line parsed once. */
export function readLog(lines: readonly string[]): ReadLog {
  const streams = new StreamGroups();
  // no stream checkpoints: nothing here queries a stream
  const structure = new StructureBuilder(IGNORE, Number.POSITIVE_INFINITY);
  const steps = structure.index().steps; // the builder's own array, growing as it reads
  /** The attempt the chunk at `seq` just joined (the open step's last), if it joined one. */
  const attemptOf = (seq: number): AttemptInfo | undefined => {
    const step = steps[steps.length - 1];
    const attempt = step?.attempts[step.attempts.length - 1];
    return attempt?.lastChunkSeq === seq ? attempt : undefined;
  };
  const sink: RecordSink = {
    header: () => undefined,
    meta: () => undefined,
    event(ev, loc) {
      structure.event(ev, loc);
      if (ev.type !== 'assistant/chunk') return;
      const d = looseData(ev);
      const rec = chunkRecord(d.chunk, loc.line - 1, loc.member);
      if (rec) streams.chunk(rec, attemptOf(ev.seq), d.turn, d.step);
    },
    delta(d, seq, loc) {
      structure.delta(d, seq);
      const rec = {
        line: loc.line - 1,
        member: loc.member,
        type: d.chunkType,
        index: d.index,
        blockType: '',
        hasText: true,
      };
      streams.chunk(rec, attemptOf(seq), d.turn, d.step);
    },
  };
  const reader = new RecordReader(sink, IGNORE, undefined);
  const delta = new DeltaLine();
  const values: unknown[] = lines.map((raw, i) => {
    // as the line splitter gives lines: no BOM, no CR, blank ones skipped
    const text = raw.replace(/^\ufeff/, '').replace(/\r$/, '');
    if (/^[ \t\r]*$/.test(text)) return NOT_JSON;
    const terminated = i < lines.length - 1;
    // what RecordReader.line does with the text, the value kept: a delta line as fields...
    if (terminated && scanDelta(text, delta)) {
      reader.delta(delta, 0, text.length, i + 1);
      return delta.value();
    }
    // ...any other as a value; a line that does not parse adds nothing to the structure
    let value: unknown;
    try {
      value = scanLine(text) ?? (JSON.parse(text) as unknown);
    } catch {
      return NOT_JSON;
    }
    reader.value(normalizedInPlace(value) ? copyJson(value) : value, 0, text.length, i + 1, terminated);
    return value;
  });
  return { values, streams: streams.end() };
}

/**
 * Whether the reader may change the value it is given: an event is normalized in place; a
 * packed row (most of the other lines) is only read, its members handed on as fields.
 */
function normalizedInPlace(value: unknown): boolean {
  if (!isObject(value)) return false;
  const ev = value.type === 'session_event' && isObject(value.event) ? value.event : value;
  return typeof ev.type !== 'string' || !isPackedRowType(ev.type);
}

function chunkRecord(chunk: unknown, line: number, member: number): ChunkRecord | null {
  if (!isObject(chunk) || typeof chunk.type !== 'string') return null;
  const type = chunk.type;
  if (type === 'finish') return { line, member, type, index: -1, blockType: '', hasText: false };
  if (!isInt(chunk.index)) return null; // the assembler ignores it
  const index = chunk.index;
  switch (type) {
    case 'text-delta':
    case 'reasoning-delta':
      return typeof chunk.text === 'string'
        ? { line, member, type, index, blockType: '', hasText: true }
        : null;
    case 'tool-call-delta':
      return { line, member, type, index, blockType: '', hasText: typeof chunk.argumentsDelta === 'string' };
    case 'block-start': {
      const blockType = typeof chunk.blockType === 'string' ? chunk.blockType : 'text';
      return { line, member, type, index, blockType, hasText: false };
    }
    case 'block-end': {
      const block = isObject(chunk.block) ? chunk.block : {};
      const blockType = typeof block.type === 'string' ? block.type : '';
      const hasText = (blockType === 'text' || blockType === 'reasoning') && typeof block.text === 'string';
      return { line, member, type, index, blockType, hasText };
    }
    default:
      return null;
  }
}

/**
 * Chunks into streams: per attempt (one is alive at a time: its streams are done when the next
 * begins), or outside any per step name until a finish naming it; per slot as the assembler
 * fills it.
 */
class StreamGroups {
  private readonly streams: PieceRef[][] = [];
  private attempt: AttemptInfo | undefined;
  private attemptSlots = new Map<number, Slot>();
  private readonly outside = new Map<string, Map<number, Slot>>();

  chunk(c: ChunkRecord, attempt: AttemptInfo | undefined, turn: unknown, step: unknown): void {
    if (attempt !== undefined) {
      if (attempt !== this.attempt) {
        this.closeAll(this.attemptSlots);
        this.attempt = attempt;
        this.attemptSlots = new Map();
      }
      if (c.type !== 'finish') push(this.attemptSlots, c, this.streams);
      return;
    }
    const name = `${valueText(turn)}/${valueText(step)}`;
    let slots = this.outside.get(name);
    if (c.type === 'finish') {
      if (slots) this.closeAll(slots);
      this.outside.delete(name);
      return;
    }
    if (!slots) this.outside.set(name, (slots = new Map<number, Slot>()));
    push(slots, c, this.streams);
  }

  end(): PieceRef[][] {
    this.closeAll(this.attemptSlots);
    for (const slots of this.outside.values()) this.closeAll(slots);
    return this.streams;
  }

  private closeAll(slots: Map<number, Slot>): void {
    for (const s of slots.values()) close(s, this.streams);
  }
}

/** One chunk into its slot, as StreamAssembler.push does to the slot's text. */
function push(slots: Map<number, Slot>, c: ChunkRecord, streams: PieceRef[][]): void {
  const ref = (field: PieceRef['field']): PieceRef => ({ line: c.line, member: c.member, field });
  const slotFor = (type: string): Slot => {
    let slot = slots.get(c.index);
    if (!slot) slots.set(c.index, (slot = { type, final: null, pieces: [] }));
    return slot;
  };
  const restart = (slot: Slot, first: PieceRef | undefined) => {
    close(slot, streams);
    slot.pieces = first ? [first] : [];
  };
  switch (c.type) {
    case 'block-start':
      slotFor(c.blockType);
      return;
    case 'text-delta':
    case 'reasoning-delta': {
      const slot = slotFor(c.type === 'text-delta' ? 'text' : 'reasoning');
      // text and reasoning continue each other; a block-end's text is where deltas after it start
      if (slot.final !== null) restart(slot, slot.final.text);
      else if (slot.type !== 'text' && slot.type !== 'reasoning') restart(slot, undefined);
      slot.type = c.type === 'text-delta' ? 'text' : 'reasoning';
      slot.final = null;
      slot.pieces.push(ref('text'));
      return;
    }
    case 'tool-call-delta': {
      const slot = slotFor('tool-call');
      if (slot.type !== 'tool-call' || slot.final !== null) restart(slot, undefined);
      slot.type = 'tool-call';
      slot.final = null;
      if (c.hasText) slot.pieces.push(ref('args'));
      return;
    }
    case 'block-end': {
      const slot = slotFor(c.blockType === '' ? 'text' : c.blockType);
      if (c.blockType !== '') slot.final = { text: c.hasText ? ref('block') : undefined };
      return;
    }
  }
}

function close(slot: Slot, streams: PieceRef[][]): void {
  if (slot.pieces.length > 0) streams.push(slot.pieces);
  slot.pieces = [];
}
