/**
 * The timeline filter skips a line without reading it as the user does when its raw text cannot
 * hold the needle (filterScan.ts linePrefilter): it must never skip a line that holds it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FilterScan, chunkPrefilter, lineMayMatch, linePrefilter, readable } from './filterScan';
import { OpenLog } from './openLog';

/** Pieces of a JSON string as writers spell them: cases, escapes of every kind, the two traps. */
const PIECES = [
  'a',
  'B',
  'k',
  'K',
  'i',
  'I',
  's',
  'z',
  ' ',
  ':',
  ',',
  '-',
  '.',
  '(',
  ']',
  '$',
  'é',
  'É',
  '\u212a',
  '\u0130',
  '\\u0041',
  '\\u006b',
  '\\u004B',
  '\\u00e9',
  '\\u003c',
  '\\"',
  '\\\\',
  '\\/',
  '\\n',
  '\\t',
  '\\\\u0041',
];

const line = (text: string) => `{"type":"tool/result","seq":1,"data":{"callId":"c","output":"${text}"}}`;
/** The line's bytes, as the scan tests them. */
const bytes = (text: string) => new TextEncoder().encode(line(text));
const rawText = fc.array(fc.constantFrom(...PIECES), { maxLength: 14 }).map((p) => p.join(''));

describe('the timeline filter prefilter', () => {
  it('never skips a line whose readable text holds the needle', () => {
    fc.assert(
      fc.property(rawText, fc.nat(), fc.nat(), (text, a, b) => {
        const shown = readable(line(text));
        // A needle cut from what the user reads (so it is there), lower-cased as the filter has it.
        const from = a % (shown.length + 1);
        const needle = shown.slice(from, from + 1 + (b % 12)).trim();
        const p = linePrefilter(needle);
        if (p !== null && shown.includes(needle)) expect(lineMayMatch(bytes(text), p)).toBe(true);
      }),
      { numRuns: 5000 },
    );
  });

  it('skips lines that cannot hold the needle, and finds every match as before', () => {
    const p = linePrefilter('deploy.sh')!;
    expect(lineMayMatch(bytes('ran DEPLOY.SH'), p)).toBe(true);
    expect(lineMayMatch(bytes('ran deploy-sh'), p)).toBe(false);
    expect(lineMayMatch(bytes('ran \\u0064eploy.sh'), p)).toBe(true);
    expect(linePrefilter('k"')).toBeNull();
    expect(lineMayMatch(bytes('\u212aeep'), linePrefilter('keep')!)).toBe(true);
    // The whole scan over lines spelling the needle every way gives the lines that hold it.
    const texts = [
      'DEPLOY.SH',
      'deploy-sh',
      '\\u0064eploy.sh',
      'de\\"ploy.sh',
      'xdeploy.shx',
      'deplo\\u0059.sh',
    ];
    const session = new OpenLog(1, 'sample', 'p.jsonl');
    session.push(
      new TextEncoder().encode(
        texts
          .map(
            (t, seq) => `{"type":"tool/result","seq":${seq},"data":{"callId":"c${seq}","output":"${t}"}}\n`,
          )
          .join(''),
      ),
    );
    session.end();
    const scan = new FilterScan(session, { types: null, errorsOnly: false, text: 'Deploy.sh' });
    while (!scan.advance(1000));
    expect(Array.from(scan.matches.view())).toEqual([0, 2, 4, 5]);
  });

  it("never skips a chunk's line whose chunk, written again as the filter reads it, holds the needle", () => {
    // The line as writers spell it: spaces between tokens or not, numbers in any notation.
    const space = fc.constantFrom('', ' ', '  ');
    const number = fc.constantFrom('1e2', '1E+2', '100', '1.50', '-0', '1e999', '2.5e-7', '0');
    const value = fc.oneof(
      rawText.map((t) => `"${t}"`),
      number,
      fc.constantFrom('true', 'false', 'null'),
    );
    const chunkLine = fc
      .tuple(space, space, rawText, value, space)
      .map(
        ([a, b, text, v, c]) =>
          `{"type":"assistant/chunk","seq":1,"data":{"chunk":{"type":${a}"text-delta",${b}"delta":"${text}",${c}"n":${v}}}}`,
      );
    fc.assert(
      fc.property(chunkLine, fc.nat(), fc.nat(), (line, a, b) => {
        const chunk = (JSON.parse(line) as { data: { chunk: unknown } }).data.chunk;
        const shown = readable(JSON.stringify(chunk));
        const from = a % (shown.length + 1);
        const needle = shown.slice(from, from + 1 + (b % 12)).trim();
        const p = chunkPrefilter(needle);
        if (p !== null && shown.includes(needle))
          expect(lineMayMatch(new TextEncoder().encode(line), p)).toBe(true);
      }),
      { numRuns: 5000 },
    );
    // The cases that make a line's prefilter unsound for chunks: a run across a space, digits
    // written again, `null` from an overflowing number.
    expect(chunkPrefilter('":1')).toBeNull();
    expect(chunkPrefilter('100')).toBeNull();
    expect(chunkPrefilter('ull')).toBeNull();
    expect(chunkPrefilter('text-delta')?.run).toEqual(new TextEncoder().encode('delta'));
  });

  it('a chunk filter finds the chunks that hold the needle, written any way, and skips the rest', () => {
    const lines = [
      '{"type":"assistant/chunk","seq":0,"data":{"chunk":{"type": "text-delta", "delta": "Deploy now"}}}',
      '{"type":"assistant/chunk","seq":1,"data":{"chunk":{"type":"text-delta","delta":"nothing"}}}',
      '{"type":"assistant/chunk","seq":2,"data":{"chunk":{"type":"text-delta","delta":"\\u0064eploy"}}}',
      '{"type":"assistant/chunk","seq":3,"data":{"chunk":{"type":"text-delta","delta":"\\\\u0064eploy"}}}',
      '{"type":"assistant/chunk","seq":4,"data":{"chunk":{"type":"text-delta","delta":"x","n":1e999}}}',
    ];
    const session = new OpenLog(1, 'sample', 'c.jsonl');
    session.push(new TextEncoder().encode(lines.join('\n') + '\n'));
    session.end();
    const scanFor = (text: string) => {
      const scan = new FilterScan(session, { types: null, errorsOnly: false, text });
      while (!scan.advance(1000));
      return Array.from(scan.matches.view());
    };
    // seq 2 spells it with an escape; seq 3 holds a backslash, then `u0064eploy`.
    expect(scanFor('deploy')).toEqual([0, 2]);
    expect(scanFor('"delta":"deploy')).toEqual([0, 2]);
    expect(scanFor('\\u0064eploy')).toEqual([3]);
    expect(scanFor('"n":null')).toEqual([4]);
  });
});
