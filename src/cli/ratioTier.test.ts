/**
 * A gzip just under the 100:1 ratio cap that decodes to hundreds of MB of tiny lines (audit 27
 * N2: 13.5 MB -> 1.26 GB of turn/starts, 162 s and 5.3 GB RSS). Each tiny line is an event, a
 * turn object and diagnostics, so a decoded byte costs 4-5 bytes of memory; past 128 MiB decoded
 * the default ratio cap is 40:1 (core/reader/readLimits.ts), which stops it with the usual
 * read-limit warning, while `--max-ratio` and `--no-limits` still read on deliberately.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { limitsFromArgs } from './limitArgs';
import { ensureBuiltCli, runCli } from './testSupport';

beforeAll(ensureBuiltCli, 120_000);

const MiB = 1024 * 1024;

/** Gzip members of turn/start lines, a new seq every 8th line (about 70:1), `decoded` bytes in all. */
function turnStartBomb(decoded: number): { gz: Buffer; lines: number } {
  const members: Buffer[] = [];
  let seq = 0;
  let lines = 0;
  for (let bytes = 0; bytes < decoded;) {
    const part: string[] = [];
    for (let i = 0; i < 60_000; i++, lines++) {
      if (lines % 8 === 0) seq++;
      part.push(`{"type":"turn/start","seq":${seq},"time":${1755000000000 + seq},"data":{"turn":1}}\n`);
    }
    const text = Buffer.from(part.join(''));
    bytes += text.length;
    members.push(gzipSync(text));
  }
  return { gz: Buffer.concat(members), lines };
}

describe('a compressed log of tiny lines just under the ratio cap', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ratio-tier-'));
  const file = join(dir, 'turns.jsonl.gz');
  const { gz, lines } = turnStartBomb(480 * MiB);
  writeFileSync(file, gz);
  // read whole, its turns alone take over 1 GB of heap
  const small = { nodeArgs: ['--max-old-space-size=640'] };

  it('is under 100:1, so only the lower cap past 128 MiB can stop it', () => {
    const ratio = (480 * MiB) / gz.length;
    expect(ratio).toBeGreaterThan(40);
    expect(ratio).toBeLessThan(100);
  });

  it('stats: stops past 128 MiB decoded with the read-limit warning, and answers for what it read', () => {
    const run = runCli(['stats', file], small);
    expect(run.err).not.toMatch(/heap|FATAL/);
    expect(run.code).toBe(0);
    expect(run.err).toMatch(
      /^seqscope: warning: Stopped reading: the input expands more than 40:1 past 128 MiB decoded, which real logs never do \(a decompression bomb\?\)\. Everything before line \d+ is loaded \(read [\d.]+ MiB of the compressed input, 1\d\d(\.\d)? MiB decoded\); the rest was refused\. To read it anyway, rerun with --no-limits \(or raise --max-size, --max-line or --max-ratio\)\.\n$/,
    );
    const events = Number(/^events\s+(\d+)$/m.exec(run.out)?.[1]);
    expect(events).toBeGreaterThan((128 * MiB) / 80);
    expect(events).toBeLessThan(lines / 2);
  }, 120_000);

  it('--max-ratio N applies at every size: 100 reads past 128 MiB, then the size limit stops it', () => {
    const run = runCli(['stats', file, '--max-ratio', '100', '--max-size', '200M'], small);
    expect(run.err).not.toMatch(/heap|FATAL/);
    expect(run.err).toMatch(/Stopped reading: the decoded log passed 200 MiB, the size limit/);
  }, 120_000);
});

describe('--max-ratio', () => {
  it('sets the cap at every size; by default it is 100, and 40 past 128 MiB', () => {
    expect(limitsFromArgs([])).toMatchObject({ maxCompressionRatio: 100, maxLargeRatio: 40 });
    expect(limitsFromArgs([{ option: '--max-ratio', value: '250' }])).toMatchObject({
      maxCompressionRatio: 250,
      maxLargeRatio: 250,
    });
    expect(limitsFromArgs([{ option: '--no-limits', value: undefined }])).toMatchObject({
      maxLargeRatio: Infinity,
      largeRatioFloorBytes: Infinity,
    });
  });
});
