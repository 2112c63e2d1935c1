/**
 * A JSON array of events (issue 14): read element by element, as the same events as its JSONL;
 * a broken one is one diagnostic for the whole file; JSONL whose first line is an array reads on.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { loadLogFromBytes, loadLogFromText } from '../../log/load';
import { jqConversion, jqStreamConversion } from '../../reader/jsonArray';
import { DEFAULT_READ_LIMITS } from '../../reader/readLimits';
import { LINE_WINDOW } from './elementSplitter';

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

  it('a broken array keeps the elements before the defect, with one bad-json saying where and what was left (R13-4)', () => {
    const log = loadLogFromBytes(read('json-array-broken.json'), { import: { name: 'broken.json' } });
    // a comma missing after the third element: the three whole ones before the break are read
    expect(log.eventCount).toBe(3);
    const bad = log.diagnostics.items.filter((d) => d.code === 'bad-json');
    expect(bad).toHaveLength(1);
    expect(bad[0]?.message).toContain(
      "broken.json opens a JSON array that does not parse (Expected ',' or ']' after array element in JSON at position 550 (line 37 column 3)), the 3 elements before it were read; the ",
    );
    expect(bad[0]?.message).toContain(`convert its complete elements: ${jqStreamConversion('broken.json')}`);
    expect(bad[0]?.message).not.toContain(jqConversion('broken.json'));
  });

  it('JSONL whose first line is an array: that line is skipped and the rest is read', () => {
    const log = loadLogFromText('[1, 2]\n{"type":"turn/start","seq":0,"data":{"turn":1}}\n');
    expect(log.eventCount).toBe(1);
    expect(log.diagnostics.items[0]).toMatchObject({ code: 'not-an-object', line: 1 });
  });

  it('names the line and column of a top-level error, found without parsing the file', () => {
    // (Replaces a test of a parser's own "(line L column C)": the file is no longer parsed whole.)
    const log = loadLogFromText('[\n{}\n{}\n]');
    expect(log.diagnostics.items.find((d) => d.code === 'bad-json')?.message).toContain(
      "(Expected ',' or ']' after array element in JSON at position 5 (line 3 column 1)), the 1 element before it was read; the 4 B (4 bytes) from there on were not",
    );
  });

  it('names the file in the conversion, quoted for a shell, decompressing first', () => {
    expect(jqConversion('run 1.json')).toBe("jq -c '.[]' 'run 1.json' > 'run 1.jsonl'");
    expect(jqConversion("it's.json.gz")).toBe("gzip -dc 'it'\\''s.json.gz' | jq -c '.[]' > 'it'\\''s.jsonl'");
    expect(jqConversion('log.zst')).toBe("zstd -dc log.zst | jq -c '.[]' > log.jsonl");
    expect(jqConversion()).toBe("jq -c '.[]' FILE.json > FILE.jsonl");
  });
});

/** The bad corpus's array as text, and its elements' own texts (one element per JSONL line). */
const arrayText = () => new TextDecoder().decode(read('json-array.json'));

describe('a JSON array cut short (audit R12-3)', () => {
  it('missing only its closing ]: every element is read, with a torn-tail warning that nothing was dropped', () => {
    const whole = loadLogFromText(arrayText(), { import: { name: 'a.json' } });
    const text = arrayText().replace(/\]\s*$/, '');
    const log = loadLogFromText(text, { import: { name: 'a.json' } });
    expect(log.eventCount).toBe(5);
    expect(eventsOf(log)).toEqual(eventsOf(whole));
    const torn = log.diagnostics.items.filter((d) => d.code === 'torn-tail');
    expect(torn).toHaveLength(1);
    expect(torn[0]?.message).toContain("a.json ends without the JSON array's closing ]");
    expect(torn[0]?.message).toContain('nothing dropped');
    expect(torn[0]?.droppedBytes).toBeUndefined(); // nothing dropped: no note of bytes dropped
    expect(log.diagnostics.items.some((d) => d.code === 'bad-json')).toBe(false);
    // the jq advice is the streaming one, which reads a torn array (jq -c '.[]' refuses it)
    const note = log.diagnostics.items.find((d) => d.code === 'import-note')?.message;
    expect(note).toContain(jqStreamConversion('a.json'));
    expect(note).not.toContain(jqConversion('a.json'));
  });

  it('cut inside its last element: the complete ones are read, and the bytes dropped are named', () => {
    const text = arrayText();
    const cut = text.lastIndexOf('"tool-calls"');
    const last = text.lastIndexOf('\n  {', cut);
    const log = loadLogFromText(text.slice(0, cut), { import: { name: 'a.json' } });
    expect(log.eventCount).toBe(4);
    const torn = log.diagnostics.items.filter((d) => d.code === 'torn-tail');
    expect(torn).toHaveLength(1);
    const dropped = new TextEncoder().encode(text.slice(last + 1, cut).trimStart()).length;
    expect(torn[0]?.message).toContain(`the last element (5) of a.json is cut short`);
    expect(torn[0]?.message).toContain(`(${dropped} bytes) dropped`);
    // the bytes as a field, as the reader's own torn tail carries them (the app's torn-tail note reads it)
    expect(torn[0]).toMatchObject({ line: 5, droppedBytes: dropped });
  });

  it('on one line, cut after a comma: the complete elements are read', () => {
    const one = '{"type":"turn/start","seq":0,"data":{"turn":1}}';
    const log = loadLogFromText(`[${one}, {"type":"turn/end","seq":1,"da`);
    expect(log.eventCount).toBe(1);
    expect(log.diagnostics.items.filter((d) => d.code === 'torn-tail')).toHaveLength(1);
  });
});

