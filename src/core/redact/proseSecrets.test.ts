/**
 * A secret told in prose (proseSecrets.ts): users tell agents "the password is X", agents answer
 * "your API key is X". Masked when the value looks random; prose that goes on with words is kept.
 */
import { describe, expect, it } from 'vitest';
import { redactLogText } from './redactLog';
import { createMasker } from './rules';
import { toolResultLog, unmaskedAlone } from './testing';

const HEADER = '{"type":"session","version":0,"id":"prose","createdAt":0}';

const TOLD: [string, string][] = [
  ['jaKNyfC2h6axDDEEh04V', 'The password is %'],
  ['hunter22', 'my password is % by the way'],
  ['Xy7Kq2Lm9', 'password is: %'],
  ['Xy7Kq2Lm9Np4', 'The password for admin is %.'],
  ['Wd7kP2xQ9mZ4vL8nR3tY', 'The Wi-Fi password was `%`'],
  ['Xy7Kq2Lm9Np4Rs6Tv8Wx1', 'your api key is %'],
  ['ghx_9Kq2LmXy7Kq2Lm9Np4', 'the token for the staging cluster is "%"'],
  ['Bn5Cd8Ef2Gh6Ij9Kl3Mn7', 'Its secret key is %, keep it safe'],
];
const KEPT = [
  'the password is incorrect',
  'Password is required',
  'the token is expired, refresh it',
  'the API key is missing from the environment',
  'the token count is 12345678',
  'tokens are counted per request',
  'the password is stored in the keychain',
  'the key is ANTHROPIC_API_KEY',
];

describe('a secret told in prose', () => {
  it('is masked when it looks random, each alone in its own log; the copy loads the same', () => {
    expect(unmaskedAlone(HEADER, TOLD)).toEqual([]);
  });

  it('keeps prose that goes on with words, counts and names', () => {
    const log = toolResultLog(HEADER, KEPT);
    expect(redactLogText(log).text).toBe(log);
  });

  it('stays linear: a megabyte of each near miss is masked in one pass', () => {
    const m = createMasker();
    const M = 1 << 20;
    for (const s of [
      'the password is '.repeat(M / 16),
      'password for a b c '.repeat(M / 19),
      `password is ${'x'.repeat(M)}`,
      `token for ${'a '.repeat(M / 2)}is abc`,
      'token '.repeat(M / 6) + 'is Xy7Kq2Lm9',
    ])
      expect(m.mask(s)).toHaveLength(s.length);
  });
});

describe('more prose (audit 34 L5)', () => {
  it('"set the GitHub token to X", "API key - X", "the creds are admin:X", "is now X"', () => {
    const m = createMasker();
    const v = 'Xk9mP2qLzR7wT4vBa8Cd3Ef6Gh1Jk0Lm';
    for (const text of [
      `API key - ${v}`,
      `creds are admin:${v}`,
      `set the GitHub token to ${v}`,
      `the password is now ${v}`,
      `my token = ${v}`,
    ])
      expect(m.mask(text), text).not.toContain(v.slice(4, 20));
    for (const text of [
      'the token to use is in the vault',
      'password - required',
      'set the password to something secure',
    ])
      expect(m.mask(text)).toBe(text);
  });
});
