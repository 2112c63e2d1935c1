/**
 * Junk lines in a foreign JSONL log (R8-7): 200,000 of them between two valid records made one
 * note each, spread into one call: the stack overflowed, the importer failed, and both valid
 * records were lost. Now the first lines of each kind are named and the rest counted, for every
 * JSONL importer (Claude Code, Codex, pi).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadLogFromText } from '../log/load';
import { NAMED_LINES } from './jsonLines';

const SAMPLES = new URL('../../../../shared/samples/', import.meta.url);
const firstTwo = (path: string) => {
  const lines = readFileSync(new URL(path, SAMPLES), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '');
  return lines.slice(0, 2);
};

const JUNK = 200_000;
const formats: [string, string][] = [
  ['claude-code', 'other/claude-code/agentlogs-compact.jsonl'],
  ['codex', 'other/codex/agentlogs-crud.jsonl'],
  ['pi', 'other/pi/agent-sessions-v3-compaction-small.jsonl'],
];

describe('200,000 junk lines between valid records', () => {
  for (const [format, path] of formats)
    it(`${format}: the valid records import, the junk is named ${NAMED_LINES} times then counted`, () => {
      const [a, b] = firstTwo(path);
      const junk = Array.from({ length: JUNK }, (_, i) => (i % 2 ? '1' : '{oops')).join('\n');
      const clean = loadLogFromText(`${a}\n${b}\n`);
      const log = loadLogFromText(`${a}\n${junk}\n${b}\n`);
      expect(log.eventCount).toBe(clean.eventCount);
      const messages = log.diagnostics.items.map((d) => d.message);
      expect(messages.some((m) => /importer failed/.test(m))).toBe(false);
      const notJson = messages.filter((m) => /^line \d+ is not JSON \(/.test(m));
      const notObject = messages.filter((m) => /^line \d+ is not a JSON object/.test(m));
      expect(notJson).toHaveLength(NAMED_LINES);
      expect(notObject).toHaveLength(NAMED_LINES);
      expect(messages).toContain(`${JUNK / 2 - NAMED_LINES} more lines are not JSON: skipped`);
      expect(messages).toContain(`${JUNK / 2 - NAMED_LINES} more lines are not JSON objects: skipped`);
    });
});
