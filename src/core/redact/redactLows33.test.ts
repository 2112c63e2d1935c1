/** Lows left open by audits 25 and 30, each in a tool result of its own log. */
import { describe, expect, it } from 'vitest';
import { createMasker } from './rules';
import { redactLogText } from './redactLog';
import { shape, survivors, toolResultLog } from './testing';

const HEADER = JSON.stringify({ type: 'session', version: 0, id: 'lows33', createdAt: 0 });

describe('a Latin-script password label before a letters-only value (audit 30 L1)', () => {
  it('masks a value whose case changes inside it, after a colon or equals sign', () => {
    const m = createMasker();
    for (const [text, secret] of <[string, string][]>[
      ['Mot de passe : IINYNvDMbZoOlJ', 'IINYNvDMbZoOlJ'],
      ['Passwort: kXqWmTzRbLuV', 'kXqWmTzRbLuV'],
      ['contraseña=QwErTyUiOpAs', 'QwErTyUiOpAs'],
    ])
      expect(m.mask(text), text).not.toContain(secret);
  });

  it('keeps prose: a capitalized word, a word after a copula', () => {
    const m = createMasker();
    for (const text of [
      'Passwort: Vergessen',
      'la contraseña es ObligatoriaSiempre',
      'Mot de passe : oublié',
    ])
      expect(m.mask(text)).toBe(text);
  });
});

describe('a table whose header names a secret column (audit 25 L3)', () => {
  it('masks the column in a tool result, the copy loading the same', () => {
    const secrets = ['Hunter2Secret!', 'S3cretPass!'];
    const text = toolResultLog(HEADER, [
      '| user | password |\n|---|---|\n| admin | Hunter2Secret! |\n',
      'username,email,password\nadmin,a@example.com,S3cretPass!\n',
    ]);
    const r = redactLogText(text);
    expect(survivors(r.text, secrets)).toEqual([]);
    expect(r.text).toContain('| admin |');
    expect(shape(r.text)).toEqual(shape(text));
  });
});

describe('a key quoted by the error that refused it, a passphrase typed at its prompt', () => {
  it('masks the value', () => {
    const m = createMasker();
    const key = 'Qz7vK2mP9xL4wR8tYb5Nc';
    for (const text of [
      `openai.AuthenticationError: Error code: 401 - Incorrect API key provided: ${key}. You can find your API key at https://platform.openai.com/account/api-keys.`,
      `Invalid token supplied: "${key}"`,
      `Enter passphrase for key '/root/.ssh/id_ed25519': ${key}`,
    ])
      expect(m.mask(text), text).not.toContain(key);
  });

  it('keeps a key the provider already masked, and stays linear', () => {
    const m = createMasker();
    const said = 'Incorrect API key provided: sk-proj-********************abcd. You can find your API key at';
    expect(m.mask(said)).toBe(said);
    const big = `API key provided: ${'a'.repeat(1 << 20)}`;
    expect(m.mask(big)).toHaveLength(big.length);
  });
});
