/**
 * gzip with many small members (a writer that gzips every append): fflate's streaming inflate
 * does work per member that follows the slice it was handed, not the member (audit R10-2). The
 * work is counted at fflate's one inflate step (`Inflate.prototype.c`, which its Gunzip calls for
 * every member and push): the pending input it copies afterwards, and the output buffer it
 * allocates when the one it holds lacks 128 KiB of headroom. No timing.
 */
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { Inflate } from 'fflate';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDecompressor } from './decompress';
import { concatBytes, fixtureLines, splitBytes } from './testing';

const enc = new TextEncoder();
const dec = new TextDecoder();
const HEADROOM = 131072; // fflate 0.8.3: cbuf(bt + 131072) at every block start

function run(bytes: Uint8Array, sizes: readonly number[] = [64 * 1024]) {
  const d = createDecompressor();
  const out: Uint8Array[] = [];
  for (const piece of splitBytes(bytes, sizes)) out.push(...d.push(piece));
  out.push(...d.end());
  return { text: dec.decode(concatBytes(out)), error: d.error };
}

const gz = (text: string, level = 6): Uint8Array => new Uint8Array(gzipSync(enc.encode(text), { level }));
/** `text` as one member per piece between the cut points (byte offsets; a repeated cut is an empty member). */
function members(text: string, cuts: readonly number[], level = 6): Uint8Array {
  const bytes = enc.encode(text);
  const at = [0, ...[...cuts].map((c) => Math.min(c, bytes.length)).sort((a, b) => a - b), bytes.length];
  const parts: Uint8Array[] = [];
  for (let i = 1; i < at.length; i++)
    parts.push(new Uint8Array(gzipSync(bytes.subarray(at[i - 1], at[i]), { level })));
  return concatBytes(parts);
}

describe('gzip members: work per member follows the member', () => {
  type InflateStep = (
    this: { o: Uint8Array; p: Uint8Array; s: { b?: number; f?: unknown; l?: unknown } },
    final: unknown,
  ) => void;
  const proto = Inflate.prototype as unknown as { c: InflateStep };
  const original = proto.c;
  const work = { calls: 0, allocated: 0, copied: 0 };
  beforeEach(() => {
    Object.assign(work, { calls: 0, allocated: 0, copied: 0 });
    proto.c = function (final) {
      work.calls++;
      const b = this.s.b ?? 0;
      // fflate inflates only with input and an unfinished member (else it returns at once).
      const inflates = this.p.length > 0 && !(this.s.f && !this.s.l);
      if (inflates && this.o.length < b + HEADROOM) work.allocated += b + HEADROOM;
      work.copied += this.p.length; // fflate keeps what it did not consume as a fresh copy
      original.call(this, final);
    };
  });
  afterEach(() => {
    proto.c = original;
  });

  it('one member per line: fflate allocates and copies a few times the input, not 128 KiB per member', () => {
    const text = fixtureLines(0, 3000);
    const bytes = members(
      text,
      [...text.matchAll(/\n/g)].map((m) => (m.index ?? 0) + 1),
    );
    expect(run(bytes)).toEqual({ text, error: undefined });
    expect(work.calls).toBeGreaterThanOrEqual(3000);
    expect(work.allocated).toBeLessThan(4 * HEADROOM);
    expect(work.copied).toBeLessThan(16 * bytes.length);
  });

  it('a million bytes of empty members after a log: the same bounds', () => {
    const text = fixtureLines(0, 50);
    const empty = gz('');
    const bytes = concatBytes([gz(text), ...Array.from({ length: 50_000 }, () => empty)]);
    expect(run(bytes)).toEqual({ text, error: undefined });
    expect(work.calls).toBeGreaterThanOrEqual(50_000);
    expect(work.allocated).toBeLessThan(4 * HEADROOM);
    expect(work.copied).toBeLessThan(16 * bytes.length);
  });
});

describe('gzip members: the text is the same however it is cut into members', () => {
  const text = fixtureLines(0, 400) + '{"type":"note","text":"é😀"}\n' + fixtureLines(400, 800);
  const one = run(gz(text));

  it('members that split lines and characters, empty members, stored and compressed: the one-member text', () => {
    expect(one).toEqual({ text, error: undefined });
    const n = enc.encode(text).length;
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: n }), { maxLength: 60 }),
        fc.constantFrom(0, 1, 6, 9),
        fc.array(fc.integer({ min: 1, max: 5000 }), { minLength: 1, maxLength: 8 }),
        (cuts, level, sizes) => {
          expect(run(members(text, [...cuts, ...cuts.slice(0, 3)], level), sizes)).toEqual(one);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('a member with more output than the reused buffer, between tiny ones', () => {
    // Hard to compress, so the 600 KiB member's output outgrows any buffer lent to it.
    let big = '';
    for (let i = 0; big.length < 600_000; i++)
      big += `{"n":${(i * 2654435761) % 1000003},"h":"${(i * 40503).toString(36)}"}\n`;
    const all = fixtureLines(0, 5) + big + fixtureLines(5, 10);
    const cuts = [
      10,
      20,
      20,
      30,
      enc.encode(fixtureLines(0, 5)).length,
      enc.encode(fixtureLines(0, 5) + big).length + 7,
    ];
    expect(run(members(all, cuts), [1000, 70_000])).toEqual({ text: all, error: undefined });
  });

  it('a wrong CRC32 in the 3,001st of many tiny members is still found, the text before it kept', () => {
    const good = gz('{"a":1}\n');
    const bad = gz('{"b":2}\n');
    bad[bad.length - 8] = (bad[bad.length - 8] as number) ^ 0xff;
    const r = run(concatBytes([...Array.from({ length: 3000 }, () => good), bad, good]));
    expect(r.error).toMatch(/^gzip data is corrupt: member 3001 fails its CRC32 check/);
    expect(r.text).toBe('{"a":1}\n'.repeat(3000) + '{"b":2}\n'); // found at its trailer, after its text
  });
});
