/**
 * Fuzzing the reader, the importers and the projector with mutated real logs (bytes
 * flipped, lines dropped, duplicated, reordered, truncated; binary noise; compressed and
 * cut short): nothing throws; every non-blank line is an event, a header or meta line, or
 * named by a diagnostic; messagesAt(s) never returns a message from a seq above s.
 *
 * `npm test` runs a bounded number of cases; `npm run fuzz` many more
 * (SEQSCOPE_FUZZ_RUNS, default 40 per property here).
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadLogFromBytes } from './log/load';
import type { SessionLog } from './log/sessionLog';

const RUNS = Number(process.env.SEQSCOPE_FUZZ_RUNS) || 40;
const SAMPLES = new URL('../../../shared/samples/', import.meta.url);
const FIXTURES = new URL('../../fixtures/diagnostics/', import.meta.url);
const read = (base: URL, f: string) => new Uint8Array(readFileSync(new URL(f, base)));

const NATIVE = [
  read(SAMPLES, 'dsh/cordis-tool-round.jsonl'),
  read(SAMPLES, 'dsh/steering.jsonl'),
  read(SAMPLES, 'dsh/compaction-recovery.stream.jsonl'),
  read(SAMPLES, 'design-card-example.jsonl'),
  read(FIXTURES, 'clean.jsonl'),
];
const FOREIGN = [
  read(SAMPLES, 'other/claude-code/agentlogs-compact.jsonl'),
  read(SAMPLES, 'other/codex/agentlogs-crud.jsonl'),
  read(SAMPLES, 'other/pi/agent-sessions-v3-compaction-small.jsonl'),
];

type Mutation =
  | { kind: 'flip'; at: number; byte: number }
  | { kind: 'drop' | 'dup' | 'truncate'; line: number; cut: number }
  | { kind: 'swap'; a: number; b: number }
  | { kind: 'noise'; at: number; bytes: number[] };

const mutationArb: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('flip' as const), at: fc.nat(), byte: fc.integer({ min: 0, max: 255 }) }),
  fc.record({
    kind: fc.constantFrom('drop' as const, 'dup' as const, 'truncate' as const),
    line: fc.nat(),
    cut: fc.nat(),
  }),
  fc.record({ kind: fc.constant('swap' as const), a: fc.nat(), b: fc.nat() }),
  fc.record({
    kind: fc.constant('noise' as const),
    at: fc.nat(),
    bytes: fc.array(fc.integer({ min: 0, max: 255 }), { maxLength: 40 }),
  }),
);

function mutate(bytes: Uint8Array, mutations: Mutation[]): Uint8Array {
  let lines: Uint8Array[] = [];
  for (let from = 0; from < bytes.length;) {
    const nl = bytes.indexOf(10, from);
    const end = nl < 0 ? bytes.length : nl + 1;
    lines.push(bytes.subarray(from, end));
    from = end;
  }
  for (const m of mutations) {
    if (lines.length === 0) break;
    if (m.kind === 'flip' || m.kind === 'noise') {
      const flat = concat(lines);
      const at = m.at % Math.max(1, flat.length);
      const out =
        m.kind === 'flip'
          ? flat.map((b, i) => (i === at ? m.byte : b))
          : concat([flat.subarray(0, at), new Uint8Array(m.bytes), flat.subarray(at)]);
      lines = [out];
      continue;
    }
    if (m.kind === 'swap') {
      const a = m.a % lines.length;
      const b = m.b % lines.length;
      [lines[a], lines[b]] = [lines[b] as Uint8Array, lines[a] as Uint8Array];
      continue;
    }
    const i = m.line % lines.length;
    const line = lines[i] as Uint8Array;
    if (m.kind === 'drop') lines.splice(i, 1);
    else if (m.kind === 'dup') lines.splice(i, 0, line);
    else lines[i] = line.subarray(0, m.cut % Math.max(1, line.length));
  }
  return concat(lines);
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** The properties every loaded log must have, whatever its bytes. */
function checkLog(log: SessionLog, bytes: Uint8Array, native: boolean): void {
  // messagesAt(s) never holds a message from a later seq
  for (let s = 0; s < log.eventCount; s++) {
    const at = log.messagesAt(s);
    for (const m of at.messages) expect(m.seq).toBeLessThanOrEqual(s);
  }
  if (!native) return; // imported logs are re-told: their lines are not the file's
  // every non-blank line is an event, the header, a meta line, or named by a diagnostic
  const covered = new Set<number>();
  for (let s = 0; s < log.eventCount; s++) covered.add(log.lineOf(s));
  for (const m of log.metas) covered.add(m.line);
  // the header is the first record, not always line 1 (a bad line before it)
  if (log.sessionHeaderLine !== undefined) covered.add(log.sessionHeaderLine);
  for (const d of log.diagnostics.items) {
    if (d.line !== undefined) covered.add(d.line);
    if (d.seq !== undefined && d.seq < log.eventCount) covered.add(log.lineOf(d.seq));
  }
  // A stream cut short, or a binary file refused whole (not-text: no line is read).
  const lostStream = log.diagnostics.items.some(
    (d) => d.code === 'bad-compression' || d.code === 'read-limit' || d.code === 'not-text',
  );
  if (log.notText !== undefined) expect(log.eventCount).toBe(0);
  if (lostStream) return;
  // A file read as JSON arrays numbers its elements, not its lines (`[]` has none): every
  // element is an event, a meta line or named by a diagnostic, and the note says how many.
  const arrayNote = log.diagnostics.items.find(
    (d) => d.code === 'import-note' && / is (a JSON array|\d[\d,]* JSON arrays one after)/.test(d.message),
  );
  if (arrayNote !== undefined) {
    const elements = Number(/\((\d[\d,]*) elements?/.exec(arrayNote.message)?.[1]?.replace(/,/g, ''));
    expect(elements, arrayNote.message).toBeGreaterThanOrEqual(0);
    for (let e = 1; e <= elements; e++) expect(covered.has(e), `element ${e}`).toBe(true);
    return;
  }
  const text = new TextDecoder().decode(bytes);
  text.split('\n').forEach((line, i) => {
    if (line.replace(/^\ufeff/, '').trim() === '') return;
    expect(
      covered.has(i + 1),
      `line ${i + 1} is neither an event nor a diagnostic: ${line.slice(0, 120)}`,
    ).toBe(true);
  });
}

let clean = 0;

// A long run (`npm run fuzz`, or more runs) takes minutes per property on a busy machine.
describe('fuzzing with mutated real logs', { timeout: Math.max(30_000, RUNS * 150) }, () => {
  it('native logs: nothing throws, every line is accounted for, no message from the future', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...NATIVE),
        fc.array(mutationArb, { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 1, max: 5000 }),
        (sample, mutations, chunk) => {
          const bytes = mutate(sample, mutations);
          checkLog(loadLogFromBytes(bytes, { chunkSize: chunk }), bytes, true);
          clean++;
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('compressed and cut short: a gzip of a mutated log, truncated anywhere', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...NATIVE),
        fc.array(mutationArb, { maxLength: 3 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (sample, mutations, keep) => {
          const gz = gzipSync(mutate(sample, mutations));
          const cut = gz.subarray(0, Math.floor(gz.length * keep));
          const log = loadLogFromBytes(new Uint8Array(cut));
          checkLog(log, new Uint8Array(0), false);
          clean++;
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('foreign logs through the importers: nothing throws, no message from the future', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...FOREIGN),
        fc.array(mutationArb, { minLength: 1, maxLength: 6 }),
        (sample, mutations) => {
          const bytes = mutate(sample, mutations);
          checkLog(loadLogFromBytes(bytes), bytes, false);
          clean++;
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('binary noise and JSON of every shape', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.uint8Array({ maxLength: 2000 }),
          fc
            .array(fc.jsonValue(), { maxLength: 20 })
            .map((vs) => new TextEncoder().encode(vs.map((v) => JSON.stringify(v)).join('\n'))),
          fc
            .array(
              fc.record({
                type: fc.constantFrom(
                  'user/message',
                  'assistant/message',
                  'tool/result',
                  'assistant/chunk',
                  'turn/start',
                  'text-chunks',
                  'session',
                ),
                seq: fc.oneof(fc.nat(20), fc.jsonValue()),
                data: fc.jsonValue(),
                surfaceOp: fc.oneof(fc.constant('append'), fc.jsonValue()),
              }),
              { maxLength: 20 },
            )
            .map((vs) => new TextEncoder().encode(vs.map((v) => JSON.stringify(v)).join('\n'))),
        ),
        (bytes) => {
          checkLog(loadLogFromBytes(bytes), bytes, true);
          clean++;
        },
      ),
      { numRuns: RUNS * 2 },
    );
  });

  it('regressions it found: an empty JSON array is an array of no elements, said so', () => {
    const log = loadLogFromBytes(new TextEncoder().encode('[]'));
    expect(log.eventCount).toBe(0);
    expect(log.diagnostics.items.map((d) => d.message)).toContainEqual(
      expect.stringContaining('is a JSON array (0 elements)'),
    );
    checkLog(log, new TextEncoder().encode('[]'), true);
  });

  it('regressions it found: a header after a bad first line is the header, its line accounted for', () => {
    const header = '{"type":"session","version":0,"id":"s","createdAt":1,"cwd":"/w"}';
    const bytes = new TextEncoder().encode(
      `\u0000${header}\n${header}\n{"type":"turn/start","seq":0,"data":{"turn":1}}\n`,
    );
    const log = loadLogFromBytes(bytes);
    expect(log.sessionHeaderLine).toBe(2);
    checkLog(log, bytes, true);
  });

  it('regressions it found: a null surfaceOp on a surface event', () => {
    const text = '{"type":"tool/result","seq":[],"data":{},"surfaceOp":null}\n';
    const log = loadLogFromBytes(new TextEncoder().encode(text));
    expect(log.eventCount).toBe(1);
    expect(log.messagesAt(0).messages.length).toBeLessThanOrEqual(1);
    expect(log.diagnostics.items.map((d) => d.code)).toContain('surface-op-invalid');
  });

  it('regressions it found: a chunk event without a chunk inside an open step', () => {
    const text = [
      '{"type":"turn/start","seq":0,"data":{"turn":1}}',
      '{"type":"step/start","seq":1,"data":{"turn":1,"step":1}}',
      '{"type":"assistant/chunk","seq":2,"data":{"turn":1,"step":1,"#hunk":{"type":"text-delta","index":0,"text":"x"}}}',
      '',
    ].join('\n');
    const log = loadLogFromBytes(new TextEncoder().encode(text));
    expect(log.eventCount).toBe(3);
    expect(log.diagnostics.items.map((d) => d.code)).toContain('bad-data');
  });

  it('reports the cases run clean', () => {
    expect(clean).toBe(RUNS * 5);
    console.log(`fuzz: ${clean} cases ran clean`);
  });
});
