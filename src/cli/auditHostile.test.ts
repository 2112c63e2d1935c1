/** Third audit: the built CLI against files that try to slip past the not-text refusal. */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuiltCli, runCli } from './testSupport';

const dir = mkdtempSync(join(tmpdir(), 'seqscope-audit-'));
const SAMPLE = readFileSync('../shared/samples/design-card-example.jsonl');
const TEXT = SAMPLE.toString('utf8');

function file(name: string, bytes: Buffer | Uint8Array): string {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
}

/** Deterministic bytes covering the whole byte range (no randomness in tests). */
function noise(n: number): Buffer {
  const out = Buffer.alloc(n);
  let x = 0x12345678;
  for (let i = 0; i < n; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    out[i] = x >>> 24;
  }
  return out;
}

beforeAll(ensureBuiltCli, 60_000);

describe('not-text refusal bypasses', () => {
  it('a UTF-8 BOM before a valid log: read as text, every event loaded', () => {
    const r = runCli(['stats', file('bom.jsonl', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), SAMPLE]))]);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^events\s+10$/m);
  });

  it('UTF-16 with and without a BOM, little and big endian: refused as not text, exit 2', () => {
    const le = Buffer.from(TEXT, 'utf16le');
    const be = Buffer.from(le).swap16();
    for (const [name, bytes, named] of [
      ['le-bom.jsonl', Buffer.concat([Buffer.from([0xff, 0xfe]), le]), true],
      ['be-bom.jsonl', Buffer.concat([Buffer.from([0xfe, 0xff]), be]), true],
      ['le.jsonl', le, false],
      ['be.jsonl', be, false],
    ] as const) {
      const r = runCli(['check', file(name, bytes)]);
      expect(r.code, name).toBe(2);
      expect(r.err, name).toMatch(/this is not a text log: \d+ of its \d+ bytes are binary/);
      if (named) expect(r.err, name).toMatch(/it looks like UTF-16 text \(save it as UTF-8\)/);
      expect(r.out, name).toBe('');
    }
  });

  it('a gzip of binary bytes: sniffed after decompression and refused', () => {
    const r = runCli(['check', file('noise.jsonl.gz', gzipSync(noise(200_000)))]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/this is not a text log: \d+ of the first 64 KiB/);
  });

  it('a gzip of a PNG named .jsonl.gz: refused and named by its magic number', () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), noise(5000)]);
    const r = runCli(['check', file('png.jsonl.gz', gzipSync(png))]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/it looks like a PNG image/);
  });

  it('a text head of 100 KiB and a binary tail: loads, the valid events kept, the tail a diagnostic', () => {
    const lines: string[] = [];
    for (let seq = 0; lines.join('\n').length < 100 * 1024; seq++)
      lines.push(
        JSON.stringify({ type: 'note', seq, time: 1755000000000 + seq, data: { text: 'x'.repeat(200) } }),
      );
    const bytes = Buffer.concat([Buffer.from(lines.join('\n') + '\n'), noise(50_000), Buffer.from('\n')]);
    const r = runCli(['check', file('tail.jsonl', bytes), '--json']);
    expect(r.code).toBe(1);
    const out = JSON.parse(r.out) as { events: number; diagnostics: { code: string }[] };
    expect(out.events).toBe(lines.length);
    expect(out.diagnostics.length).toBeGreaterThan(0);
  });
});
