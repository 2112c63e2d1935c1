/**
 * A JSON array of events (issue 14): read element by element, as the same events as its JSONL;
 * a broken one is one diagnostic for the whole file; JSONL whose first line is an array reads on.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadLogFromBytes, loadLogFromText } from '../../log/load';
import { jqConversion } from '../../reader/jsonArray';

const BAD = path.resolve(import.meta.dirname, '../../../../fixtures/bad');
const read = (name: string) => new Uint8Array(readFileSync(path.join(BAD, name)));
const eventsOf = (log: ReturnType<typeof loadLogFromBytes>) =>
  Array.from({ length: log.eventCount }, (_, seq) => log.event(seq));

describe('a JSON array of events', () => {
  it('reads every element as the line of JSONL it would be (jq -c ".[]"), with one note naming the file', () => {
    const bytes = read('json-array.json');
    const array = loadLogFromBytes(bytes, { import: { name: 'json-array.json' } });
    const elements = JSON.parse(new TextDecoder().decode(bytes)) as unknown[];
    const jsonl = loadLogFromText(elements.map((e) => JSON.stringify(e)).join('\n') + '\n');
    expect(array.sourceFormat).toBe('json-array');
    expect(array.eventCount).toBe(5);
    expect(eventsOf(array)).toEqual(eventsOf(jsonl));
    // The same diagnostics, bar the note and the resume check (the harness resumes only its JSONL).
    const codes = array.diagnostics.items.map((d) => d.code);
    const jsonlCodes = jsonl.diagnostics.items.map((d) => d.code).filter((c) => !c.startsWith('resume-'));
    expect(codes.filter((c) => c !== 'import-note')).toEqual(jsonlCodes);
    expect(array.diagnostics.items.find((d) => d.code === 'import-note')?.message).toBe(
      "json-array.json is a JSON array (5 elements), read as if each element were a line of JSONL: line numbers in these diagnostics count its elements. A session log has one JSON object per line; to convert it: jq -c '.[]' json-array.json > json-array.jsonl",
    );
  });

  it('says an element that is no event as the reader does, by its number', () => {
    const log = loadLogFromText('[{"type":"turn/start","seq":0,"data":{"turn":1}}, 7]');
    expect(log.eventCount).toBe(1);
    expect(log.diagnostics.items.find((d) => d.code === 'not-an-object')).toMatchObject({ line: 2 });
  });

  it('is one bad-json for the whole file when it does not parse, not one per line', () => {
    const log = loadLogFromBytes(read('json-array-broken.json'), { import: { name: 'broken.json' } });
    expect(log.eventCount).toBe(0);
    expect(log.diagnostics.items.map((d) => d.code)).toEqual(['bad-json']);
    expect(log.diagnostics.items[0]?.message).toBe(
      "broken.json opens a JSON array that does not parse (Expected ',' or ']' after array element in JSON at position 550 (line 37 column 3)), so none of it was read; this file looks like a JSON array, not JSONL: a session log has one JSON object per line (convert it with jq -c '.[]' broken.json > broken.jsonl)",
    );
  });

  it('JSONL whose first line is an array: that line is skipped and the rest is read', () => {
    const log = loadLogFromText('[1, 2]\n{"type":"turn/start","seq":0,"data":{"turn":1}}\n');
    expect(log.eventCount).toBe(1);
    expect(log.diagnostics.items[0]).toMatchObject({ code: 'not-an-object', line: 1 });
  });

  it('keeps the line and column a parser already gave (a newer V8 does)', () => {
    // A parser that names the line itself: stubbed, as this runtime's may not.
    const parse = JSON.parse;
    JSON.parse = () => {
      throw new SyntaxError(
        "Expected ',' or ']' after array element in JSON at position 550 (line 37 column 3)",
      );
    };
    try {
      const log = loadLogFromText('[\n{}\n{}\n]');
      expect(log.diagnostics.items[0]?.message).toContain('at position 550 (line 37 column 3)), so none');
    } finally {
      JSON.parse = parse;
    }
  });

  it('names the file in the conversion, quoted for a shell, decompressing first', () => {
    expect(jqConversion('run 1.json')).toBe("jq -c '.[]' 'run 1.json' > 'run 1.jsonl'");
    expect(jqConversion("it's.json.gz")).toBe("gzip -dc 'it'\\''s.json.gz' | jq -c '.[]' > 'it'\\''s.jsonl'");
    expect(jqConversion('log.zst')).toBe("zstd -dc log.zst | jq -c '.[]' > log.jsonl");
    expect(jqConversion()).toBe("jq -c '.[]' FILE.json > FILE.jsonl");
  });
});
