/** Read limits: decompression bombs, huge decoded sizes and endless lines stop reading, say so, keep the rest. */
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadLogFromBytes } from '../log/load';
import { SessionLog } from '../log/sessionLog';
import { BOMB_LINE, endlessLine, gzipBomb, zstdRleBomb } from '../testing/hostileInputs';
import { createDecompressor } from './decompress';
import { LineLengthGuard } from './lineLengthGuard';
import {
  BROWSER_DEFAULT_MEMORY,
  DEFAULT_READ_LIMITS,
  NO_READ_LIMITS,
  browserReadLimits,
  liftLimits,
  limitsForMemory,
  type ReadLimits,
} from './readLimits';
import { formatBytes } from '../view/byteSize';

const enc = new TextEncoder();
const MiB = 1024 * 1024;
const GiB = 1024 * MiB;

const lines = (n: number) =>
  Array.from(
    { length: n },
    (_, i) =>
      JSON.stringify({
        type: 'user/message',
        seq: i,
        data: { role: 'user', content: [{ type: 'text', text: `m${i}` }] },
        surfaceOp: 'append',
      }) + '\n',
  ).join('');

function load(bytes: Uint8Array, limits: Partial<ReadLimits>, chunk = 1 << 20): SessionLog {
  return loadLogFromBytes(bytes, { limits: { ...DEFAULT_READ_LIMITS, ...limits }, chunkSize: chunk });
}

