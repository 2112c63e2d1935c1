import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createDecompressor, sniffFormat } from './decompress';
import { concatBytes, fixtureLines, rawZstdFrame, silentBitFlip, splitBytes } from './testing';

const enc = new TextEncoder();
const dec = new TextDecoder();

const fixture = (name: string): Uint8Array =>
  new Uint8Array(readFileSync(new URL(`./fixtures/${name}`, import.meta.url)));
const zstdFixture = fixture('two-frames.jsonl.zst');

function skippableFrame(payload: number): Uint8Array {
  return concatBytes([
    new Uint8Array([0x5a, 0x2a, 0x4d, 0x18, payload, 0, 0, 0]),
    new Uint8Array(payload).fill(7),
  ]);
}

/** Decompresses `bytes` pushed in pieces; returns the text and the error. */
function run(
  bytes: Uint8Array,
  sizes: readonly number[] = [],
): { text: string; error: string | undefined; format: string | undefined; truncated?: string } {
  const d = createDecompressor();
  const out: Uint8Array[] = [];
  for (const piece of splitBytes(bytes, sizes)) out.push(...d.push(piece));
  out.push(...d.end());
  return { text: dec.decode(concatBytes(out)), error: d.error, format: d.format, truncated: d.truncated };
}

const lines = (n: number, tag = 'x'): string =>
  Array.from({ length: n }, (_, i) => `{"type":"${tag}","i":${i}}\n`).join('');
const sizesArb = fc.array(fc.integer({ min: 1, max: 700 }), { minLength: 1, maxLength: 12 });

describe('sniffFormat', () => {
  it('names the format from the magic bytes, and waits on a partial magic', () => {
    expect(sniffFormat(new Uint8Array([0x1f, 0x8b, 8]))).toBe('gzip');
    expect(sniffFormat(new Uint8Array([0x28, 0xb5, 0x2f, 0xfd]))).toBe('zstd');
    expect(sniffFormat(new Uint8Array([0x5a, 0x2a, 0x4d, 0x18]))).toBe('zstd'); // skippable frame
    expect(sniffFormat(enc.encode('{"type"'))).toBe('plain');
    expect(sniffFormat(new Uint8Array([0x1f]))).toBeUndefined();
    expect(sniffFormat(new Uint8Array([0x28, 0xb5, 0x2f]))).toBeUndefined();
    expect(sniffFormat(new Uint8Array([0x28, 0xb5, 0x00]))).toBe('plain');
    expect(sniffFormat(new Uint8Array([0x1f, 0x00]))).toBe('plain');
    expect(sniffFormat(new Uint8Array([]))).toBeUndefined();
  });
});

describe('plain input', () => {
  it('passes through unchanged at any chunking, including a magic-looking prefix', () => {
    const text = '(not zstd)\n' + lines(20);
    expect(run(enc.encode(text), [1])).toEqual({ text, error: undefined, format: 'plain' });
    expect(run(enc.encode(text), [3, 1, 50])).toEqual({ text, error: undefined, format: 'plain' });
  });

  it('treats input shorter than a magic number as plain', () => {
    expect(run(new Uint8Array([0x1f]))).toEqual({ text: '\x1f', error: undefined, format: 'plain' });
    expect(run(new Uint8Array([]))).toEqual({ text: '', error: undefined, format: 'plain' });
  });
});

