/**
 * npm run gen -- --events N [--seed S] [--dialect dsh|card] [--out FILE]
 *                [--gzip | --zstd] [--level L] [--no-header] [--packed RATIO]
 *
 * Writes a deterministic synthetic session log with exactly N events (see
 * scripts/gen/index.ts) to FILE or stdout, optionally gzip- or
 * zstd-compressed. A summary goes to stderr. For stdout use `npm run -s gen`
 * (without -s, npm prints its own banner on stdout, into the log).
 */
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import type { Writable } from 'node:stream';
import zlib from 'node:zlib';
import { parseArgs } from 'node:util';
import type { Dialect } from './gen/index';
import { writeLog } from './gen/write';

const USAGE = `usage: npm run gen -- --events N [--seed S] [--dialect dsh|card] [--out FILE]
                       [--gzip | --zstd] [--level L] [--no-header] [--packed RATIO]`;

function fail(msg: string): never {
  process.stderr.write(`gen: ${msg}\n${USAGE}\n`);
  process.exit(2);
}

function intArg(v: string | undefined, name: string, dflt: number): number {
  if (v === undefined) return dflt;
  const n = Number(v.replace(/_/g, ''));
  if (!Number.isSafeInteger(n)) fail(`--${name} must be an integer`);
  return n;
}

async function main(): Promise<void> {
  let parsed;
  try {
    parsed = parseArgs({
      options: {
        events: { type: 'string', short: 'n' },
        seed: { type: 'string', short: 's' },
        dialect: { type: 'string', short: 'd' },
        out: { type: 'string', short: 'o' },
        gzip: { type: 'boolean' },
        zstd: { type: 'boolean' },
        level: { type: 'string' },
        'no-header': { type: 'boolean' },
        packed: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    });
  } catch (e) {
    fail((e as Error).message);
  }
  const v = parsed.values;
  if (v.help) {
    process.stdout.write(USAGE + '\n');
    return;
  }
  if (v.events === undefined) fail('--events is required');
  const events = intArg(v.events, 'events', 0);
  if (events < 0) fail('--events must be >= 0');
  const dialect = (v.dialect ?? 'dsh') as Dialect;
  if (dialect !== 'dsh' && dialect !== 'card') fail('--dialect must be dsh or card');
  if (v.gzip && v.zstd) fail('choose one of --gzip and --zstd');
  const packedRatio = v.packed === undefined ? undefined : Number(v.packed);
  if (packedRatio !== undefined && !(packedRatio >= 0 && packedRatio <= 1))
    fail('--packed must be in [0, 1]');

  const sink: Writable = v.out ? createWriteStream(v.out) : process.stdout;
  let head: Writable = sink;
  let child: ReturnType<typeof spawn> | undefined;
  if (v.gzip) {
    const gz = zlib.createGzip({ level: intArg(v.level, 'level', 6) });
    gz.pipe(sink);
    head = gz;
  } else if (v.zstd) {
    const level = intArg(v.level, 'level', 3);
    const create = (
      zlib as unknown as { createZstdCompress?: (o?: object) => Writable & NodeJS.ReadableStream }
    ).createZstdCompress;
    if (create) {
      const z = create({ params: { 100: level } }); // ZSTD_c_compressionLevel
      z.pipe(sink);
      head = z;
    } else {
      // Node 20 has no zstd in zlib: use the zstd command-line tool.
      child = spawn('zstd', ['-q', '-c', `-${level}`], { stdio: ['pipe', 'pipe', 'inherit'] });
      child.on('error', () => fail('--zstd needs Node >= 22.15 or the zstd command on PATH'));
      child.stdout!.pipe(sink);
      head = child.stdin!;
    }
  }

  const t0 = performance.now();
  const res = await writeLog(
    {
      events,
      seed: intArg(v.seed, 'seed', 1),
      dialect,
      header: v['no-header'] ? false : undefined,
      packedRatio,
    },
    head,
  );
  head.end();
  if (child) await new Promise<void>((resolve) => child.on('close', () => resolve()));
  if (sink !== process.stdout) await finished(sink);
  else if (head !== sink) await finished(head);
  const secs = (performance.now() - t0) / 1000;
  process.stderr.write(
    `gen: ${res.events} events, ${res.lines} lines, ${(res.bytes / 1e6).toFixed(1)} MB uncompressed in ${secs.toFixed(1)} s` +
      (v.out ? ` -> ${v.out}` : '') +
      '\n',
  );
}

main().catch((e: unknown) => {
  process.stderr.write(`gen: ${(e as Error).stack ?? String(e)}\n`);
  process.exit(1);
});
