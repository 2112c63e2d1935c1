/**
 * The timeline filter's text reads the line as the user reads it: JSON escapes decoded
 * (audit R11-5: `<div>` written `\u003cdiv\u003e` as Go does, `café` written `caf\u00e9` as
 * Python does, `qu"ote` written `qu\"ote` were "0 matches").
 */
import { describe, expect, it } from 'vitest';
import { FilterScan } from './filterScan';
import { OpenLog } from './openLog';

const LINES = [
  '{"type":"turn/start","seq":0,"data":{"turn":1}}',
  '{"type":"user/message","seq":1,"data":{"role":"user","content":[{"type":"text","text":"render \\u003cdiv\\u003e if a \\u0026\\u0026 b \\u0041BC"}]}}',
  '{"type":"session/title","seq":2,"data":{"title":"caf\\u00e9 qu\\"ote back\\\\u0041slash"}}',
];

function matches(text: string): number[] {
  const session = new OpenLog(1, 'sample', 'esc.jsonl');
  session.push(new TextEncoder().encode(LINES.join('\n') + '\n'));
  session.end();
  const scan = new FilterScan(session, { types: null, errorsOnly: false, text });
  while (!scan.advance(1000));
  return Array.from(scan.matches.view());
}

describe('the timeline filter on JSON escapes', () => {
  it.each([['<div>'], ['a && b'], ['abc'], ['render']])(
    '%s matches the line that spells it with escapes',
    (q) => {
      expect(matches(q)).toEqual([1]);
    },
  );

  it.each([['café'], ['qu"ote'], ['CAFÉ']])('%s matches the title', (q) => {
    expect(matches(q)).toEqual([2]);
  });

  it('an escaped backslash stays a backslash (its `u` is a letter)', () => {
    expect(matches('back\\u0041slash')).toEqual([2]);
    expect(matches('backAslash')).toEqual([]);
  });

  it('spaces in the text are part of it (a streamed token, a word): only a text of spaces is none', () => {
    expect(matches('render ')).toEqual([1]);
    expect(matches(' render')).toEqual([]);
    expect(matches(' if a')).toEqual([1]);
    expect(matches('   ')).toEqual([0, 1, 2]);
  });
});
