/**
 * Compressed input whose decoding costs far more than its size, refused before the work runs:
 * a zstd frame that declares a huge window (fzstd allocates it and shifts all of it after every
 * block) and a gzip member header of megabytes (fflate copies and rescans an unfinished header on
 * every push). Each case counts what was taken, not time: refused after a few KiB of input.
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createDecompressor } from './decompress';
import { concatBytes, fixtureLines, rawZstdFrame } from './testing';
import { MAX_ZSTD_WINDOW } from './zstdFrames';

const enc = new TextEncoder();
const dec = new TextDecoder();
const LINE = '{"type":"turn/start","seq":0,"time":1,"data":{"turn":1}}\n';

function run(bytes: Uint8Array, piece = 64 * 1024) {
  const d = createDecompressor();
  const out: Uint8Array[] = [];
  for (let at = 0; at < bytes.length; at += piece) out.push(...d.push(bytes.subarray(at, at + piece)));
  out.push(...d.end());
  return { text: dec.decode(concatBytes(out)), error: d.error, consumed: d.consumed };
}

const blockHeader = (size: number, type: 0 | 1, last: boolean): Uint8Array => {
  const h = (size << 3) | (type << 1) | (last ? 1 : 0);
  return new Uint8Array([h & 0xff, (h >> 8) & 0xff, (h >> 16) & 0xff]);
};

/**
 * One zstd frame with window descriptor `windowByte` (no content size): a raw block per line of
 * `lines`, then `rle` RLE blocks of one space each. (The audit's file: 0xa7 = 1920 MiB.)
 */
function zstdFrame(windowByte: number, lines: string[], rle: number): Uint8Array {
  const parts: Uint8Array[] = [new Uint8Array([0x28, 0xb5, 0x2f, 0xfd, 0x00, windowByte])];
  lines.forEach((l, i) => {
    const bytes = enc.encode(l);
    parts.push(blockHeader(bytes.length, 0, rle === 0 && i === lines.length - 1), bytes);
  });
  for (let i = 0; i < rle; i++) parts.push(blockHeader(1, 1, i === rle - 1), new Uint8Array([0x20]));
  return concatBytes(parts);
}

describe('zstd: a frame whose window costs more than its text', () => {
  it('a 1920 MiB window is refused before fzstd allocates it, saying so', () => {
    const r = run(zstdFrame(0xa7, [LINE], 200));
    expect(r.error).toMatch(
      /zstd data asks for a 1920 MiB window; this reader decodes windows up to 128 MiB/,
    );
    expect(r.text).toBe('');
  });

  it('the largest window zstd decodes by default is read', () => {
    const window = 17 << 3; // 2^27 bytes
    expect(2 ** 27).toBe(MAX_ZSTD_WINDOW);
    const r = run(zstdFrame(window, [LINE, LINE], 0));
    expect(r.error).toBeUndefined();
    expect(r.text).toBe(LINE + LINE);
  });

  it('20,000 one-byte blocks in an 8 MiB window: refused after about 1 GiB of window work, not 160 GB', () => {
    const bytes = zstdFrame(13 << 3, [LINE], 20_000); // 80 KB of file
    const r = run(bytes);
    expect(r.error).toMatch(/zstd data of tiny blocks in a 8 MiB window: decoding it copied/);
    expect(r.consumed).toBeLessThan(bytes.length);
  });

  it('a real `zstd --ultra -22` stream from a pipe (128 MiB window, small compressed blocks) is read whole', () => {
    const bytes = new Uint8Array(readFileSync(new URL('./fixtures/ultra22-pipe.jsonl.zst', import.meta.url)));
    const r = run(bytes);
    expect(r.error).toBeUndefined();
    expect(r.text).toBe(fixtureLines(0, 20_000));
  });

  it('a writer that flushes a block per line in a 2 MiB window is read whole', () => {
    const lines = Array.from(
      { length: 400 },
      (_, i) => `{"type":"x","seq":${i},"pad":"${'y'.repeat(250)}"}\n`,
    );
    const r = run(zstdFrame(11 << 3, lines, 0), 4096);
    expect(r.error).toBeUndefined();
    expect(r.text).toBe(lines.join(''));
  });
});

