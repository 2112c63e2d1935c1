/**
 * Test helpers for loaded logs: what a log answers as plain data (to compare two ways of loading
 * one log), and generated logs with surprises mixed in. Never imported by app code.
 */
import fc from 'fast-check';
import { generateLogText } from '../../../scripts/gen/index';
import type { SessionLog } from './sessionLog';

const enc = new TextEncoder();

/** Everything a loaded log answers, as plain data (the messages at `seqs`). */
export function snapshot(log: SessionLog, seqs: number[]) {
  const n = log.eventCount;
  const perEvent = [];
  for (let s = 0; s < n; s++) perEvent.push([log.typeOf(s), log.timeOf(s), log.lineOf(s), log.flagsOf(s)]);
  return {
    n,
    perEvent,
    header: log.sessionHeader,
    metas: log.metas,
    diagnostics: log.diagnosticList.map((d) => ({ ...d })),
    structure: JSON.parse(JSON.stringify(log.structure)) as unknown,
    events: seqs.filter((s) => s < n).map((s) => log.event(s)),
    messages: seqs.filter((s) => s < n).map((s) => log.messagesAt(s)),
    streams: seqs.filter((s) => s < n).map((s) => log.streamAt(s)),
    raw: seqs.filter((s) => s < n).map((s) => log.rawLine(s)),
  };
}

/** A generated log with surprises mixed in: broken lines, blank lines, CRLF, a BOM, other key orders. */
export const roughLog = fc
  .record({
    events: fc.integer({ min: 0, max: 1500 }),
    seed: fc.integer(),
    packed: fc.constantFrom(0, 0.3, 1),
    noise: fc.array(
      fc.tuple(
        fc.nat(),
        fc.constantFrom(
          '{"type":"assistant/chunk","seq":',
          '',
          '   ',
          'not json',
          '\uFEFF{"type":"turn/start","data":{"turn":9}}',
          '{"data":{"turn":1,"step":1,"chunk":{"type":"text-delta","index":0,"text":"x"}},"type":"assistant/chunk"}',
          '{"type":"text-chunks","data":{"turn":1,"step":1,"index":0,"dt":[],"texts":["a"]}}',
          '{"type":"assistant/chunk","data":{"turn":1,"step":1,"chunk":{"type":"text-delta","index":0,"text":"\\u00e9\\n"}}}\r',
        ),
      ),
      { maxLength: 6 },
    ),
    torn: fc.boolean(),
  })
  .map(({ events, seed, packed, noise, torn }) => {
    const lines = generateLogText({ events, seed, packedRatio: packed }).split('\n');
    lines.pop();
    for (const [at, line] of noise) lines.splice(at % (lines.length + 1), 0, line);
    let text = lines.join('\n') + '\n';
    if (torn) text += '{"type":"assistant/chunk","data":{"turn":1,"ste';
    return enc.encode(text);
  });
