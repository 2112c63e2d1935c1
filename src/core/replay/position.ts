/**
 * The replay position (spec section 6): an event seq, plus, inside a delta,
 * how many of its code points are shown (`chunk`, 0 <= chunk < the delta's
 * length; absent = the whole event applied). Stepping functions take and
 * return positions and clamp at the ends: when there is nowhere to go they
 * return the position unchanged (normalized).
 *
 * Costs: event/step/turn stepping is O(log steps) over the StructureIndex;
 * chunk stepping scans the type column within one step (no event is
 * parsed); character stepping asks `streamAt` for the delta's length
 * (O(1) amortized while stepping forward, see streamIndex.ts);
 * `describePosition` parses one event.
 */
import type { SessionLog } from '../log/sessionLog';
import type { StructureIndex } from '../analysis/structureIndex';
import { stepIndexAt, turnIndexAt } from '../analysis/structureIndex';
import { looseData } from '../types';
import { formatCount, formatSeq } from '../view/seqText';
import { nameHead } from '../view/bidiControls';

export interface ReplayPosition {
  seq: number;
  /** Code points of the delta at seq shown so far; absent when all of it is. */
  chunk?: number;
}

/** What positions need of a SessionLog. */
export type PositionLog = Pick<
  SessionLog,
  'eventCount' | 'types' | 'typeIdOf' | 'typeOf' | 'event' | 'structure' | 'streamAt'
>;

const CHUNK = 'assistant/chunk';

function clampSeq(log: PositionLog, seq: number): number {
  const n = log.eventCount;
  if (n === 0) return 0;
  return Math.min(n - 1, Math.max(0, Number.isFinite(seq) ? Math.floor(seq) : 0));
}

/** The position inside the log, with `chunk` only where it addresses part of a delta. */
export function clampPosition(log: PositionLog, pos: ReplayPosition): ReplayPosition {
  const seq = clampSeq(log, pos.seq);
  if (pos.chunk === undefined || log.eventCount === 0) return { seq };
  const length = deltaLengthAt(log, seq);
  const k = Math.floor(pos.chunk);
  return Number.isFinite(k) && k >= 0 && k < length ? { seq, chunk: k } : { seq };
}

/** Code points of the delta at seq, or 0 when seq is not one of a step attempt's deltas. */
export function deltaLengthAt(log: PositionLog, seq: number): number {
  if (seq < 0 || seq >= log.eventCount || log.typeOf(seq) !== CHUNK) return 0;
  return log.streamAt(seq)?.lastDelta?.length ?? 0;
}

// ---------------------------------------------------------------- events

export function nextEvent(log: PositionLog, pos: ReplayPosition): ReplayPosition {
  return { seq: clampSeq(log, pos.seq + 1) };
}

/** One event back (from inside a delta too: the previous event, whole). */
export function prevEvent(log: PositionLog, pos: ReplayPosition): ReplayPosition {
  return { seq: clampSeq(log, pos.seq - 1) };
}

// ---------------------------------------------------------------- steps and turns

type Span = { startSeq: number };

/** The first span starting after seq. */
function nextStart(spans: readonly Span[], seq: number): number | null {
  let lo = 0;
  let hi = spans.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((spans[mid] as Span).startSeq <= seq) lo = mid + 1;
    else hi = mid;
  }
  return spans[lo]?.startSeq ?? null;
}

/** The last span starting strictly before seq. */
function prevStart(spans: readonly Span[], seq: number): number | null {
  let lo = 0;
  let hi = spans.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((spans[mid] as Span).startSeq < seq) lo = mid + 1;
    else hi = mid;
  }
  return spans[lo - 1]?.startSeq ?? null;
}

function jump(log: PositionLog, pos: ReplayPosition, target: number | null): ReplayPosition {
  return target === null ? clampPosition(log, pos) : { seq: target };
}

/** The start (step/start) of the next step. */
export function nextStep(log: PositionLog, pos: ReplayPosition): ReplayPosition {
  return jump(log, pos, nextStart(log.structure.steps, clampSeq(log, pos.seq)));
}

/** The start of the current step when past it, else of the previous step. */
export function prevStep(log: PositionLog, pos: ReplayPosition): ReplayPosition {
  return jump(log, pos, prevStart(log.structure.steps, clampSeq(log, pos.seq)));
}

export function nextTurn(log: PositionLog, pos: ReplayPosition): ReplayPosition {
  return jump(log, pos, nextStart(log.structure.turns, clampSeq(log, pos.seq)));
}

export function prevTurn(log: PositionLog, pos: ReplayPosition): ReplayPosition {
  return jump(log, pos, prevStart(log.structure.turns, clampSeq(log, pos.seq)));
}

