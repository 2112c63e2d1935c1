/**
 * `npm run bench:search -- FILE [QUERY...]`: time the search over a loaded log
 * (after loading; loading is `npm run bench`'s business). A script, not a
 * test: the machine is shared, so it reports figures and never fails on them.
 *
 *   npm run gen -- --events 1000000 --out /tmp/x.jsonl
 *   npm run bench:search -- /tmp/x.jsonl
 */
import { readFileSync } from 'node:fs';
import { SessionLog } from '../src/core/log/sessionLog';
import { compileQuery, type QueryOptions } from '../src/core/search/query';
import { EventSearch } from '../src/core/search/search';

const [file, ...rest] = process.argv.slice(2);
if (!file) {
  console.error('usage: bench-search FILE [QUERY...]');
  process.exit(2);
}

const queries: QueryOptions[] =
  rest.length > 0
    ? rest.map((query) => ({ query }))
    : [
        { query: 'needle-that-is-nowhere' },
        { query: 'cached config' },
        { query: 'CACHED CONFIG', caseSensitive: true },
        { query: 'deepseek-v4' },
        { query: 'verify\\s+your', regex: true },
        { query: 'é' },
        { query: 'привет' },
        { query: 'grep' },
      ];

const t0 = performance.now();
const log = new SessionLog();
const bytes = readFileSync(file);
for (let i = 0; i < bytes.length; i += 1 << 20) log.push(bytes.subarray(i, i + (1 << 20)));
log.end();
console.log(
  `loaded ${log.eventCount} events (${(bytes.length / 1e6).toFixed(1)} MB) in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
);

for (const q of queries) {
  const compiled = compileQuery(q);
  if (!compiled.ok) {
    console.log(`${JSON.stringify(q)}: ${compiled.error}`);
    continue;
  }
  const times: number[] = [];
  const cpu: number[] = [];
  let count = 0;
  let batches = 0;
  for (let run = 0; run < 3; run++) {
    const t = performance.now();
    const c0 = process.cpuUsage();
    const search = new EventSearch(log, compiled);
    batches = 0;
    while (!search.done) {
      search.step();
      batches++;
    }
    times.push(performance.now() - t);
    const c1 = process.cpuUsage(c0);
    cpu.push((c1.user + c1.system) / 1000);
    count = search.count;
  }
  const flags = `${q.regex ? ' regex' : ''}${q.caseSensitive ? ' case' : ''}`;
  console.log(
    `${JSON.stringify(q.query)}${flags}: ${count} events matched, ${batches} batches, ` +
      `wall ${times.map((t) => t.toFixed(0)).join(' / ')} ms, cpu ${cpu.map((t) => t.toFixed(0)).join(' / ')} ms (3 runs)`,
  );
}
