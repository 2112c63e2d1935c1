/**
 * Import throughput: other agents' logs grown to tens of MB (the real
 * samples repeated, with ids rewritten per copy so every copy is its own
 * conversation), loaded through SessionLog (detection, import, then the
 * ordinary reader over the re-told events), against a harness log of about
 * the same size from the generator.
 *
 *   npm run bench:import [-- --mb 20]
 */
import { readFileSync } from 'node:fs';
import { generateLogText } from './gen/index';
import { SessionLog } from '../src/core/log/sessionLog';

const mbArg = process.argv.indexOf('--mb');
const targetMb = mbArg > 0 ? Number(process.argv[mbArg + 1]) : 20;
const OTHER = new URL('../../shared/samples/other/', import.meta.url);

/** The sample repeated to about targetMb, each copy's ids suffixed so copies never share a uuid or message id. */
function grow(path: string): Uint8Array {
  const text = readFileSync(new URL(path, OTHER), 'utf8');
  const lines = text.split('\n').filter((l) => l.trim() !== '');
  const [head, ...body] = path.startsWith('pi/') || path.startsWith('codex/') ? lines : [undefined, ...lines];
  const out: string[] = head ? [head] : [];
  let size = 0;
  // Claude Code: each copy continues the previous one (its root hangs off the last record before it).
  const uuids = [...text.matchAll(/"uuid":"([^"]+)"/g)].map((m) => m[1] as string);
  const lastUuid = uuids[uuids.length - 1];
  for (let copy = 0; size < targetMb * 1e6; copy++)
    for (const l of body) {
      let line = (l as string).replace(
        /"(uuid|parentUuid|id|parentId|call_id|tool_use_id|toolCallId)":"([^"]+)"/g,
        `"$1":"$2-${copy}"`,
      );
      if (copy > 0 && lastUuid !== undefined)
        line = line.replace('"parentUuid":null', `"parentUuid":"${lastUuid}-${copy - 1}"`);
      out.push(line);
      size += line.length + 1;
    }
  return new TextEncoder().encode(out.join('\n') + '\n');
}

function load(bytes: Uint8Array): { ms: number; events: number; format: string } {
  const t = performance.now();
  const log = new SessionLog();
  for (let i = 0; i < bytes.length; i += 1 << 20) log.push(bytes.subarray(i, i + (1 << 20)));
  log.end();
  return { ms: performance.now() - t, events: log.eventCount, format: log.sourceFormat ?? '?' };
}

const cases: [string, Uint8Array][] = [
  ['claude-code', grow('claude-code/ef958aa1-0e93-49f0-bb71-150f63befcd1.jsonl')],
  ['codex', grow('codex/rollout-2026-05-11T11-26-55-019e1625-789d-76c0-80ab-3724b5ddb799.jsonl')],
  ['pi', grow('pi/pi-mono-v1-large-session.jsonl')],
];
const native = new TextEncoder().encode(generateLogText({ events: 1, seed: 1, dialect: 'dsh' }));
let events = 1;
let harness = native;
while (harness.length < targetMb * 1e6) {
  events *= 2;
  harness = new TextEncoder().encode(generateLogText({ events, seed: 1, dialect: 'dsh' }));
}
cases.push(['harness (generated)', harness]);

console.log(`machine: ${process.versions.node}, target ${targetMb} MB per log (best of 3 loads)`);
for (const [name, bytes] of cases) {
  let best = { ms: Infinity, events: 0, format: '' };
  for (let i = 0; i < 3; i++) {
    const r = load(bytes);
    if (r.ms < best.ms) best = r;
  }
  const mb = bytes.length / 1e6;
  console.log(
    `${name.padEnd(20)} ${mb.toFixed(1).padStart(6)} MB  ${String(best.events).padStart(8)} events  ${best.ms.toFixed(0).padStart(6)} ms  ${(mb / (best.ms / 1000)).toFixed(1).padStart(6)} MB/s  (${best.format})`,
  );
}