describe('a JSON array is guarded element by element, never parsed whole (audit R12-1, R12-2)', () => {
  it('an element of 200,000 empty objects pretty-printed is refused by the objects-and-arrays guard, unparsed', () => {
    const first = '{"type":"turn/start","seq":0,"data":{"turn":1}}';
    const big = '{"type":"note","seq":1,"data":{"a":[\n' + '{},\n'.repeat(199_999) + '{}\n]}}';
    const text = `[\n${first},\n${big}\n]\n`;
    const parse = vi.spyOn(JSON, 'parse');
    try {
      const limits = { ...DEFAULT_READ_LIMITS, maxLineBytes: 1 << 20 };
      const log = loadLogFromText(text, { limits, import: { name: 'amp.json' } });
      expect(log.eventCount).toBe(1);
      const limit = log.diagnostics.items.find((d) => d.code === 'read-limit');
      expect(limit?.message).toContain('objects and arrays, too many to parse safely');
      // JSON.parse never saw more than one element's text (not the file, not the big element)
      const longest = Math.max(0, ...parse.mock.calls.map(([s]) => (typeof s === 'string' ? s.length : 0)));
      expect(longest).toBeLessThan(big.length);
    } finally {
      parse.mockRestore();
    }
  });

  it('an element past the objects-and-arrays limit is refused while split, its text never copied, and the rest is read', () => {
    const first = '{"type":"turn/start","seq":0,"data":{"turn":1}}';
    const big = '{"type":"note","seq":1,"data":{"a":[\n' + '{},\n'.repeat(199_999) + '{}\n]}}';
    const last = '{"type":"turn/end","seq":1,"data":{"turn":1,"reason":{"kind":"completed"}}}';
    const bytes = new TextEncoder().encode(`[\n${first},\n${big},\n${last}\n]\n`);
    // every copy of a string on its way to the reader: slices, the newline swap, the chunk join, the encoding
    const longest = { chars: 0 };
    const seen = (s: unknown) => {
      if (typeof s === 'string') longest.chars = Math.max(longest.chars, s.length);
      return s;
    };
    const slice = vi.spyOn(String.prototype, 'slice');
    const replace = vi.spyOn(String.prototype, 'replace');
    const join = vi.spyOn(Array.prototype, 'join');
    const encode = vi.spyOn(TextEncoder.prototype, 'encode');
    let log: ReturnType<typeof loadLogFromBytes>;
    try {
      const limits = { ...DEFAULT_READ_LIMITS, maxLineBytes: 1 << 20 };
      log = loadLogFromBytes(bytes, { limits, import: { name: 'amp.json' } });
      for (const spy of [slice, replace, join]) for (const r of spy.mock.results) seen(r.value);
      for (const [s] of encode.mock.calls) seen(s);
    } finally {
      for (const spy of [slice, replace, join, encode]) spy.mockRestore();
    }
    expect(longest.chars).toBeGreaterThan(0);
    expect(longest.chars).toBeLessThan(big.length);
    // the elements before and after it are read; it keeps its number (line 2), with a note that can be lifted
    expect(log.eventCount).toBe(2);
    expect(log.event(1)?.type).toBe('turn/end');
    const limit = log.diagnostics.items.filter((d) => d.code === 'read-limit');
    expect(limit).toHaveLength(1);
    expect(limit[0]).toMatchObject({ line: 2 });
    expect(limit[0]?.message).toBe(
      'element 2 of amp.json holds more than 65,536 objects and arrays, too many to parse safely (parsed, each takes some 80 bytes of memory against a few bytes of text): it was left out, and the rest is loaded.',
    );
    expect(log.limitHit).toMatchObject({ kind: 'line-length', line: 2, containers: 65_536 });
  });

  it('an element of a million newlines is read, its newlines never swapped by a regex over the whole element (audit R14-3)', () => {
    const first = '{"type":"turn/start","seq":0,"data":{"turn":1}}';
    const spaced = '{"type":"note","seq":1,"data":{"a":1' + '\n'.repeat(1_000_000) + '}}';
    const last = '{"type":"turn/end","seq":2,"data":{"turn":1,"reason":{"kind":"completed"}}}';
    const replace = vi.spyOn(String.prototype, 'replace');
    let log: ReturnType<typeof loadLogFromText>;
    let longest = 0;
    try {
      log = loadLogFromText(`[\n${first},\n${spaced},\n${last}\n]\n`, { import: { name: 'ws.json' } });
      for (const self of replace.mock.contexts)
        if (typeof self === 'string') longest = Math.max(longest, self.length);
    } finally {
      replace.mockRestore();
    }
    expect(log.eventCount).toBe(3);
    expect(log.event(1)?.type).toBe('note');
    expect(log.diagnostics.items.map((d) => d.code)).not.toContain('bad-json');
    expect(log.diagnostics.items.map((d) => d.code)).not.toContain('read-limit');
    // no regex replace ran over the whole element (one holds every match: 4 GB at 130 MB of newlines)
    expect(longest).toBeGreaterThan(0);
    expect(longest).toBeLessThanOrEqual(LINE_WINDOW);
  });

  it.each([
    [
      'braces inside a string',
      `{"type":"user/message","seq":1,"data":{"turn":1,"text":"${'{'.repeat(70_000)}"}}`,
    ],
    ['exactly the old bound of objects', `{"type":"note","seq":1,"data":{"a":[${'[],'.repeat(131_069)}[]]}}`],
  ])(
    'an element the reader would refuse as a line (%s) is left out alone; the elements after it are read (audit R14-L3)',
    (_, big) => {
      const first = '{"type":"turn/start","seq":0,"data":{"turn":1}}';
      const last = '{"type":"turn/end","seq":2,"data":{"turn":1,"reason":{"kind":"completed"}}}';
      const limits = { ...DEFAULT_READ_LIMITS, maxLineBytes: 1 << 20 };
      const log = loadLogFromText(`[\n${first},\n${big},\n${last}\n]\n`, {
        limits,
        import: { name: 'b.json' },
      });
      expect(log.eventCount).toBe(2);
      expect(log.event(1)?.type).toBe('turn/end');
      const limit = log.diagnostics.items.filter((d) => d.code === 'read-limit');
      expect(limit.map((d) => d.line)).toEqual([2]);
      expect(limit[0]?.message).toContain('element 2 of b.json holds more than 65,536 objects and arrays');
    },
  );

  it('an element longer than the line limit is refused unread, by its UTF-8 bytes', () => {
    const event = (seq: number, text: string) => `{"type":"note","seq":${seq},"data":{"text":"${text}"}}`;
    const limits = { ...DEFAULT_READ_LIMITS, maxLineBytes: 64 * 1024 };
    // 30,000 three-byte characters: 30,000 UTF-16 units, over 90,000 bytes
    const text = `[${event(0, 'a')}, ${event(1, '\u20ac'.repeat(30_000))}, ${event(2, 'b')}]`;
    const log = loadLogFromText(text, { limits, import: { name: 'long.json' } });
    expect(log.eventCount).toBe(2);
    const limit = log.diagnostics.items.filter((d) => d.code === 'read-limit');
    expect(limit.map((d) => [d.line, d.message])).toEqual([
      [
        2,
        'element 2 of long.json is longer than 64.0 KiB, the line limit: it was left out, and the rest is loaded.',
      ],
    ]);
    expect(log.limitHit).toMatchObject({ kind: 'line-length', line: 2 });
    expect(log.limitHit?.containers).toBeUndefined();
    // lifted ("Load anyway", --no-limits): every element is read
    const all = loadLogFromText(text, { limits: { ...limits, maxLineBytes: Infinity } });
    expect(all.eventCount).toBe(3);
    expect(all.limitHit).toBeUndefined();
  });

  it('an element nested 10,000 deep does not drop the others', () => {
    const deep = '{"type":"note","seq":5,"data":{"x":' + '['.repeat(10_000) + ']'.repeat(10_000) + '}}';
    const text = arrayText().replace(/\]\s*$/, `, ${deep}]\n`);
    const log = loadLogFromText(text);
    expect(log.eventCount).toBeGreaterThanOrEqual(5);
    expect(eventsOf(log).slice(0, 5)).toEqual(eventsOf(loadLogFromText(arrayText())));
    expect(log.diagnostics.items.some((d) => d.code === 'import-unmapped')).toBe(false);
  });
});

