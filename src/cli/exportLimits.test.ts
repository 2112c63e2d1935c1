/** `seqscope export` takes the read-limit options check, derive and stats take (audit R17-6). */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { parseExportArgs, runExport } from './exportCommand';

/** 400 identical title lines (about 80 KiB decoded), gzip-compressed: far past --max-size 16K. */
const LINES = Array.from(
  { length: 400 },
  (_, i) => `{"type":"session/title","seq":${i},"data":{"title":"${'a'.repeat(160)}"}}`,
);
const TEXT = LINES.join('\n') + '\n';
const FILE = join(mkdtempSync(join(tmpdir(), 'seqscope-limits-')), 'rep.jsonl.gz');
writeFileSync(FILE, gzipSync(TEXT));

async function run(argv: string[]) {
  const written: Uint8Array[] = [];
  let err = '';
  const code = await runExport(
    [FILE, ...argv],
    (s) => written.push(typeof s === 'string' ? new TextEncoder().encode(s) : s),
    (s) => (err += s),
    false,
  );
  return { code, out: Buffer.concat(written).toString('utf8'), err };
}

describe('export and the read limits', () => {
  it('accepts --max-size, --max-line, --max-ratio and --no-limits for every format', () => {
    for (const format of ['jsonl', 'otlp']) {
      const args = parseExportArgs(['x.jsonl', '--format', format, '--max-line=1K', '--max-ratio', '1000']);
      expect(typeof args === 'string' ? args : args.limits).toMatchObject({
        maxLineBytes: 1024,
        maxCompressionRatio: 1000,
      });
      const lifted = parseExportArgs(['x.jsonl', '--format', format, '--max-size', '16K', '--no-limits']);
      expect(typeof lifted === 'string' ? lifted : lifted.limits.maxDecodedBytes).toBe(Infinity);
    }
  });

  it('jsonl: a log past --max-size is refused with how to lift the limit; --no-limits exports it whole', async () => {
    const refused = await run(['--format', 'jsonl', '--max-size', '16K']);
    expect(refused.code).toBe(2);
    expect(refused.out).toBe('');
    expect(refused.err).toMatch(/To read it anyway, rerun with --no-limits .* Nothing was exported\.\n$/);
    const whole = await run(['--format', 'jsonl', '--max-size', '16K', '--no-limits']);
    expect(whole.code).toBe(0);
    expect(whole.out).toBe(TEXT);
  });

  it('otlp: a log past --max-size exports what was read, says how to read on, exit 1; --no-limits reads it all', async () => {
    const cut = await run(['--format', 'otlp', '--max-size', '16K']);
    expect(cut.code).toBe(1);
    expect(cut.err).toMatch(
      /^seqscope: warning: Stopped reading: .*To read it anyway, rerun with --no-limits/,
    );
    expect(cut.out).toContain('"resourceSpans"');
    const whole = await run(['--format', 'otlp', '--no-limits']);
    expect(whole.code).toBe(0);
    expect(whole.err).toBe('');
  });
});
