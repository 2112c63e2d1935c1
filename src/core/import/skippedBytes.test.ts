/**
 * Every importer's note that says it skipped input carries the bytes it skipped: a copy of the
 * events (an export, a redacted copy) counts them to say it is partial (core/log/unreadInput.ts).
 * A note that says "skipped" without them made a copy that lost input look whole (audit R16-1, R16-3).
 */
import { readFileSync } from 'node:fs';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { loadLogFromBytes } from '../log/load';
import type { Diagnostic } from '../types';

const OTHER = new URL('../../../../shared/samples/other/', import.meta.url);
const lines = (f: string) => readFileSync(new URL(f, OTHER), 'utf8').trimEnd().split('\n');
const encode = (s: string) => new TextEncoder().encode(s);

/** The notes that say input was skipped, and whether each carries bytes. */
const skipped = (items: readonly Diagnostic[]) => items.filter((d) => /skipped/.test(d.message));

describe("every importer's skipped input carries its bytes", () => {
  for (const sample of [
    'claude-code/agentlogs-compact.jsonl',
    'codex/agentlogs-crud.jsonl',
    'pi/agent-sessions-v3-compaction-small.jsonl',
  ]) {
    it(sample, () => {
      const ls = lines(sample);
      // not JSON, JSON but not objects (a number, an array, a string), 25 of one kind (past
      // the named 20: one note counts the rest), a last line cut short
      const junk = ['not json at all', '42', '[{"a":1}]', '"a string"'];
      const many = Array.from({ length: 25 }, (_, i) => `{broken ${i}`);
      const torn = (ls.at(-1) as string).slice(0, 30);
      const text = [ls[0], ...junk, ...ls.slice(1, -1), ...many, torn].join('\n');
      const log = loadLogFromBytes(encode(text));
      const notes = skipped(log.diagnostics.items);
      // 3 not objects; 26 not JSON: 20 named, 1 counting 6; the torn last line
      expect(notes.length).toBe(3 + 20 + 1 + 1);
      for (const d of notes) expect(d.droppedBytes, d.message).toBeGreaterThan(0);
      const dropped = notes.reduce((n, d) => n + (d.droppedBytes ?? 0), 0);
      const bytes = [...junk, ...many, torn].reduce((n, l) => n + encode(l).length, 0);
      expect(dropped).toBe(bytes);
    });
  }

  it('inspect .eval: a sample that does not parse, a header that is not an object', () => {
    const sample = JSON.stringify({ id: 1, epoch: 1, events: [], messages: [] });
    const zip = zipSync({
      'header.json': strToU8('[1, 2]'),
      'samples/1_epoch_1.json': strToU8(sample.slice(0, 20)),
    });
    const log = loadLogFromBytes(zip);
    const notes = skipped(log.diagnostics.items);
    expect(notes.map((d) => d.message.split(' ')[0])).toEqual(
      expect.arrayContaining(['header.json', 'samples/1_epoch_1.json']),
    );
    for (const d of notes) expect(d.droppedBytes, d.message).toBeGreaterThan(0);
  });
});
