import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  codes,
  concatBytes,
  fixtureLines,
  rawZstdFrames,
  readBytes,
  silentBitFlip,
  readChunks,
  readText,
  type ReadResult,
} from './testing';

const enc = new TextEncoder();
/** The shared samples, next to the repository (read in place, never copied in). */
const SAMPLES = fileURLToPath(new URL('../../../../shared/samples/', import.meta.url));
const sampleBytes = (name: string): Uint8Array => new Uint8Array(readFileSync(SAMPLES + name));
const gzip = (b: Uint8Array): Uint8Array => new Uint8Array(gzipSync(b));

/** What a reader's run amounts to, without byte locations (which differ with BOM/CRLF/packing). */
const outcome = (r: ReadResult) => ({
  events: r.events,
  header: r.header?.header,
  metas: r.metas.map((m) => m.value),
  diagnostics: codes(r),
});

const hasZstdCli = (() => {
  try {
    execFileSync('zstd', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe('the sample logs', () => {
  const expected: Record<
    string,
    { events: number; header: boolean; metas: number[]; diagnostics: [string, number | undefined][] }
  > = {
    'design-card-example.jsonl': { events: 10, header: false, metas: [], diagnostics: [] },
    'dsh/cordis-tool-round.jsonl': {
      events: 60,
      header: true,
      metas: [],
      diagnostics: [['seq-assigned', 0]],
    },
    'dsh/steering.jsonl': { events: 143, header: true, metas: [], diagnostics: [['seq-assigned', 0]] },
    'dsh/agent-instructions.jsonl': {
      events: 45,
      header: true,
      metas: [],
      diagnostics: [['seq-assigned', 0]],
    },
    'dsh/compaction-recovery.stream.jsonl': { events: 31, header: false, metas: [32], diagnostics: [] },
    'dsh/pty-tools.jsonl': { events: 77, header: true, metas: [], diagnostics: [['seq-assigned', 0]] },
  };

  for (const [name, want] of Object.entries(expected)) {
    it(`${name}: ${want.events} events, only the diagnostics it really has`, () => {
      const r = readBytes(sampleBytes(name));
      expect(r.events).toHaveLength(want.events);
      expect(r.events.map((e) => e.seq)).toEqual(r.events.map((_, i) => i));
      expect(r.header?.line).toBe(want.header ? 1 : undefined);
      expect(r.metas.map((m) => m.line)).toEqual(want.metas);
      expect(codes(r)).toEqual(want.diagnostics);
      if (want.diagnostics.length > 0)
        expect(r.diagnostics[0]?.message).toBe(
          `No event has a seq (${want.events} events); seqs were assigned by position`,
        );
      expect(r.events.filter((e) => e.invalid)).toEqual([]);
      expect(r.reader.format).toBe('plain');
    });
  }

  it('compaction-recovery: unwrapped events keep their seqs, the result line is meta', () => {
    const r = readBytes(sampleBytes('dsh/compaction-recovery.stream.jsonl'));
    expect(r.events[21]).toMatchObject({
      type: 'user/message',
      seq: 21,
      surfaceOp: { op: 'replace', start: 4, end: 4 },
      sourceEventSeqs: [19, 20, 4],
    });
    expect(r.metas[0]?.value).toMatchObject({ type: 'result', output: 'COMPACTION RECOVERED' });
  });

  it('steering: packed rows expand to exactly the events their unpacked lines give', () => {
    const text = readFileSync(SAMPLES + 'dsh/steering.jsonl', 'utf8');
    // Unpack by hand, from the spec's wording, independently of packedRows.ts.
    const unpacked = text
      .split('\n')
      .filter((l) => l !== '')
      .flatMap((line) => {
        const row = JSON.parse(line) as { type: string; data: Record<string, unknown> };
        const kind = {
          'text-chunks': 'text-delta',
          'reasoning-chunks': 'reasoning-delta',
          'tool-call-chunks': 'tool-call-delta',
        }[row.type];
        if (kind === undefined) return [line];
        const { turn, step, index, id, name } = row.data as {
          turn: number;
          step: number;
          index: number;
          id?: string;
          name?: string;
        };
        const items = (row.data.texts ?? row.data.args) as string[];
        return items.map((item) =>
          JSON.stringify({
            type: 'assistant/chunk',
            data: {
              turn,
              step,
              chunk:
                kind === 'tool-call-delta'
                  ? { type: kind, index, id, name, argumentsDelta: item }
                  : { type: kind, index, text: item },
            },
          }),
        );
      })
      .join('\n')
      .concat('\n');
    const packed = readText(text);
    expect(packed.events).toHaveLength(143);
    expect(outcome(readText(unpacked))).toStrictEqual(outcome(packed));
    // The file's own sourceEventSeqs agree with the expansion: chunks 5..87, the message at 88, its call at 89.
    expect(packed.events.slice(5, 88).every((e) => e.type === 'assistant/chunk')).toBe(true);
    expect(packed.events[88]?.sourceEventSeqs).toEqual(Array.from({ length: 83 }, (_, i) => i + 5));
    expect(packed.events[89]).toMatchObject({
      type: 'tool/call',
      data: { callId: 'call_00_sAvjivLShvnWVk0sPQPV7661' },
    });
    expect(packed.events[90]?.sourceEventSeqs).toEqual([89]);
  });

  it('reads the same with a BOM, CRLF line ends and blank lines', () => {
    for (const name of ['dsh/cordis-tool-round.jsonl', 'design-card-example.jsonl']) {
      const text = readFileSync(SAMPLES + name, 'utf8');
      const messy = '\uFEFF\r\n' + text.split('\n').join('\r\n\r\n  \r\n');
      expect(outcome(readText(messy))).toStrictEqual(outcome(readText(text)));
    }
  });
});

describe('compressed input', () => {
  const names = ['design-card-example.jsonl', 'dsh/steering.jsonl', 'dsh/compaction-recovery.stream.jsonl'];

  it('reads gzip at random chunk sizes, down to 1 byte', () => {
    for (const name of names) {
      const plain = outcome(readBytes(sampleBytes(name)));
      const gz = gzip(sampleBytes(name));
      const r = readBytes(gz, [1]);
      expect(r.reader.format).toBe('gzip');
      expect(outcome(r)).toStrictEqual(plain);
      fc.assert(
        fc.property(
          fc.array(fc.integer({ min: 1, max: 3000 }), { minLength: 1, maxLength: 8 }),
          fc.integer({ min: 8, max: 4096 }),
          (sizes, block) => {
            expect(outcome(readBytes(gz, sizes, block))).toStrictEqual(plain);
          },
        ),
        { numRuns: 15 },
      );
    }
  });

  it('reads multi-member gzip, members cut anywhere (mid-line too)', () => {
    const bytes = sampleBytes('dsh/pty-tools.jsonl');
    const plain = outcome(readBytes(bytes));
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: bytes.length - 1 }), { maxLength: 6 }), (cuts) => {
        const points = [0, ...cuts.sort((a, b) => a - b), bytes.length];
        const members = points.slice(1).map((end, i) => gzip(bytes.subarray(points[i], end)));
        expect(outcome(readBytes(concatBytes(members), [4096]))).toStrictEqual(plain);
      }),
      { numRuns: 20 },
    );
  });

  it('reads zstd: multi-frame streams at random chunk sizes', () => {
    for (const name of names) {
      const plain = outcome(readBytes(sampleBytes(name)));
      const zst = rawZstdFrames(sampleBytes(name), 177);
      expect(readBytes(zst).reader.format).toBe('zstd');
      expect(outcome(readBytes(zst, [1]))).toStrictEqual(plain);
      expect(outcome(readBytes(zst, [5, 333, 64]))).toStrictEqual(plain);
    }
    const r = readBytes(
      new Uint8Array(readFileSync(new URL('./fixtures/two-frames.jsonl.zst', import.meta.url))),
      [100, 7],
    );
    expect(r.events).toHaveLength(1600);
    expect(r.diagnostics).toEqual([]);
    expect(outcome(r)).toStrictEqual(outcome(readText(fixtureLines(0, 1600))));
  });

  it('lets the caller reuse its buffer once push returns (plain, gzip, zstd)', () => {
    const bytes = sampleBytes('dsh/steering.jsonl');
    const plain = outcome(readBytes(bytes));
    for (const input of [bytes, gzip(bytes), rawZstdFrames(bytes)]) {
      const buf = new Uint8Array(700);
      const chunks = function* () {
        for (let at = 0; at < input.length; at += buf.length) {
          buf.fill(0xaa).set(input.subarray(at, at + buf.length));
          yield buf.subarray(0, Math.min(buf.length, input.length - at));
        }
        buf.fill(0xaa);
      };
      expect(outcome(readChunks(chunks()))).toStrictEqual(plain);
    }
  });

  it.skipIf(!hasZstdCli)(
    'a zstd log with one bit flipped in a block that still decodes is bad-compression (its checksum), not silently altered events (zc3, audit R16-7)',
    () => {
      const bytes = sampleBytes('dsh/steering.jsonl');
      const half = bytes.indexOf(10, bytes.length >> 1) + 1;
      const cli = (part: Uint8Array): Uint8Array =>
        new Uint8Array(execFileSync('zstd', ['-q', '-c', '-3', '--check'], { input: part }));
      const first = cli(bytes.subarray(0, half));
      const zst = concatBytes([first, cli(bytes.subarray(half))]);
      // Intact, two frames: read as the plain log, no diagnostic more.
      expect(outcome(readBytes(zst, [4096]))).toStrictEqual(outcome(readBytes(bytes)));
      // Damaged in frame 2's blocks (past its 6-byte frame header and 3-byte block header).
      const damaged = silentBitFlip(zst, first.length + 12, zst.length - 8);
      const r = readBytes(damaged, [4096]);
      expect(codes(r).filter(([c]) => c === 'bad-compression')).toHaveLength(1);
      expect(r.diagnostics.find((d) => d.code === 'bad-compression')?.message).toMatch(
        /frame 2 fails its content checksum/,
      );
    },
  );

  it.skipIf(!hasZstdCli)('reads zstd made by the zstd CLI (compressed blocks, checksums)', () => {
    for (const name of names) {
      const zst = new Uint8Array(execFileSync('zstd', ['-q', '-c', '-19', SAMPLES + name]));
      expect(outcome(readBytes(zst, [13, 1000]))).toStrictEqual(outcome(readBytes(sampleBytes(name))));
    }
  });

  describe('a corrupt or truncated stream', () => {
    // ~2.5 MB of poorly compressible events, so the stream spans many decompressor slices.
    let seed = 1;
    const noise = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff), seed.toString(36));
    const text =
      Array.from({ length: 20000 }, (_, i) =>
        JSON.stringify({
          type: 'x/noise',
          seq: i,
          ignorable: true,
          data: { t: noise() + noise() + noise() + noise() },
        }),
      ).join('\n') + '\n';
    const clean = readText(text);
    const gz = gzip(enc.encode(text));

    it('reports truncation once as bad-compression and keeps what came before (the cut line is a torn tail)', () => {
      const r = readBytes(gz.subarray(0, Math.floor(gz.length * 0.6)), [65536]);
      expect(
        codes(r)
          .filter(([c]) => c !== 'unknown-ignorable-type')
          .map(([c]) => c),
      ).toEqual(['bad-compression', 'torn-tail']);
      expect(r.diagnostics.find((d) => d.code === 'bad-compression')?.severity).toBe('error');
      expect(r.events.length).toBeGreaterThan(10000);
      expect(r.events).toStrictEqual(clean.events.slice(0, r.events.length));
    });

    it('reports corruption as bad-compression and keeps the events decoded before it', () => {
      const bad = gz.slice();
      bad.fill(0xff, Math.floor(gz.length * 0.7), Math.floor(gz.length * 0.7) + 64);
      const r = readBytes(bad, [65536]);
      expect(codes(r).filter(([c]) => c === 'bad-compression')).toHaveLength(1);
      expect(r.events.length).toBeGreaterThan(10000);
      const good = r.events.filter((e, i) => e.seq === i && e.type === 'x/noise');
      expect(good.slice(0, 10000)).toStrictEqual(clean.events.slice(0, 10000));
    });
  });
});