/** A gzip member of `text` whose header carries a file name of `nameBytes` bytes (FNAME). */
function gzipWithName(text: string, nameBytes: number): Uint8Array {
  const plain = new Uint8Array(gzipSync(text));
  const header = plain.slice(0, 10);
  header[3] = 0x08; // FLG.FNAME
  return concatBytes([header, new Uint8Array(nameBytes).fill(0x61), new Uint8Array([0]), plain.subarray(10)]);
}

/** A gzip member of `text` whose header carries an extra field of `extraBytes` bytes (FEXTRA, at most 65,535). */
function gzipWithExtra(text: string, extraBytes: number): Uint8Array {
  const plain = new Uint8Array(gzipSync(text));
  const header = plain.slice(0, 10);
  header[3] = 0x04; // FLG.FEXTRA
  const xlen = new Uint8Array([extraBytes & 0xff, extraBytes >> 8]);
  return concatBytes([header, xlen, new Uint8Array(extraBytes).fill(0x62), plain.subarray(10)]);
}

describe('gzip: a member header of megabytes', () => {
  it('a 20 MB file name is refused after the header limit, not copied and rescanned on every push', () => {
    const bytes = gzipWithName(LINE, 20 * 1024 * 1024);
    const r = run(bytes, 16 * 1024);
    expect(r.error).toMatch(/gzip member 1 has a header over 262144 bytes \(file name or comment\)/);
    expect(r.consumed).toBeLessThan(1024 * 1024);
  });

  it('the same in a second member: the first member is kept', () => {
    const bytes = concatBytes([new Uint8Array(gzipSync(LINE)), gzipWithName(LINE, 20 * 1024 * 1024)]);
    const r = run(bytes, 16 * 1024);
    expect(r.error).toMatch(/gzip member 2 has a header over 262144 bytes/);
    expect(r.text).toBe(LINE);
  });

  it('four members with a 64 KiB extra field each are read whole (audit R7-16: the guard counted the members after the header)', () => {
    const lines = ['a', 'b', 'c', 'd'].map((x, i) =>
      LINE.replace('"seq":0', `"seq":${i}`).replace('turn', x),
    );
    for (const piece of [64 * 1024, 256 * 1024, 7 * 1024 * 1024]) {
      const r = run(concatBytes(lines.map((l) => gzipWithExtra(l, 0xffff))), piece);
      expect(r.error, `pieces of ${piece}`).toBeUndefined();
      expect(r.text).toBe(lines.join(''));
    }
  });

  it('a 50 MB file name after members with extra fields is still refused after the header limit', () => {
    const bytes = concatBytes([gzipWithExtra(LINE, 0xffff), gzipWithName(LINE, 50 * 1024 * 1024)]);
    const r = run(bytes, 16 * 1024);
    expect(r.error).toMatch(/gzip member 2 has a header over 262144 bytes/);
    expect(r.text).toBe(LINE);
    expect(r.consumed).toBeLessThan(1024 * 1024);
  });

  it('an ordinary file name is read', () => {
    const r = run(gzipWithName(LINE + LINE, 300), 7);
    expect(r.error).toBeUndefined();
    expect(r.text).toBe(LINE + LINE);
  });
});

describe('zstd: many frames in one read (audit 28 L4)', () => {
  it('375,000 empty skippable frames before a frame are read through, in one 3 MB push', () => {
    const skippable = new Uint8Array([0x50, 0x2a, 0x4d, 0x18, 0, 0, 0, 0]); // magic, size 0
    const many = new Uint8Array(skippable.length * 375_000);
    for (let at = 0; at < many.length; at += skippable.length) many.set(skippable, at);
    const r = run(concatBytes([many, rawZstdFrame(enc.encode(LINE))]), many.length + 64);
    expect(r.error).toBeUndefined();
    expect(r.text).toBe(LINE);
  });

  it('100,000 tiny frames in one push decode whole', () => {
    const frames = concatBytes(Array.from({ length: 100_000 }, () => rawZstdFrame(enc.encode('x'))));
    const r = run(frames, frames.length);
    expect(r.error).toBeUndefined();
    expect(r.text).toBe('x'.repeat(100_000));
  });
});
