/**
 * One value of one line replaced by a hostile shape (`null`, `{}`, `-1`, `[null]`, a string) loads:
 * no throw, every line an event or a diagnostic, messagesAt works at every seq. A tool/result or a
 * chunked assistant/message whose content was `[null]`, or a replace whose sourceEventSeqs was not
 * an array, threw in the load itself: every CLI command exited 2 and the app opened nothing
 * (audit R16-9). The byte-level fuzz (fuzz.test.ts) rarely makes such a value; this walks them all
 * for the fields where the crashes were, on real logs.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadLogFromText } from './log/load';

const SAMPLES = ['agent-instructions.jsonl', 'cordis-tool-round.jsonl', 'pty-tools.jsonl', 'steering.jsonl'];
const HOSTILE: unknown[] = [null, {}, -1, [null], [[]], 'x', [5], true];

type Line = Record<string, unknown> & { data?: Record<string, unknown> };

/** The places to put a hostile value in one line: content, its first block, sourceEventSeqs. */
function mutations(line: Line): ((v: unknown) => Line)[] {
  const out: ((v: unknown) => Line)[] = [];
  const data = line.data;
  const message = (data?.message ?? (line.type === 'user/message' ? data : undefined)) as
    Record<string, unknown> | undefined;
  if (message && Array.isArray(message.content)) {
    const path = data?.message ? 'message' : null;
    const withContent = (content: unknown): Line => {
      const m = { ...message, content };
      return { ...line, data: path ? { ...data, message: m } : m };
    };
    out.push(
      (v) => withContent(v),
      (v) => withContent([v, ...(message.content as unknown[]).slice(1)]),
    );
  }
  if (line.surfaceOp !== undefined) out.push((v) => ({ ...line, sourceEventSeqs: v }));
  return out;
}

describe('a hostile value in one line of a real log (audit R16-9)', () => {
  for (const name of SAMPLES)
    it(`${name}: every mutation loads, every line accounted for, messagesAt at every seq`, () => {
      const lines = readFileSync(`../shared/samples/dsh/${name}`, 'utf8').trimEnd().split('\n');
      let runs = 0;
      for (let i = 0; i < lines.length; i++) {
        const line = JSON.parse(lines[i] as string) as Line;
        for (const mutate of mutations(line))
          for (const v of HOSTILE) {
            const text = [...lines.slice(0, i), JSON.stringify(mutate(v)), ...lines.slice(i + 1)].join('\n');
            const where = `${name} line ${i + 1} ${JSON.stringify(v)}`;
            const log = loadLogFromText(`${text}\n`);
            expect(log.eventCount, where).toBeGreaterThanOrEqual(lines.length - 2);
            for (let s = 0; s < log.eventCount; s++)
              for (const m of log.messagesAt(s).messages) expect(m.seq, where).toBeLessThanOrEqual(s);
            runs++;
          }
      }
      expect(runs).toBeGreaterThan(50);
    });
});