describe('properties', () => {
  const chunkSizes = fc.array(fc.integer({ min: 1, max: 64 }), { minLength: 1, maxLength: 6 });

  it('never throws on random bytes, raw or behind a gzip/zstd magic, and chunking changes nothing', () => {
    const magic = fc.constantFrom(
      [],
      [0x1f, 0x8b],
      [0x1f, 0x8b, 8, 0],
      [0x28, 0xb5, 0x2f, 0xfd],
      [0xef, 0xbb, 0xbf],
    );
    // Bytes that matter to the splitter and the decoder, mixed into noise.
    const byte = fc.oneof(
      fc.integer({ min: 0, max: 255 }),
      fc.constantFrom(10, 13, 0x7b, 0x7d, 0x22, 0xef, 0xbb, 0xbf, 0xe2, 0x80),
    );
    fc.assert(
      fc.property(
        magic,
        fc.array(byte, { maxLength: 600 }),
        chunkSizes,
        fc.integer({ min: 1, max: 64 }),
        (head, body, sizes, block) => {
          const bytes = new Uint8Array([...head, ...body]);
          const r = readBytes(bytes, sizes, block);
          expect(r.events.map((e) => e.seq)).toEqual(r.events.map((_, i) => i));
          const once = readBytes(bytes);
          expect(r.diagnostics).toStrictEqual(once.diagnostics);
          expect(r.events).toStrictEqual(once.events);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('never throws on a damaged gzip log', () => {
    const gz = gzip(sampleBytes('dsh/steering.jsonl'));
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat(gz.length - 1), fc.integer({ min: 0, max: 255 })), {
          minLength: 1,
          maxLength: 4,
        }),
        fc.nat(gz.length),
        (edits, cut) => {
          const bad = gz.slice(0, Math.max(1, cut));
          for (const [at, v] of edits) if (at < bad.length) bad[at] = v;
          readBytes(bad, [257]);
        },
      ),
      { numRuns: 200 },
    );
  });

  // Lines of every kind the reader distinguishes, unicode included so chunk cuts land inside characters.
  const lineArb = fc.oneof(
    fc
      .record({ turn: fc.nat(3), text: fc.string({ unit: 'grapheme', maxLength: 8 }) })
      .map(({ turn, text }) =>
        JSON.stringify({
          type: 'assistant/chunk',
          data: { turn, step: 1, chunk: { type: 'text-delta', text } },
        }),
      ),
    fc.nat(5).map((seq) => JSON.stringify({ type: 'turn/start', seq, time: seq * 10, data: { turn: 1 } })),
    fc
      .string({ unit: 'grapheme', maxLength: 6 })
      .map((t) => JSON.stringify({ type: 'user/message', data: { content: t } })),
    fc.constantFrom(
      '',
      '   ',
      '{"type":"session","version":0}',
      '{"type":"result","sessionId":"s"}',
      '[]',
      '{"type":',
      '{"type":"x/y","data":{}}',
      '{"type":"tool/call","data":{}}',
    ),
    fc.array(fc.string({ maxLength: 3 }), { minLength: 1, maxLength: 4 }).map((texts) =>
      JSON.stringify({
        type: 'text-chunks',
        time0: 1,
        data: { turn: 1, step: 1, index: 0, dt: texts.slice(1).map(() => 1), texts },
      }),
    ),
    fc.string({ unit: 'grapheme', maxLength: 10 }).map((s) => s.replace(/\n/g, ' ')),
  );

  it('gives the same result for any chunking and block size (plain and gzip)', () => {
    fc.assert(
      fc.property(
        fc.array(lineArb, { maxLength: 12 }),
        fc.constantFrom('\n', '\r\n'),
        fc.boolean(),
        chunkSizes,
        fc.integer({ min: 1, max: 32 }),
        (lines, eol, bom, sizes, block) => {
          const bytes = enc.encode((bom ? '\uFEFF' : '') + lines.join(eol));
          const once = readBytes(bytes);
          const r = readBytes(bytes, sizes, block);
          expect(r.diagnostics).toStrictEqual(once.diagnostics);
          expect(outcome(r)).toStrictEqual(outcome(once));
          expect(r.locs).toStrictEqual(once.locs);
          expect(outcome(readBytes(gzip(bytes), sizes, block))).toStrictEqual(outcome(once));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('expands packed rows to the same events as their unpacked lines', () => {
    const rowArb = fc.record({
      type: fc.constantFrom('text-chunks', 'reasoning-chunks', 'tool-call-chunks'),
      items: fc.array(fc.string({ unit: 'grapheme', maxLength: 5 }), { minLength: 1, maxLength: 6 }),
      gaps: fc.array(fc.integer({ min: -50, max: 500 }), { minLength: 6, maxLength: 6 }),
      time0: fc.option(fc.integer({ min: 0, max: 2e12 }), { nil: undefined }),
      withSeq: fc.boolean(),
      name: fc.option(fc.string({ maxLength: 4 }), { nil: undefined }),
      index: fc.nat(3),
    });
    fc.assert(
      fc.property(fc.array(rowArb, { minLength: 1, maxLength: 4 }), (rows) => {
        const packedLines: string[] = [];
        const unpackedLines: string[] = [];
        let seq = 0;
        for (const row of rows) {
          const dt = row.gaps.slice(0, row.items.length - 1);
          const tool = row.type === 'tool-call-chunks';
          const data = {
            turn: 1,
            step: 1,
            index: row.index,
            dt,
            ...(tool ? { id: 'c', name: row.name, args: row.items } : { texts: row.items }),
          };
          packedLines.push(
            JSON.stringify({ type: row.type, seq0: row.withSeq ? seq : undefined, time0: row.time0, data }),
          );
          let time = row.time0;
          row.items.forEach((item, k) => {
            const chunk = tool
              ? { type: 'tool-call-delta', index: row.index, id: 'c', name: row.name, argumentsDelta: item }
              : {
                  type: row.type === 'text-chunks' ? 'text-delta' : 'reasoning-delta',
                  index: row.index,
                  text: item,
                };
            unpackedLines.push(
              JSON.stringify({
                type: 'assistant/chunk',
                seq: row.withSeq ? seq + k : undefined,
                time,
                data: { turn: 1, step: 1, chunk },
              }),
            );
            if (time !== undefined) time += dt[k] ?? 0;
          });
          seq += row.items.length;
        }
        // Terminated: a torn last line names the first seq it holds, which differs packed and not.
        const packed = readText(packedLines.join('\n') + '\n');
        const unpacked = readText(unpackedLines.join('\n') + '\n');
        expect(packed.events).toStrictEqual(unpacked.events);
        expect(packed.diagnostics.map((d) => [d.code, d.seq])).toStrictEqual(
          unpacked.diagnostics.map((d) => [d.code, d.seq]),
        );
      }),
      { numRuns: 300 },
    );
  });
});
