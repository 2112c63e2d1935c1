/** The CLI's one argument parser: both spellings, switches, `--`, and the usage errors. */
import { describe, expect, it } from 'vitest';
import {
  allValues,
  hasSwitch,
  lastNumber,
  lastValue,
  PORT,
  positionals,
  readArgs,
  SEQ,
  type OptionTable,
} from './args';

const OPTIONS: OptionTable = {
  '--out': { needs: 'a folder' },
  '--seq': SEQ,
  '--port': PORT,
  '--json': 'switch',
};

describe('readArgs', () => {
  it('reads --name value and --name=value alike, switches and positionals in order', () => {
    const args = readArgs(['a', '--out', 'x', '--seq=5', 'b', '--json', '-', '--out=y'], OPTIONS);
    if (typeof args === 'string') throw new Error(args);
    expect(positionals(args)).toEqual(['a', 'b', '-']);
    expect(lastValue(args, '--out')).toBe('y');
    expect(allValues(args, '--out')).toEqual(['x', 'y']);
    expect(lastNumber(args, '--seq')).toBe(5);
    expect(lastNumber(args, '--port')).toBeUndefined();
    expect(hasSwitch(args, '--json')).toBe(true);
    expect(hasSwitch(args, '--nope')).toBe(false);
  });

  it('takes the next argument as the value, even one that starts with dashes', () => {
    const args = readArgs(['--out', '--json'], OPTIONS);
    expect(args).toEqual([{ option: '--out', value: '--json' }]);
  });

  it('makes everything after a lone -- positional, and single-dash words positional', () => {
    const args = readArgs(['f', '-v', '--', '--json', '--out'], OPTIONS);
    if (typeof args === 'string') throw new Error(args);
    expect(positionals(args)).toEqual(['f', '-v', '--json', '--out']);
    expect(hasSwitch(args, '--json')).toBe(false);
  });

  it('says what a value option needs, and what it got', () => {
    expect(readArgs(['--seq'], OPTIONS)).toBe('--seq needs a seq (a non-negative integer), got nothing');
    expect(readArgs(['--seq', '-1'], OPTIONS)).toBe('--seq needs a seq (a non-negative integer), got -1');
    expect(readArgs(['--out='], OPTIONS)).toBe('--out needs a folder, got nothing');
    expect(readArgs(['--port', '70000'], OPTIONS)).toBe('--port needs a port number (0-65535), got 70000');
    expect(readArgs(['--port', '65535'], OPTIONS)).toEqual([{ option: '--port', value: '65535' }]);
  });

  it('refuses unknown options and values given to switches', () => {
    expect(readArgs(['a', '--bogus'], OPTIONS)).toBe('unknown option --bogus');
    expect(readArgs(['--bogus=1'], OPTIONS)).toBe('unknown option --bogus=1');
    expect(readArgs(['--json=yes'], OPTIONS)).toBe('--json takes no value, got yes');
  });

  it('reads short spellings a command names, and other --names as switches when asked', () => {
    const args = readArgs(['-o', 'x', '--content'], OPTIONS, {
      aliases: { '-o': '--out' },
      otherSwitches: true,
    });
    expect(args).toEqual([
      { option: '--out', value: 'x' },
      { option: '--content', value: undefined },
    ]);
  });
});