describe('decompression bombs', () => {
  it('a gzip bomb of 4 GiB stops at the ratio limit after a bounded output, keeping what came before', () => {
    const bomb = gzipBomb(4 * GiB);
    expect(bomb.length).toBeLessThan(16 * MiB); // ~1000:1
    const floor = 8 * MiB;
    const log = load(bomb, { ratioFloorBytes: floor });
    const hit = log.limitHit;
    expect(hit?.kind).toBe('compression-ratio');
    // stopped soon after the ratio floor: at most one slice's output (16 MiB) beyond it
    expect(log.bytesDecoded).toBeGreaterThan(floor);
    expect(log.bytesDecoded).toBeLessThan(floor + 17 * MiB);
    // every whole line decoded before the stop is an event
    expect(log.eventCount).toBe(Math.floor(log.bytesDecoded / BOMB_LINE.length));
    const diag = log.diagnostics.items.filter((d) => d.code === 'read-limit');
    expect(diag).toHaveLength(1);
    expect(diag[0]?.severity).toBe('error');
    expect(diag[0]?.message).toMatch(/^Stopped reading: the input expands more than 100:1/);
    expect(diag[0]?.message).toMatch(/\(read [\d.]+ [KM]iB of the compressed input, [\d.]+ MiB decoded\)/);
    expect(diag[0]?.line).toBe(log.eventCount + 1);
    // the cut line is refused, not reported as a torn tail
    expect(log.diagnostics.items.some((d) => d.code === 'torn-tail' || d.code === 'bad-json')).toBe(false);
  }, 60_000);

  it('a zstd RLE bomb (32 000:1) stops within a block of the limit', () => {
    const bomb = zstdRleBomb(4 * GiB, 0x0a); // endless blank lines
    expect(bomb.length).toBeLessThan(200 * 1024);
    const log = load(bomb, { ratioFloorBytes: 8 * MiB });
    expect(log.limitHit?.kind).toBe('compression-ratio');
    expect(log.bytesDecoded).toBeLessThan(8 * MiB + 256 * 1024);
  }, 60_000);

  it('past largeRatioFloorBytes, a lower cap: tiny lines at 70:1 stop there, what came before kept (audit 27 N2)', () => {
    // a new seq every 8th turn/start: about 70:1, under maxCompressionRatio
    let seq = 0;
    const text = Array.from({ length: 300_000 }, (_, i) => {
      if (i % 8 === 0) seq++;
      return `{"type":"turn/start","seq":${seq},"time":${1755000000000 + seq},"data":{"turn":1}}\n`;
    }).join('');
    const gz = gzipSync(text);
    expect(text.length / gz.length).toBeGreaterThan(40);
    expect(text.length / gz.length).toBeLessThan(100);
    const floor = 4 * MiB;
    const log = load(gz, { largeRatioFloorBytes: floor, maxLargeRatio: 40 }, 64 * 1024);
    expect(log.limitHit).toMatchObject({ kind: 'compression-ratio', limit: 40, ratioFloor: floor });
    expect(log.bytesDecoded).toBeGreaterThan(floor);
    expect(log.bytesDecoded).toBeLessThan(text.length);
    expect(log.limitHit?.message).toMatch(
      /^Stopped reading: the input expands more than 40:1 past 4.0 MiB decoded, which real logs never do \(a decompression bomb\?\)\. Everything before line \d+ is loaded/,
    );
    // the defaults read it whole (under 128 MiB), and so does a log whose ratio is under the cap
    expect(load(gz, {}).limitHit).toBeUndefined();
    expect(load(gz, { largeRatioFloorBytes: floor, maxLargeRatio: 80 }).limitHit).toBeUndefined();
    // lifting the compression-ratio limit lifts both caps
    const lifted = liftLimits({ ...DEFAULT_READ_LIMITS, largeRatioFloorBytes: floor }, ['compression-ratio']);
    expect(load(gz, lifted).limitHit).toBeUndefined();
    expect(load(gz, lifted).eventCount).toBe(300_000);
  }, 60_000);

  it('64 MiB of blank lines reach the default ratio floor and stop there, every line counted', () => {
    const bomb = zstdRleBomb(4 * GiB, 0x0a);
    const log = load(bomb, {});
    expect(log.limitHit?.kind).toBe('compression-ratio');
    expect(log.bytesDecoded).toBeGreaterThan(DEFAULT_READ_LIMITS.ratioFloorBytes);
    expect(log.eventCount).toBe(0);
    // Every byte kept is a newline, so the stop is on the line after the last one kept.
    expect(log.limitHit?.line).toBe(log.bytesDecoded + 1);
  }, 60_000);

  it('the decoded-size limit holds for compressed and plain input alike, to the byte', () => {
    const text = lines(2000);
    const cap = 50_000;
    for (const bytes of [enc.encode(text), new Uint8Array(gzipSync(text))]) {
      for (const chunk of [1, 333, 1 << 20]) {
        const log = load(bytes, { maxDecodedBytes: cap }, chunk);
        expect(log.limitHit?.kind).toBe('decoded-size');
        expect(log.bytesDecoded).toBe(cap);
        const whole = text.slice(0, cap).lastIndexOf('\n') + 1;
        expect(log.eventCount).toBe(text.slice(0, whole).split('\n').length - 1);
        expect(log.limitHit?.message).toMatch(/the decoded log passed 48.8 KiB, the size limit/);
      }
    }
  });

  it('real compression ratios pass; the same bomb loads whole with the limits lifted', () => {
    const text = lines(20_000);
    const log = load(new Uint8Array(gzipSync(text)), { ratioFloorBytes: 0 });
    expect(log.limitHit).toBeUndefined();
    expect(log.eventCount).toBe(20_000);
    const bomb = gzipBomb(8 * MiB);
    expect(load(bomb, { ratioFloorBytes: MiB }).limitHit?.kind).toBe('compression-ratio');
    const all = loadLogFromBytes(bomb, { limits: NO_READ_LIMITS });
    expect(all.limitHit).toBeUndefined();
    expect(all.bytesDecoded).toBe(8 * MiB);
  }, 60_000);

  it('the decompressor never produces more than the limit from one huge push', () => {
    const d = createDecompressor({ maxOutputBytes: 3 * MiB });
    const out = d.push(gzipBomb(64 * MiB));
    expect(out.reduce((n, p) => n + p.length, 0)).toBe(3 * MiB);
    expect(d.limited).toEqual({ kind: 'decoded-size', limit: 3 * MiB });
    expect(d.push(new Uint8Array(10))).toEqual([]);
    expect(d.end()).toEqual([]);
    expect(d.error).toBeUndefined();
  });
});

/**
 * Feeds `bytes` to `guard` as a reader would, in parts of `sizes` bytes (cycled), until it admits
 * less than a whole part: the number of bytes it kept.
 */
function feed(guard: LineLengthGuard, bytes: Uint8Array, sizes: number[]): number {
  let kept = 0;
  for (let at = 0, k = 0; at < bytes.length; k++) {
    const part = bytes.subarray(at, at + (sizes[k % sizes.length] as number));
    const admitted = guard.admit(part, kept);
    kept += admitted.length;
    at += part.length;
    if (admitted.length < part.length) break;
  }
  return kept;
}

