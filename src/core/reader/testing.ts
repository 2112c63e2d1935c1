/**
 * TEST-ONLY helpers for the reader's tests (and anyone testing on top of the
 * reader): run bytes through a LogReader in given chunks and collect what it
 * hands on. Pure TS; never imported by app code.
 */
import { DiagnosticList } from '../diagnostics';
import type { EventLocation, RecordSink } from '../pipeline';
import type { Diagnostic, SessionEvent, SessionHeader } from '../types';
import type { JsonObject } from '../validate';
import { ByteStore } from './byteStore';
import { decompress as zstdDecompress } from 'fzstd';
import { createLogReader, type LogReader } from './logReader';

export interface ReadResult {
  events: SessionEvent[];
  locs: EventLocation[];
  header: { header: SessionHeader; line: number } | undefined;
  metas: { value: JsonObject; line: number }[];
  diagnostics: Diagnostic[];
  store: ByteStore;
  reader: LogReader;
}

/** Reads `chunks` in order through a fresh reader and store. */
export function readChunks(chunks: Iterable<Uint8Array>, blockSize?: number): ReadResult {
  const diags = new DiagnosticList();
  const store = new ByteStore(blockSize, {
    initialCapacity: blockSize === undefined ? undefined : Math.min(blockSize, 16),
  });
  const result: ReadResult = {
    events: [],
    locs: [],
    header: undefined,
    metas: [],
    diagnostics: diags.items,
    store,
    reader: undefined as unknown as LogReader,
  };
  const sink: RecordSink = {
    header: (header, line) => (result.header = { header, line }),
    meta: (value, line) => result.metas.push({ value, line }),
    event: (ev, loc) => {
      result.events.push(ev);
      result.locs.push(loc);
    },
  };
  result.reader = createLogReader(sink, diags, store);
  for (const chunk of chunks) result.reader.push(chunk);
  result.reader.end();
  return result;
}

/** Reads `bytes` cut into pieces whose sizes cycle through `sizes` (default: one piece). */
export function readBytes(bytes: Uint8Array, sizes: readonly number[] = [], blockSize?: number): ReadResult {
  return readChunks(splitBytes(bytes, sizes), blockSize);
}

export function readText(text: string, sizes: readonly number[] = [], blockSize?: number): ReadResult {
  return readBytes(new TextEncoder().encode(text), sizes, blockSize);
}

/** `bytes` cut into pieces whose sizes cycle through `sizes` (sizes < 1 count as 1). */
export function splitBytes(bytes: Uint8Array, sizes: readonly number[]): Uint8Array[] {
  if (sizes.length === 0) return [bytes];
  const out: Uint8Array[] = [];
  let at = 0;
  for (let i = 0; at < bytes.length; i++) {
    const size = Math.max(1, sizes[i % sizes.length] as number);
    out.push(bytes.subarray(at, at + size));
    at += size;
  }
  return out;
}

/** `[code, seq-or-line]` pairs, for compact assertions. */
export function codes(r: ReadResult): [string, number | undefined][] {
  return r.diagnostics.map((d) => [d.code, d.seq ?? d.line]);
}

export function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** A one-block zstd frame storing `data` (at most 255 bytes) raw; hand-built per RFC 8878, checked with the zstd CLI. */
export function rawZstdFrame(data: Uint8Array): Uint8Array {
  if (data.length > 255) throw new RangeError('a raw test frame holds at most 255 bytes');
  const blockHeader = 1 | (data.length << 3); // last block, type raw, size
  return concatBytes([
    new Uint8Array([0x28, 0xb5, 0x2f, 0xfd, 0x20, data.length]), // magic, single-segment, 1-byte content size
    new Uint8Array([blockHeader & 0xff, (blockHeader >> 8) & 0xff, (blockHeader >> 16) & 0xff]),
    data,
  ]);
}

/** `bytes` as a zstd stream of raw frames (no compression needed, so no zstd encoder needed). */
export function rawZstdFrames(bytes: Uint8Array, frameSize = 200): Uint8Array {
  const frames: Uint8Array[] = [];
  for (let at = 0; at < bytes.length; at += frameSize)
    frames.push(rawZstdFrame(bytes.subarray(at, at + frameSize)));
  return concatBytes(frames);
}

/** The text inside fixtures/two-frames.jsonl.zst (see fixtures/README.md): lines from..to-1. */
export function fixtureLines(from: number, to: number): string {
  let s = '';
  for (let i = from; i < to; i++) {
    s +=
      JSON.stringify({
        type: 'assistant/chunk',
        seq: i,
        data: { turn: 1, step: 1, chunk: { type: 'text-delta', index: 0, text: `token ${i}` } },
      }) + '\n';
  }
  return s;
}

/**
 * The zc3 repro (audit R16-7): `zst` with one bit flipped inside a compressed block, at the
 * first position from `from` (and before `to`) where fzstd alone still decodes the whole stream
 * without complaint but to other bytes: damage only the frame's content checksum can catch.
 */
export function silentBitFlip(zst: Uint8Array, from: number, to: number): Uint8Array {
  const intact = zstdDecompress(zst);
  for (let at = from; at < to; at++)
    for (let bit = 0; bit < 8; bit++) {
      const damaged = zst.slice();
      damaged[at] = (damaged[at] as number) ^ (1 << bit);
      let decoded: Uint8Array;
      try {
        decoded = zstdDecompress(damaged);
      } catch {
        continue;
      }
      if (decoded.length !== intact.length || decoded.some((b, i) => b !== intact[i])) return damaged;
    }
  throw new Error(`no bit flip in bytes ${from}..${to} decodes silently`);
}
