/** The read limits hold for foreign formats too: bombs and endless lines in a Claude Code log, zip bombs in an .eval. */
import { readFileSync } from 'node:fs';
import { unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { loadLogFromBytes } from '../log/load';
import { SessionLog } from '../log/sessionLog';
import { DEFAULT_READ_LIMITS, type ReadLimits } from '../reader/readLimits';
import { endlessLine, gzipBomb } from '../testing/hostileInputs';

const SAMPLES = new URL('../../../../shared/samples/', import.meta.url);
const CLAUDE = readFileSync(new URL('other/claude-code/agentlogs-compact.jsonl', SAMPLES), 'utf8');
const EVAL = new Uint8Array(readFileSync(new URL('other/inspect/log_message_deduplication.eval', SAMPLES)));
const MiB = 1024 * 1024;
const limits = (l: Partial<ReadLimits>): ReadLimits => ({ ...DEFAULT_READ_LIMITS, ...l });

describe('foreign formats under the read limits', () => {
  it('a gzip bomb of Claude Code lines stops at the ratio limit; the lines before it import', () => {
    const lines = CLAUDE.split('\n').filter((l) => l.trim() !== '');
    const line = (lines.find((l) => l.includes('"type":"user"')) as string) + '\n';
    const bomb = gzipBomb(2 * 1024 * MiB, CLAUDE.slice(0, CLAUDE.indexOf('\n') + 1) + line.repeat(50));
    const log = loadLogFromBytes(bomb, { limits: limits({ ratioFloorBytes: 4 * MiB }) });
    expect(log.limitHit?.kind).toBe('compression-ratio');
    expect(log.limitHit?.keptBytes).toBeLessThan(4 * MiB + 17 * MiB);
    expect(log.limitHit?.keptBytes).toBeGreaterThan(4 * MiB);
    expect(log.eventCount).toBeGreaterThan(0);
    expect(log.diagnostics.items.filter((d) => d.code === 'read-limit')).toHaveLength(1);
  }, 60_000);

  it('an endless line after a Claude Code line stops at the line limit', () => {
    const log = new SessionLog({ limits: limits({ maxLineBytes: 2 * MiB }) });
    const first = CLAUDE.split('\n').slice(0, 3).join('\n') + '\n';
    let pushed = 0;
    for (const chunk of endlessLine(first, 256 * 1024)) {
      log.push(chunk);
      pushed += chunk.length;
      if (log.limitHit || pushed > 64 * MiB) break;
    }
    log.end();
    expect(log.limitHit?.kind).toBe('line-length');
    expect(log.limitHit?.line).toBe(4);
    expect(log.eventCount).toBeGreaterThan(0);
  });

  it(
    'a zip member declaring a bomb-sized content is skipped before anything is inflated',
    { timeout: 60_000 },
    () => {
      const members = unzipSync(EVAL);
      const name = Object.keys(members).find((n) => n.startsWith('samples/')) as string;
      const bomb = new Uint8Array(64 * MiB).fill(0x20); // 64 MiB of spaces: ~1000:1
      const zip = zipSync({ ...members, [name]: bomb }, { level: 9 });
      expect(zip.length).toBeLessThan(EVAL.length + MiB);
      const log = loadLogFromBytes(zip, { limits: limits({ ratioFloorBytes: MiB }) });
      const notes = log.diagnostics.items.filter((d) => d.code === 'read-limit');
      expect(notes.map((d) => d.message)).toEqual([
        `${name} in the .eval zip skipped: it expands more than 100:1 (a decompression bomb?).`,
      ]);
      // the header still imports; the original zip imports with no such note
      const original = loadLogFromBytes(EVAL);
      expect(original.diagnostics.items.filter((d) => d.code === 'read-limit')).toEqual([]);
      expect(original.eventCount).toBeGreaterThan(0);
    },
  );

  it('a zip whose declared sizes pass the size limit keeps the members that fit', () => {
    // 8 kB of zip; its members declare 87 kB, the sample alone 81 kB
    const log = loadLogFromBytes(EVAL, { limits: limits({ maxDecodedBytes: 20_000 }) });
    expect(log.diagnostics.items.filter((d) => d.code === 'read-limit').map((d) => d.message)).toEqual([
      'samples/0_epoch_1.json in the .eval zip skipped: it would pass 19.5 KiB, the size limit.',
    ]);
  });
});
