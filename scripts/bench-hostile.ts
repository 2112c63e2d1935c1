/**
 * `npm run bench:hostile`: how long the core takes to stop on hostile input, with the default
 * read limits: decompression bombs of blank lines and of events (each stops at the ratio limit
 * once 64 MiB are decoded), and a search that must find a string nested 10,000 deep. A script,
 * not a test: the machine is shared, so it reports figures and never fails on them.
 */
import { loadLogFromBytes, loadLogFromText } from '../src/core/log/load';
import { DEFAULT_READ_LIMITS } from '../src/core/reader/readLimits';
import { compileQuery } from '../src/core/search/query';
import { EventSearch } from '../src/core/search/search';
import { gzipBomb, singleStreamLog, zstdRleBomb } from '../src/core/testing/hostileInputs';

const MiB = 1024 * 1024;
const GiB = 1024 * MiB;

function time<T>(run: () => T): { value: T; seconds: number } {
  const start = performance.now();
  const value = run();
  return { value, seconds: (performance.now() - start) / 1000 };
}

const rows: [string, string, string][] = [];

for (const [label, bomb] of [
  ['zstd bomb of blank lines (4 GiB)', zstdRleBomb(4 * GiB, 0x0a)],
  ['gzip bomb of blank lines (4 GiB)', gzipBomb(4 * GiB, '\n')],
  ['gzip bomb of blank CRLF lines with spaces (4 GiB)', gzipBomb(4 * GiB, '  \t\r\n')],
  ['gzip bomb of chunk events (4 GiB)', gzipBomb(4 * GiB)],
] as const) {
  const { value: log, seconds } = time(() =>
    loadLogFromBytes(bomb, { limits: { ...DEFAULT_READ_LIMITS }, chunkSize: 1 << 20 }),
  );
  rows.push([
    label,
    `${seconds.toFixed(2)} s`,
    `${log.limitHit?.kind ?? 'no limit hit'} after ${(log.bytesDecoded / MiB).toFixed(0)} MiB, ${log.eventCount} events`,
  ]);
}

// A string 10,000 levels down, written as text (JSON.stringify cannot write it).
let deep = '{"note":"the BURIED needle"}';
for (let i = 0; i < 10_000; i++) deep = i % 2 ? `[${deep}]` : `{"a":${deep}}`;
const log = loadLogFromText(`{"type":"session/title","seq":0,"data":{"title":"t","deep":${deep}}}\n`);
const query = compileQuery({ query: 'buried needle' });
if (!query.ok) throw new Error(query.error);
const { value: hits, seconds } = time(() => new EventSearch(log, query).all());
rows.push(['search: a string nested 10,000 deep', `${(seconds * 1000).toFixed(1)} ms`, `${hits.length} hit`]);

// One stream of 1,000,000 text deltas: the first visit to its step/end (the stream assembled in
// full) starts from the loading pass's last checkpoint instead of re-reading every chunk.
const deltas = 1_000_000;
const { value: streamLog, seconds: loadSeconds } = time(() => loadLogFromText(singleStreamLog(deltas)));
rows.push([
  'load: one stream of 1,000,000 deltas',
  `${loadSeconds.toFixed(2)} s`,
  `${streamLog.eventCount} events`,
]);
const { value: atEnd, seconds: endSeconds } = time(() => streamLog.streamAt(deltas + 5));
const endText = (atEnd?.blocks[0] as { text?: string } | undefined)?.text ?? '';
rows.push([
  'streamAt(step/end) after it, first visit',
  `${(endSeconds * 1000).toFixed(1)} ms`,
  `${endText.length} characters, ending "${endText.slice(-5)}"`,
]);

const width = Math.max(...rows.map((r) => r[0].length));
for (const [label, value, what] of rows) console.log(`${label.padEnd(width)}  ${value.padStart(9)}  ${what}`);
