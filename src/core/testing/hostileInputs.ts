/**
 * TEST-ONLY generators of hostile inputs too big to commit: decompression bombs and
 * endless lines, built in memory in milliseconds (fixtures/bad/README.md lists them).
 * Pure TypeScript (fflate compresses), so Node tests, e2e servers and scripts share them.
 */
import { gzipSync } from 'fflate';

const enc = new TextEncoder();

/** A chunk event line without seq or time (the reader assigns them), as a bomb's payload. */
export const BOMB_LINE =
  '{"type":"assistant/chunk","data":{"turn":1,"step":1,"chunk":{"type":"text-delta","index":0,"text":"boom "}}}\n';

/** `unit` repeated to `bytes` bytes (the last copy cut short). */
export function repeatTo(unit: Uint8Array, bytes: number): Uint8Array {
  const out = new Uint8Array(bytes);
  if (unit.length === 0) return out;
  let filled = Math.min(unit.length, bytes);
  out.set(unit.subarray(0, filled));
  while (filled < bytes) {
    const n = Math.min(filled, bytes - filled);
    out.copyWithin(filled, 0, n);
    filled += n;
  }
  return out;
}

/**
 * A gzip stream that decodes to `decodedBytes` bytes of `text` repeated (whole lines when
 * text is a line): one compressed member of `memberBytes` repeated, which gzip allows. With
 * the defaults, 4 GiB decode from about 4 MB (a ratio near 1000:1, deflate's maximum).
 */
export function gzipBomb(decodedBytes: number, text = BOMB_LINE, memberBytes = 1 << 20): Uint8Array {
  const unit = enc.encode(text);
  const perMember = Math.max(unit.length, memberBytes - (memberBytes % unit.length));
  const member = gzipSync(repeatTo(unit, perMember), { level: 9 });
  const count = Math.floor(decodedBytes / perMember);
  const rest = decodedBytes - count * perMember;
  const last = rest > 0 ? gzipSync(repeatTo(unit, rest), { level: 9 }) : new Uint8Array(0);
  const out = new Uint8Array(member.length * count + last.length);
  for (let i = 0; i < count; i++) out.set(member, i * member.length);
  out.set(last, member.length * count);
  return out;
}

/**
 * A zstd frame of RLE blocks: each 4-byte block decodes to 128 KiB of `byte`, a ratio of
 * 32 000:1 (`byte` 0x61 makes one endless line; 0x0a, endless blank lines). Hand-built per
 * RFC 8878: frame header without content size, window size 128 KiB.
 */
export function zstdRleBomb(decodedBytes: number, byte = 0x61): Uint8Array {
  const BLOCK = 128 * 1024;
  const blocks = Math.max(1, Math.ceil(decodedBytes / BLOCK));
  const out = new Uint8Array(6 + blocks * 4);
  out.set([0x28, 0xb5, 0x2f, 0xfd, 0x00, 0x38]); // magic; descriptor: no size, no checksum; window 2^17
  for (let i = 0; i < blocks; i++) {
    const size = i === blocks - 1 ? decodedBytes - BLOCK * (blocks - 1) : BLOCK;
    const header = (size << 3) | (1 << 1) | (i === blocks - 1 ? 1 : 0); // RLE block, last flag
    const at = 6 + i * 4;
    out[at] = header & 0xff;
    out[at + 1] = (header >> 8) & 0xff;
    out[at + 2] = (header >> 16) & 0xff;
    out[at + 3] = byte;
  }
  return out;
}

/**
 * An endless line: `prefix` (some valid lines) and then `chunkBytes` chunks of 'a' with no
 * newline, forever (or until `maxBytes`), as a server would stream it.
 */
export function* endlessLine(prefix = '', chunkBytes = 1 << 20, maxBytes = Infinity): Generator<Uint8Array> {
  const head = enc.encode(prefix);
  if (head.length > 0) yield head;
  const chunk = new Uint8Array(chunkBytes).fill(0x61);
  for (let sent = 0; sent < maxBytes; sent += chunkBytes) yield chunk;
}

/**
 * One step streaming `deltas` one-character text deltas ("0".."9" in turn, so the text's
 * length and tail are known), then its block-end, finish, step/end and turn/end: the log whose
 * step/end once made the worker re-read the whole stream. `seq` of the step/end is deltas + 5.
 */
export function singleStreamLog(deltas: number): string {
  const head = [
    '{"type":"turn/start","seq":0,"time":1000,"data":{"turn":1}}',
    '{"type":"step/start","seq":1,"time":1001,"data":{"turn":1,"step":1}}',
    '{"type":"assistant/chunk","seq":2,"time":1002,"data":{"turn":1,"step":1,"chunk":{"type":"block-start","index":0,"blockType":"text"}}}',
  ];
  const body: string[] = [];
  for (let i = 0; i < deltas; i++)
    body.push(
      `{"type":"assistant/chunk","seq":${i + 3},"time":${1003 + i},"data":{"turn":1,"step":1,"chunk":{"type":"text-delta","index":0,"text":"${i % 10}"}}}`,
    );
  const s = deltas + 3;
  const t = 1003 + deltas;
  const tail = [
    `{"type":"assistant/chunk","seq":${s},"time":${t},"data":{"turn":1,"step":1,"chunk":{"type":"block-end","index":0}}}`,
    `{"type":"assistant/chunk","seq":${s + 1},"time":${t + 1},"data":{"turn":1,"step":1,"chunk":{"type":"finish","reason":{"kind":"stop"}}}}`,
    `{"type":"step/end","seq":${s + 2},"time":${t + 2},"data":{"turn":1,"step":1}}`,
    `{"type":"turn/end","seq":${s + 3},"time":${t + 3},"data":{"turn":1,"reason":{"kind":"completed"}}}`,
  ];
  return [...head, ...body, ...tail].join('\n') + '\n';
}