describe('endless lines', () => {
  it('an endless line stops at the line limit; the lines before it load', () => {
    const log = new SessionLog({ limits: { ...DEFAULT_READ_LIMITS, maxLineBytes: 2 * MiB } });
    let pushed = 0;
    for (const chunk of endlessLine(lines(3), 256 * 1024)) {
      log.push(chunk);
      pushed += chunk.length;
      if (log.limitHit) break;
      if (pushed > 100 * MiB) throw new Error('never stopped');
    }
    log.end();
    expect(log.limitHit?.kind).toBe('line-length');
    expect(log.limitHit?.line).toBe(4);
    expect(log.eventCount).toBe(3);
    expect(log.bytesDecoded).toBe(enc.encode(lines(3)).length + 2 * MiB);
    expect(log.limitHit?.message).toBe(
      `Stopped reading: line 4 is longer than 2.0 MiB, the line limit. Everything before line 4 is loaded (read ${formatBytes(log.bytesDecoded)}); the rest was refused.`,
    );
  });

  it('a long line inside one big chunk is found too, and lines after it are refused', () => {
    const text = lines(2) + `{"type":"x","pad":"${'p'.repeat(5000)}"}\n` + lines(2);
    for (const chunk of [text.length, 700, 1]) {
      const log = load(enc.encode(text), { maxLineBytes: 1000 }, chunk);
      expect(log.limitHit?.kind).toBe('line-length');
      expect(log.eventCount).toBe(2);
      expect(log.limitHit?.line).toBe(3);
    }
  });

  it('LineLengthGuard admits exactly the longest prefix in which no line is too long', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 40 }), { maxLength: 20 }),
        fc.array(fc.integer({ min: 1, max: 60 }), { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 1, max: 30 }),
        (lens, sizes, max) => {
          const bytes = enc.encode(lens.map((n) => 'a'.repeat(n) + '\n').join(''));
          // the oracle: scan byte by byte
          let expected = bytes.length;
          let run = 0;
          for (let i = 0; i < bytes.length; i++) {
            if (bytes[i] === 10) run = 0;
            else if (++run > max) {
              expected = i;
              break;
            }
          }
          const guard = new LineLengthGuard(max);
          const kept = feed(guard, bytes, sizes);
          expect(kept).toBe(expected);
          expect(guard.hit !== undefined).toBe(expected < bytes.length);
        },
      ),
    );
  });
});

