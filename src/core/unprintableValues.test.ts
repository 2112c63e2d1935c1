/**
 * Values that String() cannot turn into text, in fields read as numbers or names: an object whose
 * own `toString` is not a function (String() throws), and an array nested thousands deep
 * (String() and JSON.stringify overflow the stack). One such value in a chunk's `data.step`, a
 * content block's `type` or a session header's field made the whole log fail to open, the resume
 * check or the OTLP export throw (audit R17-3, R17-10). Each is placed in every such field of real
 * logs: the log loads with every line, and check, redaction and OTLP (with content) finish.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { exportOtlpText } from './export/otlp';
import { loadLogFromText } from './log/load';
import { redactLogText } from './redact/redactLog';

const SAMPLES = ['pty-tools.jsonl', 'steering.jsonl'];
const deep = (n: number): string => `${'['.repeat(n)}1${']'.repeat(n)}`;
/** As JSON text: the deep arrays are written, not built (JSON.stringify of them overflows). */
const TRAPS = ['{"toString":1}', deep(5000)];

type Line = Record<string, unknown> & { data?: Record<string, unknown> };

/** `line` with `path` (dot-separated, into objects and arrays) set to the placeholder `"@TRAP@"`. */
function placed(line: Line, path: string[]): Line | undefined {
  const copy = structuredClone(line) as Record<string, unknown>;
  let at: Record<string, unknown> = copy;
  for (const key of path.slice(0, -1)) {
    const next = at[key];
    if (next === null || typeof next !== 'object') return undefined;
    at = next as Record<string, unknown>;
  }
  const last = path.at(-1) as string;
  if (!(last in at)) return undefined;
  at[last] = '@TRAP@';
  return copy;
}

const PATHS = [
  ['data', 'turn'],
  ['data', 'step'],
  ['data', 'message', 'content', '0', 'type'],
  ['data', 'content', '0', 'type'],
  ['data', 'chunk', 'type'],
  ['version'],
  ['cwd'],
  ['origin'],
];

function expectWorks(text: string, lines: number, where: string): void {
  const log = loadLogFromText(text);
  expect(log.eventCount + log.metas.length + (log.sessionHeader ? 1 : 0), where).toBeGreaterThanOrEqual(
    lines - 1,
  );
  for (let s = 0; s < log.eventCount; s += 7) log.messagesAt(s);
  expect(exportOtlpText(log, { content: true }).spans, where).toBeGreaterThan(0);
  expect(redactLogText(text).text.length, where).toBeGreaterThan(0);
}

describe('a value String() cannot print, in a turn, step, block type or header field (audit R17-3, R17-10)', () => {
  for (const name of SAMPLES)
    it(`${name}: every placement loads every line; OTLP and redaction finish`, () => {
      const lines = readFileSync(`../shared/samples/dsh/${name}`, 'utf8').trimEnd().split('\n');
      let runs = 0;
      for (let i = 0; i < lines.length; i++) {
        const line = JSON.parse(lines[i] as string) as Line;
        for (const path of PATHS) {
          const p = placed(line, path);
          if (!p) continue;
          for (const trap of TRAPS) {
            const text = [
              ...lines.slice(0, i),
              JSON.stringify(p).replace('"@TRAP@"', trap),
              ...lines.slice(i + 1),
            ].join('\n');
            expectWorks(
              `${text}\n`,
              lines.length,
              `${name} line ${i + 1} ${path.join('.')} ${trap.slice(0, 20)}`,
            );
            runs++;
          }
        }
      }
      expect(runs).toBeGreaterThan(100);
    }, 240_000);
});
