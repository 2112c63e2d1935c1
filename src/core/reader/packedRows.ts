/**
 * Packed chunk rows (spec section 1): storage-only lines holding a run of
 * consecutive deltas of one block. They are never events; each expands back
 * to the exact `assistant/chunk` events it stands for:
 *
 *   {"type":"text-chunks","seq0":S,"time0":T,"data":{turn,step,index,dt:[...],texts:[...]}}
 *
 * member k: seq S+k, time T+dt[0]+...+dt[k-1] (no time when `time0` is
 * absent, as in test snapshots), chunk {type:"text-delta",index,text:texts[k]}.
 * `reasoning-chunks` is the same with reasoning-delta; `tool-call-chunks`
 * has `id`, `name?` and `args` and gives
 * {type:"tool-call-delta",index,id,name?,argumentsDelta:args[k]} (every
 * member carries id and name, as the spec writes it).
 */
import { Invalid, isFiniteNumber, isInt, isObject, type JsonObject } from '../validate';
import type { RawEvent } from './normalize';

export function isPackedRowType(type: string): boolean {
  return type === 'text-chunks' || type === 'reasoning-chunks' || type === 'tool-call-chunks';
}

/** A checked packed row, ready to expand. */
export interface PackedRow {
  /** The members' chunk type: text-delta, reasoning-delta or tool-call-delta. */
  deltaType: string;
  turn: number;
  step: number;
  index: number;
  dt: number[];
  /** texts, or args for tool-call rows. */
  items: string[];
  id: string | undefined;
  name: string | undefined;
  time0: number | undefined;
}

/** Checks a packed row's shape; `type` is one of the three packed types. */
export function checkPackedRow(row: JsonObject, type: string): PackedRow | Invalid {
  const data = row.data;
  if (!isObject(data)) return new Invalid('data', 'an object');
  if (!isInt(data.turn)) return new Invalid('data.turn', 'an integer');
  if (!isInt(data.step)) return new Invalid('data.step', 'an integer');
  if (!isInt(data.index)) return new Invalid('data.index', 'an integer');
  const toolCall = type === 'tool-call-chunks';
  const itemsKey = toolCall ? 'args' : 'texts';
  const items = data[itemsKey];
  if (!Array.isArray(items) || items.length === 0)
    return new Invalid(`data.${itemsKey}`, 'a non-empty array of strings');
  for (let i = 0; i < items.length; i++) {
    if (typeof items[i] !== 'string') return new Invalid(`data.${itemsKey}[${i}]`, 'a string');
  }
  const dt = data.dt;
  if (!Array.isArray(dt)) return new Invalid('data.dt', 'an array of numbers');
  for (let i = 0; i < dt.length; i++) {
    if (!isFiniteNumber(dt[i])) return new Invalid(`data.dt[${i}]`, 'a number');
  }
  if (dt.length !== items.length - 1) {
    return new Invalid(
      'data.dt',
      `${items.length - 1} gaps for ${items.length} ${itemsKey}, not ${dt.length}`,
    );
  }
  if (toolCall && typeof data.id !== 'string') return new Invalid('data.id', 'a string');
  if (data.name !== undefined && typeof data.name !== 'string') return new Invalid('data.name', 'a string');
  if (row.time0 !== undefined && !isFiniteNumber(row.time0))
    return new Invalid('time0', 'a number (epoch ms)');
  return {
    deltaType: toolCall ? 'tool-call-delta' : type === 'text-chunks' ? 'text-delta' : 'reasoning-delta',
    turn: data.turn,
    step: data.step,
    index: data.index,
    dt: dt as number[],
    items: items as string[],
    id: toolCall ? (data.id as string) : undefined,
    name: toolCall ? data.name : undefined,
    time0: row.time0,
  };
}

/** Rows with more members than this keep their members' times once summed. */
const SUMMED_FROM = 64;
/** Each long row's members' times, summed once (the row object is what a re-read remembers). */
const memberTimes = new WeakMap<PackedRow, Float64Array>();

/**
 * Member k's time, summed in the same order as the first pass sums it (so it is bit-identical).
 * A long row's sums are kept: summing again per member was quadratic in the row's members (a
 * search reading each of a 100,000-member row's events spent 5 s summing: audit R23-6).
 */
export function packedMemberTime(row: PackedRow, k: number): number | undefined {
  let time = row.time0;
  if (time === undefined) return undefined;
  if (k < SUMMED_FROM || k >= row.items.length) {
    for (let i = 0; i < k; i++) time += row.dt[i] as number;
    return time;
  }
  let times = memberTimes.get(row);
  if (times === undefined) {
    times = new Float64Array(row.items.length);
    times[0] = time;
    for (let i = 1; i < times.length; i++) times[i] = time += row.dt[i - 1] as number;
    memberTimes.set(row, times);
  }
  return times[k];
}

/** Member k as the assistant/chunk event it stands for (not yet normalized). */
export function packedMember(row: PackedRow, k: number, seq: number, time: number | undefined): RawEvent {
  const item = row.items[k] as string;
  let chunk: JsonObject;
  if (row.deltaType !== 'tool-call-delta') chunk = { type: row.deltaType, index: row.index, text: item };
  else if (row.name === undefined)
    chunk = { type: row.deltaType, index: row.index, id: row.id, argumentsDelta: item };
  else chunk = { type: row.deltaType, index: row.index, id: row.id, name: row.name, argumentsDelta: item };
  const data = { turn: row.turn, step: row.step, chunk };
  return time === undefined
    ? { type: 'assistant/chunk', seq, data }
    : { type: 'assistant/chunk', seq, time, data };
}