// ---------------------------------------------------------------- chunks

/** The seq range chunk stepping searches from seq: the step containing it, else the next (forward) or previous (back) one. */
function chunkRange(
  structure: StructureIndex,
  seq: number,
  dir: 1 | -1,
): { from: number; to: number } | null {
  const steps = structure.steps;
  let i = stepIndexAt(structure, seq);
  if (i < 0) {
    // Outside any step: the nearest step in that direction.
    let lo = 0;
    let hi = steps.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((steps[mid] as Span).startSeq <= seq) lo = mid + 1;
      else hi = mid;
    }
    i = dir > 0 ? lo : lo - 1;
  }
  const step = steps[i];
  return step ? { from: step.startSeq, to: step.lastSeq } : null;
}

function findChunk(log: PositionLog, from: number, to: number, dir: 1 | -1): number | null {
  const id = log.types.indexOf(CHUNK);
  if (id < 0) return null;
  for (let s = from; dir > 0 ? s <= to : s >= to; s += dir) if (log.typeIdOf(s) === id) return s;
  return null;
}

/** The next assistant/chunk of the current step (each chunk is a stop). */
export function nextChunk(log: PositionLog, pos: ReplayPosition): ReplayPosition {
  const seq = clampSeq(log, pos.seq);
  const r = chunkRange(log.structure, seq, 1);
  const found = r ? findChunk(log, Math.max(seq + 1, r.from), r.to, 1) : null;
  return jump(log, pos, found);
}

/** The previous assistant/chunk of the current step (from inside a delta too: the chunk before it, whole). */
export function prevChunk(log: PositionLog, pos: ReplayPosition): ReplayPosition {
  const seq = clampSeq(log, pos.seq);
  const r = chunkRange(log.structure, seq, -1);
  const found = r ? findChunk(log, Math.min(seq - 1, r.to), r.from, -1) : null;
  return jump(log, pos, found);
}

// ---------------------------------------------------------------- characters

/**
 * One code point further (Alt+Right). Inside a delta: chunk K -> K+1 (the
 * whole delta drops `chunk`). At a whole event: the next chunk of the step,
 * showing its first code point. Stops are never redundant: `chunk: 0` would
 * look like the previous chunk, so it is skipped.
 */
export function nextChar(log: PositionLog, pos: ReplayPosition): ReplayPosition {
  const p = clampPosition(log, pos);
  if (p.chunk !== undefined) {
    const length = deltaLengthAt(log, p.seq);
    return p.chunk + 1 < length ? { seq: p.seq, chunk: p.chunk + 1 } : { seq: p.seq };
  }
  const next = nextChunk(log, p);
  if (next.seq === p.seq) return p;
  return deltaLengthAt(log, next.seq) > 1 ? { seq: next.seq, chunk: 1 } : next;
}

/**
 * One code point back (Alt+Left). Inside a delta: K -> K-1, and from K = 1 to
 * the previous chunk of the step (whole). At a whole delta: its last code
 * point but one. Elsewhere: the previous chunk of the step.
 */
export function prevChar(log: PositionLog, pos: ReplayPosition): ReplayPosition {
  const p = clampPosition(log, pos);
  const length = p.chunk === undefined ? deltaLengthAt(log, p.seq) : 0;
  const k = p.chunk ?? length;
  if (k > 1) return { seq: p.seq, chunk: k - 1 };
  return prevChunk(log, { seq: p.seq });
}

// ---------------------------------------------------------------- describing

/** For the slider's aria-valuetext: "seq 1204 of 50,311, turn 12, step 3, text-delta" (seqText.ts). */
export function describePosition(log: PositionLog, pos: ReplayPosition): string {
  const n = log.eventCount;
  if (n === 0) return 'no events';
  const p = clampPosition(log, pos);
  const parts = [`${formatSeq(p.seq)} of ${formatCount(n)}`];
  const structure = log.structure;
  const turn = structure.turns[turnIndexAt(structure, p.seq)];
  const step = structure.steps[stepIndexAt(structure, p.seq)];
  if (turn) parts.push(`turn ${turn.turn}`);
  if (step) parts.push(`step ${step.step}`);
  const type = log.typeOf(p.seq);
  if (type === CHUNK) {
    const chunk = looseData(log.event(p.seq)).chunk;
    const chunkType =
      typeof chunk === 'object' && chunk !== null ? (chunk as { type?: unknown }).type : undefined;
    parts.push(nameHead(typeof chunkType === 'string' ? chunkType : type));
    if (p.chunk !== undefined)
      parts.push(`character ${formatCount(p.chunk)} of ${formatCount(deltaLengthAt(log, p.seq))}`);
  } else parts.push(nameHead(type));
  return parts.join(', ');
}