describe('gzip', () => {
  const text = lines(3000);
  const gz = new Uint8Array(gzipSync(enc.encode(text)));

  it('decompresses at any chunking, the magic split over 1-byte chunks', () => {
    expect(run(gz, [1])).toEqual({ text, error: undefined, format: 'gzip' });
    fc.assert(
      fc.property(sizesArb, (sizes) => run(gz, sizes).text === text && run(gz, sizes).error === undefined),
      { numRuns: 40 },
    );
  });

  it('follows concatenated members, empty ones included', () => {
    const parts = [lines(10, 'a'), '', lines(2000, 'b'), lines(1, 'c')];
    const multi = concatBytes(parts.map((p) => new Uint8Array(gzipSync(enc.encode(p)))));
    expect(run(multi)).toEqual({ text: parts.join(''), error: undefined, format: 'gzip' });
    expect(run(multi, [1]).text).toBe(parts.join(''));
    fc.assert(
      fc.property(sizesArb, (sizes) => run(multi, sizes).text === parts.join('')),
      { numRuns: 40 },
    );
  });

  it('survives thousands of tiny members in one chunk (the libraries recurse per member)', () => {
    const member = new Uint8Array(gzipSync(enc.encode('{"a":1}\n')));
    const many = concatBytes(Array.from({ length: 20000 }, () => member));
    const r = run(many);
    expect(r.error).toBeUndefined();
    expect(r.text).toBe('{"a":1}\n'.repeat(20000));
  });

  it('reports truncation mid-data and keeps a prefix of the text', () => {
    const r = run(gz.subarray(0, Math.floor(gz.length / 2)), [4096]);
    expect(r.error).toMatch(/gzip data is corrupt or truncated/);
    expect(text.startsWith(r.text)).toBe(true);
  });

  it('reports the truncations fflate lets pass: inside a trailer, inside a next member header', () => {
    const inTrailer = run(gz.subarray(0, gz.length - 3));
    expect(inTrailer.error).toMatch(/inside a member trailer/);
    expect(inTrailer.text).toBe(text);
    const second = new Uint8Array(gzipSync(enc.encode('more\n')));
    const inHeader = run(concatBytes([gz, second.subarray(0, 5)]), [1000]);
    expect(inHeader.error).toMatch(/inside a member header/);
    expect(inHeader.text).toBe(text);
    expect(run(concatBytes([gz, second.subarray(0, 2)])).error).toMatch(/inside a member header/);
  });

  it('checks every member trailer: a wrong CRC32 or size is corruption (fflate does not check)', () => {
    const first = new Uint8Array(gzipSync(enc.encode('first\n')));
    const second = new Uint8Array(gzipSync(enc.encode('second\n')));
    const badCrc = first.slice();
    badCrc[first.length - 8]! ^= 1;
    const r = run(concatBytes([badCrc, second]), [1]);
    expect(r.error).toMatch(/^gzip data is corrupt: member 1 fails its CRC32 check/);
    expect(r.text).toBe('first\n'); // what was decoded is kept; the stream stops at the failed member
    const badSize = second.slice();
    badSize[second.length - 1]! ^= 1;
    expect(run(concatBytes([first, badSize])).error).toMatch(/member 2 decodes to 7 bytes, its trailer says/);
    // Garbage that still inflates: only the CRC notices.
    const text = lines(5000);
    const gz = new Uint8Array(gzipSync(enc.encode(text)));
    const damaged = gz.slice();
    damaged.fill(0xff, 2000, 2064);
    expect(run(damaged, [4096]).error).toMatch(/gzip data is corrupt/);
  });

  it('reports bytes after the last member with where they start, keeping the text (audit R17-8)', () => {
    const garbage = enc.encode('garbage!');
    const said = `gzip data holds bytes after its last member that are no gzip member, from compressed byte ${gz.length}: not read`;
    // was "invalid gzip data ... near compressed byte 0"
    for (const sizes of [[], [1], [7], [gz.length], [gz.length + 3], [4096]]) {
      expect(run(concatBytes([gz, garbage]), sizes)).toMatchObject({ text, error: said });
      expect(run(concatBytes([gz, garbage.subarray(0, 2)]), sizes)).toMatchObject({ text, error: said });
      // zeros first, then something else: the bytes after the member start where the zeros do
      expect(run(concatBytes([gz, new Uint8Array(600), garbage]), sizes)).toMatchObject({
        text,
        error: said,
      });
    }
    const two = concatBytes([gz, new Uint8Array(gzipSync(enc.encode('more\n'))), garbage]);
    expect(run(two).error).toMatch(
      new RegExp(`from compressed byte ${two.length - garbage.length}: not read$`),
    );
  });

  it('skips zero padding after the last member, as gzip(1) does (audit R17-8: was an error)', () => {
    for (const zeros of [1, 3, 4, 6, 512, 70_000])
      for (const sizes of [[], [1], [5], [gz.length + 1], [4096]])
        expect(run(concatBytes([gz, new Uint8Array(zeros)]), sizes)).toMatchObject({
          text,
          error: undefined,
        });
    // the last member's trailer is still checked
    const badCrc = gz.slice();
    badCrc[badCrc.length - 8] = (badCrc[badCrc.length - 8] as number) ^ 1;
    expect(run(concatBytes([badCrc, new Uint8Array(16)])).error).toMatch(/member 1 fails its CRC32 check/);
    expect(run(concatBytes([badCrc, enc.encode('garbage!')])).error).toMatch(
      /member 1 fails its CRC32 check/,
    );
  });

  it('reports corrupt deflate data without throwing; later pushes are ignored', () => {
    const bad = gz.slice();
    for (let i = 40; i < 60; i++) bad[i] = 0xff;
    const d = createDecompressor();
    expect(() => {
      d.push(bad);
      d.end();
    }).not.toThrow();
    expect(d.error).toMatch(/gzip data is corrupt or truncated/);
    expect(d.push(gz)).toEqual([]);
    expect(d.end()).toEqual([]);
  });
});

