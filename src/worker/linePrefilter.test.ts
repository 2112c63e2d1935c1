/**
 * The timeline filter skips a line without reading it as the user does when its raw text cannot
 * hold the needle (filterScan.ts linePrefilter): it must never skip a line that holds it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FilterScan, lineMayMatch, linePrefilter, readable } from './filterScan';
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
});