describe('a JSON array on one line', () => {
  it('is not refused as one long line: its elements are the lines guarded (audit R12-2)', () => {
    const n = 40_000;
    const elements = Array.from(
      { length: n },
      (_, i) => `{"type":"turn/start","seq":${i},"data":{"turn":${i + 1}}}`,
    );
    const text = `[${elements.join(',')}]`;
    const limits = { ...DEFAULT_READ_LIMITS, maxLineBytes: 1 << 20 };
    expect(text.length).toBeGreaterThan(limits.maxLineBytes);
    const log = loadLogFromText(text, { limits });
    expect(log.eventCount).toBe(n);
    expect(log.diagnostics.items.some((d) => d.code === 'read-limit')).toBe(false);
  });
});

describe('an array with one defect, or JSONL after a line that starts with [ (audit R13-4)', () => {
  const SAMPLE = path.resolve(
    import.meta.dirname,
    '../../../../../shared/samples/dsh/cordis-tool-round.jsonl',
  );
  const jsonl = readFileSync(SAMPLE, 'utf8');
  const lines = jsonl.split('\n').filter((l) => l.trim() !== '');
  const whole = loadLogFromText(jsonl);
  const asArray = (parts: string[]) => `[${parts.join(',')}]`;

  it.each(['[INFO] harness 1.2 starting', '[12:00:01] harness starting', '[note] starting'])(
    'a first line %j before JSONL: line 1 is bad-json, every event after it is read',
    (banner) => {
      const log = loadLogFromText(`${banner}\n${jsonl}`, { import: { name: 'run.jsonl' } });
      expect(whole.eventCount).toBe(60);
      expect(log.eventCount).toBe(60);
      const bad = log.diagnostics.items.filter((d) => d.code === 'bad-json');
      expect(bad).toHaveLength(1);
      expect(bad[0]?.line).toBe(1);
    },
  );

  it.each([
    ['a trailing comma', `${asArray(lines).slice(0, -1)},]`],
    ['text after the ]', `${asArray(lines)} garbage`],
    ['text on a line after a pretty-printed array', `[\n${lines.join(',\n')}\n]\ngarbage\n`],
  ])('%s: every element is read, and one bad-json says where it broke', (_, text) => {
    const log = loadLogFromText(text, { import: { name: 'a.json' } });
    expect(log.eventCount).toBe(60);
    expect(eventsOf(log)).toEqual(eventsOf(whole));
    const bad = log.diagnostics.items.filter((d) => d.code === 'bad-json');
    expect(bad).toHaveLength(1);
    expect(bad[0]?.message).toContain(`every element before it was read (${lines.length} elements)`);
    expect(bad[0]?.message).toContain(jqStreamConversion('a.json'));
  });

  it.each([
    ['pretty-printed', `[\n${lines.slice(0, 25).join(',\n')}\n]\n[\n${lines.slice(25).join(',\n')}\n]\n`],
    ['glued on one line', `${asArray(lines.slice(0, 25))}${asArray(lines.slice(25))}`],
    [
      'with an empty array between',
      `[\n${lines.slice(0, 25).join(',\n')}\n]\n[ ]\n[${lines.slice(25).join(',')}]`,
    ],
  ])(
    'arrays one after another (%s): every element of each is read in order, and the note says so',
    (_, text) => {
      const log = loadLogFromText(text, { import: { name: 'a.json' } });
      expect(eventsOf(log)).toEqual(eventsOf(whole));
      const errors = (l: typeof log) =>
        l.diagnostics.items.filter((d) => d.severity === 'error').map((d) => d.code);
      expect(errors(log)).toEqual(errors(whole));
      const note = log.diagnostics.items.find((d) => d.code === 'import-note')?.message ?? '';
      expect(note).toMatch(
        /a\.json is [23] JSON arrays one after another \(61 elements in all, read in order\)/,
      );
    },
  );

  it('one-line arrays with one bad line among them: the other arrays are read, the bad line named with its bytes (audit R16-8)', () => {
    // 61 lines (the header first) as 10 one-line arrays, line 5 replaced by junk
    const batches = Array.from({ length: 10 }, (_, k) => lines.slice(k === 0 ? 0 : k * 6 + 1, k * 6 + 7));
    const arrays = batches.map((b) => asArray(b));
    const bad = [...arrays.slice(0, 4), 'not json', ...arrays.slice(5)].join('\n') + '\n';
    const log = loadLogFromText(bad, { import: { name: 'a.json' } });
    expect(log.eventCount).toBe(60 - 6);
    const said = log.diagnostics.items.filter((d) => d.code === 'bad-json');
    expect(said.map((d) => [d.message, d.droppedBytes])).toEqual([
      [
        'line 5 of a.json is not a whole JSON array: its 8 B (8 bytes) were not read; the arrays on the other lines were',
        8,
      ],
    ]);
    // the last batch cut mid-write: a torn tail, the arrays before it read
    const lastCut = (arrays[9] as string).slice(0, -40);
    const torn = [...arrays.slice(0, 9), lastCut].join('\n');
    const tornLog = loadLogFromText(torn, { import: { name: 'a.json' } });
    expect(tornLog.eventCount).toBe(60 - batches[9]!.length);
    const tail = tornLog.diagnostics.items.filter((d) => d.code === 'torn-tail');
    expect(tail.map((d) => d.droppedBytes)).toEqual([new TextEncoder().encode(lastCut).length]);
  });

  it('a stray } between elements: the elements before it are read, the bytes left named', () => {
    const text = `[${lines.slice(0, 10).join(',')}},${lines.slice(10).join(',')}]`;
    const log = loadLogFromText(text, { import: { name: 'a.json' } });
    expect(log.eventCount).toBe(9); // the session header is no event: the 10 elements before the } are read
    const bad = log.diagnostics.items.filter((d) => d.code === 'bad-json');
    expect(bad).toHaveLength(1);
    expect(bad[0]?.message).toContain("Unexpected token '}'");
    expect(bad[0]?.message).toContain('the 10 elements before it were read');
    const stray = `[${lines.slice(0, 10).join(',')}`.length;
    const left = new TextEncoder().encode(text.slice(stray)).length;
    expect(bad[0]?.message).toContain(`(${left.toLocaleString('en-US')} bytes) from there on were not`);
  });

  it.each([
    ['a [ on a line of its own', `[\n${jsonl}`],
    ['a [ glued to the first record', `[${jsonl}`],
  ])(
    '%s before JSONL: every event is read, one bad-json says the [ was left out (audit R14-2)',
    (_, text) => {
      const log = loadLogFromText(text, { import: { name: 'run.jsonl' } });
      expect(log.eventCount).toBe(60);
      const codes = (l: typeof log) => l.diagnostics.items.map((d) => d.code);
      expect(codes(log).filter((c) => c === 'bad-json')).toHaveLength(1);
      expect(log.diagnostics.items.find((d) => d.code === 'bad-json')?.message).toContain(
        'starts with a [ that opens no JSON array',
      );
      // the same events, in order
      const types = (l: typeof log) => Array.from({ length: l.eventCount }, (_, i) => l.event(i)?.type);
      expect(types(log)).toEqual(types(whole));
    },
  );

  it('an array with a missing comma between lines of records stays a broken array, not JSONL', () => {
    const perLine = `[\n${lines.slice(0, 5).join(',\n')}\n${lines.slice(5).join(',\n')}\n]\n`;
    const log = loadLogFromText(perLine, { import: { name: 'a.json' } });
    expect(log.diagnostics.items.find((d) => d.code === 'bad-json')?.message).toContain(
      'opens a JSON array that does not parse',
    );
    expect(log.eventCount).toBeLessThan(5);
  });

  it("two one-line arrays on two lines: both arrays' elements are read in order (audit R14-2)", () => {
    const log = loadLogFromText(`${asArray(lines.slice(0, 30))}\n${asArray(lines.slice(30))}\n`, {
      import: { name: 'two.json' },
    });
    expect(log.eventCount).toBe(60);
    expect(log.event(59)?.type).toBe(whole.event(59)?.type);
    expect(log.diagnostics.items.map((d) => d.message)).toContain(
      'two.json holds 2 JSON arrays, one per line: their elements are read in order, numbered on from one array to the next',
    );
  });
});
