/** The built CLI against hostile input: decompression bombs, endless lines, terminal escapes. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { endlessLine, gzipBomb, zstdRleBomb } from '../core/testing/hostileInputs';
import { parseSize } from './limitArgs';
import { ensureBuiltCli, runCli } from './testSupport';

const dir = mkdtempSync(join(tmpdir(), 'seqscope-hostile-'));
const GiB = 1024 ** 3;

beforeAll(ensureBuiltCli, 60_000);

describe('decompression bombs and endless lines', () => {
  it('stats on a 15 MB gzip expanding to 4 GiB: stops at the ratio limit, prints the stats and why', () => {
    const file = join(dir, 'bomb.jsonl.gz');
    const bomb = gzipBomb(4 * GiB);
    writeFileSync(file, bomb);
    // a 512 MB heap: reading the whole bomb (as before the limits) could never fit
    const r = runCli(['stats', file], { nodeArgs: ['--max-old-space-size=512'] });
    expect(r.code).toBe(0);
    const events = Number(/^events\s+(\d+)$/m.exec(r.out)?.[1]);
    expect(events).toBeGreaterThan(500_000);
    expect(events).toBeLessThan(1_000_000);
    expect(r.err).toMatch(
      /^seqscope: warning: Stopped reading: the input expands more than 100:1, which real logs never do \(a decompression bomb\?\)\. Everything before line \d+ is loaded \(read [\d.]+ kB of the compressed input, [\d.]+ MB decoded\); the rest was refused\. To read it anyway, rerun with --no-limits/,
    );
    // check names it as an error
    const check = runCli(['check', file, '--json'], { nodeArgs: ['--max-old-space-size=512'] });
    expect(check.code).toBe(1);
    const diags = (JSON.parse(check.out) as { diagnostics: { code: string }[] }).diagnostics;
    expect(diags.map((d) => d.code)).toContain('read-limit');
  }, 120_000);

  it('a zstd bomb, and the limits given on the command line', () => {
    const file = join(dir, 'bomb.jsonl.zst');
    writeFileSync(file, zstdRleBomb(GiB, 0x61)); // one endless line of 'a'
    const line = runCli(['check', file, '--max-line', '1M']);
    expect(line.out).toMatch(
      /read-limit {2}line 1 {2}Stopped reading: line 1 is longer than 1.0 MB, the line limit/,
    );
    const size = runCli(['check', file, '--max-size=2M', '--max-line=1G', '--max-ratio', '1000000']);
    expect(size.out).toMatch(/the decoded log passed 2.1 MB, the size limit/);
    expect(runCli(['check', file, '--max-size', 'lots']).err).toBe(
      'seqscope: --max-size needs a size like 512M or 2G, got lots\n',
    );
    expect(runCli(['check', file, '--max-ratio', '0']).code).toBe(2);
  }, 60_000);

  it('an endless line on standard input: reading stops and the process ends', () => {
    const input = Buffer.concat([
      ...endlessLine('{"type":"session","version":0,"id":"x"}\n', 1 << 20, 40 << 20),
    ]);
    const r = runCli(['check', '-', '--max-line', '4M'], { input });
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/line 2 is longer than 4.2 MB/);
  }, 60_000);

  it('parseSize', () => {
    expect(parseSize('512')).toBe(512);
    expect(parseSize('4k')).toBe(4096);
    expect(parseSize('1.5G')).toBe(1.5 * GiB);
    expect(parseSize('2MiB')).toBe(2 * 1024 * 1024);
    expect(parseSize('0')).toBeUndefined();
    expect(parseSize('-1')).toBeUndefined();
    expect(parseSize('1x')).toBeUndefined();
  });
});