describe('lines that cost far more parsed than their size (audit R5-9)', () => {
  it('a line of {} past the structure budget is refused with a true message; the lines before load', () => {
    // a 1 MiB line limit allows 64k containers (16k per 64 bytes, floored at 64 KiB); this line holds 100k in 300 KB
    const text = lines(3) + `{"type":"x/pad","data":{"pad":[${'{},'.repeat(100_000)}{}]}}\n` + lines(2);
    for (const chunk of [text.length, 4096, 65_536]) {
      const log = load(enc.encode(text), { maxLineBytes: 1 * MiB }, chunk);
      expect(log.limitHit?.kind, String(chunk)).toBe('line-length');
      expect(log.limitHit?.line).toBe(4);
      expect(log.eventCount).toBe(3);
      expect(log.limitHit?.message).toMatch(
        /^Stopped reading: line 4 holds more than [\d,]+ objects and arrays, too many to parse safely: parsed, each takes some 80 bytes of memory against a few bytes of text \(a line may hold one per 64 bytes of the 1\.0 MiB line limit\)\. Everything before line 4 is loaded/,
      );
    }
    // the same line with "load anyway" reads whole
    const whole = load(
      enc.encode(text),
      liftLimits({ ...DEFAULT_READ_LIMITS, maxLineBytes: 1 * MiB }, ['line-length']),
    );
    expect(whole.limitHit).toBeUndefined();
    expect(whole.eventCount).toBe(6);
  });

  it('text of the same size with few objects loads (a long tool output is not refused)', () => {
    const text =
      lines(1) +
      JSON.stringify({ type: 'x/pad', data: { pad: 'p{'.repeat(20_000) + 'x'.repeat(300_000) } }) +
      '\n';
    const log = load(enc.encode(text), { maxLineBytes: 1 * MiB }, 4096);
    expect(log.limitHit).toBeUndefined();
    expect(log.eventCount).toBe(2);
  });

  it('LineLengthGuard refuses every line with over twice the budget half, none with at most half, at any part size', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.constantFrom('a', '{', '['), { maxLength: 60 }), { maxLength: 12 }),
        fc.array(fc.integer({ min: 1, max: 50 }), { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 1, max: 12 }),
        (lineChars, sizes, countFrom) => {
          const texts = lineChars.map((c) => c.join(''));
          const bytes = enc.encode(texts.map((t) => t + '\n').join(''));
          const guard = new LineLengthGuard(1000, { countFrom });
          const kept = feed(guard, bytes, sizes);
          const containers = texts.map((t) => t.replace(/a/g, '').length);
          const mustRefuse = containers.findIndex((n) => n > 2 * countFrom);
          const refused = guard.hit !== undefined;
          if (mustRefuse >= 0) expect(refused).toBe(true);
          if (containers.every((n) => n <= countFrom)) expect(refused).toBe(false);
          if (refused) {
            // kept ends inside (or at the start of) the refused line, at or before the first that had to go;
            // a prefix of it may be stored, but it is never handed on as a line
            const starts = [0];
            for (const t of texts) starts.push((starts.at(-1) as number) + enc.encode(t).length + 1);
            const cutLine = starts.findIndex(
              (start, i) => kept >= start && kept < (starts[i + 1] ?? Infinity),
            );
            expect(cutLine).toBeGreaterThanOrEqual(0);
            expect(cutLine).toBeLessThan(texts.length);
            if (mustRefuse >= 0) expect(cutLine).toBeLessThanOrEqual(mustRefuse);
            expect(containers[cutLine] as number).toBeGreaterThan(countFrom);
          } else expect(kept).toBe(bytes.length);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('limits for the machine', () => {
  it('a quarter of memory, within bounds; lines an eighth of that, at most 128 MiB', () => {
    expect(limitsForMemory(8 * GiB)).toMatchObject({ maxDecodedBytes: 2 * GiB, maxLineBytes: 128 * MiB });
    expect(limitsForMemory(1 * GiB)).toMatchObject({ maxDecodedBytes: 512 * MiB, maxLineBytes: 64 * MiB });
    expect(limitsForMemory(512 * GiB).maxDecodedBytes).toBe(16 * GiB);
    expect(limitsForMemory(undefined)).toEqual(DEFAULT_READ_LIMITS);
  });

  it('a browser: by device memory, else the heap limit, else the documented default', () => {
    expect(browserReadLimits({ deviceMemoryGb: 8, jsHeapSizeLimit: 1 * GiB })).toEqual(
      limitsForMemory(8 * GiB),
    );
    expect(browserReadLimits({ jsHeapSizeLimit: 4 * GiB })).toMatchObject({ maxDecodedBytes: 1 * GiB });
    expect(browserReadLimits({ deviceMemoryGb: 0, jsHeapSizeLimit: NaN })).toEqual(
      limitsForMemory(BROWSER_DEFAULT_MEMORY),
    );
    expect(browserReadLimits({})).toMatchObject({ maxDecodedBytes: 1 * GiB, maxLineBytes: 128 * MiB });
  });

  it('"load anyway" lifts exactly the limits named, and a log past them then reads whole', () => {
    const limits = limitsForMemory(8 * GiB);
    const lifted = liftLimits(limits, ['line-length']);
    expect(lifted).toEqual({ ...limits, maxLineBytes: Infinity });
    expect(liftLimits(limits, ['compression-ratio', 'decoded-size'])).toEqual({
      ...limits,
      maxDecodedBytes: Infinity,
      maxCompressionRatio: Infinity,
      ratioFloorBytes: Infinity,
      maxLargeRatio: Infinity,
      largeRatioFloorBytes: Infinity,
    });
    const text =
      lines(3) + JSON.stringify({ type: 'user/message', seq: 3, data: { pad: 'x'.repeat(4000) } }) + '\n';
    const stopped = load(enc.encode(text), { maxLineBytes: 1000 });
    expect(stopped.limitHit?.kind).toBe('line-length');
    expect(stopped.eventCount).toBe(3);
    const whole = load(
      enc.encode(text),
      liftLimits({ ...DEFAULT_READ_LIMITS, maxLineBytes: 1000 }, ['line-length']),
    );
    expect(whole.limitHit).toBeUndefined();
    expect(whole.eventCount).toBe(4);
  });

  it('ordinary logs never meet them', () => {
    const log = load(enc.encode(lines(5000)), {});
    expect(log.limitHit).toBeUndefined();
    expect(log.diagnostics.items.filter((d) => d.code === 'read-limit')).toEqual([]);
  });
});