describe('zstd', () => {
  const expected = fixtureLines(0, 1600);

  it('decompresses the two-frame fixture at any chunking', () => {
    expect(run(zstdFixture)).toEqual({ text: expected, error: undefined, format: 'zstd' });
    expect(run(zstdFixture, [1]).text).toBe(expected);
    fc.assert(
      fc.property(sizesArb, (sizes) => run(zstdFixture, sizes).text === expected),
      { numRuns: 40 },
    );
  });

  it('follows skippable frames, first or between data frames', () => {
    const a = rawZstdFrame(enc.encode('{"a":1}\n'));
    const b = rawZstdFrame(enc.encode('{"b":2}\n'));
    const stream = concatBytes([skippableFrame(5), a, skippableFrame(0), b, zstdFixture]);
    expect(run(stream, [1])).toEqual({
      text: '{"a":1}\n{"b":2}\n' + expected,
      error: undefined,
      format: 'zstd',
    });
  });

  it('survives thousands of tiny frames in one chunk', () => {
    const frame = rawZstdFrame(enc.encode('{"a":1}\n'));
    const r = run(concatBytes(Array.from({ length: 20000 }, () => frame)));
    expect(r.error).toBeUndefined();
    expect(r.text).toBe('{"a":1}\n'.repeat(20000));
  });

  it('a stream that stops inside its last frame (mid-frame, or in the checksum) is truncated, not corrupt, and keeps a prefix', () => {
    for (const cut of [5, 100, 3000, zstdFixture.length - 1]) {
      const r = run(zstdFixture.subarray(0, cut), [977]);
      expect(r.error, `cut at ${cut}`).toBeUndefined();
      expect(r.truncated, `cut at ${cut}`).toMatch(/the last zstd frame is cut short/);
      expect(expected.startsWith(r.text)).toBe(true);
    }
  });

  it('reports trailing garbage after the last frame, keeping the text', () => {
    const r = run(concatBytes([zstdFixture, enc.encode('garbage!')]));
    expect(r.error).toMatch(/zstd data is corrupt or truncated/);
    expect(r.text).toBe(expected);
  });

  describe('content checksums (XXH64; fzstd does not check them, audit R16-7)', () => {
    // Three frames, each with a checksum; frame 1 is bytes 0..108, frame 2 bytes 109..317 (fixtures/README.md).
    const harness = fixture('harness-frames.jsonl.zst');
    const harnessText = dec.decode(fixture('harness-frames.jsonl'));
    const FRAME2_END = 109 + 209;

    it('an intact stream of checked frames decodes with no error at any chunking (checksums straddling pushes)', () => {
      expect(run(harness, [1])).toEqual({ text: harnessText, error: undefined, format: 'zstd' });
      fc.assert(
        fc.property(sizesArb, (sizes) => run(harness, sizes).error === undefined),
        { numRuns: 40 },
      );
    });

    it('a bit flipped in a block that still decodes is corruption of that frame; the frames before it are kept', () => {
      const damaged = silentBitFlip(harness, 109 + 20, FRAME2_END - 4);
      for (const sizes of [[], [1], [7, 300]]) {
        const r = run(damaged, sizes);
        expect(r.error, `chunks ${sizes.join(',')}`).toMatch(
          /^zstd data is corrupt: frame 2 fails its content checksum \(XXH64\)/,
        );
        expect(r.text.startsWith(harnessText.slice(0, 109))).toBe(true); // frame 1
      }
    });

    it('a flipped stored checksum is corruption too; a frame without a checksum is not checked', () => {
      const badSum = harness.slice();
      badSum[FRAME2_END - 1] = (badSum[FRAME2_END - 1] as number) ^ 0x80;
      expect(run(badSum, [5]).error).toMatch(/frame 2 fails its content checksum/);
      // two-frames: frame 1 (3,000-odd bytes) has a checksum, frame 2 (--no-check) none.
      const firstFrameDamaged = silentBitFlip(zstdFixture, 200, 3000);
      expect(run(firstFrameDamaged, [977]).error).toMatch(/frame 1 fails its content checksum/);
      const frame2 = zstdFixture.findIndex((b, i) => i > 0 && b === 0x28 && zstdFixture[i + 1] === 0xb5);
      const unchecked = silentBitFlip(zstdFixture, frame2 + 20, zstdFixture.length);
      const r = run(unchecked, [977]);
      expect(r.error).toBeUndefined(); // nothing to check it against, as zstd itself
      expect(r.text).not.toBe(expected);
    });
  });
});
